import type { Dice } from '../../core/dice.js'

/**
 * ACTION POINTS (seed 003, "Calculating Action Points"): at the start of a player's turn, the
 * number of active units (eliminated ones do not count) plus one d6.
 */
export interface ActionPointsRoll {
  /** Active units, excluding eliminated ones. */
  units: number
}

export interface ActionPointsResult {
  units: number
  roll: number
  actionPoints: number
}

export function resolveActionPoints(dice: Dice, a: ActionPointsRoll): ActionPointsResult {
  const roll = dice.roll(6, 'action points')
  return { units: a.units, roll, actionPoints: a.units + roll }
}

/** The most units a force has in play (a sanity limit on the input, not a rule). */
export const MAX_UNITS_IN_PLAY = 99
