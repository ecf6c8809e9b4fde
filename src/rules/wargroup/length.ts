import { type Dice, SUM, sumOf } from '../../core/dice.js'

/**
 * GAME LENGTH (wargroup seed, "When Does it end?"): before the game, roll 3d6; the game lasts
 * that many turns.
 */
export interface LengthResult {
  dice: number[]
  turns: number
}

export const LENGTH_DICE = 3

export function resolveLength(dice: Dice): LengthResult {
  const faces = dice.pool(LENGTH_DICE, 6, 'game length (3d6)', SUM)
  return { dice: faces, turns: sumOf(faces) }
}
