import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  defaultOverwatch,
  meleeInputs,
  mergeInputs,
  outmaneuverInputs,
  overwatchWeapons,
  saveInputs,
  shootInputs,
  vpInputs,
} from '../../src/cli/roster-inputs.js'
import { buildMelee, meleeSpec } from '../../src/cli/commands/stellar/melee.js'
import { outmaneuverSpec } from '../../src/cli/commands/stellar/outmaneuver.js'
import { saveSpec } from '../../src/cli/commands/stellar/save.js'
import { buildShot, shootSpec } from '../../src/cli/commands/stellar/shoot.js'
type ShotValues = Parameters<typeof buildShot>[0]
type MeleeValues = Parameters<typeof buildMelee>[0]
import { vpSpec } from '../../src/cli/commands/stellar/vp.js'
import { type CommandSpec, camelKey, parseValues } from '../../src/cli/spec.js'
import { TRAITS, findUnit, lookupUnit, parseRoster } from '../../src/rules/stellar/roster.js'

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
const plain = (inputs: Record<string, { value: unknown }>) =>
  Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, v.value]))
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
    })
    expect(inputs.acc).toEqual({ value: 9, from: 'roster', field: 'argonaut.acc' })
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
      atkCloseCombatExpert: true,
      defMelee: 7,
      defArmSv: 1,
      defPilot: 2,
      defHp: 2800,
      defSize: 2,
      defDmg: 300,
      defPen: '4P',
      defMasterSwordsman: true,
      defSoloOperative: true,
      atkEvade: 3,
      defOverwatch: 1,
      defOwAcc: 8,
      defOwShots: 3,
      defOwDmg: 300,
      defOwPen: '5',
    })
    expect(inputs.defMasterSwordsman.field).toBe('dervish.traits.0')
    expect(inputs.defOverwatch.field).toBe('dervish.weapons.beam-rifle.overwatch')
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
    expect(inputs.atkMasterSwordsman).toBe(true)
    expect(inputs.atkSoloOperative).toBeUndefined()
    expect(inputs.defSoloOperative).toBeUndefined()
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
      const values = { ...plain(inputs as Record<string, { value: unknown }>), ...extra }
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

  it("names every trait the melee command's flags know, and no other", () => {
    const flags = meleeSpec.options.filter((o) => o.type.kind === 'bool').map((o) => o.flag)
    const sideTraits = flags.filter((f) => f.startsWith('atk-')).map((f) => f.slice(4))
    expect([...sideTraits, 'solo-operative'].sort()).toEqual([...TRAITS].sort())
    for (const t of TRAITS) expect(flags).toContain(`def-${t}`)
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
      cover: true,
    })
    expect(inputs.acc).toEqual({ value: 7, from: 'flag' })
    expect(inputs.cover).toEqual({ value: true, from: 'flag' })
    expect(inputs.shots).toEqual({ value: 7, from: 'roster', field: 'argonaut.weapons.machine-gun.shots' })
    expect('hp' in inputs).toBe(false)
  })
})

// ---------------------------------------------------------------------------------------------
// By name = spelled with flags, over random profiles

const pen = fc.oneof(
  fc.integer({ min: 0, max: 20 }),
  fc.tuple(fc.integer({ min: 0, max: 20 }), fc.constantFrom('S', 'P', 's', '')).map(([n, s]) => `${n}${s}`),
)
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined })
const profile = fc.record({
  kind: opt(fc.constantFrom('ms', 'super-robot', 'kaiju', 'super-heavy', 'warship')),
  pilot: opt(fc.integer({ min: 0, max: 2 })),
  acc: fc.integer({ min: 0, max: 30 }),
  evade: opt(fc.integer({ min: 0, max: 30 })),
  melee: fc.integer({ min: 1, max: 30 }),
  armSv: opt(fc.integer({ min: 0, max: 20 })),
  shield: opt(fc.integer({ min: 0, max: 20 })),
  size: opt(fc.integer({ min: 0, max: 10 })),
  hp: opt(fc.integer({ min: 1, max: 1000000 })),
  traits: fc.subarray([
    'close-combat-expert',
    'skilled-swordsman',
    'berserker',
    'bold-leader',
    'advantage',
    'solo-operative',
  ]),
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
          warship: d.kind === 'warship' ? true : undefined,
          advantage: a.traits.includes('advantage') || undefined,
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
          [`${p}CloseCombatExpert`]: u.traits.includes('close-combat-expert') || undefined,
          [`${p}SkilledSwordsman`]: u.traits.includes('skilled-swordsman') || undefined,
          [`${p}Berserker`]: u.traits.includes('berserker') || undefined,
          [`${p}BoldLeader`]: u.traits.includes('bold-leader') || undefined,
          [`${p}Advantage`]: u.traits.includes('advantage') || undefined,
        })
        const ow = d.gun.overwatch
        const flags = {
          ...side('atk', a),
          ...side('def', d),
          defSoloOperative: d.traits.includes('solo-operative') || undefined,
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
      }),
      { numRuns: 200 },
    )
  })
})
