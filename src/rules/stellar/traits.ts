import { InputError } from '../../core/errors.js'
import { nearest } from '../../core/nearest.js'
import { EACH_ATTACK_BLOCK, type MeleeSide } from './melee.js'
import type { ShotRecords } from './shoot.js'
import type { BlockBonus, Bonus } from './weapon.js'

/**
 * THE TRAITS THAT CHANGE A SHOT OR A MELEE CLASH (wargame rules: trait upgrades, commander and
 * fleet commander traits, exceptional pilot and captain traits, bonus skills; quickstart: the
 * captains' orders, the universal skills). One registry, as data: each entry lists, per command
 * and side, its modifiers (typed records: a reroll, hits, blocks, PEN, DMG, a raise, a critical
 * rule...), each maybe under one option of the trait's choice. One function per input type
 * applies a modifier (applyShotModifier, applyMeleeModifier), the bonuses both kinds of input
 * list (hits, blocks, PEN, DMG) through one (addBonus); the rule functions (shoot.ts, melee.ts)
 * read the input's fields and know no trait by name.
 *
 * Readings (listed in docs/rules-notes.md):
 * - A trait named on the command line is in effect: its trigger (HP under 50%, an ally destroyed,
 *   Return Fire, a level 1-2 target, an explosive weapon fired from over 16") and the pilot level
 *   it needs are the player's to check, as for the melee trait flags before the registry.
 * - A limited use (Unyielding's blocks once a round, Superior Instincts' blocks twice a game,
 *   Invincible and Untouchable once a round, Cavalier's block within 16") is taken when the
 *   trait is named; its choice (`unyielding=rerolls`...) leaves it out.
 * - The documents give several names to one trait; the names of one entry are its aliases. Two
 *   traits with the same effect cannot be taken together (wargame rules, unit upgrades). A name
 *   two traits share is left out: Ship Hunter is Mechanics Expert's third name and a fleet
 *   commander trait, given as `mechanics-expert` and `fleet-ship-hunter`.
 * - Skills: see checkSkills.
 */

export type TraitCommand = 'shoot' | 'melee'
export type TraitSide = 'attacker' | 'defender'
export const TRAIT_COMMANDS: readonly TraitCommand[] = ['shoot', 'melee']

// ---------------------------------------------------------------------------------------------
// The modifiers. Each says what it does in the rules' terms; `if` limits it to one option of the
// trait's choice.

interface When {
  /** Only when the trait's choice is this option. */
  if?: string
}

/** +N hits, each with its source; `smallArms`: doubled with a DMG 0-200 weapon. */
export interface HitsModifier extends When {
  kind: 'hits'
  amount: number
  source: string
  smallArms?: true
}

/** +N blocks; `eachAttack`: "+1 block against each attack" (several such do not stack). */
export interface BlocksModifier extends When {
  kind: 'blocks'
  amount: number
  source: string
  eachAttack?: true
}

/** ARM PEN added to the weapon's, with its source. */
export interface PenModifier extends When {
  kind: 'pen'
  amount: number
  source: string
}

/** DMG per hit added to the weapon's. */
export interface DmgModifier extends When {
  kind: 'dmg'
  amount: number
  source: string
}

/** Shooting Accuracy added. */
export interface AccModifier extends When {
  kind: 'acc'
  amount: number
  source: string
}

/** A reaction's bonus raised past the pilot's (at most 3 in all). */
export interface RaiseModifier<Stat extends string> extends When {
  kind: 'raise'
  stat: Stat
  by: number
}

/**
 * A reroll: which pool, how many dice. Evade dice against a shot (overwatch too, in melee): up
 * to `dice`, adding up across sources, each die once. Failed armour saves: each once. Melee
 * defense dice that did not block: each once. Melee dice just rolled: up to 2, once a round.
 */
export type RerollModifier = When &
  (
    | { kind: 'reroll'; pool: 'evade'; dice: number }
    | { kind: 'reroll'; pool: 'failed-saves' }
    | { kind: 'reroll'; pool: 'missed-blocks' }
    | { kind: 'reroll'; pool: 'just-rolled'; dice: 2 }
  )

/**
 * Rapid Fire: penalties reduced by `relief` (never into a gain), or the penalty ignored, or with
 * Barrage at least `barrageAtLeast` (the weapon's Rapid Fire changed to that).
 */
export type RapidFireModifier = When &
  (
    | { kind: 'rapid-fire'; relief: number }
    | { kind: 'rapid-fire'; ignorePenalty: true }
    | { kind: 'rapid-fire'; barrageAtLeast: number }
  )

/** How criticals count: as plain hits while guarding, as misses while dodging, or more of them. */
export interface CritModifier<Rule extends string> extends When {
  kind: 'crits'
  rule: Rule
}

/** A rule of the target's own, switched on (the field of that name; the rule reads it). */
export interface RuleModifier<Rule extends string> extends When {
  kind: 'rule'
  rule: Rule
}

/** A warship's lock-on with Focus gives this many shots (hits against a warship). */
export interface LockOnModifier extends When {
  kind: 'lock-on'
  amount: number
}

/** The switches of a shot a trait may turn on. */
type ShotRule =
  'ignoreShieldCover' | 'antiBeam' | 'blindsideImmune' | 'seekingShot' | 'soloOperative' | 'persevere'

/** The switches of a melee side a trait may turn on: the clash reads each (melee.ts). */
type MeleeRule =
  | 'blindsideImmune'
  | 'killerInstinct'
  | 'berserker'
  | 'persevere'
  | 'closeCombatExpert'
  | 'mercilessMelee'
  | 'skilledSwordsman'
  | 'masterSwordsman'
  | 'soloOperative'
  | 'boldLeader'
  | 'boldAlly'

export type ShotModifier =
  | HitsModifier
  | BlocksModifier
  | PenModifier
  | DmgModifier
  | AccModifier
  | RaiseModifier<'precision-barrage' | 'dodge' | 'guard'>
  | Exclude<RerollModifier, { pool: 'missed-blocks' | 'just-rolled' }>
  | RapidFireModifier
  | CritModifier<'guard-crits-as-hits' | 'dodge-crits-miss'>
  | LockOnModifier
  | RuleModifier<ShotRule>

export type MeleeModifier =
  | HitsModifier
  | BlocksModifier
  | PenModifier
  | DmgModifier
  | RaiseModifier<'guard'>
  | RerollModifier
  | CritModifier<'three-of-a-kind' | 'guard-crits-as-hits'>
  | RuleModifier<MeleeRule>

export interface TraitEntry {
  /** The rules' first name for it, in kebab-case. */
  name: string
  /** Its names as the documents print them. */
  title: string
  /** Its other names (kebab-case), each accepted for it. */
  aliases: readonly string[]
  /** Where the documents list it. */
  from: string
  /** What it does here, in a line. */
  effect: string
  /** Options (name → what it means); the first is taken when none is given. */
  choice?: Readonly<Record<string, string>>
  /** Traits sharing this key have the same effect: a unit takes only one of them. */
  sameEffect?: string
  /** A Skill (universal or bonus skill, used for Momentum): see checkSkills. */
  skill?: true
  /** The unit may use this many Skills a turn (Army of One: 2; otherwise 1). */
  skillsPerTurn?: number
  /** Only a warship gains its effect ("allied warships gain..."): see checkWarshipOnly. */
  warshipOnly?: true
  shoot?: Partial<Record<TraitSide, readonly ShotModifier[]>>
  melee?: Partial<Record<TraitSide, readonly MeleeModifier[]>>
}

// Short constructors for the table's rows.
const hits = (amount: number, source: string, more: Partial<HitsModifier> = {}): HitsModifier => ({
  kind: 'hits',
  amount,
  source,
  ...more,
})
const blocks = (amount: number, source: string, more: Partial<BlocksModifier> = {}): BlocksModifier => ({
  kind: 'blocks',
  amount,
  source,
  ...more,
})
const pen = (amount: number, source: string, when: When = {}): PenModifier => ({
  kind: 'pen',
  amount,
  source,
  ...when,
})
const dmg = (amount: number, source: string, when: When = {}): DmgModifier => ({
  kind: 'dmg',
  amount,
  source,
  ...when,
})
const raise = <S extends string>(stat: S, when: When = {}): RaiseModifier<S> => ({
  kind: 'raise',
  stat,
  by: 1,
  ...when,
})
const evadeRerolls = (dice: number) => ({ kind: 'reroll', pool: 'evade', dice }) as const
const saveRerolls = { kind: 'reroll', pool: 'failed-saves' } as const
const rule = <R extends string>(r: R, when: When = {}): RuleModifier<R> => ({
  kind: 'rule',
  rule: r,
  ...when,
})

/** The same modifiers for either side. */
function both<M>(mods: readonly M[]): Record<TraitSide, readonly M[]> {
  return { attacker: mods, defender: mods }
}

/**
 * +N hits, +2N with a DMG 0-200 weapon (Killer Instinct, Headhunter, Warmonger). Reading:
 * Warmonger's "+4 with DMG 1-200" is taken as the others' 0-200.
 */
function smallArmsHits(n: number, dmg: number): number {
  return dmg <= 200 ? 2 * n : n
}

export const TRAITS: readonly TraitEntry[] = [
  {
    name: 'gunnery-expert',
    title: 'Gunnery Expert / Marksman (Deadeye, Expert Gunnery Crew)',
    aliases: ['marksman', 'deadeye', 'expert-gunnery-crew'],
    from: 'pilot trait I (Deadeye: II), captain trait I',
    effect: 'Precision and Barrage +1 (at most 3); Rapid Fire penalties 1 smaller',
    sameEffect: 'precision-barrage',
    shoot: { attacker: [raise('precision-barrage'), { kind: 'rapid-fire', relief: 1 }] },
  },
  // Reading: "change your weapon's Rapid Fire to RF+1" is taken when it helps: with Barrage, the
  // Rapid Fire counts as at least +1 (a penalty, none, or +0 become +1; a larger gain stays).
  {
    name: 'furious-fusillade',
    title: 'Furious Fusillade (Deadeye / Furious Fusillade)',
    aliases: [],
    from: 'pilot trait II',
    effect: 'Precision and Barrage +1 (at most 3); Rapid Fire penalties 1 smaller; Barrage: RF+1',
    sameEffect: 'precision-barrage',
    shoot: {
      attacker: [
        raise('precision-barrage'),
        { kind: 'rapid-fire', relief: 1 },
        { kind: 'rapid-fire', barrageAtLeast: 1 },
      ],
    },
  },
  // The captains' orders (quickstart) are given as traits of the side under the order; their
  // Battle Hardened extras that move units are not resolution effects here (Main Battery's +1
  // PEN is: main-battery-hardened).
  {
    name: 'main-battery',
    title: 'Main Battery and Support Element, Wipe out the Enemy! (order)',
    aliases: ['wipe-out-the-enemy'],
    from: "captain's order",
    effect: 'this round, Precision and Barrage +1 (at most 3)',
    sameEffect: 'main-battery',
    shoot: { attacker: [raise('precision-barrage')] },
  },
  // Elusive and the captains' Dodge/Guard traits are "vs Shooting attacks": shoot only.
  {
    name: 'elusive',
    title: 'Elusive / Cool Under Fire / Cunning Pilot (Daring, Sharp Witted Captain)',
    aliases: [
      'cool-under-fire',
      'cunning-pilot',
      'daring-captain',
      'brash-captain',
      'sharp-witted-captain',
      'wiley-captain',
    ],
    from: 'pilot trait I, captain traits I and II',
    effect: 'when shot, Dodge and Guard +1 (at most 3)',
    sameEffect: 'dodge-guard',
    shoot: { defender: [raise('dodge'), raise('guard')] },
  },
  {
    name: 'invincible',
    title: 'Invincible (Invincible / Untouchable)',
    aliases: [],
    from: 'pilot trait II',
    effect: 'when shot, Dodge and Guard +1 (at most 3); guarding, criticals are plain hits',
    choice: { 'crits-as-hits': 'once a round: criticals are plain hits', spent: 'used this round' },
    sameEffect: 'dodge-guard',
    shoot: {
      defender: [
        raise('dodge'),
        raise('guard'),
        { kind: 'crits', rule: 'guard-crits-as-hits', if: 'crits-as-hits' },
      ],
    },
    // In melee only its criticals rule counts (the Dodge and Guard raise is "vs Shooting"), and
    // only for the defender: the one side that may choose Guard.
    melee: { defender: [{ kind: 'crits', rule: 'guard-crits-as-hits', if: 'crits-as-hits' }] },
  },
  {
    name: 'untouchable',
    title: 'Untouchable (Invincible / Untouchable)',
    aliases: [],
    from: 'pilot trait II',
    effect: 'when shot, Dodge and Guard +1 (at most 3); dodging, criticals miss',
    choice: { 'crits-miss': 'once a round: criticals miss', spent: 'used this round' },
    sameEffect: 'dodge-guard',
    shoot: {
      defender: [
        raise('dodge'),
        raise('guard'),
        { kind: 'crits', rule: 'dodge-crits-miss', if: 'crits-miss' },
      ],
    },
  },
  {
    name: 'cavalier',
    title: 'Cavalier / Haughty Captain',
    aliases: ['haughty-captain'],
    from: 'captain trait II',
    effect: 'when shot, Dodge and Guard +1 (at most 3); +1 block against a weapon within 16"',
    choice: { 'within-16': 'fired from within 16": +1 block', 'beyond-16': 'from farther: no block' },
    sameEffect: 'dodge-guard',
    shoot: { defender: [raise('dodge'), raise('guard'), blocks(1, 'Cavalier', { if: 'within-16' })] },
  },
  {
    name: 'evasive-action',
    title: 'All Units High-Alert, Take Evasive Action! (order)',
    aliases: ['high-alert'],
    from: "captain's order",
    effect: 'this round, Dodge +1 (at most 3)',
    shoot: { defender: [raise('dodge')] },
  },
  {
    name: 'prepare-for-close-combat',
    title: "Prepare for Close Combat, We're Taking the Fight to Them! (order)",
    aliases: [],
    from: "captain's order",
    effect: 'this round, the melee Guard +1 (at most 3)',
    melee: { defender: [raise('guard')] },
  },
  {
    name: 'unyielding',
    title: 'Unyielding',
    aliases: [],
    from: 'commander trait',
    effect: 'rerolls failed armor saves; once a round +2 blocks',
    choice: { blocks: 'rerolls, and the +2 blocks this attack', rerolls: 'rerolls only' },
    sameEffect: 'reroll-saves',
    shoot: { defender: [saveRerolls, blocks(2, 'Unyielding', { if: 'blocks' })] },
    melee: both([saveRerolls, blocks(2, 'Unyielding', { if: 'blocks' })]),
  },
  {
    name: 'dont-give-up-the-ship',
    title: "Don't Give up the Ship",
    aliases: [],
    from: 'fleet commander trait',
    effect: 'rerolls failed armor saves',
    sameEffect: 'reroll-saves',
    shoot: { defender: [saveRerolls] },
    melee: both([saveRerolls]),
  },
  {
    name: 'superior-instincts',
    title: 'Superior Instincts',
    aliases: [],
    from: 'unit upgrade',
    effect: 'immune to Blindside; twice a game +3 blocks for a turn',
    choice: { blocks: 'the +3 blocks this turn', immune: 'immunity only' },
    shoot: { defender: [rule('blindsideImmune'), blocks(3, 'Superior Instincts', { if: 'blocks' })] },
    melee: both([rule('blindsideImmune'), blocks(3, 'Superior Instincts', { if: 'blocks' })]),
  },
  {
    name: 'killer-instinct',
    title: 'Killer Instinct (Killer Instinct / Berserker), in effect',
    aliases: [],
    from: 'pilot trait II',
    effect: '+1 hit (+2 with DMG 0-200) on every attack; +1 block against each attack',
    sameEffect: 'killer-berserker',
    shoot: {
      attacker: [hits(1, 'Killer Instinct', { smallArms: true })],
      defender: [blocks(1, 'Killer Instinct', { eachAttack: true })],
    },
    melee: both([rule('killerInstinct')]),
  },
  // Berserker's block is "versus each enemy attack", so it counts when shot; its hits are the
  // melee clash's only.
  {
    name: 'berserker',
    title: 'Berserker (Killer Instinct / Berserker), in effect',
    aliases: [],
    from: 'pilot trait II',
    effect: '+3 hits in a melee clash; +1 block against each attack',
    sameEffect: 'killer-berserker',
    shoot: { defender: [blocks(1, 'Berserker', { eachAttack: true })] },
    melee: both([rule('berserker')]),
  },
  {
    name: 'awe-inspiring-arrival',
    title: 'Awe Inspiring Arrival',
    aliases: [],
    from: 'trait upgrade',
    effect: 'first turn attacked: +1 block against each attack (not with the same effect)',
    shoot: { defender: [blocks(1, 'Awe Inspiring Arrival', { eachAttack: true })] },
    melee: both([blocks(1, 'Awe Inspiring Arrival', { eachAttack: true })]),
  },
  {
    name: 'fleet-missile-defense',
    title: 'Fleet Missile Defense',
    aliases: [],
    from: 'fleet commander trait',
    effect: '+2 blocks against an explosive weapon fired from over 16"',
    shoot: { defender: [blocks(2, 'Fleet Missile Defense')] },
  },
  // Weapon and accuracy traits, Take the Shot and Anti-Beam Coating (their effects land on the
  // shot's DMG, PEN, Accuracy and block fields: shotDmg, shotPen, shotTargetNumber, shotBlocks).
  // Reading: the weapon bonus of Mechanics Expert, Mastermind and Expert Engineering Division is
  // chosen "when this unit activates" for "this turn": in melee it is the attacker's (the charge
  // is its turn), never the defender's counter-attack, made in the enemy's turn.
  {
    name: 'mechanics-expert',
    title: 'Mechanics Expert / Robotics Expert (Expert Engineering Division)',
    aliases: ['robotics-expert', 'expert-engineering-division'],
    from: 'pilot trait I, captain trait I',
    effect: 'this turn, the weapons +1 PEN or +100 DMG',
    choice: { pen: '+1 ARM PEN', dmg: '+100 DMG' },
    shoot: {
      attacker: [pen(1, 'Mechanics Expert', { if: 'pen' }), dmg(100, 'Mechanics Expert', { if: 'dmg' })],
    },
    melee: {
      attacker: [pen(1, 'Mechanics Expert', { if: 'pen' }), dmg(100, 'Mechanics Expert', { if: 'dmg' })],
    },
  },
  {
    name: 'mastermind',
    title: 'Mastermind / Fearsome (Fearsome / Dreaded Captain)',
    aliases: ['fearsome', 'dreaded-captain'],
    from: 'pilot trait II, captain trait II',
    effect: 'this turn, +2 PEN or +200 DMG',
    choice: { pen: '+2 ARM PEN', dmg: '+200 DMG' },
    shoot: { attacker: [pen(2, 'Mastermind', { if: 'pen' }), dmg(200, 'Mastermind', { if: 'dmg' })] },
    melee: { attacker: [pen(2, 'Mastermind', { if: 'pen' }), dmg(200, 'Mastermind', { if: 'dmg' })] },
  },
  {
    name: 'vigilant-leader',
    title: 'Vigilant Leader',
    aliases: [],
    from: 'commander trait',
    effect: 'allied units +1 Shooting Accuracy against enemies within 24"',
    shoot: { attacker: [{ kind: 'acc', amount: 1, source: 'Vigilant Leader' }] },
  },
  // Take the Shot's third benefit (shooting at a target engaged in melee with an ally) changes
  // nothing a shot resolves; it is listed so that a unit can say which benefit it took.
  {
    name: 'take-the-shot',
    title: 'Take the Shot! (bonus skill)',
    aliases: [],
    from: 'bonus skill [M-2]',
    effect: 'ignore shields and cover (PEN 3+), or Rapid Fire penalties, or shoot into melee',
    choice: {
      'ignore-blocks': "the target's shields and cover give no blocks (a weapon of PEN 3+)",
      'no-penalty': 'no Rapid Fire penalty, Range+16"',
      'into-melee': 'shoot a target engaged in melee with an ally (nothing to resolve)',
    },
    skill: true,
    shoot: {
      attacker: [
        rule('ignoreShieldCover', { if: 'ignore-blocks' }),
        { kind: 'rapid-fire', ignorePenalty: true, if: 'no-penalty' },
      ],
    },
  },
  // What an attacking warship's side adds (wargame rules: fleet commander traits; quickstart: the
  // Battle Hardened captain's Main Battery order). The [AA] and explosive weapons they need, and
  // the order's round, are the player's to check, as every trigger is.
  {
    name: 'main-battery-hardened',
    title: 'Main Battery and Support Element, Wipe out the Enemy! (order of a Battle Hardened Captain)',
    aliases: ['wipe-out-the-enemy-hardened'],
    from: "captain's order (level 2)",
    effect: 'this round, Precision and Barrage +1 (at most 3) and +1 ARM PEN',
    sameEffect: 'main-battery',
    shoot: { attacker: [raise('precision-barrage'), pen(1, 'Main Battery (Battle Hardened)')] },
  },
  {
    name: 'pinpoint-air-defenses',
    title: 'Pinpoint Air Defenses',
    aliases: [],
    from: 'fleet commander trait',
    effect: 'an allied warship: +1 hit firing an [AA] weapon, +1 block with AA DEF or ship Melee',
    warshipOnly: true,
    shoot: { attacker: [hits(1, 'Pinpoint Air Defenses')] },
    melee: both([blocks(1, 'Pinpoint Air Defenses')]),
  },
  {
    name: 'missile-saturation',
    title: 'Missile Saturation',
    aliases: [],
    from: 'fleet commander trait',
    effect: 'an allied warship firing an [AA] explosive weapon: +2 hits',
    shoot: { attacker: [hits(2, 'Missile Saturation')] },
  },
  // Named apart from the pilot trait Ship Hunter (Mechanics Expert's other name, left out).
  {
    name: 'fleet-ship-hunter',
    title: 'Ship Hunter (fleet commander)',
    aliases: [],
    from: 'fleet commander trait',
    effect: "a warship's lock-on (--atk-warship --focus): +2 shots, or +2 hits vs a warship",
    shoot: { attacker: [{ kind: 'lock-on', amount: 2 }] },
  },
  {
    name: 'anti-beam-coating',
    title: 'Anti-Beam Coating',
    aliases: [],
    from: 'unit upgrade',
    effect: '+2 ARM Sv against energy shooting weapons (with --energy)',
    shoot: { defender: [rule('antiBeam')] },
  },
  // Evade rerolls add up across sources (each die is rerolled once at most): rollEvade.
  {
    name: 'improvise',
    title: 'Improvise (universal skill)',
    aliases: [],
    from: 'exceptional pilot skill [M-0]',
    effect: 'reroll up to 2 evade dice, or in melee 2 dice just rolled (once a round)',
    skill: true,
    shoot: { defender: [evadeRerolls(2)] },
    melee: both([{ kind: 'reroll', pool: 'just-rolled', dice: 2 }]),
  },
  {
    name: 'three-times-as-fast',
    title: 'Three Times as Fast!',
    aliases: [],
    from: 'commander trait',
    effect: 'when shot, reroll up to 3 evade dice',
    shoot: { defender: [evadeRerolls(3)] },
    melee: { attacker: [evadeRerolls(3)] },
  },
  {
    name: 'blockade-runner',
    title: 'Blockade Runner',
    aliases: [],
    from: 'fleet commander trait',
    effect: 'when shot, reroll up to 2 evade dice',
    shoot: { defender: [evadeRerolls(2)] },
    melee: { attacker: [evadeRerolls(2)] },
  },
  {
    name: 'unbeaten',
    title: 'Unbeaten (bonus skill)',
    aliases: [],
    from: 'bonus skill [M-2]',
    effect: 'in melee, rerolls its defense dice that did not block',
    skill: true,
    melee: both([{ kind: 'reroll', pool: 'missed-blocks' }]),
  },
  {
    name: 'persevere',
    title: 'Persevere (bonus skill)',
    aliases: [],
    from: 'bonus skill [M-2]',
    effect: 'this turn -200 DMG a hit it takes (-300 from round 4), never below 100 DMG',
    skill: true,
    shoot: { defender: [rule('persevere')] },
    melee: both([rule('persevere')]),
  },
  {
    name: 'seeking-shot',
    title: 'Seeking Shot',
    aliases: ['seeking-shots'],
    from: 'unit upgrade',
    effect: 'the target rerolls no evade dice and cannot improve its Evade (no Dodge)',
    shoot: { attacker: [rule('seekingShot')] },
  },
  {
    name: 'headhunter',
    title: 'Headhunter / Hunting for a Rival / Elite Guard',
    aliases: ['hunting-for-a-rival', 'elite-guard'],
    from: 'pilot trait I',
    effect: '+1 hit (+2 with DMG 0-200) against a level 1-2 pilot, kaiju or captain',
    sameEffect: 'hits-vs-level',
    shoot: { attacker: [hits(1, 'Headhunter', { smallArms: true })] },
    melee: both([hits(1, 'Headhunter', { smallArms: true })]),
  },
  {
    name: 'warmonger',
    title: 'Warmonger / Reaper',
    aliases: ['reaper'],
    from: 'pilot trait II',
    effect: '+2 hits (+4 with DMG 0-200) against a level 1-2 pilot, kaiju or captain',
    sameEffect: 'hits-vs-level',
    shoot: { attacker: [hits(2, 'Warmonger', { smallArms: true })] },
    melee: both([hits(2, 'Warmonger', { smallArms: true })]),
  },
  {
    name: 'hot-blooded',
    title: 'Hot Blooded / Driven / Defiant / Rage (Burning Passion...)',
    aliases: ['driven', 'defiant', 'rage', 'burning-passion', 'overzealous', 'ruthless'],
    from: 'pilot traits I and II',
    effect: '+1 hit with every weapon the turn it activated through Return Fire',
    shoot: { attacker: [hits(1, 'Hot Blooded')] },
    melee: both([hits(1, 'Hot Blooded')]),
  },
  {
    name: 'close-combat-expert',
    title: 'Close Combat Expert / Merciful',
    aliases: ['merciful'],
    from: 'pilot trait I',
    effect: 'in melee, +1 hit attacking and +1 block defending',
    sameEffect: 'melee-hits-blocks',
    melee: both([rule('closeCombatExpert')]),
  },
  {
    name: 'merciless-melee',
    title: 'Merciless Melee / Master of Close Combat',
    aliases: ['master-of-close-combat'],
    from: 'pilot trait II',
    effect: 'in melee, +2 hits attacking and +1 block defending',
    sameEffect: 'melee-hits-blocks',
    melee: both([rule('mercilessMelee')]),
  },
  {
    name: 'skilled-swordsman',
    title: 'Skilled Swordsman / Martial Artist',
    aliases: ['skilled-martial-artist'],
    from: 'trait upgrade',
    effect: 'in melee, enemies hit it on 6+',
    sameEffect: 'swordsman',
    melee: both([rule('skilledSwordsman')]),
  },
  {
    name: 'master-swordsman',
    title: 'Master Swordsman / Martial Artist',
    aliases: ['master-martial-artist'],
    from: 'trait upgrade',
    effect: 'in melee, enemies hit it on 6+ and block its attacks on 6+',
    sameEffect: 'swordsman',
    melee: both([rule('masterSwordsman')]),
  },
  {
    name: 'solo-operative',
    title: 'Solo Operative / Lone Wolf',
    aliases: ['lone-wolf'],
    from: 'pilot trait II',
    effect: 'once a round, Dodge and Guard when shot, or Counter and Guard in melee',
    shoot: { defender: [rule('soloOperative')] },
    melee: { defender: [rule('soloOperative')] },
  },
  {
    name: 'bold-leader',
    title: 'Bold Leader',
    aliases: [],
    from: 'commander trait',
    effect: 'in melee, hits and blocks on 4+',
    sameEffect: 'bold',
    melee: both([rule('boldLeader')]),
  },
  {
    name: 'bold-ally',
    title: 'an ally of a Bold Leader',
    aliases: [],
    from: 'commander trait (Bold Leader)',
    effect: 'in melee, hits on 4+',
    sameEffect: 'bold',
    melee: both([rule('boldAlly')]),
  },
  // Melee upgrades and skills (wargame rules): the rule reads the fields (melee.ts).
  {
    name: 'desperation-attack',
    title: 'Desperation Attack',
    aliases: [],
    from: 'trait upgrade',
    effect: 'in melee, three of a kind of 5+ on its attack dice are critical hits',
    melee: both([{ kind: 'crits', rule: 'three-of-a-kind' }]),
  },
  // Reading: "Bonus +2 PEN in Melee" is on top of the +1, as the documents use "bonus" elsewhere
  // (Top Gun, Undefeated, Last Bastion: a bonus is added to the first gain): +3 in all.
  {
    name: 'giant-slayer',
    title: 'Giant Slayer (bonus skill)',
    aliases: [],
    from: 'bonus skill [M-1]',
    effect: 'this turn +1 ARM PEN; in melee +2 more against a larger Size',
    choice: {
      'not-larger': '+1 PEN',
      larger: 'the target is a larger Size: +2 more PEN in melee, +3 in all',
    },
    skill: true,
    // A turn's PEN bonus like Mechanics Expert's, not the weapon's printed PEN (so Take the
    // Shot's PEN 3+, which reads the printed PEN, does not count it: takeTheShotIgnores).
    shoot: { attacker: [pen(1, 'Giant Slayer')] },
    melee: both([pen(1, 'Giant Slayer'), pen(2, 'Giant Slayer, larger Size', { if: 'larger' })]),
  },
  {
    name: 'army-of-one',
    title: 'Army of One',
    aliases: [],
    from: 'unit upgrade',
    effect: 'may use two different Skills a turn',
    skillsPerTurn: 2,
    shoot: both([]),
    melee: both([]),
  },
]

/** Whether a modifier is in effect for the option taken. */
function inEffect(m: When, choice: string): boolean {
  return m.if === undefined || m.if === choice
}

/** The lists the bonus modifiers add to, wherever a shot or a melee side keeps them. */
interface BonusLists {
  hits: Bonus[]
  blocks: BlockBonus[]
  pen: Bonus[]
  dmg: Bonus[]
}

/** A modifier that adds a bonus to a list (the same for shooting and melee). */
type BonusModifier = HitsModifier | BlocksModifier | PenModifier | DmgModifier

/** A bonus modifier added to its list; `weaponDmg` decides Small Arms' doubled hits. */
function addBonus(lists: BonusLists, m: BonusModifier, weaponDmg: number): void {
  switch (m.kind) {
    case 'hits':
      lists.hits.push({
        source: m.source,
        amount: m.smallArms ? smallArmsHits(m.amount, weaponDmg) : m.amount,
      })
      return
    case 'blocks':
      lists.blocks.push(
        m.eachAttack
          ? { source: m.source, amount: m.amount, stack: EACH_ATTACK_BLOCK }
          : { source: m.source, amount: m.amount },
      )
      return
    default:
      lists[m.kind].push({ source: m.source, amount: m.amount })
  }
}

/** One modifier applied to a shot. */
export function applyShotModifier(s: ShotRecords, m: ShotModifier): void {
  switch (m.kind) {
    case 'hits':
    case 'blocks':
    case 'pen':
    case 'dmg':
      addBonus(
        {
          hits: s.attacker.hitBonuses,
          blocks: s.target.blockBonuses,
          pen: s.attacker.penBonuses,
          dmg: s.attacker.dmgBonuses,
        },
        m,
        s.weapon.dmg,
      )
      return
    case 'acc':
      s.attacker.accBonuses.push({ source: m.source, amount: m.amount })
      return
    case 'raise':
      if (m.stat === 'precision-barrage') s.attacker.bonusRaise += m.by
      else if (m.stat === 'dodge') s.target.dodgeRaise += m.by
      else s.target.guardRaise += m.by
      return
    case 'reroll':
      if (m.pool === 'evade') s.target.evadeRerolls += m.dice
      else s.target.reroll = true
      return
    case 'rapid-fire':
      if ('relief' in m) s.attacker.rapidFireRelief += m.relief
      else if ('ignorePenalty' in m) s.attacker.ignoreRapidFirePenalty = true
      else s.attacker.barrageRapidFire = m.barrageAtLeast
      return
    case 'crits':
      if (m.rule === 'guard-crits-as-hits') s.target.guardCritsAsHits = true
      else s.target.dodgeCritsMiss = true
      return
    case 'lock-on':
      s.attacker.lockOn = m.amount
      return
    case 'rule':
      if (m.rule === 'ignoreShieldCover' || m.rule === 'seekingShot') s.attacker[m.rule] = true
      else s.target[m.rule] = true
      return
  }
}

/** One modifier applied to a melee side. */
export function applyMeleeModifier(side: MeleeSide, m: MeleeModifier): void {
  switch (m.kind) {
    case 'hits':
    case 'blocks':
    case 'pen':
    case 'dmg': {
      const { hitBonuses: hits, blockBonuses: blocks, penBonuses: pen, dmgBonuses: dmg } = side.mods
      addBonus({ hits, blocks, pen, dmg }, m, side.weapon.dmg)
      return
    }
    case 'raise':
      side.mods.guardRaise += m.by
      return
    case 'reroll':
      if (m.pool === 'evade') side.mods.evadeRerolls += m.dice
      else if (m.pool === 'failed-saves') side.mods.reroll = true
      else if (m.pool === 'missed-blocks') side.mods.unbeaten = true
      else side.mods.improvise = true
      return
    case 'crits':
      if (m.rule === 'three-of-a-kind') side.mods.desperation = true
      else side.mods.guardCritsAsHits = true
      return
    case 'rule':
      side.mods[m.rule] = true
      return
  }
}

/** Every entry by each of its names. */
const BY_NAME = new Map<string, TraitEntry>()
for (const t of TRAITS) for (const n of [t.name, ...t.aliases]) BY_NAME.set(n, t)

/** The sides a trait works for in a command (none: not in that command). */
/** The names of the traits that work for one side in one command, in registry order. */
export function traitNames(command: TraitCommand, side: TraitSide): string[] {
  return TRAITS.filter((t) => traitSides(t, command).includes(side)).map((t) => t.name)
}

export function traitSides(t: TraitEntry, command: TraitCommand): TraitSide[] {
  const effects = t[command]
  return effects ? (['attacker', 'defender'] as const).filter((side) => effects[side]) : []
}

/** A trait as given: its entry, the option taken, and how it was written. */
export interface ChosenTrait {
  trait: TraitEntry
  choice: string
  given: string
}

/** How a chosen trait is reported: its name, with the option when it has a choice. */
export function traitText(c: ChosenTrait): string {
  return c.trait.choice ? `${c.trait.name}=${c.choice}` : c.trait.name
}

/** The flags that name each side's traits in a command (for the messages). */
export type TraitFlags = Record<TraitSide, string>

/** `NAME` or `NAME=OPTION` as written: the name and option, trimmed and lower-case; `extra` for a second `=`. */
function splitTrait(text: string): { name: string; option: string | undefined; extra: boolean } {
  const [rawName, option, ...rest] = text.trim().toLowerCase().split('=')
  return { name: rawName.trim(), option: option?.trim(), extra: rest.length > 0 }
}

/** The entry a trait as written names (`NAME` or `NAME=OPTION`, any of its names, any case), if any. */
export function traitOf(text: string): TraitEntry | undefined {
  return BY_NAME.get(splitTrait(text).name)
}

/** Two traits a unit cannot both have: one trait, or two with the same effect. */
export function sameEffect(a: TraitEntry, b: TraitEntry): boolean {
  return a === b || (a.sameEffect !== undefined && a.sameEffect === b.sameEffect)
}

/**
 * The traits one side gives, checked: each `NAME` or `NAME=OPTION` a known trait (by any of its
 * names, any case) that works for this side in this command, its option one it offers, no trait
 * twice and no two with the same effect.
 */
export function chooseTraits(
  texts: readonly string[],
  command: TraitCommand,
  side: TraitSide,
  flags: TraitFlags,
): ChosenTrait[] {
  const flag = flags[side]
  const out: ChosenTrait[] = []
  for (const text of texts) {
    const { name, option, extra } = splitTrait(text)
    const t = BY_NAME.get(name)
    if (!t) throw unknownTrait(flag, name, command, side)
    const sides = traitSides(t, command)
    if (sides.length === 0) {
      const where = TRAIT_COMMANDS.filter((c) => traitSides(t, c).length > 0).join(' and ')
      throw new InputError('bad-combination', `${flag}: ${t.name} works in ${where}, not in ${command}`)
    }
    if (!sides.includes(side)) {
      const other = sides[0]
      throw new InputError(
        'bad-combination',
        `${flag}: ${t.name} is the ${other}'s trait in ${command}, not the ${side}'s; give it with ${flags[other]}`,
      )
    }
    const problem = optionProblem(t, option, extra)
    if (problem !== undefined) throw new InputError('bad-choice', `${flag}: ${problem}`)
    const twin = out.find((c) => sameEffect(c.trait, t))
    if (twin) {
      throw new InputError(
        'bad-combination',
        twin.trait === t
          ? `${flag}: ${t.name} is given twice${name !== t.name || splitTrait(twin.given).name !== t.name ? ` (${[twin.given, text].map((g) => g.trim()).join(' and ')} are names of one trait)` : ''}; give it once`
          : `${flag}: ${twin.trait.name} and ${t.name} have the same effect, and a unit cannot have both; keep one`,
      )
    }
    out.push({ trait: t, choice: takenOption(t, option), given: text })
  }
  return out
}

/**
 * A trait as a unit's list of its traits gives it (a roster profile), for no command or side in
 * particular: a known name (any of its names, any case) and, where it takes one, an option it
 * offers. Returns the trait, or the sentence saying what is wrong: an unknown name is answered
 * with the nearest known one and every trait's name, and `also`, names the caller takes itself.
 */
export function readTrait(text: string, also: readonly string[] = []): ChosenTrait | { problem: string } {
  const { name, option, extra } = splitTrait(text)
  const t = BY_NAME.get(name)
  if (!t) {
    const near = nearest(name, [...BY_NAME.keys(), ...also])
    const guess = near ? `did you mean ${BY_NAME.get(near)?.name ?? near}? ` : ''
    const names = [...TRAITS.map((e) => e.name), ...also].join(', ')
    return {
      problem: `no trait "${name}"; ${guess}the traits are ${names} (mecha traits lists their other names)`,
    }
  }
  const problem = optionProblem(t, option, extra)
  return problem === undefined ? { trait: t, choice: takenOption(t, option), given: text } : { problem }
}

/** The option taken: the one given, or the first a trait with a choice offers. */
function takenOption(t: TraitEntry, option: string | undefined): string {
  return option ?? (t.choice ? Object.keys(t.choice)[0] : '')
}

/** What is wrong with the option given for a trait (a sentence naming the valid ones), if anything. */
function optionProblem(t: TraitEntry, option: string | undefined, extra: boolean): string | undefined {
  if (option === undefined && !extra) return undefined
  const options = t.choice ? Object.keys(t.choice) : []
  if (!t.choice) return `${t.name} takes no choice; give ${t.name}`
  if (extra || !options.includes(option!))
    return `"${option ?? ''}" is not a choice of ${t.name}; give ${options.map((o) => `${t.name}=${o}`).join(' or ')}`
  return undefined
}

function unknownTrait(flag: string, name: string, command: TraitCommand, side: TraitSide): InputError {
  const known = TRAITS.filter((t) => traitSides(t, command).includes(side))
  const names = known.flatMap((t) => [t.name, ...t.aliases])
  const near = nearest(name, names)
  const guess = near ? `did you mean ${BY_NAME.get(near)!.name}? ` : ''
  return new InputError(
    'bad-choice',
    `${flag}: no trait "${name}"; ${guess}the ${side}'s traits in ${command} are ${known.map((t) => t.name).join(', ')} (see mecha traits)`,
  )
}

/**
 * What one trait did to a command's input, for the JSON and the explanations: the registry's
 * line for it, and the input fields it changed (a number by how much, a flag to what, a list by
 * the items it added), found by comparing the fields before and after its effect ran.
 */
export interface TraitEffect {
  /** NAME or NAME=CHOICE. */
  trait: string
  side: TraitSide
  /** The registry's line, with the meaning of the option taken. */
  effect: string
  changes: Record<string, unknown>
}

/** Each chosen trait's effect on a shot, for its side; what each changed. */
export function applyShotTraits(
  s: ShotRecords,
  traits: readonly ChosenTrait[],
  side: TraitSide,
): TraitEffect[] {
  return traits.map((c) =>
    traced([s.weapon, s.attacker, s.target, s.situation], c, side, () => {
      for (const m of c.trait.shoot?.[side] ?? []) if (inEffect(m, c.choice)) applyShotModifier(s, m)
    }),
  )
}

/** Each chosen trait's effect on a melee side; what each changed. */
export function applyMeleeTraits(
  m: MeleeSide,
  traits: readonly ChosenTrait[],
  side: TraitSide,
): TraitEffect[] {
  return traits.map((c) =>
    traced([m.unit, m.weapon, m.mods], c, side, () => {
      for (const mod of c.trait.melee?.[side] ?? []) if (inEffect(mod, c.choice)) applyMeleeModifier(m, mod)
    }),
  )
}

/** One trait's effect applied to the records `into` (a shot's, or a melee side), and the fields it changed. */
function traced(into: readonly object[], c: ChosenTrait, side: TraitSide, apply: () => void): TraitEffect {
  const records = into as readonly Record<string, unknown>[]
  // Lists are grown in place: their lengths are what to compare.
  const before = records.map((r) => new Map(Object.keys(r).map((k) => [k, snapshot(r[k])])))
  apply()
  const changes: Record<string, unknown> = {}
  records.forEach((r, i) => {
    for (const k of Object.keys(r)) {
      const now = r[k]
      const was = before[i].get(k)
      if (Array.isArray(now)) {
        const from = typeof was === 'number' ? was : 0
        if (now.length !== from) changes[k] = now.slice(from)
      } else if (now !== was)
        changes[k] = typeof now === 'number' && typeof was === 'number' ? now - was : now
    }
  })
  const option = c.trait.choice?.[c.choice]
  return {
    trait: traitText(c),
    side,
    effect: option ? `${c.trait.effect} (${c.choice}: ${option})` : c.trait.effect,
    changes,
  }
}

function snapshot(v: unknown): unknown {
  return Array.isArray(v) ? v.length : v
}

/**
 * SKILLS (quickstart: "Pilot Skills", "Exceptional Pilots Skills", Indirect Fire; wargame rules:
 * bonus skills, Army of One, Highly Skilled). What is a Skill is said here once: the registry's
 * entries marked `skill` (Improvise, Take the Shot!, Giant Slayer, Unbeaten, Persevere) and the
 * skills given by flags (FLAG_SKILLS: Bullseye, Make it Count!, Skill Defense).
 *
 * Readings (listed in docs/rules-notes.md):
 * - Indirect Fire "cannot benefit from Skills": the attacker's Skills are refused on an Indirect
 *   Fire shot (--indirect, or a remote weapon fired with Momentum, which is Indirect Fire). The
 *   target's own Skills (Skill Defense, Improvise, Persevere) are not the shot's: they stay.
 * - "Only one Skill per unit turn", for each side of one command: Skill Defense may go with
 *   Improvise (quickstart) and with Unbeaten (wargame rules, "you may still use Skill Defense");
 *   Army of One allows two different Skills; Highly Skilled only pays for one. Skill Defense is
 *   used when the Momentum offered for it is above 0.
 * - Skill Defense "is the only Skill that Warships may use": any other Skill on a warship's side
 *   is refused.
 */
export const FLAG_SKILLS = {
  bullseye: 'Bullseye',
  'make-it-count': 'Make it Count!',
  'skill-defense': 'Skill Defense',
} as const
export type FlagSkill = keyof typeof FLAG_SKILLS

/** A side's Skills as given in one command: the flags naming one, and its chosen traits. */
export interface SkillsGiven {
  /** Each Skill given by a flag, with the flag as written (`--bullseye`, `--def-momentum 2`). */
  flags: readonly { skill: FlagSkill; given: string }[]
  traits: readonly ChosenTrait[]
  /** The flag that names this side's traits (`--trait`...). */
  traitFlag: string
  /** The side is a warship (`--atk-warship`...: the flag as written): Skill Defense is its only Skill. */
  warship?: string
}

/**
 * Refuses (InputError) a trait that only a warship gains (Pinpoint Air Defenses: "allied
 * warships gain...") on a side that is not one (`warshipFlag`: the flag that makes it one).
 */
export function checkWarshipOnly(
  traits: readonly ChosenTrait[],
  warship: boolean,
  traitFlag: string,
  warshipFlag: string,
): void {
  const t = traits.find((c) => c.trait.warshipOnly)
  if (t && !warship)
    throw new InputError(
      'bad-combination',
      `${traitFlag} ${t.given.trim()}: only a warship gains ${t.trait.name}; add ${warshipFlag} or drop it`,
    )
}

/** The Skills that may go with Skill Defense in one turn. */
const WITH_SKILL_DEFENSE = new Set(['improvise', 'unbeaten'])

/**
 * Whether a side whose traits are `traits` may still use Skill Defense in this roll, as checkSkills
 * counts Skills: not when another Skill already fills its turn (a profile's Persevere taken in a
 * game), so Skill Defense's Momentum is then neither asked nor spent.
 */
export function skillDefenseLeft(traits: readonly ChosenTrait[]): boolean {
  const names = traits.filter((c) => c.trait.skill).map((c) => c.trait.name)
  const withDefense = new Set([...names, 'skill-defense'])
  return withDefense.size <= skillsAllowed(traits, withDefense)
}

/**
 * How many Skills a side with `traits` may use this turn when it uses those `names`: one (Q), or
 * two when Skill Defense goes with Improvise or Unbeaten (Q), or Army of One's two (W), Skill
 * Defense counted as any other.
 */
function skillsAllowed(traits: readonly ChosenTrait[], names: ReadonlySet<string>): number {
  const perTurn = Math.max(1, ...traits.map((c) => c.trait.skillsPerTurn ?? 1))
  const withDefense = names.has('skill-defense') && [...names].some((n) => WITH_SKILL_DEFENSE.has(n))
  return Math.max(perTurn, withDefense ? 2 : 1)
}

/**
 * Refuses (InputError) a side's Skills the rules do not allow: any of the attacker's on an
 * Indirect Fire shot (`indirect`: why the shot is one, as a sentence's subject and verb), and
 * more Skills than the side may use in a turn, naming them.
 */
export function checkSkills(given: SkillsGiven, indirect?: string): void {
  if (given.flags.length === 0 && given.traits.length === 0) return // no Skill used
  const uses = [
    ...given.flags.map((f) => ({ name: f.skill, given: f.given })),
    ...given.traits
      .filter((c) => c.trait.skill)
      .map((c) => ({ name: c.trait.name, given: `${given.traitFlag} ${c.given.trim()}` })),
  ]
  const other = uses.find((u) => u.name !== 'skill-defense')
  if (given.warship !== undefined && other) {
    throw new InputError(
      'bad-combination',
      `${other.given}: ${given.warship} is a warship, and Skill Defense is the only Skill a warship may use; drop ${other.given}`,
    )
  }
  if (indirect !== undefined && uses.length > 0) {
    const u = uses[0]
    throw new InputError(
      'bad-combination',
      `${u.given}: ${indirect}, which cannot benefit from Skills; drop ${u.given}`,
    )
  }
  // Reading (issue 37): every Skill here is a Pilot Skill (Q lists Skill Defense and Improvise
  // among them; W's Bonus Skills are Pilot Skills, Highly Skilled MS Pilot says so). Q allows one a
  // unit turn, and Improvise or Unbeaten with Skill Defense: a second Skill in that one case.
  // Army of One (W: "two different Pilot Skills per Turn") raises the limit to two Skills, Skill
  // Defense counted as any other: Improvise + Skill Defense is already two, so a third is refused.
  const names = new Set(uses.map((u) => u.name))
  const perTurn = Math.max(1, ...given.traits.map((c) => c.trait.skillsPerTurn ?? 1))
  const allowed = skillsAllowed(given.traits, names)
  if (uses.length > allowed) {
    const list = uses.map((u) => u.given)
    const named = `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`
    const rule =
      perTurn === 1
        ? 'a unit uses one Skill a turn (Skill Defense may go with Improvise or Unbeaten)'
        : `a unit with Army of One uses ${perTurn} different Skills a turn, Skill Defense counted`
    throw new InputError(
      'bad-combination',
      `${named} are ${uses.length} Skills, and ${rule}; keep ${perTurn === 1 ? 'one' : perTurn}`,
    )
  }
}
