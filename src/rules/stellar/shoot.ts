import type { Dice } from '../../core/dice.js'
import { type Decidable, decision } from '../../core/decide.js'
import { type SaveResult, resolveArmorSaves, saveCap } from './armor-save.js'
import type { Level, Penetration } from './weapon.js'

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

export const MAX_SHOTS = 10
export const CRIT_CAP = 3

/** Precision/Barrage: +1, or +2 for level 1+ pilots, captains and kaiju. */
export function attackBonusSize(pilot: Level): number {
  return pilot >= 1 ? 2 : 1
}

/** Dodge/Guard: +1, or +2 for level 2 pilots, captains and kaiju. */
export function defenseBonusSize(defPilot: Level): number {
  return defPilot >= 2 ? 2 : 1
}

export function shotTargetNumber(s: Shot): number {
  const precision = s.bonus === 'precision' ? attackBonusSize(s.pilot) : 0
  const dodge = s.defense === 'dodge' ? defenseBonusSize(s.defPilot) : 0
  return s.acc + precision - s.evade - dodge
}

/**
 * Shots rolled: weapon shots + Rapid Fire + Barrage (+ Focus for Indirect Fire, which gains a
 * shot instead of a hit), capped at 10 whatever the modifiers.
 */
export function shotsFired(s: Shot): number {
  const barrage = s.bonus === 'barrage' ? attackBonusSize(s.pilot) : 0
  const focusShot = s.focus && s.indirect ? 1 : 0
  return Math.max(0, Math.min(MAX_SHOTS, s.shots + s.rapidFire + barrage + focusShot))
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
 * do not stack). Cover blocks 1, or 2 against DMG 500 or less. Blindside ignores both.
 */
export function shotBlocks(s: Shot): { blocks: number; source: 'shield' | 'cover' | 'none' } {
  const guard = s.defense === 'guard' ? defenseBonusSize(s.defPilot) : 0
  if (s.blindside) return { blocks: guard, source: 'none' }
  const cover = s.cover ? (s.dmg <= 500 ? 2 : 1) : 0
  if (s.shield === 0 && cover === 0) return { blocks: guard, source: 'none' }
  return s.shield >= cover ? { blocks: guard + s.shield, source: 'shield' } : { blocks: guard + cover, source: 'cover' }
}

/** Hits negated by spending Momentum: one per point, two points each for warships. */
export function momentumNegates(points: number, warship: boolean): number {
  return warship ? Math.floor(points / 2) : points
}

export interface MomentumQuestion {
  hitsLeft: number
  maxPoints: number
  shot: Shot
  hits: number
  blocks: number
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

/**
 * A whole shooting attack. It runs in two stages, and everything after the evade dice depends
 * on them only through the number of hits; shotOdds walks the stages separately on that basis,
 * through these same two functions.
 */
export function resolveShot(dice: Dice, s: Shot): ShotResult {
  return finishShot(dice, s, rollEvade(dice, s))
}

/** Stage 1: the defender's evade dice, criticals, and the attack's bonus hits. */
export function rollEvade(dice: Dice, s: Shot): EvadeStage {
  const targetNumber = shotTargetNumber(s)
  const n = shotsFired(s)
  const cm = critMax(s)
  const faces = dice.pool(n, 10, 'evade', (f) => (f <= cm ? 'crit' : f >= 9 || f >= targetNumber ? 'miss' : 'hit'))

  // Tactical Advantage: +1 critical hit (Blindside is one source; several never give more).
  const advantageCrit = s.advantage || s.blindside ? 1 : 0
  let critsLeft = s.indirect ? 0 : CRIT_CAP
  let crits = 0
  let hits = 0
  const evadeDice: EvadeDie[] = faces.map((roll) => {
    if (roll <= cm) {
      if (critsLeft > 0) {
        critsLeft--
        crits++
        hits += 2
        return { roll, outcome: 'crit' }
      }
      hits += 1
      return { roll, outcome: 'hit', critAsHit: true }
    }
    if (roll >= 9) return { roll, outcome: 'auto-miss' }
    if (roll >= targetNumber) return { roll, outcome: 'evade' }
    hits += 1
    return { roll, outcome: 'hit' }
  })
  // The advantage crit obeys the same cap and the Indirect Fire rule: past them it is a hit.
  if (advantageCrit) {
    if (critsLeft > 0) {
      crits++
      hits += 2
    } else hits += 1
  }
  hits += focusHits(s) + (s.bullseye ? 1 : 0) + s.extraHits
  return { targetNumber, shotsFired: n, dice: evadeDice, crits, hits }
}

/** Stage 2: blocks, Skill Defense, damage and armor saves, from the hits of stage 1. */
export function finishShot(dice: Dice, s: Shot, e: EvadeStage): ShotResult {
  const { hits } = e
  const { blocks, source } = shotBlocks(s)
  const hitsLeft = Math.max(0, hits - blocks)
  // Skill Defense is decided after the evade dice are seen: spend up to the Momentum offered.
  const maxPoints = s.warship ? hitsLeft * 2 : hitsLeft
  // Warships pay 2 Momentum per hit, so only whole pairs are worth spending.
  const offered = s.warship ? 2 * Math.min(Math.floor(s.momentum / 2), hitsLeft) : Math.min(s.momentum, hitsLeft)
  const points =
    hitsLeft === 0
      ? 0
      : Math.min(maxPoints, decision<number>(s, 'momentum', { hitsLeft, maxPoints, shot: s, hits, blocks } satisfies MomentumQuestion, offered))
  const momentumSpent = points
  const unblockedHits = Math.max(0, hitsLeft - momentumNegates(points, s.warship))
  const hitDamage = unblockedHits * s.dmg

  const save = resolveArmorSaves(dice, {
    hits: unblockedHits,
    pen: s.pen,
    armSv: s.armSv,
    warship: s.warship,
    aoe: s.aoe,
    size: s.size,
  })
  const damage = hitDamage + save.damage
  const result: ShotResult = {
    targetNumber: e.targetNumber,
    shotsFired: e.shotsFired,
    dice: e.dice,
    crits: e.crits,
    hits,
    blocks,
    blockSource: source,
    momentumSpent,
    unblockedHits,
    hitDamage,
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
