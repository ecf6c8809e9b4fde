import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type RosterInput,
  defaultOverwatch,
  meleeInputs,
  mergeInputs,
  outmaneuverInputs,
  overwatchWeapons,
  saveInputs,
  shootInputs,
  vpInputs,
} from '../../src/runtime/roster-inputs.js'
import { buildMelee, meleeSpec } from '../../src/commands/stellar/melee.js'
import { outmaneuverSpec } from '../../src/commands/stellar/outmaneuver.js'
import { saveSpec } from '../../src/commands/stellar/save.js'
import { buildShot, shootSpec } from '../../src/commands/stellar/shoot.js'
type ShotValues = Parameters<typeof buildShot>[0]
type MeleeValues = Parameters<typeof buildMelee>[0]
import { vpSpec } from '../../src/commands/stellar/vp.js'
import { type CommandSpec, camelKey, parseValues } from '../../src/runtime/spec.js'
import { findUnit, lookupUnit } from '../../src/rules/stellar/roster.js'
import { parseRoster } from '../../src/rules/stellar/roster-text.js'
import {
  type TraitCommand,
  type TraitSide,
  TRAITS,
  traitOf,
  traitSides,
} from '../../src/rules/stellar/traits.js'

const roster = parseRoster(
  `units:
  argonaut:
    pilot: 0
    acc: 9
    evade: 3
    melee: 5
    armSv: 2
    shield: 1
    size: 1
    hp: 3000
    role: battler
    move: 13
    traits: [close-combat-expert]
    weapons:
      machine-gun: { shots: 7, dmg: 200 }
      cannon: { shots: 4, rapidFire: 1, dmg: 800, pen: 4, aoe: true }
      beam-saber: { melee: true, dmg: 400, pen: 6S, finisher: 1 }
  dervish:
    pilot: 2
    acc: 8
    evade: 4
    melee: 7
    armSv: 1
    size: 2
    hp: 2800
    move: 20
    traits: [master-swordsman, solo-operative]
    weapons:
      vulcan: { shots: 4, dmg: 100, overwatch: 2 }
      beam-rifle: { shots: 3, dmg: 300, pen: 5, overwatch: 1 }
      heat-rod: { melee: true, dmg: 300, pen: 4P }
  cruiser:
    kind: warship
    armSv: 3
    size: 4
    frame: 4
    performance: 5
    pilot: 1
`,
  'roster.yaml',
)
const unit = (name: string) => lookupUnit(roster, name)
type AnyInputs = Record<string, { value: unknown } | Array<{ value: unknown }>>
const plain = (inputs: AnyInputs) =>
  Object.fromEntries(
    Object.entries(inputs).map(([k, v]) => [k, Array.isArray(v) ? v.map((x) => x.value) : v.value]),
  )
const one = (x: RosterInput | RosterInput[]) => x as RosterInput
const optionKeys = (spec: CommandSpec) => new Set(spec.options.map((o) => camelKey(o.flag)))

describe('shootInputs', () => {
  it("takes the attacker's Acc and pilot, the weapon's profile, the defender's defences", () => {
    const { unit: a, weapon } = findUnit(roster, 'argonaut:cannon', 'shoot')
    const inputs = shootInputs(a, weapon, unit('dervish'))
    expect(plain(inputs)).toEqual({
      acc: 9,
      pilot: 0,
      shots: 4,
      rapidFire: 1,
      dmg: 800,
      pen: '4',
      aoe: true,
      evade: 4,
      armSv: 1,
      size: 2,
      defPilot: 2,
      // The defender's full HP: the shot reports HP left and destroyed.
      hp: 2800,
      // Dervish is a Solo Operative: it may Dodge and Guard together when shot.
      defTrait: ['solo-operative'],
    })
    expect(one(inputs.acc)).toEqual({ value: 9, from: 'roster', field: 'argonaut.acc' })
    expect(inputs.pen).toEqual({ value: '4', from: 'roster', field: 'argonaut.weapons.cannon.pen' })
    expect(inputs.defPilot).toEqual({ value: 2, from: 'roster', field: 'dervish.pilot' })
  })

  it('marks a warship defender', () => {
    const { unit: a, weapon } = findUnit(roster, 'argonaut:machine-gun', 'shoot')
    expect(plain(shootInputs(a, weapon, unit('cruiser')))).toEqual({
      acc: 9,
      pilot: 0,
      shots: 7,
      dmg: 200,
      armSv: 3,
      size: 4,
      defPilot: 1,
      warship: true,
    })
  })
})

describe('a warship attacker and an Energy weapon', () => {
  const r = parseRoster(
    `units:
  ship:
    kind: warship
    acc: 7
    weapons:
      beam: { shots: 3, dmg: 500, pen: 5, energy: true }
      ram: { melee: true, dmg: 600 }
  target:
    evade: 2
    hp: 1200
`,
    'ships.yaml',
  )

  it('shoot: --atk-warship from the kind, --energy from the weapon, --hp from the defender', () => {
    const { unit: a, weapon } = findUnit(r, 'ship:beam', 'shoot')
    const inputs = shootInputs(a, weapon, lookupUnit(r, 'target'))
    expect(plain(inputs)).toMatchObject({ atkWarship: true, energy: true, hp: 1200 })
    expect(inputs.atkWarship).toEqual({ value: true, from: 'roster', field: 'ship.kind' })
    expect(inputs.energy).toEqual({ value: true, from: 'roster', field: 'ship.weapons.beam.energy' })
  })

  it('melee: the warship side is --atk-warship or --def-warship', () => {
    const a = findUnit(r, 'ship:ram', 'melee')
    const t = lookupUnit(r, 'target')
    expect(plain(meleeInputs(a.unit, a.weapon, t, undefined))).toMatchObject({ atkWarship: true })
    expect('defWarship' in meleeInputs(a.unit, a.weapon, t, undefined)).toBe(false)
    expect(plain(meleeInputs(t, undefined, a.unit, a.weapon))).toMatchObject({ defWarship: true })
  })
})

describe('meleeInputs', () => {
  it("gives both sides, and the defender's heaviest Overwatch weapon on the charge", () => {
    const a = findUnit(roster, 'argonaut', 'melee')
    const d = findUnit(roster, 'dervish', 'melee')
    expect(overwatchWeapons(d.unit).map((w) => w.key)).toEqual(['vulcan', 'beam-rifle'])
    // vulcan 2 x 4 x 100 = 800, beam rifle 1 x 3 x 300 = 900.
    expect(defaultOverwatch(d.unit)?.key).toBe('beam-rifle')
    const inputs = meleeInputs(a.unit, a.weapon, d.unit, d.weapon)
    expect(plain(inputs)).toEqual({
      atkMelee: 5,
      atkArmSv: 2,
      atkShield: 1,
      atkPilot: 0,
      atkHp: 3000,
      atkSize: 1,
      atkDmg: 400,
      atkPen: '6S',
      atkFinisher: 1,
      atkTrait: ['close-combat-expert'],
      defMelee: 7,
      defArmSv: 1,
      defPilot: 2,
      defHp: 2800,
      defSize: 2,
      defDmg: 300,
      defPen: '4P',
      defTrait: ['master-swordsman', 'solo-operative'],
      atkEvade: 3,
      defOverwatch: 1,
      defOwAcc: 8,
      defOwShots: 3,
      defOwDmg: 300,
      defOwPen: '5',
    })
    expect(inputs.defTrait).toEqual([
      { value: 'master-swordsman', from: 'roster', field: 'dervish.traits.0' },
      { value: 'solo-operative', from: 'roster', field: 'dervish.traits.1' },
    ])
    expect(one(inputs.defOverwatch).field).toBe('dervish.weapons.beam-rifle.overwatch')
  })

  it('takes a named Overwatch weapon, or none', () => {
    const a = findUnit(roster, 'argonaut', 'melee')
    const d = findUnit(roster, 'dervish', 'melee')
    const vulcan = findUnit(roster, 'dervish:vulcan', 'shoot').weapon
    expect(plain(meleeInputs(a.unit, a.weapon, d.unit, d.weapon, vulcan))).toMatchObject({
      defOverwatch: 2,
      defOwShots: 4,
      defOwDmg: 100,
    })
    const none = plain(meleeInputs(a.unit, a.weapon, d.unit, d.weapon, null))
    expect(
      Object.keys(none).filter((k) => k.startsWith('defOw') || k === 'defOverwatch' || k === 'atkEvade'),
    ).toEqual([])
  })

  it("leaves a side's DMG to the flags when it has no weapon; solo-operative is the defender's", () => {
    const inputs = plain(meleeInputs(unit('dervish'), undefined, unit('argonaut'), undefined))
    expect(inputs.atkDmg).toBeUndefined()
    expect(inputs.defDmg).toBeUndefined()
    expect(inputs.atkTrait).toEqual(['master-swordsman'])
    expect(inputs.defTrait).toEqual(['close-combat-expert'])
  })
})

describe('the other commands', () => {
  it('save, outmaneuver and vp', () => {
    const { unit: a, weapon } = findUnit(roster, 'argonaut:cannon', 'shoot')
    expect(plain(saveInputs(a, weapon, unit('cruiser')))).toEqual({
      pen: '4',
      aoe: true,
      armSv: 3,
      size: 4,
      pilot: 1,
      warship: true,
    })
    expect(plain(outmaneuverInputs(unit('argonaut'), unit('dervish')))).toEqual({
      atkRole: 'battler',
      atkMove: 13,
      atkPilot: 0,
      defMove: 20,
      defPilot: 2,
    })
    // The cruiser gives no Move: neither side's goes in (the speed bonus needs both).
    expect(plain(outmaneuverInputs(unit('argonaut'), unit('cruiser')))).toEqual({
      atkRole: 'battler',
      atkPilot: 0,
      defPilot: 1,
      bridge: true,
    })
    expect(plain(vpInputs(unit('cruiser')))).toEqual({ frame: 4, pilot: 1, performance: 5, warship: true })
  })

  it("gives only keys of the commands' option tables, and values they accept", () => {
    const a = findUnit(roster, 'argonaut:cannon', 'shoot')
    // With what only the table knows (the hits to save against).
    const cases: Array<[CommandSpec, Record<string, unknown>, Record<string, unknown>?]> = [
      [shootSpec, shootInputs(a.unit, a.weapon, unit('cruiser'))],
      [
        meleeSpec,
        meleeInputs(
          unit('argonaut'),
          findUnit(roster, 'argonaut', 'melee').weapon,
          unit('dervish'),
          findUnit(roster, 'dervish', 'melee').weapon,
        ),
      ],
      [saveSpec, saveInputs(a.unit, a.weapon, unit('dervish')), { hits: 2 }],
      [outmaneuverSpec, outmaneuverInputs(unit('argonaut'), unit('cruiser'))],
      [vpSpec, vpInputs(unit('cruiser'))],
    ]
    for (const [spec, inputs, extra] of cases) {
      const keys = optionKeys(spec)
      for (const k of Object.keys(inputs)) expect(keys.has(k), `${spec.name} --${k}`).toBe(true)
      const values = { ...plain(inputs as AnyInputs), ...extra }
      expect(() => spec.build(parseValues(spec, values, 'json')), spec.name).not.toThrow()
    }
  })

  it('takes each number in the range of the option it feeds, no more, no less', () => {
    type Field = [field: string, spec: CommandSpec, flag: string, weapon?: 'gun' | 'blade']
    const fields: Field[] = [
      ['acc', shootSpec, 'acc'],
      ['evade', shootSpec, 'evade'],
      ['pilot', shootSpec, 'pilot'],
      ['armSv', shootSpec, 'arm-sv'],
      ['shield', shootSpec, 'shield'],
      ['size', shootSpec, 'size'],
      ['hp', shootSpec, 'hp'],
      ['melee', meleeSpec, 'atk-melee'],
      ['move', outmaneuverSpec, 'atk-move'],
      ['frame', vpSpec, 'frame'],
      ['performance', vpSpec, 'performance'],
      ['shots', shootSpec, 'shots', 'gun'],
      ['rapidFire', shootSpec, 'rapid-fire', 'gun'],
      ['dmg', shootSpec, 'dmg', 'gun'],
      ['finisher', meleeSpec, 'atk-finisher', 'blade'],
    ]
    for (const [field, spec, flag, weapon] of fields) {
      const t = spec.options.find((o) => o.flag === flag)!.type as { min: number; max: number }
      const flow = (o: Record<string, unknown>) =>
        `{ ${Object.entries(o)
          .map(([k, x]) => `${k}: ${x}`)
          .join(', ')} }`
      const unit = (x: number) =>
        weapon === undefined
          ? `units:\n  u:\n    ${field}: ${x}\n`
          : `units:\n  u:\n    weapons:\n      w: ${flow({ ...(weapon === 'gun' ? { shots: 1 } : { melee: true }), dmg: 1, [field]: x })}\n`
      for (const x of [t.min, t.max])
        expect(() => parseRoster(unit(x), 'r.yaml'), `${field} ${x}`).not.toThrow()
      for (const x of [t.min - 1, t.max + 1])
        expect(() => parseRoster(unit(x), 'r.yaml'), `${field} ${x}`).toThrow()
    }
  })

  it('gives each trait to the command and side it works for, and skips it elsewhere', () => {
    const r = parseRoster(
      `units:
  u:
    traits: [gunnery-expert, Cool-Under-Fire, prepare-for-close-combat, solo-operative, unyielding=rerolls, advantage]
    weapons:
      gun: { shots: 3, dmg: 100 }
      blade: { melee: true, dmg: 100 }
`,
      'r.yaml',
    )
    const u = lookupUnit(r, 'u')
    const gun = findUnit(r, 'u:gun', 'shoot').weapon
    const blade = findUnit(r, 'u:blade', 'melee').weapon
    const traitKeys = (inputs: AnyInputs) =>
      Object.fromEntries(Object.entries(plain(inputs)).filter(([k]) => /trait|advantage/i.test(k)))
    expect(traitKeys(shootInputs(u, gun, u))).toEqual({
      trait: ['gunnery-expert'],
      advantage: true,
      defTrait: ['Cool-Under-Fire', 'solo-operative', 'unyielding=rerolls'],
    })
    expect(traitKeys(meleeInputs(u, blade, u, blade, null))).toEqual({
      atkTrait: ['unyielding=rerolls'],
      atkAdvantage: true,
      defTrait: ['prepare-for-close-combat', 'solo-operative', 'unyielding=rerolls'],
      defAdvantage: true,
    })
    expect(one(shootInputs(u, gun, u).advantage).field).toBe('u.traits.5')
    expect((shootInputs(u, gun, u).defTrait as RosterInput[]).map((i) => i.field)).toEqual([
      'u.traits.1',
      'u.traits.3',
      'u.traits.4',
    ])
    // Where no trait works, no key at all.
    expect(Object.keys(saveInputs(u, gun, u)).some((k) => /trait/i.test(k))).toBe(false)
  })
})

describe('mergeInputs', () => {
  it('lays the flags given over the profile and says where each came from', () => {
    const { unit: a, weapon } = findUnit(roster, 'argonaut:machine-gun', 'shoot')
    const { values, inputs } = mergeInputs(shootInputs(a, weapon, unit('dervish')), {
      acc: 7,
      cover: true,
      hp: undefined,
    })
    expect(values).toEqual({
      acc: 7,
      pilot: 0,
      shots: 7,
      dmg: 200,
      evade: 4,
      armSv: 1,
      size: 2,
      defPilot: 2,
      hp: 2800,
      cover: true,
      defTrait: ['solo-operative'],
    })
    expect(inputs.acc).toEqual({ value: 7, from: 'flag' })
    expect('trait' in inputs).toBe(false)
    expect(inputs.cover).toEqual({ value: true, from: 'flag' })
    expect(inputs.shots).toEqual({ value: 7, from: 'roster', field: 'argonaut.weapons.machine-gun.shots' })
    // A flag given no value leaves the profile's.
    expect(inputs.hp).toEqual({ value: 2800, from: 'roster', field: 'dervish.hp' })
  })
})

describe('mergeInputs: traits', () => {
  const r = parseRoster(
    `units:
  a:
    traits: [marksman, headhunter, close-combat-expert]
    weapons:
      gun: { shots: 3, dmg: 100 }
      blade: { melee: true, dmg: 100 }
  d:
    traits: [unyielding, elusive, solo-operative]
    weapons:
      blade: { melee: true, dmg: 100 }
`,
    'r.yaml',
  )
  const shot = shootInputs(lookupUnit(r, 'a'), findUnit(r, 'a:gun', 'shoot').weapon, lookupUnit(r, 'd'))
  const clash = meleeInputs(
    lookupUnit(r, 'a'),
    findUnit(r, 'a:blade', 'melee').weapon,
    lookupUnit(r, 'd'),
    findUnit(r, 'd:blade', 'melee').weapon,
  )

  it.each([
    [
      'nothing typed: the profile',
      {},
      ['marksman', 'headhunter'],
      ['unyielding', 'elusive', 'solo-operative'],
    ],
    [
      'a trait typed adds to the profile',
      { trait: ['hot-blooded'], defTrait: 'fleet-missile-defense' },
      ['marksman', 'headhunter', 'hot-blooded'],
      ['unyielding', 'elusive', 'solo-operative', 'fleet-missile-defense'],
    ],
    [
      "the same trait typed, by any name, takes the profile's place (its choice)",
      { trait: ['DEADEYE'], defTrait: ['unyielding=rerolls'] },
      ['headhunter', 'DEADEYE'],
      ['elusive', 'solo-operative', 'unyielding=rerolls'],
    ],
    [
      'a trait with the same effect takes its place too',
      { trait: ['warmonger'], defTrait: ['invincible=spent', 'dont-give-up-the-ship'] },
      ['marksman', 'warmonger'],
      ['solo-operative', 'invincible=spent', 'dont-give-up-the-ship'],
    ],
    [
      'a trait no registry knows replaces nothing (the command refuses it)',
      { trait: ['sniper'] },
      ['marksman', 'headhunter', 'sniper'],
      ['unyielding', 'elusive', 'solo-operative'],
    ],
  ])('shoot: %s', (_, given, trait, defTrait) => {
    const { values, inputs } = mergeInputs(shot, given)
    expect(values.trait).toEqual(trait)
    expect(values.defTrait).toEqual(defTrait)
    const typed = (x: unknown) => (x === undefined ? [] : Array.isArray(x) ? x : [x])
    const fromFlags = (k: 'trait' | 'defTrait') =>
      (inputs[k] as Array<{ value: unknown; from: string }>)
        .filter((i) => i.from === 'flag')
        .map((i) => i.value)
    expect(fromFlags('trait')).toEqual(typed((given as Record<string, unknown>).trait))
    expect(fromFlags('defTrait')).toEqual(typed((given as Record<string, unknown>).defTrait))
  })

  it('says which traits came from the profile, with the field, and which were typed', () => {
    const { inputs } = mergeInputs(shot, { trait: ['gunnery-expert=x'] })
    expect(inputs.trait).toEqual([
      { value: 'headhunter', from: 'roster', field: 'a.traits.1' },
      { value: 'gunnery-expert=x', from: 'flag' },
    ])
  })

  it('melee: a trait switch typed counts as its trait', () => {
    const { values, inputs } = mergeInputs(clash, {
      atkMercilessMelee: true,
      defSoloOperative: true,
      defTrait: ['superior-instincts'],
    })
    // merciless-melee took close-combat-expert's place; marksman is shooting's alone.
    expect(values.atkTrait).toEqual(['headhunter'])
    expect(inputs.atkTrait).toEqual([{ value: 'headhunter', from: 'roster', field: 'a.traits.1' }])
    expect(values.atkMercilessMelee).toBe(true)
    expect(values.defTrait).toEqual(['unyielding', 'superior-instincts'])
    expect(values.defSoloOperative).toBe(true)
  })
})

// ---------------------------------------------------------------------------------------------
// By name = spelled with flags, over random profiles

const pen = fc.oneof(
  fc.integer({ min: 0, max: 20 }),
  fc.tuple(fc.integer({ min: 0, max: 20 }), fc.constantFrom('S', 'P', 's', '')).map(([n, s]) => `${n}${s}`),
)
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined })
/** A registry trait as a player may write it: any of its names, any case, maybe a choice. */
const registryTrait = fc.constantFrom(...TRAITS).chain((t) =>
  fc
    .record({
      name: fc.constantFrom(t.name, ...t.aliases),
      upper: fc.boolean(),
      choice: t.choice ? opt(fc.constantFrom(...Object.keys(t.choice))) : fc.constant(undefined),
    })
    .map(({ name, upper, choice }) => ({
      // A unit uses one Skill a turn (checkSkills): a profile lists at most one.
      key: t.skill ? 'skill' : (t.sameEffect ?? t.name),
      text: `${upper ? name.toUpperCase() : name}${choice === undefined ? '' : `=${choice}`}`,
    })),
)
/** A unit's traits: a few registry traits, no two with one effect, one Skill at most, and maybe Tactical Advantage somewhere. */
const traitList = fc
  .tuple(fc.uniqueArray(registryTrait, { selector: (t) => t.key, maxLength: 7 }), opt(fc.nat({ max: 7 })))
  .map(([ts, at]) => {
    const texts = ts.map((t) => t.text)
    if (at !== undefined) texts.splice(Math.min(at, texts.length), 0, 'advantage')
    return texts
  })
const profile = fc
  .record({
    kind: opt(fc.constantFrom('ms', 'super-robot', 'kaiju', 'super-heavy', 'warship')),
    shipMelee: fc.boolean(),
    pilot: opt(fc.integer({ min: 0, max: 2 })),
    acc: fc.integer({ min: 0, max: 30 }),
    evade: opt(fc.integer({ min: 0, max: 30 })),
    melee: fc.integer({ min: 1, max: 30 }),
    armSv: opt(fc.integer({ min: 0, max: 20 })),
    shield: opt(fc.integer({ min: 0, max: 20 })),
    size: opt(fc.integer({ min: 0, max: 10 })),
    hp: opt(fc.integer({ min: 1, max: 1000000 })),
    traits: traitList,
    gun: fc.record({
      shots: fc.integer({ min: 1, max: 30 }),
      rapidFire: opt(fc.integer({ min: -10, max: 10 })),
      dmg: fc.integer({ min: 0, max: 100000 }),
      pen: opt(pen),
      overwatch: opt(fc.integer({ min: 1, max: 10 })),
      aoe: opt(fc.boolean()),
    }),
    blade: fc.record({
      dmg: fc.integer({ min: 0, max: 100000 }),
      pen: opt(pen),
      finisher: opt(fc.integer({ min: 0, max: 10 })),
    }),
  })
  // A warship's only Skill is Skill Defense, and only a warship takes a warship's trait
  // (checkSkills, checkWarshipOnly); shipMelee is a warship's field.
  .map((u) => {
    const warship = u.kind === 'warship'
    const traits = u.traits.filter((t) => {
      const e = traitOf(t)
      return !e || (warship ? !e.skill : !e.warshipOnly)
    })
    return { ...u, traits, shipMelee: warship && u.shipMelee ? true : undefined }
  })
type Profile = typeof profile extends fc.Arbitrary<infer T> ? T : never

/** A profile written as a roster file's YAML, as a player would. */
function yamlOf(name: string, p: Profile): string {
  const line = (k: string, x: unknown) => (x === undefined ? [] : [`    ${k}: ${x}`])
  const flow = (o: Record<string, unknown>) =>
    `{ ${Object.entries(o)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${k}: ${x}`)
      .join(', ')} }`
  return [
    `  ${name}:`,
    ...line('kind', p.kind),
    ...line('pilot', p.pilot),
    ...line('acc', p.acc),
    ...line('evade', p.evade),
    ...line('melee', p.melee),
    ...line('shipMelee', p.shipMelee),
    ...line('armSv', p.armSv),
    ...line('shield', p.shield),
    ...line('size', p.size),
    ...line('hp', p.hp),
    `    traits: [${p.traits.join(', ')}]`,
    '    weapons:',
    `      gun: ${flow(p.gun)}`,
    `      blade: ${flow({ melee: true, ...p.blade })}`,
  ].join('\n')
}

const penFlag = (x: number | string | undefined) => (x === undefined ? undefined : String(x).toUpperCase())

/** The traits of a profile that work for a side in a command, as written; none: the flag is not given. */
function sideTraits(u: Profile, command: TraitCommand, side: TraitSide): string[] | undefined {
  const texts = u.traits.filter((t) => {
    const e = traitOf(t)
    return e !== undefined && traitSides(e, command).includes(side)
  })
  return texts.length ? texts : undefined
}

/** The melee trait switches of the command line before the registry (each a registry name). */
const SWITCHES = [
  'bold-leader',
  'bold-ally',
  'skilled-swordsman',
  'master-swordsman',
  'close-combat-expert',
  'merciless-melee',
  'berserker',
  'killer-instinct',
]
const camelOf = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

describe('a unit by name gives the input of the same command spelled with flags', () => {
  const both = fc.tuple(profile, profile)
  const load = (a: Profile, d: Profile) =>
    parseRoster(`units:\n${yamlOf('red', a)}\n${yamlOf('blue', d)}\n`, 'random.yaml')

  it('shoot', () => {
    fc.assert(
      fc.property(both, ([a, d]) => {
        const r = load(a, d)
        const { unit: atk, weapon } = findUnit(r, 'red:gun', 'shoot')
        const byName = buildShot(
          parseValues(
            shootSpec,
            mergeInputs(shootInputs(atk, weapon, lookupUnit(r, 'blue')), { bonus: 'none', defense: 'none' })
              .values,
            'json',
          ) as ShotValues,
        )
        const flags = {
          acc: a.acc,
          pilot: a.pilot,
          shots: a.gun.shots,
          rapidFire: a.gun.rapidFire,
          dmg: a.gun.dmg,
          pen: penFlag(a.gun.pen),
          aoe: a.gun.aoe,
          evade: d.evade,
          armSv: d.armSv,
          shield: d.shield,
          size: d.size,
          defPilot: d.pilot,
          hp: d.hp,
          warship: d.kind === 'warship' ? true : undefined,
          atkWarship: a.kind === 'warship' ? true : undefined,
          advantage: a.traits.includes('advantage') || undefined,
          trait: sideTraits(a, 'shoot', 'attacker'),
          defTrait: sideTraits(d, 'shoot', 'defender'),
          bonus: 'none',
          defense: 'none',
        }
        expect(byName).toEqual(buildShot(parseValues(shootSpec, flags, 'json') as ShotValues))
      }),
      { numRuns: 200 },
    )
  })

  it('melee, with the Overwatch of the defender', () => {
    fc.assert(
      fc.property(both, ([a, d]) => {
        // Only a ship with a Melee stat charges (a warship's AA DEF only defends).
        fc.pre(a.kind !== 'warship' || a.shipMelee === true)
        // Giant Slayer's `larger` against an enemy the Sizes say is not larger is refused
        // (commands/melee.ts, checkGiantSlayer), by names as with flags.
        const larger = (u: Profile) => u.traits.some((t) => /^giant-slayer\s*=\s*larger$/i.test(t.trim()))
        const refusedSize = (u: Profile, e: Profile) =>
          larger(u) && (u.size ?? 0) > 0 && (e.size ?? 0) > 0 && (e.size ?? 0) <= (u.size ?? 0)
        fc.pre(!refusedSize(a, d) && !refusedSize(d, a))
        const r = load(a, d)
        const atk = findUnit(r, 'red:blade', 'melee')
        const def = findUnit(r, 'blue:blade', 'melee')
        const given = { atkSplit: 'auto', defSplit: 'auto', defChoice: 'auto' }
        const byName = buildMelee(
          parseValues(
            meleeSpec,
            mergeInputs(meleeInputs(atk.unit, atk.weapon, def.unit, def.weapon), given).values,
            'json',
          ) as MeleeValues,
        )
        const side = (p: 'atk' | 'def', u: Profile) => ({
          [`${p}Melee`]: u.melee,
          [`${p}Dmg`]: u.blade.dmg,
          [`${p}Pen`]: penFlag(u.blade.pen),
          [`${p}Finisher`]: u.blade.finisher,
          [`${p}ArmSv`]: u.armSv,
          [`${p}Shield`]: u.shield,
          [`${p}Pilot`]: u.pilot,
          [`${p}Hp`]: u.hp,
          [`${p}Size`]: u.size,
          [`${p}Trait`]: sideTraits(u, 'melee', p === 'atk' ? 'attacker' : 'defender'),
          [`${p}Advantage`]: u.traits.includes('advantage') || undefined,
          [`${p}Warship`]: u.kind === 'warship' ? true : undefined,
          [`${p}ShipMelee`]: u.shipMelee,
        })
        const ow = d.gun.overwatch
        const flags = {
          ...side('atk', a),
          ...side('def', d),
          ...(ow === undefined
            ? {}
            : {
                atkEvade: a.evade,
                defOverwatch: ow,
                defOwAcc: d.acc,
                defOwShots: d.gun.shots,
                defOwDmg: d.gun.dmg,
                defOwPen: penFlag(d.gun.pen),
              }),
          ...given,
        }
        expect(byName).toEqual(buildMelee(parseValues(meleeSpec, flags, 'json') as MeleeValues))
        // The melee trait names clash as the switches they were: the same sides, spelled
        // --atk-close-combat-expert rather than --atk-trait close-combat-expert.
        const switched: Record<string, unknown> = { ...flags }
        for (const p of ['atk', 'def'] as const) {
          const list = (flags as Record<string, unknown>)[`${p}Trait`] as string[] | undefined
          const rest = (list ?? []).filter((t) => {
            const name = traitOf(t)!.name
            if (SWITCHES.includes(name)) switched[camelOf(`${p}-${name}`)] = true
            else if (name === 'solo-operative') switched.defSoloOperative = true
            else return true
            return false
          })
          switched[`${p}Trait`] = rest.length ? rest : undefined
        }
        const bySwitches = buildMelee(parseValues(meleeSpec, switched, 'json') as MeleeValues)
        expect([byName.atk, byName.def, byName.soloOperative]).toEqual([
          bySwitches.atk,
          bySwitches.def,
          bySwitches.soloOperative,
        ])
      }),
      { numRuns: 200 },
    )
  })
})
