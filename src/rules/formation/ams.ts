import type { Dice } from '../../core/dice.js'

/**
 * ANTI-MISSILE SYSTEMS (formation rules, weapon traits "AMS" and "Missile").
 *
 * An AMS fires one d6 at an incoming salvo: a result of at least its AMS number destroys one
 * missile, and every point over the number destroys one more. Long-range missiles (those with
 * more than 12 damage) are big and tough: -1 to the AMS roll.
 *
 * Readings:
 * - No natural 1 or 6 rule is written for AMS, so none applies.
 * - Several AMS shots (`shots`) at one salvo are rolled one after another and stop as soon as the
 *   salvo is gone; a die never destroys more missiles than are left.
 */
export interface Ams {
  ams: number
  missiles: number
  longRange: boolean
  shots: number
}

export interface AmsRoll {
  roll: number
  modified: number
  destroyed: number
}

export interface AmsResult {
  /** The natural d6 needed to destroy one missile. */
  needed: number
  modifier: number
  rolls: AmsRoll[]
  destroyed: number
  remaining: number
}

/** Long-range missiles (over 12 damage) give the AMS -1. */
export const LONG_RANGE_DMG = 12

export function amsModifier(a: Pick<Ams, 'longRange'>): number {
  return a.longRange ? -1 : 0
}

/** Missiles one AMS die destroys, before the cap of what is left. */
export function amsKills(a: Pick<Ams, 'ams' | 'longRange'>, roll: number): number {
  const modified = roll + amsModifier(a)
  return modified >= a.ams ? 1 + modified - a.ams : 0
}

export function resolveAms(dice: Dice, a: Ams): AmsResult {
  let remaining = a.missiles
  const rolls: AmsRoll[] = []
  for (let i = 0; i < a.shots && remaining > 0; i++) {
    const left = remaining
    const roll = dice.roll(6, a.shots > 1 ? `AMS shot ${i + 1}` : 'AMS', (f) => Math.min(left, amsKills(a, f)))
    const destroyed = Math.min(left, amsKills(a, roll))
    remaining -= destroyed
    rolls.push({ roll, modified: roll + amsModifier(a), destroyed })
  }
  return {
    needed: a.ams - amsModifier(a),
    modifier: amsModifier(a),
    rolls,
    destroyed: a.missiles - remaining,
    remaining,
  }
}
