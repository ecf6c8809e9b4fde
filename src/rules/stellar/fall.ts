import type { Dice } from '../../core/dice.js'

/**
 * LOW GRAVITY FALLS (quickstart, "Low Gravity Battle"): a unit on high ground that takes damage
 * rolls a d10 and falls off on 1-4. In low gravity falling deals no damage.
 */
export const FALL_MAX = 4

/** The fall check's die. */
export const FALL_DIE = 10

export interface FallResult {
  roll: number
  fell: boolean
  /** Damage from the fall: always 0 in low gravity. */
  damage: number
}

export function resolveFall(dice: Dice): FallResult {
  const roll = dice.roll(FALL_DIE, 'fall check', (f) => (f <= FALL_MAX ? 1 : 0))
  return { roll, fell: roll <= FALL_MAX, damage: 0 }
}
