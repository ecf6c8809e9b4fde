import type { Dice } from '../../core/dice.js'
import { type Decidable, decision } from '../../core/decide.js'
import { type SaveResult, type SaveSpec, resolveArmorSaves, saveCap } from './armor-save.js'
import {
  type Level,
  type Penetration,
  type SkillDefenseQuestion,
  attackerBonus,
  defenderBonus,
} from './weapon.js'

/**
 * SHOOTING ATTACK (quickstart: "[Action] Shooting Attack", "Quick Dice", "Focus", "Weapon's
 * Range" for Rapid Fire, "Indirect Fire", "Tactical Advantage", "Shields", "Targets in Cover",
 * "Universal Skill - Defense" and "Bullseye", "Armor Saves").
 *
 * The defender rolls a d10 per shot and evades on a result of at least the target number,
 * Shooting Accuracy minus Evade after the Precision and Dodge bonuses. Natural 9-10 always miss;
 * natural 1-2 (and 3 with Target Lock) are critical hits worth 2 hits, at most 3 per attack.
 */

export type AttackBonus = 'precision' | 'barrage' | 'none'
export type DefenseChoice = 'dodge' | 'guard' | 'none'

export interface Shot extends Decidable {
  acc: number
  evade: number
  /** The weapon's shots at this range, before Rapid Fire and Barrage. */
  shots: number
  /** Rapid Fire: shots gained (or lost, when negative) within half range. */
  rapidFire: number
  dmg: number
  pen: Penetration
  armSv: number
  bonus: AttackBonus
  pilot: Level
  defense: DefenseChoice
  defPilot: Level
  shield: number
  cover: boolean
  blindside: boolean
  targetLock: boolean
  indirect: boolean
  /** Tactical Advantage from another source (High Ground, High Speed Attack, Overwhelm, Shutdown). */
  advantage: boolean
  focus: boolean
  bullseye: boolean
  /** Extra hits from other sources (Make it Count!, High Ground target, Havoc Impact...). */
  extraHits: number
  /** Skill Defense: most Momentum the defender will spend (each point negates one hit). */
  momentum: number
  warship: boolean
  aoe: boolean
  size: number
  hp?: number
}

export type DieOutcome = 'crit' | 'hit' | 'evade' | 'auto-miss'

export interface EvadeDie {
  roll: number
  outcome: DieOutcome
  /** A natural critical that counted as a plain hit (the cap of 3, or Indirect Fire). */
  critAsHit?: boolean
}

export interface ShotResult {
  targetNumber: number
  shotsFired: number
  dice: EvadeDie[]
  crits: number
  hits: number
  blocks: number
  blockSource: 'shield' | 'cover' | 'none'
  momentumSpent: number
  unblockedHits: number
  hitDamage: number
  save: SaveResult
  damage: number
  remainingHp?: number
  destroyed?: boolean
}

/** Shots rolled in one attack, at most: the cap applies after every modifier. */
export const MAX_SHOTS = 10
/** The most shots a weapon profile may print (before modifiers and the cap): the flags' limit. */
export const MAX_WEAPON_SHOTS = 30
export const CRIT_CAP = 3

export function shotTargetNumber(s: Shot): number {
  const precision = s.bonus === 'precision' ? attackerBonus(s.pilot) : 0
  const dodge = s.defense === 'dodge' ? defenderBonus(s.defPilot) : 0
  return s.acc + precision - s.evade - dodge
}

/**
 * Shots before the cap: the weapon's printed shots + Rapid Fire + Barrage (+ Focus for Indirect
 * Fire, which gains a shot instead of a hit).
 */
export function shotsBeforeCap(s: Shot): number {
  const barrage = s.bonus === 'barrage' ? attackerBonus(s.pilot) : 0
  const focusShot = s.focus && s.indirect ? 1 : 0
  return s.shots + s.rapidFire + barrage + focusShot
}

/** Shots rolled: every modifier first, then the cap of 10 (a printed 12 with Rapid Fire -2 fires 10). */
export function shotsFired(s: Shot): number {
  return Math.max(0, Math.min(MAX_SHOTS, shotsBeforeCap(s)))
}

/** Natural faces that are critical hits: 1-2, and 3 with Target Lock. */
export function critMax(s: Shot): number {
  return s.targetLock ? 3 : 2
}

/** Focus: +1 hit, or +2 with a DMG 0-200 weapon; Indirect Fire gets its shot instead. */
export function focusHits(s: Shot): number {
  if (!s.focus || s.indirect) return 0
  return s.dmg <= 200 ? 2 : 1
}

/**
 * Blocks the defender gets before Momentum: Guard, plus the better of shield and cover (they
 * do not stack). Cover blocks 1, or 2 against DMG 500 or less; warships never benefit from
 * Cover ("Targets in Cover"). Blindside ignores both.
 */
export function shotBlocks(s: BlockInput): { blocks: number; source: 'shield' | 'cover' | 'none' } {
  const guard = s.defense === 'guard' ? defenderBonus(s.defPilot) : 0
  if (s.blindside) return { blocks: guard, source: 'none' }
  const cover = s.cover && !s.warship ? (s.dmg <= 500 ? 2 : 1) : 0
  if (s.shield === 0 && cover === 0) return { blocks: guard, source: 'none' }
  return s.shield >= cover
    ? { blocks: guard + s.shield, source: 'shield' }
    : { blocks: guard + cover, source: 'cover' }
}

/** Hits negated by spending Momentum: one per point, two points each for warships. */
export function momentumNegates(points: number, warship: boolean): number {
  return warship ? Math.floor(points / 2) : points
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
  /** Criticals worth 2 hits, at most (none under Indirect Fire). */
  critCap: number
  /** Tactical Advantage from any source (Blindside is one). */
  advantage: boolean
  /** Hits added whatever the dice: Focus, Bullseye and other sources. */
  bonusHits: number
}

export function evadeInput(s: Shot): EvadeInput {
  return {
    dice: shotsFired(s),
    targetNumber: shotTargetNumber(s),
    critMax: critMax(s),
    critCap: s.indirect ? 0 : CRIT_CAP,
    advantage: s.advantage || s.blindside,
    bonusHits: focusHits(s) + (s.bullseye ? 1 : 0) + s.extraHits,
  }
}

/**
 * How the defender's evade die counts, by face: natural criticals first, then natural 9-10
 * (always a miss), then an evade at the target number or above, else a hit. These are the
 * classes the evade pool declares, and the rule reads a face only through them, so every
 * outcome the result tells apart is its own class ('evade' and 'auto-miss' included).
 */
export function evadeClass(e: EvadeInput): (face: number) => DieOutcome {
  const { targetNumber, critMax: cm } = e
  return (f) => (f <= cm ? 'crit' : f >= 9 ? 'auto-miss' : f >= targetNumber ? 'evade' : 'hit')
}

/** What the blocks read of a shot (Guard, shield, Cover and what cancels it). */
export type BlockInput = Pick<
  Shot,
  'defense' | 'defPilot' | 'shield' | 'cover' | 'blindside' | 'warship' | 'dmg'
>

/**
 * Everything stages 2 and 3 read of a shot (blockHits, shotSaves, concludeShot), and nothing
 * else: their declared input, as EvadeInput is the evade stage's. Those functions take this type,
 * so reading another field of the shot there is a compile error, and the odds may remember what
 * the stages make of a number of hits by these values.
 */
export interface AfterEvadeInput extends BlockInput {
  /** Skill Defense: the most Momentum the defender will spend. */
  momentum: number
  pen: Penetration
  armSv: number
  aoe: boolean
  size: number
  hp?: number
}

export function afterEvadeInput(s: AfterEvadeInput): AfterEvadeInput {
  return {
    defense: s.defense,
    defPilot: s.defPilot,
    shield: s.shield,
    cover: s.cover,
    blindside: s.blindside,
    warship: s.warship,
    dmg: s.dmg,
    momentum: s.momentum,
    pen: s.pen,
    armSv: s.armSv,
    aoe: s.aoe,
    size: s.size,
    hp: s.hp,
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
}

/** The second stage: blocks and Skill Defense (no dice). */
export interface BlockStage {
  blocks: number
  blockSource: 'shield' | 'cover' | 'none'
  momentumSpent: number
  unblockedHits: number
  hitDamage: number
}

/**
 * A whole shooting attack, in three stages: the evade dice (rollEvade), blocks and Skill
 * Defense (blockHits), and the armour saves (finishShot). Everything after the evade dice
 * depends on them only through the number of hits; shotOdds composes the same stages on that
 * basis.
 */
export function resolveShot(dice: Dice, s: Shot): ShotResult {
  return finishShot(dice, s, rollEvade(dice, s))
}

/** Stage 1: the defender's evade dice, criticals, and the attack's bonus hits. */
export function rollEvade(dice: Dice, s: Shot): EvadeStage {
  const e = evadeInput(s)
  const classify = evadeClass(e)
  const faces = dice.pool(e.dice, 10, 'evade', classify)
  const outcomes = faces.map(classify)
  const counted = evadeHits(e, countOutcomes(outcomes))
  // Criticals past the cap (or under Indirect Fire) count as plain hits, in roll order.
  let critsLeft = counted.diceCrits
  const evadeDice: EvadeDie[] = faces.map((roll, i) => {
    const outcome = outcomes[i]
    if (outcome !== 'crit') return { roll, outcome }
    if (critsLeft-- > 0) return { roll, outcome }
    return { roll, outcome: 'hit', critAsHit: true }
  })
  return {
    targetNumber: e.targetNumber,
    shotsFired: faces.length,
    dice: evadeDice,
    crits: counted.crits,
    hits: counted.hits,
  }
}

/** How many evade dice fell in each class. */
export function countOutcomes(outcomes: readonly DieOutcome[]): Record<DieOutcome, number> {
  let crit = 0
  let hit = 0
  let evade = 0
  let miss = 0
  for (const o of outcomes) {
    if (o === 'crit') crit++
    else if (o === 'hit') hit++
    else if (o === 'evade') evade++
    else miss++
  }
  return { crit, hit, evade, 'auto-miss': miss }
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
  const advantageCrit = e.advantage && diceCrits < e.critCap ? 1 : 0
  const advantageHit = e.advantage && !advantageCrit ? 1 : 0
  const crits = diceCrits + advantageCrit
  const hits = 2 * crits + (counts.crit - diceCrits) + counts.hit + advantageHit + e.bonusHits
  return { diceCrits, crits, hits }
}

/**
 * Stage 2: blocks and Skill Defense against the hits of stage 1. `s` is the declared input with
 * the decisions (a shot is both): a person may be asked how much Momentum to spend.
 */
export function blockHits(s: AfterEvadeInput & Decidable, hits: number): BlockStage {
  const { blocks, source } = shotBlocks(s)
  const hitsLeft = Math.max(0, hits - blocks)
  // Skill Defense is decided after the evade dice are seen: spend up to the Momentum offered.
  const maxPoints = s.warship ? hitsLeft * 2 : hitsLeft
  // Warships pay 2 Momentum per hit, so only whole pairs are worth spending.
  const offered = s.warship
    ? 2 * Math.min(Math.floor(s.momentum / 2), hitsLeft)
    : Math.min(s.momentum, hitsLeft)
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
  const unblockedHits = Math.max(0, hitsLeft - momentumNegates(points, s.warship))
  return {
    blocks,
    blockSource: source,
    momentumSpent: points,
    unblockedHits,
    hitDamage: unblockedHits * s.dmg,
  }
}

/** The armour saves a shot's unblocked hits call for. */
export function shotSaves(s: AfterEvadeInput, unblockedHits: number): SaveSpec {
  return { hits: unblockedHits, pen: s.pen, armSv: s.armSv, warship: s.warship, aoe: s.aoe, size: s.size }
}

/** Stages 2 and 3: blocks, Skill Defense, then armour saves and damage, from stage 1. */
export function finishShot(dice: Dice, s: Shot, e: EvadeStage): ShotResult {
  const b = blockHits(s, e.hits)
  return concludeShot(s, e, b, resolveArmorSaves(dice, shotSaves(s, b.unblockedHits)))
}

/** The shot's result from its stages: damage from hits and failed saves, and destruction. */
export function concludeShot(
  s: Pick<AfterEvadeInput, 'hp'>,
  e: EvadeStage,
  b: BlockStage,
  save: SaveResult,
): ShotResult {
  const damage = b.hitDamage + save.damage
  const result: ShotResult = {
    targetNumber: e.targetNumber,
    shotsFired: e.shotsFired,
    dice: e.dice,
    crits: e.crits,
    hits: e.hits,
    blocks: b.blocks,
    blockSource: b.blockSource,
    momentumSpent: b.momentumSpent,
    unblockedHits: b.unblockedHits,
    hitDamage: b.hitDamage,
    save,
    damage,
  }
  if (s.hp !== undefined) {
    result.remainingHp = s.hp - damage
    result.destroyed = result.remainingHp <= 0
  }
  return result
}

/** The armor-save cap that applies to this shot's defender. */
export function saveCapFor(s: Pick<Shot, 'warship' | 'aoe'>): number {
  return saveCap(s)
}
