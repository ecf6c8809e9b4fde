import { describe, expect, it } from 'vitest'
import { type Shot, type ShotParts, shotsFired } from '../../../src/rules/stellar/shoot.js'
import { shotOdds } from '../../../src/rules/stellar/shoot-odds.js'
import {
  type ChosenTrait,
  type SkillsGiven,
  type TraitCommand,
  type TraitSide,
  TRAITS,
  TRAIT_COMMANDS,
  applyMeleeTraits,
  applyShotTraits,
  checkSkills,
  chooseTraits,
  traitSides,
} from '../../../src/rules/stellar/traits.js'
import { parsePen } from '../../../src/rules/stellar/weapon.js'
import { type PlainShot, bruteShot } from './evade-brute.js'
import { side } from './melee-fixture.js'
import { shot } from './shot-fixture.js'

/**
 * Every row of the trait registry, table-driven. Adding a trait is one row in TRAITS and one row
 * here per command, side and option: what its modifiers change on a plain input (a shot of DMG
 * 100, a melee side of DMG 300). A row missing here, or here and not in the registry, fails.
 */
const FLAGS = { attacker: 'a', defender: 'd' }
const each = (n: number, source: string) => ({ source, amount: n, stack: 'each-attack-block' })
const bonus = (n: number, source: string) => [{ source, amount: n }]

const EXPECTED: Array<[TraitCommand, TraitSide, string, Record<string, unknown>]> = [
  ['shoot', 'attacker', 'gunnery-expert', { bonusRaise: 1, rapidFireRelief: 1 }],
  ['shoot', 'attacker', 'furious-fusillade', { bonusRaise: 1, rapidFireRelief: 1, barrageRapidFire: 1 }],
  ['shoot', 'attacker', 'main-battery', { bonusRaise: 1 }],
  ['shoot', 'defender', 'elusive', { dodgeRaise: 1, guardRaise: 1 }],
  ['shoot', 'defender', 'invincible=crits-as-hits', { dodgeRaise: 1, guardRaise: 1, guardCritsAsHits: true }],
  ['shoot', 'defender', 'invincible=spent', { dodgeRaise: 1, guardRaise: 1 }],
  // In melee only the criticals rule, for the side that may Guard (issue 26, item 7).
  ['melee', 'defender', 'invincible=crits-as-hits', { guardCritsAsHits: true }],
  ['melee', 'defender', 'invincible=spent', {}],
  ['shoot', 'defender', 'untouchable=crits-miss', { dodgeRaise: 1, guardRaise: 1, dodgeCritsMiss: true }],
  ['shoot', 'defender', 'untouchable=spent', { dodgeRaise: 1, guardRaise: 1 }],
  [
    'shoot',
    'defender',
    'cavalier=within-16',
    { dodgeRaise: 1, guardRaise: 1, blockBonuses: bonus(1, 'Cavalier') },
  ],
  ['shoot', 'defender', 'cavalier=beyond-16', { dodgeRaise: 1, guardRaise: 1 }],
  ['shoot', 'defender', 'evasive-action', { dodgeRaise: 1 }],
  ['melee', 'defender', 'prepare-for-close-combat', { guardRaise: 1 }],
  ['shoot', 'defender', 'unyielding=blocks', { blockBonuses: bonus(2, 'Unyielding'), reroll: true }],
  ['shoot', 'defender', 'unyielding=rerolls', { reroll: true }],
  ['melee', 'attacker', 'unyielding=blocks', { blockBonuses: bonus(2, 'Unyielding'), reroll: true }],
  ['melee', 'attacker', 'unyielding=rerolls', { reroll: true }],
  ['melee', 'defender', 'unyielding=blocks', { blockBonuses: bonus(2, 'Unyielding'), reroll: true }],
  ['melee', 'defender', 'unyielding=rerolls', { reroll: true }],
  ['shoot', 'defender', 'dont-give-up-the-ship', { reroll: true }],
  ['melee', 'attacker', 'dont-give-up-the-ship', { reroll: true }],
  ['melee', 'defender', 'dont-give-up-the-ship', { reroll: true }],
  [
    'shoot',
    'defender',
    'superior-instincts=blocks',
    { blockBonuses: bonus(3, 'Superior Instincts'), blindsideImmune: true },
  ],
  ['shoot', 'defender', 'superior-instincts=immune', { blindsideImmune: true }],
  [
    'melee',
    'attacker',
    'superior-instincts=blocks',
    { blockBonuses: bonus(3, 'Superior Instincts'), blindsideImmune: true },
  ],
  ['melee', 'attacker', 'superior-instincts=immune', { blindsideImmune: true }],
  [
    'melee',
    'defender',
    'superior-instincts=blocks',
    { blockBonuses: bonus(3, 'Superior Instincts'), blindsideImmune: true },
  ],
  ['melee', 'defender', 'superior-instincts=immune', { blindsideImmune: true }],
  // DMG 100: a small-arms weapon, so +1 hit is +2.
  ['shoot', 'attacker', 'killer-instinct', { hitBonuses: bonus(2, 'Killer Instinct') }],
  ['shoot', 'defender', 'killer-instinct', { blockBonuses: [each(1, 'Killer Instinct')] }],
  ['melee', 'attacker', 'killer-instinct', { killerInstinct: true }],
  ['melee', 'defender', 'killer-instinct', { killerInstinct: true }],
  ['shoot', 'defender', 'berserker', { blockBonuses: [each(1, 'Berserker')] }],
  ['melee', 'attacker', 'berserker', { berserker: true }],
  ['melee', 'defender', 'berserker', { berserker: true }],
  ['shoot', 'defender', 'awe-inspiring-arrival', { blockBonuses: [each(1, 'Awe Inspiring Arrival')] }],
  ['melee', 'attacker', 'awe-inspiring-arrival', { blockBonuses: [each(1, 'Awe Inspiring Arrival')] }],
  ['melee', 'defender', 'awe-inspiring-arrival', { blockBonuses: [each(1, 'Awe Inspiring Arrival')] }],
  ['shoot', 'defender', 'fleet-missile-defense', { blockBonuses: bonus(2, 'Fleet Missile Defense') }],
  ['shoot', 'attacker', 'mechanics-expert=pen', { penBonuses: bonus(1, 'Mechanics Expert') }],
  ['shoot', 'attacker', 'mechanics-expert=dmg', { dmgBonuses: bonus(100, 'Mechanics Expert') }],
  ['shoot', 'attacker', 'mastermind=pen', { penBonuses: bonus(2, 'Mastermind') }],
  ['shoot', 'attacker', 'mastermind=dmg', { dmgBonuses: bonus(200, 'Mastermind') }],
  // The same weapon bonuses in melee, the attacker's: chosen when it activates (issue 26, item 6).
  ['melee', 'attacker', 'mechanics-expert=pen', { penBonuses: bonus(1, 'Mechanics Expert') }],
  ['melee', 'attacker', 'mechanics-expert=dmg', { dmgBonuses: bonus(100, 'Mechanics Expert') }],
  ['melee', 'attacker', 'mastermind=pen', { penBonuses: bonus(2, 'Mastermind') }],
  ['melee', 'attacker', 'mastermind=dmg', { dmgBonuses: bonus(200, 'Mastermind') }],
  ['shoot', 'attacker', 'vigilant-leader', { accBonuses: bonus(1, 'Vigilant Leader') }],
  ['shoot', 'attacker', 'take-the-shot=ignore-blocks', { ignoreShieldCover: true }],
  ['shoot', 'attacker', 'take-the-shot=no-penalty', { ignoreRapidFirePenalty: true }],
  ['shoot', 'attacker', 'take-the-shot=into-melee', {}],
  [
    'shoot',
    'attacker',
    'main-battery-hardened',
    { bonusRaise: 1, penBonuses: bonus(1, 'Main Battery (Battle Hardened)') },
  ],
  ['shoot', 'attacker', 'pinpoint-air-defenses', { hitBonuses: bonus(1, 'Pinpoint Air Defenses') }],
  // +1 block with AA DEF / ship Melee, whichever side the warship is (issue 26, item 8).
  ['melee', 'attacker', 'pinpoint-air-defenses', { blockBonuses: bonus(1, 'Pinpoint Air Defenses') }],
  ['melee', 'defender', 'pinpoint-air-defenses', { blockBonuses: bonus(1, 'Pinpoint Air Defenses') }],
  ['shoot', 'attacker', 'missile-saturation', { hitBonuses: bonus(2, 'Missile Saturation') }],
  // The lock-on goes from 1 to 2.
  ['shoot', 'attacker', 'fleet-ship-hunter', { lockOn: 1 }],
  ['shoot', 'defender', 'anti-beam-coating', { antiBeam: true }],
  ['shoot', 'defender', 'improvise', { evadeRerolls: 2 }],
  ['melee', 'attacker', 'improvise', { improvise: true }],
  ['melee', 'defender', 'improvise', { improvise: true }],
  ['shoot', 'defender', 'three-times-as-fast', { evadeRerolls: 3 }],
  ['melee', 'attacker', 'three-times-as-fast', { evadeRerolls: 3 }],
  ['shoot', 'defender', 'blockade-runner', { evadeRerolls: 2 }],
  ['melee', 'attacker', 'blockade-runner', { evadeRerolls: 2 }],
  ['melee', 'attacker', 'unbeaten', { unbeaten: true }],
  ['melee', 'defender', 'unbeaten', { unbeaten: true }],
  ['shoot', 'defender', 'persevere', { persevere: true }],
  ['melee', 'attacker', 'persevere', { persevere: true }],
  ['melee', 'defender', 'persevere', { persevere: true }],
  ['shoot', 'attacker', 'seeking-shot', { seekingShot: true }],
  ['shoot', 'attacker', 'headhunter', { hitBonuses: bonus(2, 'Headhunter') }],
  // DMG 300 in melee: not small arms.
  ['melee', 'attacker', 'headhunter', { hitBonuses: bonus(1, 'Headhunter') }],
  ['melee', 'defender', 'headhunter', { hitBonuses: bonus(1, 'Headhunter') }],
  ['shoot', 'attacker', 'warmonger', { hitBonuses: bonus(4, 'Warmonger') }],
  ['melee', 'attacker', 'warmonger', { hitBonuses: bonus(2, 'Warmonger') }],
  ['melee', 'defender', 'warmonger', { hitBonuses: bonus(2, 'Warmonger') }],
  ['shoot', 'attacker', 'hot-blooded', { hitBonuses: bonus(1, 'Hot Blooded') }],
  ['melee', 'attacker', 'hot-blooded', { hitBonuses: bonus(1, 'Hot Blooded') }],
  ['melee', 'defender', 'hot-blooded', { hitBonuses: bonus(1, 'Hot Blooded') }],
  ['melee', 'attacker', 'close-combat-expert', { closeCombatExpert: true }],
  ['melee', 'defender', 'close-combat-expert', { closeCombatExpert: true }],
  ['melee', 'attacker', 'merciless-melee', { mercilessMelee: true }],
  ['melee', 'defender', 'merciless-melee', { mercilessMelee: true }],
  ['melee', 'attacker', 'skilled-swordsman', { skilledSwordsman: true }],
  ['melee', 'defender', 'skilled-swordsman', { skilledSwordsman: true }],
  ['melee', 'attacker', 'master-swordsman', { masterSwordsman: true }],
  ['melee', 'defender', 'master-swordsman', { masterSwordsman: true }],
  ['shoot', 'defender', 'solo-operative', { soloOperative: true }],
  ['melee', 'defender', 'solo-operative', { soloOperative: true }],
  ['melee', 'attacker', 'bold-leader', { boldLeader: true }],
  ['melee', 'defender', 'bold-leader', { boldLeader: true }],
  ['melee', 'attacker', 'bold-ally', { boldAlly: true }],
  ['melee', 'defender', 'bold-ally', { boldAlly: true }],
  ['melee', 'attacker', 'desperation-attack', { desperation: true }],
  ['melee', 'defender', 'desperation-attack', { desperation: true }],
  // Shooting: a turn's PEN bonus, as Mechanics Expert's (the printed PEN stays: Take the Shot).
  ['shoot', 'attacker', 'giant-slayer=not-larger', { penBonuses: bonus(1, 'Giant Slayer') }],
  ['shoot', 'attacker', 'giant-slayer=larger', { penBonuses: bonus(1, 'Giant Slayer') }],
  ['melee', 'attacker', 'giant-slayer=not-larger', { penBonuses: bonus(1, 'Giant Slayer') }],
  [
    'melee',
    'attacker',
    'giant-slayer=larger',
    { penBonuses: [...bonus(1, 'Giant Slayer'), ...bonus(2, 'Giant Slayer, larger Size')] },
  ],
  ['melee', 'defender', 'giant-slayer=not-larger', { penBonuses: bonus(1, 'Giant Slayer') }],
  [
    'melee',
    'defender',
    'giant-slayer=larger',
    { penBonuses: [...bonus(1, 'Giant Slayer'), ...bonus(2, 'Giant Slayer, larger Size')] },
  ],
  // Army of One changes no resolution: it lets the unit use two Skills (checkSkills).
  ['shoot', 'attacker', 'army-of-one', {}],
  ['shoot', 'defender', 'army-of-one', {}],
  ['melee', 'attacker', 'army-of-one', {}],
  ['melee', 'defender', 'army-of-one', {}],
]

/** What one trait (as NAME or NAME=OPTION) changes on a plain input of a command, for one side. */
function changes(command: TraitCommand, who: TraitSide, text: string): Record<string, unknown> {
  const chosen = chooseTraits([text], command, who, FLAGS)
  const [e] =
    command === 'shoot' ? applyShotTraits(shot(), chosen, who) : applyMeleeTraits(side({}), chosen, who)
  return e.changes
}

describe('every row of the registry, as data', () => {
  it('the table below lists every command, side and option of every trait, once', () => {
    const rows = TRAITS.flatMap((t) =>
      TRAIT_COMMANDS.flatMap((c) =>
        traitSides(t, c).flatMap((who) =>
          (t.choice ? Object.keys(t.choice).map((o) => `${t.name}=${o}`) : [t.name]).map(
            (text) => `${c} ${who} ${text}`,
          ),
        ),
      ),
    )
    expect(EXPECTED.map(([c, who, text]) => `${c} ${who} ${text}`).sort()).toEqual(rows.sort())
  })

  it.each(EXPECTED)('%s %s %s: changes exactly %j', (command, who, text, want) => {
    expect(changes(command, who, text)).toEqual(want)
  })

  it("every option a modifier is limited to (`if`) is one of its trait's options", () => {
    for (const t of TRAITS)
      for (const c of TRAIT_COMMANDS)
        for (const mods of Object.values(t[c] ?? {}))
          for (const m of mods)
            if (m.if !== undefined) expect(Object.keys(t.choice ?? {}), t.name).toContain(m.if)
  })
})

/**
 * The reroll rows, through the exact odds: a shot with the trait applied from its row gives the
 * same damage distribution as an independent brute force (every face enumerated, every set of
 * dice the defender may reroll tried) with the number of rerolls written here. Adding an evade
 * reroll trait adds its count here; a row with an evade reroll missing here fails.
 */
const EVADE_REROLLS: Record<string, number> = { improvise: 2, 'three-times-as-fast': 3, 'blockade-runner': 2 }

describe('the evade reroll rows: exact odds against a brute force', () => {
  it('the rows carrying an evade reroll when shot are exactly those listed', () => {
    const rows = TRAITS.filter((t) =>
      (t.shoot?.defender ?? []).some((m) => m.kind === 'reroll' && m.pool === 'evade'),
    ).map((t) => t.name)
    expect(rows.sort()).toEqual(Object.keys(EVADE_REROLLS).sort())
  })

  const plain: PlainShot = {
    acc: 8,
    evade: 2,
    dodge: false,
    guard: false,
    shots: 3,
    dmg: 300,
    pen: 4,
    armSv: 1,
    shield: 0,
    hp: 900,
    rerolls: 0,
  }

  it.each(Object.entries(EVADE_REROLLS))('%s: %i rerolls, exact', (name, rerolls) => {
    const s: Shot = shot({
      weapon: { acc: plain.acc, shots: plain.shots, dmg: plain.dmg, pen: parsePen(String(plain.pen)) },
      target: { evade: plain.evade, armSv: plain.armSv, hp: plain.hp },
    })
    applyShotTraits(s, chooseTraits([name], 'shoot', 'defender', FLAGS), 'defender')
    const o = shotOdds(s)
    const brute = bruteShot({ ...plain, rerolls })
    for (const [d, p] of brute.damage) expect(o.damage.prob(d), `${name}: P(damage ${d})`).toBeCloseTo(p, 12)
    expect(o.destroyed!.where((x) => x === 'true')).toBeCloseTo(brute.destroyed, 12)
    // And the rerolls are worth something: fewer destroyed than without.
    expect(brute.destroyed).toBeLessThan(bruteShot(plain).destroyed)
  })
})

describe('Furious Fusillade: with Barrage the weapon fires at RF+1', () => {
  const fired = (over: ShotParts, trait: string) => {
    const s = shot(over)
    applyShotTraits(s, chooseTraits([trait], 'shoot', 'attacker', FLAGS), 'attacker')
    return shotsFired(s)
  }
  it.each([
    // shots 4, RF -1, Barrage (level 0: +1, +1 raised): Gunnery Expert 4 + 0 + 2; Furious Fusillade 4 + 1 + 2.
    [{ weapon: { rapidFire: -1 }, bonus: 'barrage' as const }, 6, 7],
    // RF +2 stays (the change is taken when it helps).
    [{ weapon: { rapidFire: 2 }, bonus: 'barrage' as const }, 8, 8],
    // No Barrage: RF -1 relieved to 0 either way.
    [{ weapon: { rapidFire: -1 }, bonus: 'precision' as const }, 4, 4],
  ])('%j: Gunnery Expert %i shots, Furious Fusillade %i', (over, gunnery, fusillade) => {
    expect(fired(over, 'gunnery-expert')).toBe(gunnery)
    expect(fired(over, 'furious-fusillade')).toBe(fusillade)
  })
  it('is its own trait, with the same first effect as Gunnery Expert: not both', () => {
    expect(() => chooseTraits(['gunnery-expert', 'furious-fusillade'], 'shoot', 'attacker', FLAGS)).toThrow(
      /gunnery-expert and furious-fusillade have the same effect/,
    )
  })
})

describe('Skills (checkSkills): none on Indirect Fire, one a turn', () => {
  const traits = (...names: string[]): ChosenTrait[] => chooseTraits(names, 'melee', 'attacker', FLAGS)
  const shootTraits = (...names: string[]): ChosenTrait[] => chooseTraits(names, 'shoot', 'attacker', FLAGS)
  const given = (t: ChosenTrait[], flags: SkillsGiven['flags'] = []): SkillsGiven => ({
    flags,
    traits: t,
    traitFlag: '--trait',
  })
  const SD = { skill: 'skill-defense' as const, given: '--momentum 2' }
  const BULLSEYE = { skill: 'bullseye' as const, given: '--bullseye' }

  it('the Skills are Improvise, Take the Shot!, Giant Slayer, Unbeaten and Persevere, and the flags', () => {
    expect(TRAITS.filter((t) => t.skill).map((t) => t.name)).toEqual([
      'take-the-shot',
      'improvise',
      'unbeaten',
      'persevere',
      'giant-slayer',
    ])
  })

  it.each([
    [given(shootTraits('giant-slayer')), /^--trait giant-slayer: IDF, which cannot benefit from Skills/],
    [given([], [{ skill: 'make-it-count', given: '--make-it-count' }]), /^--make-it-count: IDF/],
    [given(shootTraits('take-the-shot=no-penalty')), /^--trait take-the-shot=no-penalty: IDF/],
  ])('Indirect Fire refuses the attacker Skills: %#', (g, message) => {
    expect(() => checkSkills(g, 'IDF')).toThrow(message)
  })

  it('a trait that is not a Skill is fine on Indirect Fire, and so is no Skill', () => {
    expect(() => checkSkills(given(shootTraits('gunnery-expert')), 'IDF')).not.toThrow()
    expect(() => checkSkills(given([]), 'IDF')).not.toThrow()
  })

  it.each([
    [
      given(shootTraits('giant-slayer', 'take-the-shot'), [BULLSEYE]),
      /--bullseye, --trait giant-slayer and --trait take-the-shot are 3 Skills/,
    ],
    [given(traits('persevere'), [SD]), /--momentum 2 and --trait persevere are 2 Skills/],
    [given(traits('improvise', 'unbeaten')), /are 2 Skills, and a unit uses one Skill a turn/],
    [given(traits('improvise', 'giant-slayer'), [SD]), /are 3 Skills/],
    [
      given(traits('army-of-one', 'improvise', 'giant-slayer', 'unbeaten')),
      /are 3 Skills, and a unit with Army of One uses 2 different Skills a turn, Skill Defense counted; keep 2$/,
    ],
    // Issue 37. W, Army of One: "two different Pilot Skills per Turn"; Skill Defense and Improvise
    // are Pilot Skills (Q), so Improvise + Skill Defense + Persevere are three.
    [
      given(traits('army-of-one', 'improvise', 'persevere'), [SD]),
      /^--momentum 2, --trait improvise and --trait persevere are 3 Skills, and a unit with Army of One/,
    ],
    [given(traits('army-of-one', 'giant-slayer', 'improvise'), [SD]), /are 3 Skills/],
  ])('more than one Skill a turn is refused, naming them: %#', (g, message) => {
    expect(() => checkSkills(g)).toThrow(message)
  })

  it.each([
    ['Skill Defense with Improvise', given(traits('improvise'), [SD])],
    ['Skill Defense with Unbeaten', given(traits('unbeaten'), [SD])],
    ['one Skill', given(shootTraits('giant-slayer'))],
    ['Army of One: two Skills', given(traits('army-of-one', 'giant-slayer', 'persevere'))],
    ['Army of One: Skill Defense and Persevere', given(traits('army-of-one', 'persevere'), [SD])],
    ['Army of One: Skill Defense with Improvise', given(traits('army-of-one', 'improvise'), [SD])],
  ])('allowed: %s', (_, g) => {
    expect(() => checkSkills(g)).not.toThrow()
  })
})
