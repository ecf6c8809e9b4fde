import type { Dice } from '../../core/dice.js'
import { type Decidable, decision } from '../../core/decide.js'
import { Distribution } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'
import { type SaveResult, type SaveSpec, resolveArmorSaves } from './armor-save.js'
import { savesFor } from './armor-save-odds.js'
import {
  type Outlook,
  type Reroll,
  type RerollOption,
  addOutlook,
  noOutlook,
  addOutcome,
  rollRerolls,
} from './choice.js'
import {
  type Shot,
  type ShotResult,
  momentumNegates,
  shotInput,
  skillDefenseMax,
  skillDefenseSpent,
} from './shoot.js'
import {
  type BlockBonus,
  type Bonus,
  type Level,
  type Penetration,
  type SkillDefenseQuestion,
  NO_PEN,
  attackerBonus,
  damagePerHit,
  defenderBonus,
  stackedBlocks,
} from './weapon.js'

export type { Bonus } from './weapon.js'

/**
 * MELEE (quickstart: "Charge into Melee", "Melee Clash", "Armor Saves", "Shields", "Universal
 * Skill - Defense", "Exceptional Pilots", "Tactical Advantage"; wargame rules: the melee pilot and
 * commander traits).
 *
 * Both sides split their Melee dice into attack and defense dice (each pool at most 10). A 5+ on
 * an attack die is a hit and a natural 9-10 a critical worth 2 hits; a 5+ on a defense die is a
 * block. The attacker gains +1 hit (+2 at pilot level 1+); the defender picks Counter (+1 hit on
 * its counter-attack) or Guard (+1 block), +2 at level 2. Shields add blocks. Unblocked hits, after
 * Skill Defense (one Momentum per negated hit), deal the weapon's DMG and call for armor saves as
 * in shooting. A defender that survives and was not pushed out of melee counter-attacks, rolling
 * its attack dice against the attacker's defense dice. A level 1+ side that dealt damage while
 * taking none in return, or pushed its enemy out of melee, strikes a Finishing Blow: 1000 DMG,
 * +1000 per Finisher level of its weapon.
 *
 * Before the clash the defender may fire Overwatch weapons at the charger (each through
 * resolveShot, with no Precision, Barrage, Dodge or Guard; the charger evades and uses its shield);
 * a blindsided defender cannot.
 *
 * Readings (listed in docs/melee.md):
 * - Critical hits in melee are not capped (the cap of 3 is written for shooting only).
 * - Tactical Advantage (+1 critical hit) is +2 hits on that side's strike; Blindside is one source
 *   and, as in shooting, several sources still give one critical.
 * - Skill Defense is spent greedily: as many hits as possible are negated, up to the Momentum the
 *   side is willing to spend (--atk-momentum / --def-momentum). The attacker's Momentum is one pool
 *   for the overwatch shots and the counter-attack, in that order.
 * - Any failed armor save against a push/pull (P) weapon pushes the target out of melee: a pushed
 *   defender cannot counter-attack, and the pusher may strike a Finishing Blow.
 * - "Taking zero in return" is read over the clash only: overwatch damage taken before the clash
 *   does not stop a Finishing Blow. A destroyed unit receives no Finishing Blow. When both sides
 *   qualify (only possible with DMG 0 push weapons) the attacker's comes first and is the only one.
 * - Traits are flags for the side that has them and are taken as in effect (Berserker and Killer
 *   Instinct only work under 50% HP or after an allied ace falls: the flag says they do).
 * - The worked example (Blue Djinn vs White Asura) does not add up in two places: Blue Djinn is
 *   Melee 7 but splits 6 attack + 3 defense = 9 dice (we roll the dice as the example does, a
 *   6/3 split with no Melee stat stated; a stated Melee 7 rejects it), and the counter-attack's
 *   3 hits against 1 block leave 2 unblocked hits where the text speaks of "the last hit" (we
 *   count 2). Its crit counting (3 hits + 1 critical = 5 hits) is right.
 */

export type DefChoice = 'counter' | 'guard' | 'both'
export type SideName = 'attacker' | 'defender'

export interface Split {
  attack: number
  defense: number
}

/**
 * One side of the clash as nested records: the unit (its stats, its Skill Defense), the weapon it
 * strikes with, and the modifiers its traits, upgrades and the situation give it. Build one with
 * meleeSide (every default is there).
 */
export interface MeleeSide {
  unit: MeleeUnit
  weapon: MeleeWeapon
  mods: MeleeModifiers
}

/** A side's unit: its stats, its pilot and the Momentum it will spend on Skill Defense. */
export interface MeleeUnit {
  /** Melee stat (dice pool), when known. */
  melee?: number
  armSv: number
  shield: number
  /** A [Barrier]'s blocks (absent: none): the better of it and the shield counts, as when shot. */
  barrier?: number
  pilot: Level
  hp?: number
  /** Skill Defense: the most Momentum this side will spend negating hits. */
  momentum: number
  size: number
  /** Evade, for overwatch shots against the charger. */
  evade: number
  /** A warship: saves capped at 5, Skill Defense 2 Momentum a hit, no "It's not over yet!". */
  warship: boolean
  /**
   * A warship with a Melee stat: it clashes as any unit. Without one (absent: false) a warship's
   * dice are its AA DEF, all on defense: it never attacks in melee (meleeAttacks).
   */
  shipMelee?: boolean
}

/** The melee weapon a side strikes with. */
export interface MeleeWeapon {
  dmg: number
  pen: Penetration
  /** Weapon's Finisher level: +1000 DMG each on a Finishing Blow. */
  finisher: number
}

/** What a side's traits, upgrades and situation give it in the clash (applyMeleeModifier). */
export interface MeleeModifiers {
  /** Bold Leader commander: hits and blocks on 4+. */
  boldLeader: boolean
  /** An ally of a Bold Leader commander: hits on 4+. */
  boldAlly: boolean
  /** Skilled Swordsman: enemies hit this unit on 6+. */
  skilledSwordsman: boolean
  /** Master Swordsman: enemies hit it on 6+ and block its attacks on 6+. */
  masterSwordsman: boolean
  /** Close Combat Expert: +1 hit on attack, +1 block on defense. */
  closeCombatExpert: boolean
  /** Merciless Melee: +2 hits on attack, +1 block on defense. */
  mercilessMelee: boolean
  /** Berserker (in effect): +3 hits, +1 block. */
  berserker: boolean
  /** Killer Instinct (in effect): +1 hit (+2 with DMG 0-200), +1 block. */
  killerInstinct: boolean
  /** Tactical Advantage (High Ground, High Speed Attack, Overwhelm, Shutdown): +1 critical hit. */
  advantage: boolean
  extraHits: number
  extraBlocks: number
  /** Hits from other traits (src/rules/stellar/traits.ts), each with its source. */
  hitBonuses: Bonus[]
  /** Blocks from other traits (Unyielding, Superior Instincts...), each with its source. */
  blockBonuses: BlockBonus[]
  /** Guard raised past the pilot's bonus (Prepare for Close Combat order): at most 3 in all. */
  guardRaise: number
  /** Superior Instincts: Blindside does nothing to this side. */
  blindsideImmune: boolean
  /** Solo Operative: as the defender it may take both Counter and Guard (defChoice 'both'). */
  soloOperative: boolean
  /** Unyielding / Don't Give up the Ship: this side rerolls failed saves once. */
  reroll: boolean
  /** Unbeaten: this side rerolls its defense dice that did not block. */
  unbeaten: boolean
  /** Persevere: this side takes less DMG per hit (damagePerHit). */
  persevere: boolean
  /** "It's not over yet!": the most Momentum this side spends on the saves it makes in the clash. */
  notOverYet: number
  /**
   * Evade dice this side rerolls on each overwatch attack at it (Three Times as Fast! 3, Blockade
   * Runner 2, Spread M-Particles 1; they add up). Improvise adds 2 once a round (`improvise`).
   */
  evadeRerolls: number
  /** Desperation Attack: three of a kind of 5+ on its attack dice are critical hits. */
  desperation: boolean
  /** Improvise: in the attack, this side rerolls up to 2 of the dice it just rolled. */
  improvise: boolean
  /** PEN its weapon gains (Giant Slayer), each with its source. */
  penBonuses: Bonus[]
  /** DMG its weapon gains (Mechanics Expert, Mastermind), each with its source. */
  dmgBonuses: Bonus[]
  /** Invincible: while it guards, criticals against it are plain hits. */
  guardCritsAsHits: boolean
}

/** A side given in part: each record's fields that differ from meleeSide's defaults. */
export interface SideParts {
  unit?: Partial<MeleeUnit>
  weapon?: Partial<MeleeWeapon>
  mods?: Partial<MeleeModifiers>
}

/**
 * A side from its parts, every field not given at its default: a plain unit (DMG 0, no PEN, no
 * shield, pilot level 0, no modifiers). The one place a side's defaults are written.
 */
export function meleeSide(parts: SideParts = {}): MeleeSide {
  return {
    unit: { armSv: 0, shield: 0, pilot: 0, momentum: 0, size: 0, evade: 0, warship: false, ...parts.unit },
    weapon: { dmg: 0, pen: NO_PEN, finisher: 0, ...parts.weapon },
    // In the order the fields were listed when a side was one flat record: the traits' changes
    // are listed in it (TraitEffect).
    mods: {
      boldLeader: false,
      boldAlly: false,
      skilledSwordsman: false,
      masterSwordsman: false,
      closeCombatExpert: false,
      mercilessMelee: false,
      berserker: false,
      killerInstinct: false,
      advantage: false,
      extraHits: 0,
      extraBlocks: 0,
      hitBonuses: [],
      blockBonuses: [],
      guardRaise: 0,
      blindsideImmune: false,
      unbeaten: false,
      persevere: false,
      soloOperative: false,
      reroll: false,
      notOverYet: 0,
      evadeRerolls: 0,
      desperation: false,
      improvise: false,
      penBonuses: [],
      dmgBonuses: [],
      guardCritsAsHits: false,
      ...parts.mods,
    },
  }
}

/**
 * WARSHIPS IN MELEE (quickstart, Warship Combat): "most ships have AA DEF which is Melee DEF",
 * and only "ships with a Melee stat" attack in melee. Whether a side can attack in melee: any
 * unit but a warship without a Melee stat, whose AA DEF dice all defend (split 0/AA DEF, Guard:
 * the command fixes both) and which never counter-attacks (counterStrike gives it no hits).
 */
export function meleeAttacks(side: MeleeSide): boolean {
  return !side.unit.warship || side.unit.shipMelee === true
}

/** The defender's overwatch against the charge: `attacks` shots of one weapon profile. */
export interface Overwatch {
  attacks: number
  acc: number
  shots: number
  dmg: number
  pen: Penetration
  targetLock: boolean
}

/** Where and when the clash happens: Blindside, the defender's overwatch, the round. */
export interface MeleeSituation {
  blindside: boolean
  overwatch: Overwatch | null
  /** The game round (1 on): Persevere's reduction grows in round 4. */
  round: number
}

/** A clash: both sides, their splits, the defender's choice and the situation. */
export interface Melee extends Decidable {
  atk: MeleeSide
  def: MeleeSide
  atkSplit: Split
  defSplit: Split
  defChoice: DefChoice
  situation: MeleeSituation
  /**
   * Sides whose Skill Defense is decided by a person after seeing the dice (their Momentum flag
   * was not given and someone can answer): decisions 'def-momentum' (against the attack) and
   * 'atk-momentum' (against the counter-attack). Otherwise the Momentum flag is spent greedily.
   */
  momentumAsked?: { atk: boolean; def: boolean }
  /**
   * The clash's choices left open when overwatch is fired at the charge: made after it, once per
   * overwatch outcome (the charge's choice stage, melee-choice.ts clashChoice), automatically or
   * asked (decisions 'atk-split', 'def-choice', 'def-split'). `atkSplit`, `defSplit` and
   * `defChoice` then hold the choice made when the overwatch does nothing. Absent: they are the
   * choices.
   */
  openChoices?: { atkSplit: boolean; defSplit: boolean; defChoice: boolean }
  /**
   * One token for the charges that differ from this one in the defender's HP alone (a plan's
   * charge at each HP the attacks before it leave): the clash's searches keep what reads no
   * defender HP once for them all (melee-choice.ts, ClashCommon). Absent: this charge alone.
   */
  hpFamily?: object
}

/** The choices of a clash: both splits and the defender's reaction. */
export interface ClashChoice {
  atkSplit: Split
  defSplit: Split
  defChoice: DefChoice
}

export const MAX_POOL = 10
/** Attack and defense dice are d10s. */
export const MELEE_DIE = 10

/**
 * The dice of a Melee stat that can be split: each pool holds at most MAX_POOL, so a pool over
 * 20 loses the dice past 10/10.
 */
export function usableDice(melee: number): number {
  return Math.min(melee, 2 * MAX_POOL)
}
export const FINISHING_BLOW_DMG = 1000
/** Natural faces that are critical hits on attack dice. */
export const CRIT_FROM = 9
/** Hits a critical is worth in melee. */
export const CRIT_HITS = 2

/** One strike: one side's attack dice against the other's defense dice, then armor saves. */
export interface Strike {
  striker: SideName
  attackDice: number
  /** Lowest face that hits (crits on 9-10 whatever this is). */
  hitOn: number
  /** Bonus hits with where each comes from (for --explain). */
  bonusHits: Bonus[]
  defenseDice: number
  blockOn: number
  bonusBlocks: Bonus[]
  /** Most Momentum the target spends negating hits. */
  momentum: number
  dmg: number
  pen: Penetration
  armSv: number
  size: number
  /** The target rerolls failed saves (Unyielding). */
  reroll: boolean
  /** The target rerolls its defense dice that did not block (Unbeaten). */
  defenseReroll: boolean
  /** Attack dice the striker may reroll, picked after seeing them (Improvise: 2). */
  attackRerolls: number
  /** Defense dice the target may reroll, picked after seeing them and the hits (Improvise: 2). */
  defenseRerolls: number
  /** Desperation Attack: three of a kind of 5+ on the attack dice are critical hits. */
  desperation: boolean
  /** The PEN the weapon gained (Giant Slayer), already in `pen`. */
  penBonuses: Bonus[]
  /** The DMG the weapon gained (Mechanics Expert, Mastermind), already in `dmg`; absent: none. */
  dmgBonuses?: Bonus[]
  /** Invincible guarding: the attack dice's criticals (9-10, Desperation's) count as plain hits. */
  critsAsHits?: boolean
  /** The target is a warship (saves capped at 5, Skill Defense 2 Momentum a hit). */
  warship: boolean
  /** The target's HP, for the reroll picks' objective (damage past it is worth nothing). */
  targetHp?: number
  /** The target's "It's not over yet!" Momentum. */
  notOverYet: number
}

export type AttackOutcome = 'crit' | 'hit' | 'miss'
export interface StrikeDie {
  roll: number
  pool: 'attack' | 'defense'
  outcome: AttackOutcome | 'block'
  /** The face this die showed before it was rerolled (Unbeaten, Improvise). */
  rerolledFrom?: number
  /** A critical hit by Desperation Attack (three of a kind of 5+). */
  desperation?: boolean
}

/** The dice a side rerolled by its pick (Improvise), for the report. */
export interface MeleeReroll {
  /** Dice it could reroll. */
  allowed: number
  /** The faces it picked (each names a die of its kind). */
  pick: number[]
  /** The rerolled dice (indexes into the pool, in roll order) and their new faces. */
  dice: number[]
  faces: number[]
}

export interface RolledAttack {
  dice: StrikeDie[]
  crits: number
  /** Hits from the dice alone: crits count 2. */
  rolledHits: number
  reroll?: MeleeReroll
}

export interface RolledDefense {
  dice: StrikeDie[]
  rolledBlocks: number
  reroll?: MeleeReroll
}

export interface StrikeTally {
  hits: number
  blocks: number
  hitsLeft: number
  momentumSpent: number
  unblockedHits: number
}

export interface StrikeResult extends StrikeTally {
  strike: Strike
  attackDice: StrikeDie[]
  defenseDice: StrikeDie[]
  crits: number
  rolledHits: number
  rolledBlocks: number
  hitDamage: number
  save: SaveResult
  damage: number
  /** The target was pushed out of melee (a failed save against a push/pull weapon). */
  pushedOut: boolean
  /** The dice each side rerolled by its pick (Improvise), when it could reroll any. */
  improvise?: { attack?: MeleeReroll; defense?: MeleeReroll }
}

/**
 * The overwatch stage's state after each attack: all the rest of the charge reads of it (the
 * damage taken so far, the charger's Momentum spent, whether it was destroyed).
 */
export interface OverwatchState {
  damage: number
  momentumSpent: number
  /** The charger was destroyed before reaching melee. */
  destroyed: boolean
  /** The charger spent its Improvise (once a round) on overwatch dice: none left for the clash. */
  improvised: boolean
}

export interface OverwatchResult extends OverwatchState {
  shots: ShotResult[]
}

export interface FinishingBlow {
  by: SideName
  damage: number
}

/** What the counter-attack and the Finishing Blow need to know about a strike. */
export interface StrikeSummary {
  damage: number
  pushedOut: boolean
}

export type CounterSkipped = 'defender destroyed' | 'pushed out of melee' | 'no clash'

export interface MeleeResult {
  overwatch: OverwatchResult | null
  /** The clash's choices (made after the overwatch when they were open: Melee.openChoices). */
  choice: ClashChoice
  /** False when the charger was destroyed by overwatch. */
  clash: boolean
  attack: StrikeResult | null
  counter: StrikeResult | null
  counterSkipped: CounterSkipped | null
  finishingBlow: FinishingBlow | null
  attacker: SideOutcome
  defender: SideOutcome
}

export interface SideOutcome {
  damageTaken: number
  hp?: number
  remainingHp?: number
  destroyed?: boolean
}

// ---------------------------------------------------------------------------------------------
// Arithmetic without dice

/** Face needed to hit: 5+, 4+ under a Bold Leader, one worse against a Swordsman. */
export function hitOn(striker: MeleeSide, target: MeleeSide): number {
  return (
    5 -
    (striker.mods.boldLeader || striker.mods.boldAlly ? 1 : 0) +
    (target.mods.skilledSwordsman || target.mods.masterSwordsman ? 1 : 0)
  )
}

/** Face needed to block: 5+, 4+ for a Bold Leader commander, one worse against a Master Swordsman. */
export function blockOn(target: MeleeSide, striker: MeleeSide): number {
  return 5 - (target.mods.boldLeader ? 1 : 0) + (striker.mods.masterSwordsman ? 1 : 0)
}

/** Hits a side's traits and situation add to its strike. */
function traitHits(side: MeleeSide): Bonus[] {
  const out: Bonus[] = []
  if (side.mods.closeCombatExpert) out.push({ source: 'Close Combat Expert', amount: 1 })
  if (side.mods.mercilessMelee) out.push({ source: 'Merciless Melee', amount: 2 })
  if (side.mods.berserker) out.push({ source: 'Berserker', amount: 3 })
  if (side.mods.killerInstinct)
    out.push({ source: 'Killer Instinct', amount: side.weapon.dmg <= 200 ? 2 : 1 })
  for (const b of side.mods.hitBonuses) out.push(b)
  if (side.mods.extraHits) out.push({ source: 'other bonuses', amount: side.mods.extraHits })
  return out
}

/**
 * The stack key of "+1 Block versus each enemy attack" (Killer Instinct / Berserker, Awe
 * Inspiring Arrival): Awe Inspiring Arrival "does not stack with abilities that offer the same
 * effects", so of these only one block counts.
 */
export const EACH_ATTACK_BLOCK = 'each-attack-block'

/** Blocks a side's traits add when it defends (stackedBlocks: the ones that do not stack). */
function traitBlocks(side: MeleeSide): Bonus[] {
  const out: BlockBonus[] = []
  if (side.mods.closeCombatExpert) out.push({ source: 'Close Combat Expert', amount: 1 })
  if (side.mods.mercilessMelee) out.push({ source: 'Merciless Melee', amount: 1 })
  if (side.mods.berserker) out.push({ source: 'Berserker', amount: 1, stack: EACH_ATTACK_BLOCK })
  if (side.mods.killerInstinct) out.push({ source: 'Killer Instinct', amount: 1, stack: EACH_ATTACK_BLOCK })
  for (const b of side.mods.blockBonuses) out.push(b)
  if (side.mods.extraBlocks) out.push({ source: 'other bonuses', amount: side.mods.extraBlocks })
  return stackedBlocks(out)
}

/** Blindside, unless the defender is immune to it (Superior Instincts). */
export function meleeBlindside(m: Pick<Melee, 'situation' | 'def'>): boolean {
  return m.situation.blindside && !m.def.mods.blindsideImmune
}

/** The melee Guard: the defender's pilot bonus raised by orders (at most 3). */
export function meleeGuard(side: MeleeSide): number {
  return defenderBonus(side.unit.pilot, side.mods.guardRaise)
}

/** Improvise: up to 2 Evade or Melee dice just rolled are rerolled (once a round). */
export const IMPROVISE_DICE = 2

/** A side's weapon PEN with what its traits add (Giant Slayer). */
export function sidePen(side: MeleeSide): Penetration {
  if (side.mods.penBonuses.length === 0) return side.weapon.pen
  return { value: side.weapon.pen.value + bonusTotal(side.mods.penBonuses), kind: side.weapon.pen.kind }
}

/** A side's weapon DMG with what its traits add (Mechanics Expert, Mastermind). */
export function sideDmg(side: MeleeSide): number {
  return side.weapon.dmg + bonusTotal(side.mods.dmgBonuses)
}

export function bonusTotal(bs: Bonus[]): number {
  let t = 0
  for (const b of bs) t += b.amount
  return t
}

const counters = (c: DefChoice) => c === 'counter' || c === 'both'
const guards = (c: DefChoice) => c === 'guard' || c === 'both'

/** The attacker's strike against the defender, with the given splits and choice. */
export function attackStrike(
  m: Melee,
  atkAttackDice = m.atkSplit.attack,
  defDefenseDice = m.defSplit.defense,
  choice = m.defChoice,
  atkImprovised = false,
): Strike {
  const { atk, def } = m
  const hits: Bonus[] = [
    {
      source: `attacker bonus${atk.unit.pilot >= 1 ? ' (level 1+)' : ''}`,
      amount: attackerBonus(atk.unit.pilot),
    },
  ]
  const blindside = meleeBlindside(m)
  // Invincible, guarding: every critical against it is a hit, Tactical Advantage's too.
  const critsAsHits = def.mods.guardCritsAsHits && guards(choice)
  if (blindside || atk.mods.advantage)
    hits.push(
      critsAsHits
        ? {
            source: `${blindside ? 'Blindside' : 'Tactical Advantage'} critical, a hit (Invincible)`,
            amount: 1,
          }
        : { source: `${blindside ? 'Blindside' : 'Tactical Advantage'} critical`, amount: CRIT_HITS },
    )
  hits.push(...traitHits(atk))
  const blocks: Bonus[] = []
  if (guards(choice)) {
    const notes = [
      def.unit.pilot >= 2 ? 'level 2' : '',
      def.mods.guardRaise > 0 ? `raised +${def.mods.guardRaise}, at most 3` : '',
    ]
      .filter(Boolean)
      .join(', ')
    blocks.push({ source: `Guard${notes ? ` (${notes})` : ''}`, amount: meleeGuard(def) })
  }
  const guarded = shieldOrBarrier(def.unit, blindside)
  if (guarded) blocks.push(guarded)
  blocks.push(...traitBlocks(def))
  return {
    striker: 'attacker',
    attackDice: atkAttackDice,
    hitOn: hitOn(atk, def),
    bonusHits: hits,
    defenseDice: defDefenseDice,
    blockOn: blockOn(def, atk),
    bonusBlocks: blocks,
    momentum: def.unit.momentum,
    dmg: damagePerHit(sideDmg(atk), def.mods.persevere, m.situation.round),
    pen: sidePen(atk),
    armSv: def.unit.armSv,
    size: def.unit.size,
    reroll: def.mods.reroll,
    defenseReroll: def.mods.unbeaten,
    // Improvise is once a round: both sides spend it on the attack, where both roll first,
    // unless the charger spent its own on overwatch dice (`atkImprovised`).
    attackRerolls: atk.mods.improvise && !atkImprovised ? IMPROVISE_DICE : 0,
    defenseRerolls: def.mods.improvise ? IMPROVISE_DICE : 0,
    desperation: atk.mods.desperation,
    penBonuses: atk.mods.penBonuses,
    dmgBonuses: atk.mods.dmgBonuses,
    critsAsHits,
    warship: def.unit.warship,
    targetHp: def.unit.hp,
    notOverYet: def.mods.notOverYet,
  }
}

/**
 * SHIELDS AND [BARRIERS] IN MELEE (quickstart, Shields): shields block melee attacks too, not
 * against Blindside, and "do not stack" with [Barriers]. Reading (issue 37): nothing limits a
 * [Barrier] to shooting, so it blocks in melee as a shield does, the better of the two counting
 * (a tie is the shield's); as when shot (shoot.ts, shotBlocks), Blindside names shields only, so
 * a barrier still blocks a Blindside attack.
 */
export function shieldOrBarrier(unit: MeleeUnit, blindside: boolean): Bonus | undefined {
  const shield = blindside ? 0 : unit.shield
  const barrier = unit.barrier ?? 0
  if (barrier > shield) return { source: 'barrier', amount: barrier }
  return shield > 0 ? { source: 'shield', amount: shield } : undefined
}

/** The defender's counter-attack against the attacker's defense dice. */
export function counterStrike(
  m: Melee,
  atkMomentumLeft: number,
  defAttackDice = m.defSplit.attack,
  atkDefenseDice = m.atkSplit.defense,
  choice = m.defChoice,
): Strike {
  const { atk, def } = m
  const hits: Bonus[] = []
  // A warship without a Melee stat never attacks in melee: no hits at all (its split has no
  // attack dice), and no dice rolled.
  if (meleeAttacks(def)) {
    if (counters(choice))
      hits.push({
        source: `Counter${def.unit.pilot >= 2 ? ' (level 2)' : ''}`,
        amount: defenderBonus(def.unit.pilot),
      })
    if (def.mods.advantage) hits.push({ source: 'Tactical Advantage critical', amount: CRIT_HITS })
    hits.push(...traitHits(def))
  }
  const blocks: Bonus[] = []
  const guarded = shieldOrBarrier(atk.unit, false)
  if (guarded) blocks.push(guarded)
  blocks.push(...traitBlocks(atk))
  return {
    striker: 'defender',
    attackDice: meleeAttacks(def) ? defAttackDice : 0,
    hitOn: hitOn(def, atk),
    bonusHits: hits,
    // Nothing to defend against: the charger rolls no defense dice either.
    defenseDice: meleeAttacks(def) ? atkDefenseDice : 0,
    blockOn: blockOn(atk, def),
    bonusBlocks: blocks,
    momentum: atkMomentumLeft,
    dmg: damagePerHit(sideDmg(def), atk.mods.persevere, m.situation.round),
    pen: sidePen(def),
    armSv: atk.unit.armSv,
    size: atk.unit.size,
    reroll: atk.mods.reroll,
    defenseReroll: atk.mods.unbeaten,
    // Improvise was the sides' on the attack (once a round): none here.
    attackRerolls: 0,
    defenseRerolls: 0,
    desperation: def.mods.desperation,
    penBonuses: def.mods.penBonuses,
    dmgBonuses: def.mods.dmgBonuses,
    critsAsHits: false,
    warship: atk.unit.warship,
    targetHp: atk.unit.hp,
    notOverYet: atk.mods.notOverYet,
  }
}

/**
 * Hits minus blocks decide everything after the dice: with y = hits - blocks, the hits left
 * after blocks are max(0, y), Skill Defense negates min(momentum, that), and the unblocked hits
 * are max(0, y - momentum). The odds use this identity on the distribution of rolled hits minus
 * rolled blocks.
 */
export function tallyStrike(s: Strike, rolledHits: number, rolledBlocks: number): StrikeTally {
  return tallyOf(tallyInput(s), rolledHits, rolledBlocks)
}

/** Everything the tally reads of a strike besides its rolls: its declared input. */
export interface TallyInput {
  bonusHits: number
  bonusBlocks: number
  momentum: number
  warship: boolean
}

export function tallyInput(s: Strike): TallyInput {
  return {
    bonusHits: bonusTotal(s.bonusHits),
    bonusBlocks: bonusTotal(s.bonusBlocks),
    momentum: s.momentum,
    warship: s.warship,
  }
}

/** The tally (tallyStrike) from its declared input. */
export function tallyOf(t: TallyInput, rolledHits: number, rolledBlocks: number): StrikeTally {
  const hits = rolledHits + t.bonusHits
  const blocks = rolledBlocks + t.bonusBlocks
  const hitsLeft = Math.max(0, hits - blocks)
  // Skill Defense as in shooting: a warship pays 2 Momentum a hit, so only whole pairs are spent.
  const momentumSpent = skillDefenseSpent(t.momentum, hitsLeft, t.warship)
  return {
    hits,
    blocks,
    hitsLeft,
    momentumSpent,
    unblockedHits: hitsLeft - momentumNegates(momentumSpent, t.warship),
  }
}

/**
 * A strike's unblocked hits from its rolled hits minus its rolled blocks alone: tallyStrike reads
 * the rolls only through that difference (the identity above; melee.test.ts holds it to that),
 * so the choice search tallies each difference once, through this.
 */
export function unblockedByDifference(s: Strike, rolledHitsMinusBlocks: number): number {
  return tallyStrike(s, rolledHitsMinusBlocks, 0).unblockedHits
}

/** The saves a strike's unblocked hits call for, with the target's rerolls and "It's not over yet!". */
export function strikeSaveSpec(s: Strike, unblockedHits: number): SaveSpec {
  const spec: SaveSpec = {
    hits: unblockedHits,
    pen: s.pen,
    armSv: s.armSv,
    warship: s.warship,
    size: s.size,
    reroll: s.reroll,
  }
  // Absent rather than undefined: the same JSON key, written faster (the saves are memoised by it).
  if (s.notOverYet > 0) spec.notOverYet = s.notOverYet
  return spec
}

/** Damage as far as it counts for the choices: past the target's HP (when known) it is worth nothing. */
export function cappedDamage(damage: number, hp: number | undefined): number {
  return hp === undefined ? damage : Math.min(damage, hp)
}

/** Damage and push-out from a strike's unblocked hits and failed saves. */
export function strikeSummary(
  s: Pick<Strike, 'dmg'>,
  unblockedHits: number,
  save: Pick<SaveResult, 'damage' | 'pushes'>,
): StrikeSummary {
  return { damage: unblockedHits * s.dmg + save.damage, pushedOut: save.pushes > 0 }
}

// ---------------------------------------------------------------------------------------------
// The dice

const who = (s: Strike) => (s.striker === 'attacker' ? ['attacker', 'defender'] : ['defender', 'attacker'])

/** Faces from which Desperation Attack's three of a kind count ("only dice rolls of 5+"). */
export const DESPERATION_FROM = 5
/** Attack dice of one face that make Desperation Attack's three of a kind. */
export const DESPERATION_SET = 3

/**
 * How an attack die counts, by face: 2 a critical (9-10, two hits), 1 a hit (hitOn+), 0 a miss.
 * With Desperation Attack each face from 5 to 8 is a class of its own (named by the face), as
 * three of a kind reads the faces themselves.
 */
export function attackDieClass(
  s: Pick<Strike, 'hitOn' | 'desperation' | 'critsAsHits'>,
): (face: number) => number {
  const on = s.hitOn
  // Invincible guarding: a critical is a plain hit (Desperation's sets too: countAttack).
  const crit = s.critsAsHits ? 1 : 2
  if (s.desperation) return (f) => (f >= CRIT_FROM ? crit : f >= DESPERATION_FROM ? f : f >= on ? 1 : 0)
  return (f) => (f >= CRIT_FROM ? crit : f >= on ? 1 : 0)
}

/** How a defense die counts, by face: 1 a block (blockOn+), 0 nothing. */
export function defenseDieClass(s: Pick<Strike, 'blockOn'>): (face: number) => 0 | 1 {
  const on = s.blockOn
  return (f) => (f >= on ? 1 : 0)
}

/**
 * DESPERATION ATTACK (wargame rules, trait upgrades): in melee, three of a kind on the attack
 * dice of a 5 or more are critical hits. The faces from 5 to 8 that three or more attack dice
 * show (9-10 are criticals anyway).
 *
 * Readings (docs/rules-notes.md): every die showing such a face is a critical, so four 7s are
 * four criticals, not three and a hit ("treat those dice as Critical Hits": the dice of the
 * kind); a 5 counts even where a 5 alone misses (against a Swordsman: "only dice rolls of 5+
 * are eligible" names the face, not the hit); melee criticals have no cap, so nothing limits them.
 */
export function desperationFaces(faces: readonly number[]): number[] {
  const counts = new Array<number>(CRIT_FROM).fill(0)
  for (const f of faces) if (f >= DESPERATION_FROM && f < CRIT_FROM) counts[f]++
  const out: number[] = []
  for (let f = DESPERATION_FROM; f < CRIT_FROM; f++) if (counts[f] >= DESPERATION_SET) out.push(f)
  return out
}

/** The attack dice as they count: each die's outcome, the criticals (Desperation Attack's marked) and the rolled hits. */
export function countAttack(
  s: Pick<Strike, 'hitOn' | 'desperation' | 'critsAsHits'>,
  faces: readonly number[],
): { outcomes: AttackOutcome[]; desperate: boolean[]; crits: number; rolledHits: number } {
  const sets = s.desperation ? desperationFaces(faces) : []
  let crits = 0
  let rolledHits = 0
  const desperate: boolean[] = []
  const outcomes = faces.map((f): AttackOutcome => {
    const set = f < CRIT_FROM && sets.includes(f)
    desperate.push(set)
    // Invincible guarding: "Crits vs this unit are instead Hits".
    if ((f >= CRIT_FROM || set) && s.critsAsHits) {
      rolledHits++
      return 'hit'
    }
    if (f >= CRIT_FROM || set) {
      crits++
      rolledHits += CRIT_HITS
      return 'crit'
    }
    if (f >= s.hitOn) {
      rolledHits++
      return 'hit'
    }
    return 'miss'
  })
  return { outcomes, desperate, crits, rolledHits }
}

/**
 * The most hits a strike can make: every attack die a critical (countAttack), every bonus hit.
 * Melee criticals have no cap (a reading, see the module comment).
 */
export function mostHits(s: Pick<Strike, 'attackDice' | 'bonusHits'>): number {
  return CRIT_HITS * s.attackDice + bonusTotal(s.bonusHits)
}

// ---------------------------------------------------------------------------------------------
// Rerolls a side picks (Improvise), through the one reroll combinator (choice.ts)

/**
 * A strike's outlook from its unblocked hits (choice.ts: the automatic choices' quantities,
 * against the target's HP when known): the saves walked (savesFor), then strikeSummary.
 */
export function unblockedMeans(s: Strike): (unblockedHits: number) => Outlook {
  const saves = savesFor(strikeSaveSpec(s, 0))
  const rows: Outlook[] = []
  return (u) => {
    let row = rows[u]
    if (!row) {
      row = noOutlook()
      const m = row
      saves(u).forEach((save, q) =>
        addOutcome(m, q, strikeSummary(s, u, save).damage, s.targetHp, save.failedSaves, u),
      )
      rows[u] = row
    }
    return row
  }
}

/** A side's reroll question: the dice just rolled and each sensible pick, best for it first. */
export interface MeleeRerollQuestion {
  side: SideName
  pool: 'attack' | 'defense'
  faces: number[]
  allowed: number
  options: RerollOption[]
  strike: Strike
}

/**
 * IMPROVISE (quickstart, universal skill [M-0]): "once per Round reroll up to 2 Evade or Melee
 * dice you just rolled". The striker's reroll of its attack dice (any but a critical: nothing
 * beats it), weighed by the strike's outlook over the defense dice still to come (with the
 * target's own pick) and the saves.
 */
export function attackRerollPool(s: Strike): Reroll {
  const classify = attackDieClass(s)
  const later = hitsMeans(s)
  return {
    sides: MELEE_DIE,
    classify,
    eligible: (faces, i) => classify(faces[i]) !== 2,
    allowed: s.attackRerolls,
    outlook: (faces) => later(countAttack(s, faces).rolledHits),
    goal: 'harm',
  }
}

/**
 * The target's reroll of its defense dice that did not block, against `rolledHits`. A die
 * Unbeaten already rerolled (`rerolled`) is not rerolled again: each die once.
 */
export function defenseRerollPool(s: Strike, rolledHits: number, rerolled: readonly boolean[]): Reroll {
  const classify = defenseDieClass(s)
  const means = unblockedMeans(s)
  return {
    sides: MELEE_DIE,
    classify,
    eligible: (faces, i) => classify(faces[i]) === 0 && !rerolled[i],
    allowed: s.defenseRerolls,
    outlook: (faces) => {
      let b = 0
      for (const f of faces) b += classify(f)
      return means(tallyStrike(s, rolledHits, b).unblockedHits)
    },
    goal: 'spare',
  }
}

/** Rolled blocks against `rolledHits` (the target's reroll pick reads them): rollDefenseDice walked. */
export function blocksAgainst(s: Strike, rolledHits: number): Distribution<number> {
  return walk((dice) => rollDefenseDice(dice, s, rolledHits).rolledBlocks)
}

/** The strike's outlook once its attack dice show `rolledHits`: the defense dice (blocksAgainst), the tally, the saves. */
export function hitsMeans(s: Strike): (rolledHits: number) => Outlook {
  const means = unblockedMeans(s)
  const rows: Outlook[] = []
  return (h) => {
    let row = rows[h]
    if (!row) {
      const m = (row = noOutlook())
      blocksAgainst(s, h).forEach((b, q) => addOutlook(m, q, means(tallyStrike(s, h, b).unblockedHits)))
      rows[h] = row
    }
    return row
  }
}

/**
 * Whether a side picks rerolls of a strike's pool after seeing the dice (Improvise): the attack
 * dice by the striker, the defense dice by the target. rollAttackDice and rollDefenseDice roll
 * the pick when this holds, and the odds compose the pick then (rolledHitsOdds, unblockedOdds).
 */
export function picksRerolls(
  s: Pick<Strike, 'attackRerolls' | 'defenseRerolls'>,
  pool: 'attack' | 'defense',
): boolean {
  return (pool === 'attack' ? s.attackRerolls : s.defenseRerolls) > 0
}

/** Who asks a side's reroll pick, and of what: the decision 'atk-reroll' or 'def-reroll' of `by`. */
export interface RerollAsk {
  by: Decidable
  side: SideName
  pool: 'attack' | 'defense'
  strike: Strike
}

/**
 * A side's Improvise pick when it may be asked or was given beforehand (--atk-reroll,
 * --def-reroll: a pick takes what the dice allow): its decision, as faces.
 */
export function askMeleeReroll(
  ask: RerollAsk,
  faces: readonly number[],
  r: Reroll,
): (options: RerollOption[]) => number[] {
  return (options) =>
    decision<number[]>(
      ask.by,
      `${ask.side === 'attacker' ? 'atk' : 'def'}-reroll`,
      {
        side: ask.side,
        pool: ask.pool,
        faces: faces.slice(),
        allowed: r.allowed,
        options,
        strike: ask.strike,
      } satisfies MeleeRerollQuestion,
      options[0].pick,
    )
}

/**
 * A side rerolls dice of a pool it just rolled, as it picks (choice.ts's rollRerolls, asked
 * through `by` when given). The faces are changed in place; what was rerolled is returned.
 */
function rerollPool(
  dice: Dice,
  faces: number[],
  r: Reroll,
  label: string,
  ask: Omit<RerollAsk, 'by'>,
  by?: Decidable,
): MeleeReroll {
  const done = rollRerolls(
    dice,
    faces,
    r,
    label,
    by
      ? askMeleeReroll({ by, side: ask.side, pool: ask.pool, strike: ask.strike }, faces.slice(), r)
      : undefined,
  )
  return { allowed: r.allowed, pick: done.pick, dice: done.dice, faces: done.faces }
}

/** Everything a strike's attack dice read when no one picks rerolls: its declared input. */
export interface AttackDiceInput {
  attackDice: number
  hitOn: number
  desperation: boolean
  /** Present (true) only when the criticals are plain hits (Invincible guarding). */
  critsAsHits?: true
}

/** A strike's attack dice input (the rolls and their odds read it, and nothing else of the strike). */
export function attackDiceInput(s: Strike): AttackDiceInput {
  const input: AttackDiceInput = { attackDice: s.attackDice, hitOn: s.hitOn, desperation: s.desperation }
  if (s.critsAsHits) input.critsAsHits = true
  return input
}

/**
 * Attack dice: classes crit (9-10), hit (hitOn-8) and miss, each face 5-8 its own with
 * Desperation Attack. A striker with Improvise then rerolls the dice it picks (its decision on
 * `by` when given, see askMeleeReroll and choice.ts).
 */
export function rollAttackDice(dice: Dice, s: Strike, by?: Decidable): RolledAttack {
  const input = attackDiceInput(s)
  const classify = attackDieClass(input)
  const [striker] = who(s)
  const first = dice.pool(input.attackDice, MELEE_DIE, `${striker}'s attack dice`, classify)
  const faces = first.slice()
  const reroll = picksRerolls(s, 'attack')
    ? rerollPool(
        dice,
        faces,
        attackRerollPool(s),
        `${striker}'s attack rerolls (Improvise)`,
        { side: s.striker, pool: 'attack', strike: s },
        by,
      )
    : undefined
  const counted = countAttack(input, faces)
  const out: StrikeDie[] = faces.map((roll, i) => {
    const die: StrikeDie = { roll, pool: 'attack', outcome: counted.outcomes[i] }
    if (counted.desperate[i]) die.desperation = true
    if (reroll?.dice.includes(i)) die.rerolledFrom = first[i]
    return die
  })
  const rolled: RolledAttack = { dice: out, crits: counted.crits, rolledHits: counted.rolledHits }
  if (reroll) rolled.reroll = reroll
  return rolled
}

/** Everything a strike's defense dice read when no one picks rerolls: its declared input. */
export interface DefenseDiceInput {
  defenseDice: number
  blockOn: number
  defenseReroll: boolean
}

/** A strike's defense dice input (the rolls and their odds read it, and nothing else of the strike). */
export function defenseDiceInput(s: Strike): DefenseDiceInput {
  return { defenseDice: s.defenseDice, blockOn: s.blockOn, defenseReroll: s.defenseReroll }
}

/**
 * The defense dice before any pick: the first roll, then Unbeaten's reroll of the dice that did
 * not block, once, in one pool (a block is kept: a reroll could only lose it). `target` names
 * the side for the dice's labels.
 */
export function rollBlocks(
  dice: Dice,
  input: DefenseDiceInput,
  target: string,
): { first: number[]; faces: number[]; rolledBlocks: number } {
  const blocks = defenseDieClass(input)
  const first = dice.pool(input.defenseDice, MELEE_DIE, `${target}'s defense dice`, blocks)
  const faces = first.slice()
  if (input.defenseReroll) {
    const missed = faces.map((f, i) => (blocks(f) ? -1 : i)).filter((i) => i >= 0)
    if (missed.length) {
      const again = dice.pool(missed.length, MELEE_DIE, `${target}'s defense rerolls`, blocks)
      missed.forEach((i, k) => (faces[i] = again[k]))
    }
  }
  let rolledBlocks = 0
  for (let i = 0; i < faces.length; i++) rolledBlocks += blocks(faces[i])
  return { first, faces, rolledBlocks }
}

/**
 * Defense dice: a block on blockOn+ (rollBlocks, with Unbeaten's reroll); a target with
 * Improvise then rerolls those it picks, against the strike's `rolledHits` (its decision on `by`
 * when given, see askMeleeReroll and choice.ts).
 */
export function rollDefenseDice(dice: Dice, s: Strike, rolledHits = 0, by?: Decidable): RolledDefense {
  const input = defenseDiceInput(s)
  const blocks = defenseDieClass(input)
  const { first, faces } = rollBlocks(dice, input, who(s)[1])
  const target: SideName = s.striker === 'attacker' ? 'defender' : 'attacker'
  const reroll = picksRerolls(s, 'defense')
    ? rerollPool(
        dice,
        faces,
        defenseRerollPool(
          s,
          rolledHits,
          first.map((f) => input.defenseReroll && !blocks(f)),
        ),
        `${who(s)[1]}'s defense rerolls (Improvise)`,
        { side: target, pool: 'defense', strike: s },
        by,
      )
    : undefined
  let rolledBlocks = 0
  const out: StrikeDie[] = faces.map((roll, i) => {
    const die: StrikeDie =
      blocks(roll) === 1
        ? { roll, pool: 'defense', outcome: 'block' }
        : { roll, pool: 'defense', outcome: 'miss' }
    if (die.outcome === 'block') rolledBlocks++
    if (roll !== first[i] || (input.defenseReroll && !blocks(first[i])) || reroll?.dice.includes(i))
      die.rerolledFrom = first[i]
    return die
  })
  const rolled: RolledDefense = { dice: out, rolledBlocks }
  if (reroll) rolled.reroll = reroll
  return rolled
}

/** A strike's last stage: armor saves against its unblocked hits, and what the clash reads of it. */
export function strikeSaves(
  dice: Dice,
  s: Strike,
  unblockedHits: number,
): { save: SaveResult; summary: StrikeSummary } {
  const save = resolveArmorSaves(dice, strikeSaveSpec(s, unblockedHits))
  return { save, summary: strikeSummary(s, unblockedHits, save) }
}

/** What a side is asked before spending Momentum on Skill Defense. */
/** A side's Skill Defense question against a strike. */
export type MomentumQuestion = SkillDefenseQuestion<Strike>

/**
 * One strike: attack dice, defense dice, tally, armor saves (the saves shared with shooting).
 * `spend`, when given, decides the Momentum spent once the dice are known (a person asked);
 * it is held between 0 and the hits left. `by`, when given, holds the sides' reroll decisions
 * (Improvise, see askMeleeReroll and choice.ts).
 */
export function resolveStrike(
  dice: Dice,
  s: Strike,
  spend?: (q: MomentumQuestion) => number,
  by?: Decidable,
): StrikeResult {
  const a = rollAttackDice(dice, s, by)
  const d = rollDefenseDice(dice, s, a.rolledHits, by)
  let t = tallyStrike(s, a.rolledHits, d.rolledBlocks)
  if (spend && t.hitsLeft > 0) {
    const side: SideName = s.striker === 'attacker' ? 'defender' : 'attacker'
    // A warship pays 2 Momentum a hit.
    const maxPoints = skillDefenseMax(t.hitsLeft, s.warship)
    const p = Math.max(
      0,
      Math.min(
        maxPoints,
        Math.floor(
          spend({
            side,
            hits: t.hits,
            blocks: t.blocks,
            hitsLeft: t.hitsLeft,
            maxPoints,
            attack: s,
          }),
        ),
      ),
    )
    t = {
      hits: t.hits,
      blocks: t.blocks,
      hitsLeft: t.hitsLeft,
      momentumSpent: p,
      unblockedHits: t.hitsLeft - momentumNegates(p, s.warship),
    }
  }
  const { save, summary: sum } = strikeSaves(dice, s, t.unblockedHits)
  const result: StrikeResult = {
    hits: t.hits,
    blocks: t.blocks,
    hitsLeft: t.hitsLeft,
    momentumSpent: t.momentumSpent,
    unblockedHits: t.unblockedHits,
    strike: s,
    attackDice: a.dice,
    defenseDice: d.dice,
    crits: a.crits,
    rolledHits: a.rolledHits,
    rolledBlocks: d.rolledBlocks,
    hitDamage: t.unblockedHits * s.dmg,
    save,
    damage: sum.damage,
    pushedOut: sum.pushedOut,
  }
  if (a.reroll || d.reroll) {
    const improvise: NonNullable<StrikeResult['improvise']> = {}
    if (a.reroll) improvise.attack = a.reroll
    if (d.reroll) improvise.defense = d.reroll
    result.improvise = improvise
  }
  return result
}

/** Everything an overwatch shot reads of the overwatch state before it: its declared input. */
export interface OverwatchShotInput {
  /** The charger's Momentum left. */
  momentum: number
  /** Evade dice it may reroll. */
  evadeRerolls: number
  /** Its HP left, when it may reroll (only its pick reads it). */
  hp: number | undefined
}

/** The declared input of the overwatch shot after `st`. */
export function overwatchShotInput(m: Melee, st: OverwatchState): OverwatchShotInput {
  const rerolls = overwatchRerolls(m, st)
  return {
    momentum: momentumLeft(m, st),
    evadeRerolls: rerolls,
    hp: rerolls > 0 && m.atk.unit.hp !== undefined ? m.atk.unit.hp - st.damage : undefined,
  }
}

/**
 * One overwatch shot at the charger, after the overwatch state `st`: the shot's own flow with
 * the charger as the defender. No Precision/Barrage/Dodge/Guard; its Evade and shield count; it
 * rerolls evade dice "as normal" (its per-attack rerolls, and Improvise while not spent), its
 * pick weighed against the HP it has left; whether a pick may spend Improvise is weighed over the
 * rest of the charge (melee-flow.ts, OverwatchWorth).
 */
export function overwatchShot(m: Melee, ow: Overwatch, st: OverwatchState): Shot {
  const a = m.atk
  const input = overwatchShotInput(m, st)
  return shotInput({
    weapon: { acc: ow.acc, shots: ow.shots, dmg: ow.dmg, pen: ow.pen, targetLock: ow.targetLock },
    target: {
      evade: a.unit.evade,
      armSv: a.unit.armSv,
      shield: a.unit.shield,
      barrier: a.unit.barrier ?? 0,
      // The charger's rerolls count against overwatch too; its trait blocks and "It's not over
      // yet!" are left to the clash (overwatch is resolved as it was before traits).
      reroll: a.mods.reroll,
      momentum: input.momentum,
      evadeRerolls: input.evadeRerolls,
      persevere: a.mods.persevere,
      warship: a.unit.warship,
      size: a.unit.size,
      // The HP left only weighs the reroll pick (nothing else of the shot reads it here).
      hp: input.hp,
    },
    situation: { round: m.situation.round },
    askDecisions: false,
  })
}

/** Evade dice the charger may reroll on the next overwatch attack: its per-attack ones, and Improvise while unspent. */
export function overwatchRerolls(m: Melee, st: Pick<OverwatchState, 'improvised'>): number {
  return m.atk.mods.evadeRerolls + (m.atk.mods.improvise && !st.improvised ? IMPROVISE_DICE : 0)
}

/**
 * Whether an overwatch attack spent the charger's Improvise: it rerolled more evade dice than its
 * per-attack rerolls allow (those are used first).
 */
export function improvisedOn(m: Melee, rerolled: number): boolean {
  return m.atk.mods.improvise && rerolled > m.atk.mods.evadeRerolls
}

/** Evade dice an overwatch attack rerolled. */
export function rerolledDice(shot: Pick<ShotResult, 'reroll'>): number {
  return shot.reroll?.dice.length ?? 0
}

/** Overwatch attacks actually fired: none when blindsided. */
export function overwatchAttacks(m: Melee): number {
  return m.situation.overwatch && !meleeBlindside(m) ? m.situation.overwatch.attacks : 0
}

export const OVERWATCH_START: OverwatchState = {
  damage: 0,
  momentumSpent: 0,
  destroyed: false,
  improvised: false,
}

/**
 * The Momentum the charger has left after the overwatch state `st`: its one pool, spent on the
 * overwatch shots and then on the counter-attack.
 */
export function momentumLeft(m: Melee, st: OverwatchState): number {
  return m.atk.unit.momentum - st.momentumSpent
}

/** The shot of the next overwatch attack: the charger has the Momentum it has not spent yet. */
export function nextOverwatchShot(m: Melee, st: OverwatchState): Shot {
  return overwatchShot(m, m.situation.overwatch!, st)
}

/** Whether overwatch fires at the charger again after `st`: a destroyed charger is fired at no more. */
export function firesAgain(st: OverwatchState): boolean {
  return !st.destroyed
}

/**
 * The state after one more overwatch attack (`improvised`: it spent the charger's Improvise,
 * improvisedOn): its damage and Momentum add up; HP decides; Improvise, once spent, stays spent.
 */
export function afterOverwatchShot(
  m: Melee,
  st: OverwatchState,
  shot: Pick<ShotResult, 'damage' | 'momentumSpent'>,
  improvised: boolean,
): OverwatchState {
  const damage = st.damage + shot.damage
  return {
    damage,
    momentumSpent: st.momentumSpent + shot.momentumSpent,
    destroyed: !survives(damage, m.atk.unit.hp),
    improvised: st.improvised || improvised,
  }
}

// ---------------------------------------------------------------------------------------------
// Concluding the clash: pure functions of the strikes' summaries, shared by rolls and odds.

/** What concluding the clash needs besides the strikes: HP and the sides' finishing power. */
export interface ClashContext {
  defHp?: number
  /** The attacker's HP when the clash starts (after overwatch). */
  atkHpLeft?: number
  atkPilot: Level
  defPilot: Level
  atkFinisher: number
  defFinisher: number
}

export function clashContext(m: Melee, overwatchDamage: number): ClashContext {
  return {
    defHp: m.def.unit.hp,
    atkHpLeft: m.atk.unit.hp === undefined ? undefined : m.atk.unit.hp - overwatchDamage,
    atkPilot: m.atk.unit.pilot,
    defPilot: m.def.unit.pilot,
    atkFinisher: m.atk.weapon.finisher,
    defFinisher: m.def.weapon.finisher,
  }
}

export function survives(damage: number, hp: number | undefined): boolean {
  return hp === undefined || damage < hp
}

// Which strikes the clash has after the overwatch state, and so what concludeClash is passed:
// attackMade, then counterMomentum. The charge's flow (melee-flow.ts) reads these two.

/** The attack is made unless overwatch destroyed the charger: it never reaches melee. */
export function attackMade(st: OverwatchState): boolean {
  return !st.destroyed
}

/**
 * The counter-attack after the attack `attack` (its summary): made when the attack was
 * (attackMade) and counterSkippedBy does not skip it, against the Momentum the charger has left
 * (momentumLeft), which this returns; null when there is no counter-attack.
 */
export function counterMomentum(m: Melee, st: OverwatchState, attack: StrikeSummary): number | null {
  if (!attackMade(st) || counterSkippedBy(attack, clashContext(m, st.damage)) !== null) return null
  return momentumLeft(m, st)
}

/** Whether the defender counter-attacks: it survived and was not pushed out of melee. */
export function counterSkippedBy(attack: StrikeSummary, c: ClashContext): CounterSkipped | null {
  if (!survives(attack.damage, c.defHp)) return 'defender destroyed'
  if (attack.pushedOut) return 'pushed out of melee'
  return null
}

/** Who may strike a Finishing Blow: Skilled and Ace pilots (level 1+). */
export function canFinish(pilot: Level): boolean {
  return pilot >= 1
}

export function finishingBlowDamage(finisher: number): number {
  return FINISHING_BLOW_DMG * (1 + finisher)
}

/**
 * FINISHING BLOW: a level 1+ side that dealt damage while taking none in return, or pushed its
 * enemy out of melee, strikes for 1000 DMG (+1000 per Finisher level). Never at a destroyed unit.
 *
 * Invariant the odds rely on: this reads the attack only through (damage > 0, pushedOut, the
 * defender surviving) and the counter only through its damage, pushedOut and the attacker
 * surviving it.
 */
export function finishingBlow(
  attack: StrikeSummary,
  counter: StrikeSummary | null,
  c: ClashContext,
): FinishingBlow | null {
  const defAlive = survives(attack.damage, c.defHp)
  const taken = counter ? counter.damage : 0
  if (canFinish(c.atkPilot) && defAlive && ((attack.damage > 0 && taken === 0) || attack.pushedOut)) {
    return { by: 'attacker', damage: finishingBlowDamage(c.atkFinisher) }
  }
  if (
    counter &&
    canFinish(c.defPilot) &&
    survives(counter.damage, c.atkHpLeft) &&
    ((counter.damage > 0 && attack.damage === 0) || counter.pushedOut)
  ) {
    return { by: 'defender', damage: finishingBlowDamage(c.defFinisher) }
  }
  return null
}

/** A side's damage taken and, with its HP, what is left of it (the clash's sides, a throw's target). */
export function sideOutcome(damageTaken: number, hp: number | undefined): SideOutcome {
  if (hp === undefined) return { damageTaken }
  return { damageTaken, hp, remainingHp: hp - damageTaken, destroyed: !survives(damageTaken, hp) }
}

/** How a charge ends: everything after the dice, for rolls and odds alike. */
export interface ClashConclusion {
  /** False when the charger was destroyed by overwatch. */
  clash: boolean
  counterSkipped: CounterSkipped | null
  finishingBlow: FinishingBlow | null
  attacker: SideOutcome
  defender: SideOutcome
  /**
   * Damage each side takes after its first stage: the attacker after overwatch (the counter-attack,
   * a Finishing Blow), the defender after the attack (a Finishing Blow). Each side's damage taken
   * is damageTaken(first stage's damage, this).
   */
  later: { attacker: number; defender: number }
}

/** A side's damage taken: its first stage's damage (overwatch's, the attack's), then the rest. */
export function damageTaken(first: number, later: number): number {
  return first + later
}

/**
 * Concluding the charge from its stages' results: the overwatch state, the attack (null when the
 * charger never reached melee) and the counter-attack (null exactly when counterSkippedBy skips
 * it). The Finishing Blow, the damage each side takes and who is destroyed are decided here
 * only: the conclusion stage of the charge's flow (melee-flow.ts) calls this.
 */
export function concludeClash(
  m: Melee,
  ow: OverwatchState,
  attack: StrikeSummary | null,
  counter: StrikeSummary | null,
): ClashConclusion {
  if (ow.destroyed || !attack) {
    const later = { attacker: 0, defender: 0 }
    return {
      clash: false,
      counterSkipped: 'no clash',
      finishingBlow: null,
      attacker: sideOutcome(damageTaken(ow.damage, 0), m.atk.unit.hp),
      defender: sideOutcome(0, m.def.unit.hp),
      later,
    }
  }
  const ctx = clashContext(m, ow.damage)
  const counterSkipped = counterSkippedBy(attack, ctx)
  if ((counterSkipped === null) !== (counter !== null))
    throw new Error('concludeClash: a counter-attack exactly when it is not skipped')
  const fb = finishingBlow(attack, counter, ctx)
  const later = {
    attacker: (counter?.damage ?? 0) + (fb?.by === 'defender' ? fb.damage : 0),
    defender: fb?.by === 'attacker' ? fb.damage : 0,
  }
  const attacker = sideOutcome(damageTaken(ow.damage, later.attacker), m.atk.unit.hp)
  return {
    clash: true,
    counterSkipped,
    finishingBlow: fb,
    attacker,
    defender: sideOutcome(damageTaken(attack.damage, later.defender), m.def.unit.hp),
    later,
  }
}

// ---------------------------------------------------------------------------------------------

/** The whole charge is one flow (melee-flow.ts): overwatch, attack, counter-attack, conclusion. */
