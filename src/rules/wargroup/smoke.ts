import type { Dice } from '../../core/dice.js'

/**
 * SMOKE (wargroup seed, "Weapon effects"): a tile hit by a smoke weapon gets a smoke tile that
 * blocks line of sight for d6 turns.
 */
export interface SmokeResult {
  roll: number
  /** Turns the smoke tile blocks line of sight. */
  turns: number
}

export function resolveSmoke(dice: Dice): SmokeResult {
  const roll = dice.roll(6, 'smoke turns (d6)')
  return { roll, turns: roll }
}
