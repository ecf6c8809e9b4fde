import type { Dice } from '../../core/dice.js'
import { type Decidable, decision } from '../../core/decide.js'
import { Distribution } from '../../core/distribution.js'
import { poolOutcomes } from '../../core/exact.js'
import { Flow, type Stage } from '../../core/flow.js'
import { memoise } from '../../core/memo.js'
import { type SaveResult, type SaveSpec, antiBeamBonus, resolveArmorSaves, saveCap } from './armor-save.js'
import { savesFor } from './armor-save-odds.js'
import {
  type Outlook,
  type Reroll,
  type RerollOption,
  noOutlook,
  addOutcome,
  poolWithRerollOdds,
  rollRerolls,
} from './choice.js'
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

/**
 * SHOOTING ATTACK (quickstart: "[Action] Shooting Attack", "Quick Dice", "Focus", "Weapon's
 * Range" for Rapid Fire, "Indirect Fire", "Tactical Advantage", "Shields", "Targets in Cover",
 * "Universal Skill - Defense" and "Bullseye", "Armor Saves").
 *
 * The defender rolls a d10 per shot and evades on a result of at least the target number,
 * Shooting Accuracy minus Evade after the Precision and Dodge bonuses. Natural 9-10 always miss;
 * natural 1-2 (and 3 with Target Lock) are critical hits worth 2 hits, at most 3 per attack.
 *
 * Traits (wargame rules: pilot, captain and commander traits; src/rules/stellar/traits.ts maps
 * each onto the fields below) raise Precision/Barrage and Dodge/Guard (at most 3), add hits and
 * blocks, make the defender immune to Blindside, and reroll failed saves. Weapon upgrades
 * (Mechanics Expert, Mastermind, Power, Havoc) add DMG and PEN; remote weapons fired with
 * Momentum are Blindside then Indirect Fire, and an Ace defender downs one on each natural 10.
 *
 * Reading: a weapon's thresholds read its printed profile (Focus's and the traits' +2 hits with
 * DMG 0-200, cover's 2 blocks against DMG 500 or less, Take the Shot's PEN 3+); the upgrades add
 * to the DMG each hit deals and to the PEN the saves face (shotDmg, shotPen).
 */

export type AttackBonus = 'precision' | 'barrage' | 'none'
/** The defender's reaction; `both` (Dodge and Guard) only for a Solo Operative. */
export type DefenseChoice = 'dodge' | 'guard' | 'none' | 'both'

/** Whether the reaction includes a Dodge. */
export function dodging(d: DefenseChoice): boolean {
  return d === 'dodge' || d === 'both'
}

/**
 * Whether the defender may react so: Dodge and Guard together (`both`) only as a Solo Operative;
 * no Dodge against a Seeking Shot (the target may not improve its Evade).
 */
export function defenseAllowed(s: Pick<Shot, 'attacker' | 'target'>, d: DefenseChoice): boolean {
  if (d === 'both') return s.target.soloOperative
  return !(d === 'dodge' && s.attacker.seekingShot)
}

/** Whether the reaction includes a Guard. */
export function guarding(d: DefenseChoice): boolean {
  return d === 'guard' || d === 'both'
}

/**
 * A shooting attack as nested records: the weapon fired, the attacker and the target (each with
 * what its traits give it), the situation, and the two choices (the attacker's bonus, the
 * target's reaction). Build one with shotInput (every default is there), change one with shotWith.
 */
/** The target within half the weapon's range, or beyond it: Rapid Fire counts only within. */
export type ShotRange = 'half' | 'beyond-half'
export const SHOT_RANGES = ['half', 'beyond-half'] as const

export interface Shot extends Decidable {
  weapon: ShotWeapon
  attacker: Shooter
  target: ShotTarget
  situation: ShotSituation
  bonus: AttackBonus
  defense: DefenseChoice
}

/** The weapon's profile as fired. */
export interface ShotWeapon {
  acc: number
  /** The weapon's shots at this range, before Rapid Fire and Barrage. */
  shots: number
  /** Rapid Fire: shots gained (or lost, when negative) within half range. */
  rapidFire: number
  /**
   * Where the target is: within half the weapon's range (Rapid Fire counts) or beyond it (no
   * Rapid Fire, neither gain nor loss). The table's to say (`--range`); `half` when not said.
   */
  range: ShotRange
  dmg: number
  pen: Penetration
  /** The weapon is an [E]nergy shooting weapon. */
  energy: boolean
  indirect: boolean
  aoe: boolean
  targetLock: boolean
}

/** The attacker: its pilot, its Focus and Skills, and what its traits and upgrades add. */
export interface Shooter {
  pilot: Level
  /** Focus actions spent on this attack (a unit takes at most 3 a turn). */
  focus: number
  /** The attacker is a warship: its Focus locks on (+1 shot, or +1 hit against a warship). */
  warship: boolean
  /** Shots (hits against a warship) a warship's lock-on gives: 1, 2 for a fleet Ship Hunter. */
  lockOn: number
  bullseye: boolean
  /** Extra hits from other sources (Make it Count!, High Ground target, Havoc Impact...). */
  extraHits: number
  /** Hits the attacker's traits add (Killer Instinct...), each with its source. */
  hitBonuses: Bonus[]
  /** Precision and Barrage raised past the pilot's bonus (Gunnery Expert...): at most 3 in all. */
  bonusRaise: number
  /** Rapid Fire penalties reduced by this much (Gunnery Expert: 1), never into a gain. */
  rapidFireRelief: number
  /** With Barrage, Rapid Fire counts as at least this (Furious Fusillade: RF+1). */
  barrageRapidFire?: number
  /** Shooting Accuracy added (Vigilant Leader), each with its source. */
  accBonuses: Bonus[]
  /** DMG per hit added to the weapon's (Mechanics Expert, Mastermind, Power, Havoc Impact). */
  dmgBonuses: Bonus[]
  /** ARM PEN added to the weapon's (Mechanics Expert, Mastermind, Power, Havoc Impact). */
  penBonuses: Bonus[]
  /** Take the Shot: the defender's shields and cover give no blocks (takeTheShotIgnores). */
  ignoreShieldCover: boolean
  /** Take the Shot: no Rapid Fire penalty (not under Indirect Fire, which gets no Skills). */
  ignoreRapidFirePenalty: boolean
  /** Seeking Shot: the target may not reroll evade dice nor improve its Evade (no Dodge). */
  seekingShot: boolean
}

/** The target: its stats, its pilot, and what its traits, orders and upgrades give it. */
export interface ShotTarget {
  evade: number
  armSv: number
  defPilot: Level
  shield: number
  /** A [Barrier]'s blocks: like a shield and cover, only the best of the three counts. */
  barrier: number
  /** Blocks the defender's Power and Havoc add to its [Barrier] this turn (none without one). */
  barrierBonuses: Bonus[]
  size: number
  hp?: number
  warship: boolean
  /** Dodge raised past the pilot's bonus (Elusive, Evasive Action order): at most 3 in all. */
  dodgeRaise: number
  /** Guard raised past the pilot's bonus (Elusive...): at most 3 in all. */
  guardRaise: number
  /** Blocks from the defender's traits and the situation, each with its source. */
  blockBonuses: BlockBonus[]
  /** Anti-Beam Coating: +2 ARM Sv against an energy weapon. */
  antiBeam: boolean
  /** Superior Instincts: Blindside does nothing to this defender. */
  blindsideImmune: boolean
  /** Invincible: while the defender Guards, criticals against it are plain hits. */
  guardCritsAsHits: boolean
  /** Untouchable: while the defender Dodges, criticals against it miss. */
  dodgeCritsMiss: boolean
  /** Unyielding / Don't Give up the Ship: the defender rerolls failed saves once. */
  reroll: boolean
  /** "It's not over yet!": the most Momentum the defender spends, one failed save negated per point. */
  notOverYet: number
  /** Skill Defense: most Momentum the defender will spend (each point negates one hit). */
  momentum: number
  /**
   * Evade dice the defender may reroll on this attack (Improvise 2, Spread M-Particles 1, Three
   * Times as Fast! 3, Blockade Runner 2: they add up), each die at most once.
   */
  evadeRerolls: number
  /** Solo Operative: the defender may Dodge and Guard together (reaction `both`). */
  soloOperative: boolean
  /** Persevere: the defender takes less DMG per hit (damagePerHit). */
  persevere: boolean
}

/** Where and when the shot is fired. */
export interface ShotSituation {
  cover: boolean
  blindside: boolean
  /** Tactical Advantage from another source (High Ground, High Speed Attack, Overwhelm, Shutdown). */
  advantage: boolean
  /**
   * Bonus criticals apart from Tactical Advantage (a thrown piece of Dangerous Terrain, Mayhem!'s
   * overwatch): they stack with it, within the cap of 3, and count as hits where criticals do.
   */
  bonusCrits: number
  /** The game round (1 on): Persevere's reduction grows in round 4. */
  round: number
  /** A remote weapon shot at an Ace: each natural 10 rolled to evade shoots one down. */
  remoteShootDown: boolean
}

/** A shot's four records. */
export type ShotRecords = Pick<Shot, 'weapon' | 'attacker' | 'target' | 'situation'>

/** Changes to a shot's records: each record's fields that differ. */
export interface RecordParts {
  weapon?: Partial<ShotWeapon>
  attacker?: Partial<Shooter>
  target?: Partial<ShotTarget>
  situation?: Partial<ShotSituation>
}

/** A shot given in part: the fields that differ from shotInput's defaults. */
export type ShotParts = RecordParts & Partial<Pick<Shot, 'bonus' | 'defense' | keyof Decidable>>

/**
 * A shot from its parts, every field not given at its default: a plain shot (Acc 0, one shot,
 * no bonus, no reaction, no modifiers, round 1). The one place a shot's defaults are written.
 */
export function shotInput(parts: ShotParts = {}): Shot {
  const { weapon, attacker, target, situation, ...choices } = parts
  return {
    weapon: {
      acc: 0,
      shots: 1,
      rapidFire: 0,
      range: 'half',
      dmg: 0,
      pen: NO_PEN,
      energy: false,
      indirect: false,
      aoe: false,
      targetLock: false,
      ...weapon,
    },
    attacker: {
      pilot: 0,
      focus: 0,
      warship: false,
      lockOn: 1,
      bullseye: false,
      extraHits: 0,
      hitBonuses: [],
      bonusRaise: 0,
      rapidFireRelief: 0,
      accBonuses: [],
      dmgBonuses: [],
      penBonuses: [],
      ignoreShieldCover: false,
      ignoreRapidFirePenalty: false,
      seekingShot: false,
      ...attacker,
    },
    // In the order the fields were listed when a shot was one flat record: the traits' changes
    // are listed in it (TraitEffect).
    target: {
      evade: 0,
      armSv: 0,
      defPilot: 0,
      shield: 0,
      dodgeRaise: 0,
      guardRaise: 0,
      blockBonuses: [],
      barrier: 0,
      barrierBonuses: [],
      antiBeam: false,
      blindsideImmune: false,
      guardCritsAsHits: false,
      dodgeCritsMiss: false,
      reroll: false,
      notOverYet: 0,
      momentum: 0,
      evadeRerolls: 0,
      soloOperative: false,
      persevere: false,
      warship: false,
      size: 0,
      ...target,
    },
    situation: {
      cover: false,
      blindside: false,
      advantage: false,
      bonusCrits: 0,
      round: 1,
      remoteShootDown: false,
      ...situation,
    },
    bonus: 'none',
    defense: 'none',
    ...choices,
  }
}

/** A copy of the shot with some fields changed, record by record (the lists are shared, as a spread shares them). */
export function shotWith<S extends ShotRecords>(s: S, parts: RecordParts): S {
  return {
    ...s,
    weapon: { ...s.weapon, ...parts.weapon },
    attacker: { ...s.attacker, ...parts.attacker },
    target: { ...s.target, ...parts.target },
    situation: { ...s.situation, ...parts.situation },
  }
}

export type DieOutcome = 'crit' | 'hit' | 'evade' | 'auto-miss'

export interface EvadeDie {
  roll: number
  outcome: DieOutcome
  /** A natural critical that counted as a plain hit (the cap of 3, or Indirect Fire). */
  critAsHit?: boolean
  /** The face this die showed before the defender rerolled it. */
  rerolledFrom?: number
  /** A natural 10 that shot a remote weapon down (an Ace's evade). */
  downed?: boolean
}

export interface ShotResult {
  targetNumber: number
  shotsFired: number
  dice: EvadeDie[]
  crits: number
  hits: number
  blocks: number
  blockSource: BlockSource
  /** Where each block came from (Guard, the shield, cover or barrier that counted, traits...). */
  blockTerms: Bonus[]
  momentumSpent: number
  unblockedHits: number
  hitDamage: number
  save: SaveResult
  damage: number
  /** The evade dice the defender rerolled, when it could reroll any. */
  reroll?: EvadeReroll
  /** Remote weapons shot down (natural 10s), when an Ace is shot at by one. */
  remoteDowned?: number
  remainingHp?: number
  destroyed?: boolean
}

/**
 * Where a shot's blocks came from: the one of shield, cover and barrier that counted (they do not
 * stack with each other; Guard and other blocks add to it), else `guard` when Guard gave them,
 * `other` when only traits or extra blocks did, `none` when there were none (blockTerms lists
 * every term).
 */
export type BlockSource = 'shield' | 'cover' | 'barrier' | 'guard' | 'other' | 'none'

/** Shots rolled in one attack, at most: the cap applies after every modifier. */
export const MAX_SHOTS = 10
/** The most shots a weapon profile may print (before modifiers and the cap): the flags' limit. */
export const MAX_WEAPON_SHOTS = 30
export const CRIT_CAP = 3
/** The defender rolls a d10 per shot to evade. */
export const EVADE_DIE = 10
/** Natural evade faces from this one up always miss (9-10). */
export const ALWAYS_MISS_FROM = 9

/** Precision or Barrage, whichever the attacker takes: the pilot's bonus raised by traits. */
export function shotAttackerBonus(s: Shot): number {
  return attackerBonus(s.attacker.pilot, s.attacker.bonusRaise)
}

/** Dodge: the defender's pilot bonus raised by traits and orders. */
export function shotDodge(s: Shot): number {
  return defenderBonus(s.target.defPilot, s.target.dodgeRaise)
}

/** Guard: the defender's pilot bonus raised by traits. */
export function shotGuard(s: AfterEvadeInput): number {
  return defenderBonus(s.target.defPilot, s.target.guardRaise)
}

/** Blindside, unless the defender is immune to it (Superior Instincts). */
export function blindsided(s: AfterEvadeInput): boolean {
  return s.situation.blindside && !s.target.blindsideImmune
}

export function shotTargetNumber(s: Shot): number {
  const precision = s.bonus === 'precision' ? shotAttackerBonus(s) : 0
  // Seeking Shot: the target may not improve its Evade, so a Dodge gives nothing.
  const dodge = dodging(s.defense) && !s.attacker.seekingShot ? shotDodge(s) : 0
  return s.weapon.acc + bonusSum(s.attacker.accBonuses) + precision - s.target.evade - dodge
}

/** The DMG each hit deals: the weapon's, with its upgrades (before the defender's Persevere). */
export function shotDmg(s: AfterEvadeInput): number {
  return s.weapon.dmg + bonusSum(s.attacker.dmgBonuses)
}

/** The PEN the saves face: the weapon's, with its upgrades (its kind unchanged). */
export function shotPen(s: AfterEvadeInput): Penetration {
  return s.attacker.penBonuses.length
    ? { value: s.weapon.pen.value + bonusSum(s.attacker.penBonuses), kind: s.weapon.pen.kind }
    : s.weapon.pen
}

/** A [Barrier]'s blocks: its own, with what Power and Havoc add to it this turn. */
export function barrierBlocks(s: AfterEvadeInput): number {
  return s.target.barrier > 0 ? s.target.barrier + bonusSum(s.target.barrierBonuses) : 0
}

/** Rapid Fire as it counts: a penalty reduced by the attacker's relief (never into a gain). */
export function rapidFireShots(s: Shot): number {
  // Q, Rapid Fire: shots gained or lost "within half range"; beyond it the weapon fires its
  // printed shots, Furious Fusillade's RF+1 included (it changes the weapon's Rapid Fire).
  if (s.weapon.range === 'beyond-half') return 0
  const rf = rapidFireCounted(s)
  return s.bonus === 'barrage' && s.attacker.barrageRapidFire !== undefined
    ? Math.max(rf, s.attacker.barrageRapidFire)
    : rf
}

function rapidFireCounted(s: Shot): number {
  if (s.weapon.rapidFire >= 0) return s.weapon.rapidFire
  // Take the Shot ignores the penalty, unless the weapon fires indirectly (no Skills).
  if (s.attacker.ignoreRapidFirePenalty && !s.weapon.indirect) return 0
  return Math.min(0, s.weapon.rapidFire + s.attacker.rapidFireRelief)
}

/**
 * Whether Take the Shot voids the shields and cover: for a weapon of ARM PEN 3+ as printed, and
 * never under Indirect Fire ("cannot benefit from Skills"). Readings: "a weapon with ARM PEN 3+"
 * names a kind of weapon, read on its profile (`--pen`), as the other thresholds are (DMG 0-200,
 * cover's DMG 500): the turn's PEN bonuses (Mechanics Expert, Mastermind, Giant Slayer, Power,
 * Havoc, Main Battery) do not make a PEN 2 weapon qualify. A weapon that does not qualify is
 * simply not helped (a unit's trait list names the skill for all its weapons).
 */
export function takeTheShotIgnores(s: AfterEvadeInput): boolean {
  return s.attacker.ignoreShieldCover && s.weapon.pen.value >= 3 && !s.weapon.indirect
}

/**
 * Shots before the cap: the weapon's printed shots + Rapid Fire + Barrage (+ Focus for Indirect
 * Fire, which gains a shot instead of a hit, and a warship's Focus).
 */
export function shotsBeforeCap(s: Shot): number {
  const barrage = s.bonus === 'barrage' ? shotAttackerBonus(s) : 0
  return s.weapon.shots + rapidFireShots(s) + barrage + focusShots(s)
}

/** Shots rolled: every modifier first, then the cap of 10 (a printed 12 with Rapid Fire -2 fires 10). */
export function shotsFired(s: Shot): number {
  return Math.max(0, Math.min(MAX_SHOTS, shotsBeforeCap(s)))
}

/** Natural faces that are critical hits: 1-2, and 3 with Target Lock. */
export function critMax(s: Shot): number {
  return s.weapon.targetLock ? 3 : 2
}

/** The most Focus actions a unit takes in a turn. */
export const MAX_FOCUS = 3

/**
 * FOCUS, each action: +1 hit, or +2 with a DMG 0-200 weapon; Indirect Fire gets a shot instead
 * (focusShots). A warship's Focus ("lock on") is +1 hit only against a warship (+2 for the
 * fleet commander's Ship Hunter: `lockOn`).
 */
export function focusHits(s: Shot): number {
  if (s.attacker.focus === 0) return 0
  if (s.attacker.warship) return s.target.warship ? s.attacker.focus * s.attacker.lockOn : 0
  if (s.weapon.indirect) return 0
  return s.attacker.focus * (s.weapon.dmg <= 200 ? 2 : 1)
}

/** Shots Focus adds: one per action under Indirect Fire; a warship's Focus, against anything but a warship. */
export function focusShots(s: Shot): number {
  if (s.attacker.warship) return s.target.warship ? 0 : s.attacker.focus * s.attacker.lockOn
  return s.weapon.indirect ? s.attacker.focus : 0
}

/** Cover's blocks: 1, or 2 against DMG 500 or less. */
export function coverBlocks(dmg: number): number {
  return dmg <= 500 ? 2 : 1
}

/**
 * Blocks the defender gets before Momentum, each with its source: Guard; the best of shield,
 * cover and barrier ("Shield Blocks do not stack with Cover or [Barriers]", and cover "does not
 * stack with Shields or [Barriers]"); then the blocks of traits and the situation, which stack
 * with all of these (stackedBlocks settles the ones that do not stack with each other).
 * Warships never benefit from Cover ("Targets in Cover"). Blindside ignores shields and cover.
 *
 * Reading: Blindside names shields and cover only, so a barrier, Guard and trait blocks still
 * count against it; so does Take the Shot's "ignore Blocks from Shields & Cover".
 *
 * Reading (cover against Indirect Fire): a target within engagement range of cover keeps its
 * cover against Indirect Fire, so `--cover` with `--indirect` blocks as usual (overhead cover
 * stopping the shot outright is the player's: no shot is rolled). A remote weapon fired with
 * Momentum is Blindside first and Indirect Fire after: Blindside's "ignores Cover" is the
 * specific rule, so that shot meets no cover, kept or not (unless Superior Instincts voids the
 * Blindside, when the cover counts as against any Indirect Fire).
 */
export function shotBlocks(s: AfterEvadeInput): { blocks: number; source: BlockSource; terms: Bonus[] } {
  const terms: Bonus[] = []
  if (guarding(s.defense)) {
    const guard = shotGuard(s)
    terms.push({ source: guardSource(s), amount: guard })
  }
  const ignored = blindsided(s) || takeTheShotIgnores(s)
  const shield = ignored ? 0 : s.target.shield
  const cover = ignored || !s.situation.cover || s.target.warship ? 0 : coverBlocks(s.weapon.dmg)
  // The best of the three; ties go to the shield, then cover.
  let best = 0
  let source: 'shield' | 'cover' | 'barrier' = 'shield'
  for (const [k, n] of [
    ['shield', shield],
    ['cover', cover],
    ['barrier', barrierBlocks(s)],
  ] as const) {
    if (n > best) {
      best = n
      source = k
    }
  }
  if (best > 0) terms.push({ source, amount: best })
  for (const b of stackedBlocks(s.target.blockBonuses)) terms.push(b)
  let blocks = 0
  for (const t of terms) blocks += t.amount
  // Guard alone was 'none' here: "blocks": 1 with "blockSource": "none".
  const from: BlockSource = best > 0 ? source : guarding(s.defense) ? 'guard' : blocks > 0 ? 'other' : 'none'
  return { blocks, source: from, terms }
}

/** Guard's term: "Guard", or "Guard (raised +1, at most 3)" when traits raised it. */
function guardSource(s: AfterEvadeInput): string {
  return s.target.guardRaise > 0 ? `Guard (raised +${s.target.guardRaise}, at most 3)` : 'Guard'
}

/** Hits negated by spending Momentum: one per point, two points each for warships. */
export function momentumNegates(points: number, warship: boolean): number {
  return warship ? Math.floor(points / 2) : points
}

/** The most Momentum Skill Defense can take against `hitsLeft` hits: one a hit, two for a warship. */
export function skillDefenseMax(hitsLeft: number, warship: boolean): number {
  return warship ? hitsLeft * 2 : hitsLeft
}

/**
 * Momentum Skill Defense spends of the `momentum` offered, against `hitsLeft` hits: one a hit,
 * and warships pay 2 Momentum per hit, so only whole pairs are worth spending.
 */
export function skillDefenseSpent(momentum: number, hitsLeft: number, warship: boolean): number {
  return warship ? 2 * Math.min(Math.floor(momentum / 2), hitsLeft) : Math.min(momentum, hitsLeft)
}

/** The defender's Skill Defense question when shot at. */
export type MomentumQuestion = SkillDefenseQuestion<AfterEvadeInput>

/**
 * Everything the evade stage reads of a shot, and nothing else: its declared input. The dice
 * classes and the hits they make depend on these fields alone (the functions below take this,
 * not the shot), so the odds may remember a stage's distribution by them.
 */
export interface EvadeInput {
  /** Dice rolled: after every modifier and the cap. */
  dice: number
  targetNumber: number
  /** Natural faces up to this one are criticals. */
  critMax: number
  /** Criticals worth 2 hits, at most (none under Indirect Fire, or against Invincible's Guard). */
  critCap: number
  /** Criticals miss instead (Untouchable's Dodge), Tactical Advantage's too. */
  critsMiss: boolean
  /** Tactical Advantage from any source (Blindside is one). */
  advantage: boolean
  /** Bonus criticals apart from Tactical Advantage. */
  bonusCrits: number
  /** Hits added whatever the dice: Focus, Bullseye and other sources. */
  bonusHits: number
  /** Natural 10s are their own class: each shoots a remote weapon down (an Ace's evade). */
  shootDown: boolean
}

export function evadeInput(s: Shot): EvadeInput {
  return {
    dice: shotsFired(s),
    targetNumber: shotTargetNumber(s),
    critMax: critMax(s),
    critCap: s.weapon.indirect || critsAsHits(s) ? 0 : CRIT_CAP,
    critsMiss: critsMiss(s),
    advantage: s.situation.advantage || blindsided(s),
    bonusCrits: s.situation.bonusCrits,
    bonusHits:
      focusHits(s) + (s.attacker.bullseye ? 1 : 0) + s.attacker.extraHits + bonusSum(s.attacker.hitBonuses),
    shootDown: s.situation.remoteShootDown,
  }
}

function bonusSum(bonuses: readonly Bonus[]): number {
  let n = 0
  for (const b of bonuses) n += b.amount
  return n
}

/**
 * A class of the evade pool: a die's outcome, or `downed`, a natural 10 that also shoots a
 * remote weapon down (an always-miss like 9, told apart only when an Ace is shot at by one).
 */
export type EvadeClass = DieOutcome | 'downed'

/**
 * How the defender's evade die counts, by face: natural criticals first, then natural 9-10
 * (always a miss), then an evade at the target number or above, else a hit. These are the
 * classes the evade pool declares, and the rule reads a face only through them, so every
 * outcome the result tells apart is its own class ('evade' and 'auto-miss' included, and a
 * natural 10 when it shoots a remote weapon down).
 */
export function evadeClass(e: EvadeInput): (face: number) => EvadeClass {
  const { targetNumber, critMax: cm } = e
  const crit: DieOutcome = e.critsMiss ? 'auto-miss' : 'crit'
  const ten: EvadeClass = e.shootDown ? 'downed' : 'auto-miss'
  return (f) =>
    f <= cm
      ? crit
      : f === EVADE_DIE
        ? ten
        : f >= ALWAYS_MISS_FROM
          ? 'auto-miss'
          : f >= targetNumber
            ? 'evade'
            : 'hit'
}

/** A die's outcome from its class: a natural 10 that downs a remote weapon is a miss. */
export function dieOutcome(c: EvadeClass): DieOutcome {
  return c === 'downed' ? 'auto-miss' : c
}

/**
 * Invincible (pilot trait II): "once per Round while using Guard, Crits vs this unit are instead
 * Hits", Tactical Advantage's critical included, as under Indirect Fire.
 */
export function critsAsHits(s: Shot): boolean {
  return s.target.guardCritsAsHits && guarding(s.defense)
}

/**
 * Untouchable (pilot trait II): "once per Round while using Dodge, Crits vs this unit instead
 * Miss". Reading: Tactical Advantage's +1 critical is a critical too, so it adds nothing.
 */
export function critsMiss(s: Shot): boolean {
  return s.target.dodgeCritsMiss && dodging(s.defense)
}

/**
 * Everything stages 2 and 3 read of a shot (shotBlocks, blockHits, shotSaves, concludeShot), and
 * nothing else: their declared input, as EvadeInput is the evade stage's. Those functions take
 * this type, so reading another field of the shot there is a compile error, and the odds may
 * remember what the stages make of a number of hits by these values. A shot is one.
 */
export interface AfterEvadeInput {
  weapon: Pick<ShotWeapon, 'dmg' | 'pen' | 'aoe' | 'indirect' | 'energy'>
  attacker: Pick<Shooter, 'ignoreShieldCover' | 'dmgBonuses' | 'penBonuses'>
  target: Pick<
    ShotTarget,
    | 'defPilot'
    | 'guardRaise'
    | 'shield'
    | 'barrier'
    | 'blockBonuses'
    | 'blindsideImmune'
    | 'warship'
    | 'momentum'
    | 'armSv'
    | 'size'
    | 'reroll'
    | 'notOverYet'
    | 'persevere'
    | 'barrierBonuses'
    | 'antiBeam'
    | 'hp'
  >
  situation: Pick<ShotSituation, 'cover' | 'blindside' | 'round'>
  defense: DefenseChoice
}

export function afterEvadeInput(s: AfterEvadeInput): AfterEvadeInput {
  return {
    weapon: {
      dmg: s.weapon.dmg,
      pen: s.weapon.pen,
      aoe: s.weapon.aoe,
      indirect: s.weapon.indirect,
      energy: s.weapon.energy,
    },
    attacker: {
      ignoreShieldCover: s.attacker.ignoreShieldCover,
      dmgBonuses: s.attacker.dmgBonuses,
      penBonuses: s.attacker.penBonuses,
    },
    target: {
      defPilot: s.target.defPilot,
      guardRaise: s.target.guardRaise,
      shield: s.target.shield,
      barrier: s.target.barrier,
      blockBonuses: s.target.blockBonuses,
      blindsideImmune: s.target.blindsideImmune,
      warship: s.target.warship,
      momentum: s.target.momentum,
      armSv: s.target.armSv,
      size: s.target.size,
      reroll: s.target.reroll,
      notOverYet: s.target.notOverYet,
      persevere: s.target.persevere,
      barrierBonuses: s.target.barrierBonuses,
      antiBeam: s.target.antiBeam,
      hp: s.target.hp,
    },
    situation: { cover: s.situation.cover, blindside: s.situation.blindside, round: s.situation.round },
    defense: s.defense,
  }
}

/** The first stage of a shot: the evade dice and the hits they leave. */
export interface EvadeStage {
  targetNumber: number
  shotsFired: number
  dice: EvadeDie[]
  crits: number
  /** Hits after criticals and every hit bonus, before blocks. */
  hits: number
  /** The evade dice the defender rerolled, when it could reroll any. */
  reroll?: EvadeReroll
  /** Remote weapons shot down (natural 10s), when an Ace is shot at by one. */
  remoteDowned?: number
}

/** The second stage: blocks and Skill Defense (no dice). */
export interface BlockStage {
  blocks: number
  blockSource: BlockSource
  blockTerms: Bonus[]
  momentumSpent: number
  unblockedHits: number
  hitDamage: number
}

/**
 * A SHOT AS ONE FLOW (src/core/flow.ts): the evade dice with the defender's reroll (evade), blocks
 * and Skill Defense (blocks), then the armour saves and the result they conclude (saves). A roll
 * plays it with real dice (resolveShot); the odds, the luck of a roll and the automatic choices
 * are reads of its exact fold (shoot-odds.ts); overwatch in melee is this flow too.
 */

/** What the stages after the evade dice share: the After, and the blocks before Momentum. */
interface Later {
  readonly after: After
  readonly blocks: ReturnType<typeof shotBlocks>
}

/** The shot after its evade dice. */
interface Evaded {
  /** The shot as the later stages read it (the one being played: a person may be asked). */
  shot: AfterEvadeInput & Decidable
  /** What its later stages share (the Aim, which makes the After when first read). */
  later: Later
  evade: EvadeStage
}

/** The shot after blocks and Skill Defense. */
interface Blocked extends Evaded {
  block: BlockStage
}

/**
 * What the stages after the evade dice share for one declared input (AfterEvadeInput, with the
 * answers given): the blocks before Momentum, the save stage's walk per number of unblocked hits
 * (savesFor), and their outlook per number of hits (a float cache filled from the flow, which the
 * defender's reroll pick and the automatic choices weigh).
 */
export interface After {
  /** The declared input, with the answers given (nobody is asked while options are weighed). */
  shot: AfterEvadeInput & Decidable
  blocks: ReturnType<typeof shotBlocks>
  saves: (unblockedHits: number) => Distribution<SaveResult>
  /** The outlook (choice.ts) of the later stages folded from a number of hits. */
  outlook: LaterOutlook
}

/** The outlook of the stages after the evade dice, per number of hits (After.outlook). */
export type LaterOutlook = (hits: number) => Outlook

/**
 * What the flow is handed: the shot, and what its stages after the evade dice share (afterOf),
 * made when a stage first reads it (a roll with no evade reroll to pick never does: its blocks
 * are the shot's own). `after`: the caller's, when it already has it.
 */
export class Aim implements Later {
  private known: After | undefined
  private own: ReturnType<typeof shotBlocks> | undefined
  private readonly worths: Array<readonly number[]> = []
  constructor(
    readonly shot: Shot,
    after?: After,
    /** Evade rerolls the target holds for later (HeldEvade), when it does. */
    readonly held?: HeldEvade,
  ) {
    this.known = after
  }

  get after(): After {
    return (this.known ??= afterOf(this.shot))
  }

  get blocks(): ReturnType<typeof shotBlocks> {
    return this.known ? this.known.blocks : (this.own ??= shotBlocks(this.shot))
  }

  /**
   * What the held rerolls' worth makes of the later stages from `hits` (blocks, Skill Defense,
   * saves: their flow folded), the rerolls spent or kept, once per number of hits and choice.
   */
  worthFrom(hits: number, spent: boolean): readonly number[] {
    const at = 2 * hits + (spent ? 1 : 0)
    const known = this.worths[at]
    if (known) return known
    const sum: number[] = []
    const evaded: Evaded = { shot: this.after.shot, later: this, evade: hitsOnly(hits) }
    afterEvadeFlow.odds(evaded).forEach((r, q) => {
      const x = this.held!.worth(r, spent)
      for (let i = 0; i < x.length; i++) sum[i] = (sum[i] ?? 0) + q * x[i]
    })
    return (this.worths[at] = sum)
  }
}

/**
 * Evade rerolls the target holds for later in the fight (the charger's Improvise on overwatch;
 * HeldDice, choice.ts): the last `dice` of its evade rerolls, spent only when what the shot's
 * results leave is worth more to it, by `worth` (higher better for the target), than the best
 * pick that keeps them.
 */
export interface HeldEvade {
  dice: number
  worth: (r: ShotResult, spent: boolean) => readonly number[]
}

/** The shot handed to its flow (Aim), with the evade rerolls its target holds, if any. */
export function aim(s: Shot, after?: After, held?: HeldEvade): Aim {
  return new Aim(s, after, held)
}

/** The held rerolls of an aim as the evade stage weighs them: per number of hits. */
function heldOf(a: Aim): HeldHits | undefined {
  return a.held && { dice: a.held.dice, worth: (hits, spent) => a.worthFrom(hits, spent) }
}

/** Held evade rerolls weighed by the hits the evade dice leave. */
interface HeldHits {
  dice: number
  worth: (hits: number, spent: boolean) => readonly number[]
}

/**
 * What a shot's stages after the evade dice share, for its declared input: the blocks, the save
 * stage (savesFor: walked once per weapon, target and saves owed, across a batch's lines), and
 * the outlook rows per number of hits, each read off the save stage's distribution when first
 * asked. The callers that weigh several options hand one After to every option with the same
 * later stages (rankBonuses: the reaction decides them, not the bonus).
 */
export function afterOf(s: Shot): After {
  const shot: AfterEvadeInput & Decidable = afterEvadeInput(s)
  shot.decisions = s.decisions
  // Per number of hits (every option weighed with this After reads the same few).
  const rows: Outlook[] = []
  const after: After = {
    shot,
    blocks: shotBlocks(shot),
    saves: laterSaves(shot),
    outlook: (hits) =>
      (rows[hits] ??= blockedOutlook(blockHits(shot, hits, after.blocks), after.saves, shot.target.hp)),
  }
  return after
}

/**
 * The outlook of the stages after the blocks: the save stage's distribution (the one saveStep's
 * odds conclude), each outcome's damage counted as concludeShot counts it. Its outcomes are
 * already told apart by what the results' key reads of them, so this is resultsOutlook of the
 * later stages' fold (laterFlowOutlook), term for term, without the results built.
 */
function blockedOutlook(block: BlockStage, saves: After['saves'], hp: number | undefined): Outlook {
  const out = noOutlook()
  saves(block.unblockedHits).forEach((save, q) =>
    addOutcome(out, q, shotDamage(block, save), hp, save.failedSaves, block.unblockedHits),
  )
  return out
}

/** The later stages' outlook from `hits`, folded by their flow (what After.outlook equals: the tests' reference). */
export function laterFlowOutlook(s: Shot, hits: number): Outlook {
  const after = afterOf(s)
  return resultsOutlook(
    afterEvadeFlow.odds({ shot: after.shot, later: { after, blocks: after.blocks }, evade: hitsOnly(hits) }),
    s.target.hp,
  )
}

/** The save stage per number of unblocked hits (savesFor: walked once per weapon, target and saves owed). */
export function laterSaves(s: AfterEvadeInput): (unblockedHits: number) => Distribution<SaveResult> {
  return savesFor(shotSaves(s, 0))
}

/** The later stages' outlook per number of hits (the flow after the evade dice, folded). */
export function laterOutlook(s: Shot): LaterOutlook {
  return afterOf(s).outlook
}

/** The outlook of a distribution of results: each one's damage against the HP, failed saves, hits. */
function resultsOutlook(d: Distribution<ShotResult>, hp: number | undefined): Outlook {
  const out = noOutlook()
  d.forEach((r, q) => addOutcome(out, q, r.damage, hp, r.save.failedSaves, r.unblockedHits))
  return out
}

/** A stand-in for the evade stage when only its hits are read (the later stages read no more). */
function hitsOnly(hits: number): EvadeStage {
  return { targetNumber: 0, shotsFired: 0, dice: [], crits: 0, hits }
}

/**
 * Stage 1, the evade dice (rollEvade). Its exact distribution is the pool by class counts, each
 * counted by evadeHits as rollEvade counts it: the hits alone (evadeOdds, remembered by the
 * stage's declared input), or, when the defender may reroll or an Ace downs remote weapons, each
 * count with the defender's pick (evadeReroll through the one reroll combinator, as rollEvade
 * picks) and its rerolled dice a pool of their own (poolWithRerollOdds). One result stands for
 * each key (evadeStandIn).
 */
const evadeStep: Stage<Aim, Evaded> = {
  name: 'evade',
  run: (a, dice) => ({
    shot: a.shot,
    later: a,
    evade: rollEvade(dice, a.shot, (hits) => a.after.outlook(hits), heldOf(a)),
  }),
  key: (x) => evadeKey(x.evade),
  // Walking rollEvade instead takes 11% more instructions on the bench's shot --odds row (245 M
  // against 221 M; docs/speed.md): this stays while the choices and the luck read the same codes.
  odds: (a) => {
    const e = evadeInput(a.shot)
    const allowed = rerollsAllowed(a.shot)
    const state = (code: number): Evaded => ({
      shot: a.shot,
      later: a,
      evade: evadeStandIn(e, allowed, code),
    })
    return evadeCodeOdds(a).map(state, (x) => evadeKey(x.evade))
  },
}

/**
 * Stage 1's exact distribution as its keys (evadeCode: hits, dice rerolled, remote weapons
 * downed), one entry per state of the stage, in the order the fold reaches them: the pool by
 * class counts (evadeOdds), or, when the defender may reroll or an Ace downs remote weapons,
 * each count with the defender's pick and its rerolled dice a pool of their own. The choices and
 * the luck of a roll read the hits of each (evadeCodeHits) without building the states.
 */
export function evadeCodeOdds(a: Aim): Distribution<number> {
  const s = a.shot
  const e = evadeInput(s)
  const allowed = rerollsAllowed(s)
  if (allowed === 0 && !e.shootDown) return evadePool(e).codes
  const classify = evadeClass(e)
  const r = allowed > 0 ? evadeReroll(e, allowed, a.after.outlook, heldOf(a)) : null
  return poolWithRerollOdds(
    e.dice,
    EVADE_DIE,
    classify,
    () => r,
    (faces, picked) => {
      const counts = countOutcomes(faces.map(classify))
      return evadeCode(evadeHits(e, counts).hits, picked.length, e.shootDown ? counts.downed : 0)
    },
  )
}

/** The hits of an evade stage's code (evadeCode). */
export function evadeCodeHits(code: number): number {
  return Math.floor(code / PER_DIE / PER_DIE)
}

const PER_DIE = MAX_SHOTS + 1

/** The evade stage as its key reads it: hits, dice rerolled, remote weapons downed, one number. */
function evadeCode(hits: number, rerolled: number, downed: number): number {
  return (hits * PER_DIE + rerolled) * PER_DIE + downed
}

/**
 * What later stages and every read tell apart of the evade stage: its hits, the dice the defender
 * rerolled (the charger's Improvise spent on overwatch) and the remote weapons an Ace downed.
 */
function evadeKey(e: Pick<EvadeStage, 'hits' | 'reroll' | 'remoteDowned'>): number {
  return evadeCode(e.hits, e.reroll?.dice.length ?? 0, e.remoteDowned ?? 0)
}

/**
 * The evade stage as the fold keeps it: one result standing for all those with its key (hits,
 * dice rerolled, remote weapons downed), the dice themselves not kept.
 */
function evadeStandIn(e: EvadeInput, allowed: number, code: number): EvadeStage {
  const downed = code % PER_DIE
  const rerolled = Math.floor(code / PER_DIE) % PER_DIE
  const stage: EvadeStage = {
    targetNumber: e.targetNumber,
    shotsFired: e.dice,
    dice: [],
    crits: 0,
    hits: evadeCodeHits(code),
  }
  if (allowed > 0)
    stage.reroll = {
      allowed,
      crits: 0,
      hits: 0,
      dice: Array.from({ length: rerolled }, (_, i) => i),
      faces: [],
    }
  if (e.shootDown) stage.remoteDowned = downed
  return stage
}

/** Stage 2, blocks and Skill Defense (no dice): blockHits. */
const blockStep: Stage<Evaded, Blocked> = {
  name: 'blocks',
  run: (x) => ({
    shot: x.shot,
    later: x.later,
    evade: x.evade,
    block: blockHits(x.shot, x.evade.hits, x.later.blocks),
  }),
  key: (x) => evadeKey(x.evade),
}

/** What the reads tell apart of a result: the evade stage's key, then its saves'. */
function resultKey(r: ShotResult): string {
  const v = r.save
  return `${evadeKey(r)} ${v.failedSaves} ${v.negated} ${v.damage} ${v.actionsLost} ${v.pushes}`
}

/**
 * Stage 3, the armour saves (resolveArmorSaves) and the result they conclude (concludeShot),
 * walked by the exact driver from each state (laying the save table of savesFor onto each state
 * instead saved 0.5% of the shot's odds row and went: issue 36, docs/speed.md).
 */
const saveStep: Stage<Blocked, ShotResult> = {
  name: 'saves',
  run: (x, dice) =>
    concludeShot(x.shot, x.evade, x.block, resolveArmorSaves(dice, shotSaves(x.shot, x.block.unblockedHits))),
  key: resultKey,
}

/** The whole shot: evade dice (with the defender's reroll), blocks and Skill Defense, saves. */
export const shotFlow = Flow.from<Aim>(() => 0)
  .then(evadeStep)
  .then(blockStep)
  .then(saveStep)
/** The stages after the evade dice (laterOutlook folds them per number of hits). */
const afterEvadeFlow = Flow.from<Evaded>(() => 0)
  .then(blockStep)
  .then(saveStep)

/** A whole shooting attack: its flow played with the dice given (seeded, or the player's). */
export function resolveShot(dice: Dice, s: Shot, held?: HeldEvade): ShotResult {
  return shotFlow.run(aim(s, undefined, held), dice)
}

/**
 * Stage 1's hits: the evade pool's branches as the exact driver makes them (one per count of
 * dice in each class evadeClass declares, its faces standing for the class), each counted by
 * evadeHits as rollEvade counts them. Remembered by the stage's declared input.
 */
export function evadeOdds(e: EvadeInput): Distribution<number> {
  return evadePool(e).hits
}

/** Stage 1's hits (evadeOdds), and the same as the stage's keys when nobody rerolls (evadeCodeOdds). */
const evadePool = memoise((e: EvadeInput) => {
  const classify = evadeClass(e)
  const branches = poolOutcomes(e.dice, EVADE_DIE, classify)
  const hits = Distribution.weighted(
    branches.map((b) => [evadeHits(e, countOutcomes(b.faces.map(classify))).hits, b.waysN] as const),
  )
  return { hits, codes: hits.map((h) => evadeCode(h, 0, 0)) }
})

/**
 * Stage 1: the defender's evade dice, criticals, and the attack's bonus hits. A defender that may
 * reroll evade dice (rerollsAllowed) picks which after seeing them (evadeReroll, through the one
 * reroll combinator, weighing `later`): asked when a person is there, else the policy's best
 * pick (choice.ts).
 */
export function rollEvade(dice: Dice, s: Shot, later: LaterOutlook, held?: HeldHits): EvadeStage {
  const e = evadeInput(s)
  const classify = evadeClass(e)
  // A copy: rerolled dice are written into it (a pool's array may be the driver's own).
  const faces = dice.pool(e.dice, EVADE_DIE, 'evade', classify).slice()
  const rolled = faces.slice()
  let reroll: EvadeReroll | undefined
  const allowed = rerollsAllowed(s)
  if (allowed > 0) {
    const r = evadeReroll(e, allowed, later, held)
    const done = rollRerolls(dice, faces, r, 'evade reroll', askEvadeReroll(s, rolled, r))
    const pick = pickOf(r, done.pick)
    reroll = { allowed, crits: pick.crits, hits: pick.hits, faces: done.faces, dice: done.dice }
  }
  const outcomes = faces.map(classify)
  const counted = evadeHits(e, countOutcomes(outcomes))
  // Criticals past the cap (or under Indirect Fire) count as plain hits, in roll order.
  let critsLeft = counted.diceCrits
  const evadeDice: EvadeDie[] = faces.map((roll, i) => {
    const outcome = dieOutcome(outcomes[i])
    const die: EvadeDie =
      outcome !== 'crit' || critsLeft-- > 0 ? { roll, outcome } : { roll, outcome: 'hit', critAsHit: true }
    if (reroll?.dice.includes(i)) die.rerolledFrom = rolled[i]
    if (outcomes[i] === 'downed') die.downed = true
    return die
  })
  const stage: EvadeStage = {
    targetNumber: e.targetNumber,
    shotsFired: faces.length,
    dice: evadeDice,
    crits: counted.crits,
    hits: counted.hits,
  }
  if (reroll) stage.reroll = reroll
  if (e.shootDown) stage.remoteDowned = countOutcomes(outcomes).downed
  return stage
}

/** Evade dice the defender may reroll on this shot: none against a Seeking Shot. */
export function rerollsAllowed(s: Pick<Shot, 'attacker' | 'target'>): number {
  return s.attacker.seekingShot ? 0 : s.target.evadeRerolls
}

/**
 * EVADE REROLLS (Improvise, Spread M-Particles, Three Times as Fast!, Blockade Runner; they add
 * up): the defender rerolls up to `allowed` of its evade dice, picked after seeing them. Only
 * criticals and hits are worth a reroll (an evade or a natural 9-10 can only get worse). The
 * pick is weighed by the rest of the shot (`later`: blocks, Skill Defense, saves) by the
 * automatic choices' policy (choice.ts), from the target's side; rerolls the target holds for
 * later in the fight (`held`) are spent only when that is worth more (HeldDice).
 */
export function evadeReroll(e: EvadeInput, allowed: number, later: LaterOutlook, held?: HeldHits): Reroll {
  const classify = evadeClass(e)
  const hits = (faces: readonly number[]) => evadeHits(e, countOutcomes(faces.map(classify))).hits
  const r: Reroll = {
    sides: EVADE_DIE,
    classify,
    eligible: (faces, i) => {
      const c = classify(faces[i])
      return c === 'crit' || c === 'hit'
    },
    allowed,
    goal: 'spare',
    outlook: (faces) => later(hits(faces)),
  }
  if (held && allowed >= held.dice)
    r.held = { dice: held.dice, worth: (faces, spent) => held.worth(hits(faces), spent) }
  return r
}

/** Which evade dice the defender rerolls: how many criticals and how many hits. */
export interface RerollPick {
  crits: number
  hits: number
}

/** What the defender rerolled, for the report. */
export interface EvadeReroll extends RerollPick {
  /** Dice it could reroll. */
  allowed: number
  /** The rerolled dice (indexes into the pool, in roll order) and their new faces. */
  dice: number[]
  faces: number[]
}

/** A pick of faces (the combinator's) as criticals and hits. */
export function pickOf(r: Reroll, faces: readonly number[]): RerollPick {
  let crits = 0
  let hits = 0
  for (const f of faces) {
    const c = r.classify(f)
    if (c === 'crit') crits++
    else if (c === 'hit') hits++
  }
  return { crits, hits }
}

/** Criticals and hits as a pick of faces: a face of each class (criticals first, in the order asked). */
export function facesOf(r: Reroll, pick: RerollPick): number[] {
  const faceOf = (c: EvadeClass) => {
    for (let f = 1; f <= r.sides; f++) if (r.classify(f) === c) return f
    return undefined
  }
  const out: number[] = []
  const crit = faceOf('crit')
  const hit = faceOf('hit')
  if (crit !== undefined) for (let i = 0; i < pick.crits; i++) out.push(crit)
  if (hit !== undefined) for (let i = 0; i < pick.hits; i++) out.push(hit)
  return out
}

/**
 * The defender's pick when it may be asked or was given beforehand (--reroll: it takes what the
 * dice allow, criticals first): the decision 'evade-reroll', as criticals and hits.
 */
export function askEvadeReroll(
  s: Decidable,
  faces: readonly number[],
  r: Reroll,
): (options: RerollOption[]) => number[] {
  return (options) => {
    const question: RerollQuestion = {
      faces: faces.slice(),
      allowed: r.allowed,
      options: options.map((o) => ({ pick: pickOf(r, o.pick), expected: o.expected })),
    }
    return facesOf(r, decision<RerollPick>(s, 'evade-reroll', question, question.options[0].pick))
  }
}

/** The defender's reroll question: the dice just rolled, and each sensible pick, best first. */
export interface RerollQuestion {
  faces: number[]
  allowed: number
  options: Array<{ pick: RerollPick; expected: Outlook }>
}

/** How many evade dice fell in each class. */
export function countOutcomes(outcomes: readonly EvadeClass[]): Record<EvadeClass, number> {
  let crit = 0
  let hit = 0
  let evade = 0
  let miss = 0
  let downed = 0
  for (const o of outcomes) {
    if (o === 'crit') crit++
    else if (o === 'hit') hit++
    else if (o === 'evade') evade++
    else if (o === 'downed') downed++
    else miss++
  }
  return { crit, hit, evade, 'auto-miss': miss, downed }
}

/**
 * Criticals and hits from the evade dice's class counts, with the attack's bonus hits. At most
 * CRIT_CAP criticals (none with Indirect Fire) are worth 2 hits; the others count as 1. The
 * Tactical Advantage critical (Blindside is one source; several never give more) obeys the same
 * cap, after the dice.
 */
export function evadeHits(
  e: EvadeInput,
  counts: Readonly<Record<DieOutcome, number>>,
): { diceCrits: number; crits: number; hits: number } {
  const diceCrits = Math.min(counts.crit, e.critCap)
  const advantage = e.advantage && !e.critsMiss
  const advantageCrit = advantage && diceCrits < e.critCap ? 1 : 0
  const advantageHit = advantage && !advantageCrit ? 1 : 0
  // Bonus criticals stack with Tactical Advantage's; past the cap (or where criticals are plain
  // hits) each is a hit, and where criticals miss (Untouchable) they miss too.
  const bonus = e.critsMiss ? 0 : e.bonusCrits
  const bonusCrits = Math.min(bonus, e.critCap - diceCrits - advantageCrit)
  const crits = diceCrits + advantageCrit + bonusCrits
  const hits =
    2 * crits + (counts.crit - diceCrits) + counts.hit + advantageHit + (bonus - bonusCrits) + e.bonusHits
  return { diceCrits, crits, hits }
}

/**
 * Stage 2: blocks and Skill Defense against the hits of stage 1. `s` is the declared input with
 * the decisions (a shot is both): a person may be asked how much Momentum to spend.
 */
export function blockHits(
  s: AfterEvadeInput & Decidable,
  hits: number,
  { blocks, source, terms } = shotBlocks(s),
): BlockStage {
  const hitsLeft = Math.max(0, hits - blocks)
  // Skill Defense is decided after the evade dice are seen: spend up to the Momentum offered.
  const maxPoints = skillDefenseMax(hitsLeft, s.target.warship)
  const offered = skillDefenseSpent(s.target.momentum, hitsLeft, s.target.warship)
  const points =
    hitsLeft === 0
      ? 0
      : Math.min(
          maxPoints,
          decision<number>(
            s,
            'momentum',
            { side: 'defender', hits, blocks, hitsLeft, maxPoints, attack: s } satisfies MomentumQuestion,
            offered,
          ),
        )
  const unblockedHits = Math.max(0, hitsLeft - momentumNegates(points, s.target.warship))
  return {
    blocks,
    blockSource: source,
    blockTerms: terms,
    momentumSpent: points,
    unblockedHits,
    hitDamage: unblockedHits * damagePerHit(shotDmg(s), s.target.persevere, s.situation.round),
  }
}

/**
 * The armour saves a shot's unblocked hits call for, with the defender's rerolls and "It's not
 * over yet!" (the save stage's own rules: resolveArmorSaves).
 */
export function shotSaves(s: AfterEvadeInput, unblockedHits: number): SaveSpec {
  return {
    hits: unblockedHits,
    pen: shotPen(s),
    armSv: s.target.armSv,
    warship: s.target.warship,
    aoe: s.weapon.aoe,
    size: s.target.size,
    // Anti-Beam Coating against an energy weapon; 0 otherwise.
    armSvBonus: shotAntiBeam(s),
    reroll: s.target.reroll,
    notOverYet: s.target.notOverYet > 0 ? s.target.notOverYet : undefined,
  }
}

/** A shot's damage: its unblocked hits' damage and its failed saves'. */
export function shotDamage(b: Pick<BlockStage, 'hitDamage'>, save: Pick<SaveResult, 'damage'>): number {
  return b.hitDamage + save.damage
}

/** The shot's result from its stages: damage from hits and failed saves, and destruction. */
export function concludeShot(s: AfterEvadeInput, e: EvadeStage, b: BlockStage, save: SaveResult): ShotResult {
  const damage = shotDamage(b, save)
  const result: ShotResult = {
    targetNumber: e.targetNumber,
    shotsFired: e.shotsFired,
    dice: e.dice,
    crits: e.crits,
    hits: e.hits,
    blocks: b.blocks,
    blockSource: b.blockSource,
    blockTerms: b.blockTerms,
    momentumSpent: b.momentumSpent,
    unblockedHits: b.unblockedHits,
    hitDamage: b.hitDamage,
    save,
    damage,
  }
  if (e.reroll) result.reroll = e.reroll
  if (e.remoteDowned !== undefined) result.remoteDowned = e.remoteDowned
  if (s.target.hp !== undefined) {
    result.remainingHp = s.target.hp - damage
    result.destroyed = result.remainingHp <= 0
  }
  return result
}

/** Anti-Beam Coating's ARM Sv against this shot: +2 against an energy weapon, else 0. */
export function shotAntiBeam(s: AfterEvadeInput): number {
  return antiBeamBonus({ antiBeam: s.target.antiBeam, energy: s.weapon.energy })
}

/** The armor-save cap that applies to this shot's defender. */
export function saveCapFor(s: Shot): number {
  return saveCap({ warship: s.target.warship, aoe: s.weapon.aoe })
}
