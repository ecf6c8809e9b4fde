import type { Dice } from '../../core/dice.js'
import type { Penetration } from './weapon.js'

/**
 * ARMOR SAVES (quickstart, "Armor Saves", "Warship Armor Saves", "Stun", "Push/Pull").
 *
 * Unblocked hits from a weapon with PEN 2 or more each call for a d10 save, at most 3 per
 * weapon (warships: 5, or 10 against AOE weapons). The save's target number is PEN minus the
 * defender's ARM Sv; push/pull weapons also subtract twice the defender's Size. A target number
 * of 1 or less passes outright, so no dice are rolled.
 *
 * Each failed save: +1000 DMG (a warship's controller may lose a weapon instead; we count the
 * damage), or one action lost for stun (S) weapons, or one push for push/pull (P) weapons.
 *
 * Reading: the "10 vs AOE" cap is written in the warship paragraph, so it applies to warships
 * only; other units keep the cap of 3 against AOE weapons too.
 */
export interface SaveSpec {
  hits: number
  pen: Penetration
  armSv: number
  warship?: boolean
  aoe?: boolean
  /** Defender's Size: push/pull saves improve by 2 x Size. */
  size?: number
  /** Anti-Beam Coating and similar: extra ARM Sv against this weapon. */
  armSvBonus?: number
}

export interface SaveRoll {
  roll: number
  passed: boolean
}

export interface SaveResult {
  /** The d10 result needed to pass; 1 or less means every save passes without a roll. */
  targetNumber: number
  /** How many saves the hits called for, after the cap. */
  owed: number
  saves: SaveRoll[]
  failedSaves: number
  /** Extra damage from failed saves (0 for stun and push/pull weapons). */
  damage: number
  /** Actions lost (stun weapons). */
  actionsLost: number
  /** Pushes suffered (push/pull weapons). */
  pushes: number
}

export const FAILED_SAVE_DMG = 1000

export function saveCap(spec: Pick<SaveSpec, 'warship' | 'aoe'>): number {
  if (spec.warship) return spec.aoe ? 10 : 5
  return 3
}

export function saveTargetNumber(spec: Pick<SaveSpec, 'pen' | 'armSv' | 'size' | 'armSvBonus'>): number {
  const sizeBonus = spec.pen.kind === 'push' ? 2 * (spec.size ?? 0) : 0
  return spec.pen.value - spec.armSv - (spec.armSvBonus ?? 0) - sizeBonus
}

/** Saves owed: only weapons with PEN 2+ call for them, one per unblocked hit, capped. */
export function savesOwed(spec: SaveSpec): number {
  if (spec.pen.value < 2 || spec.hits <= 0) return 0
  return Math.min(spec.hits, saveCap(spec))
}

export function resolveArmorSaves(dice: Dice, spec: SaveSpec): SaveResult {
  const targetNumber = saveTargetNumber(spec)
  const owed = savesOwed(spec)
  const rolled = targetNumber > 1 && owed > 0
  const faces = rolled ? dice.pool(owed, 10, 'armor saves', (f) => (f >= targetNumber ? 1 : 0)) : []
  const saves = faces.map((roll) => ({ roll, passed: roll >= targetNumber }))
  const failedSaves = saves.filter((s) => !s.passed).length
  return {
    targetNumber,
    owed,
    saves,
    failedSaves,
    damage: spec.pen.kind === 'damage' ? failedSaves * FAILED_SAVE_DMG : 0,
    actionsLost: spec.pen.kind === 'stun' ? failedSaves : 0,
    pushes: spec.pen.kind === 'push' ? failedSaves : 0,
  }
}
