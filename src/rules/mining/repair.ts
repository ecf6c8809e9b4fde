import type { Dice } from '../../core/dice.js'
import { ELIMINATED_AT } from './units.js'

/**
 * REPAIRS (seed 003, "Repairs"): a unit carrying 2 or more damage points may try one repair
 * action per turn: a d6 of 4 or more removes one damage point. With 0 or 1 damage there is
 * nothing it may repair, so no die is rolled. Fixed defences (gun sentries) and air units
 * (drones) never repair; the command turns those into input errors before this runs.
 *
 * Reading: a unit with 1 damage is not an input error but an attempt that cannot be made:
 * `allowed` is false, no die is rolled and the damage stays.
 */
export interface Repair {
  /** Damage points the unit carries now (0-3; 4 would have eliminated it). */
  damage: number
}

export interface RepairResult {
  damage: number
  allowed: boolean
  /** The repair d6, or null when no attempt was allowed. */
  roll: number | null
  repaired: boolean
  damageAfter: number
}

/** Damage a unit must carry before it may try a repair. */
export const REPAIR_MIN_DAMAGE = 2
/** The d6 result that removes a damage point. */
export const REPAIR_ON = 4
/** The repair die. */
export const REPAIR_DIE = 6

export function repairAllowed(damage: number): boolean {
  return damage >= REPAIR_MIN_DAMAGE && damage < ELIMINATED_AT
}

export function resolveRepair(dice: Dice, r: Repair): RepairResult {
  if (!repairAllowed(r.damage))
    return { damage: r.damage, allowed: false, roll: null, repaired: false, damageAfter: r.damage }
  const roll = dice.roll(REPAIR_DIE, 'repair')
  const repaired = roll >= REPAIR_ON
  return { damage: r.damage, allowed: true, roll, repaired, damageAfter: repaired ? r.damage - 1 : r.damage }
}
