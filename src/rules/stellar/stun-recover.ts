import { type Dice, atLeast } from '../../core/dice.js'

/**
 * STUN RECOVERY (quickstart, "Stun / Electrical / Freezing Damage"): each failed save against a
 * stun weapon is a -1 Action penalty (below 0 Actions the unit shuts down). At the end of its
 * turn the unit may roll 3d10; each 5+ removes one penalty.
 *
 * Readings: the three dice are rolled whatever the penalty, and successes beyond it are
 * wasted; without a known penalty every success is reported as removable.
 */
export const RECOVERY_DICE = 3
export const RECOVERY_TARGET = 5
/** The recovery die. */
export const RECOVERY_DIE = 10

export interface StunRecovery {
  /** -1 Action penalties on the unit (undefined: not given). */
  penalty?: number
  /** The unit's Actions stat, to report what it has left. */
  actions?: number
}

export interface StunRecoveryResult {
  dice: Array<{ roll: number; success: boolean }>
  successes: number
  removed: number
  penaltyLeft?: number
  /** Actions the unit has after recovery (Actions stat minus the penalty left). */
  actionsLeft?: number
  shutdown?: boolean
}

export function resolveStunRecovery(dice: Dice, s: StunRecovery): StunRecoveryResult {
  const faces = dice.pool(RECOVERY_DICE, RECOVERY_DIE, 'stun recovery', atLeast(RECOVERY_TARGET))
  const rolls = faces.map((roll) => ({ roll, success: roll >= RECOVERY_TARGET }))
  const successes = rolls.filter((d) => d.success).length
  const removed = s.penalty === undefined ? successes : Math.min(successes, s.penalty)
  const out: StunRecoveryResult = { dice: rolls, successes, removed }
  if (s.penalty !== undefined) {
    out.penaltyLeft = s.penalty - removed
    if (s.actions !== undefined) {
      out.actionsLeft = s.actions - out.penaltyLeft
      out.shutdown = out.actionsLeft < 0
    }
  }
  return out
}
