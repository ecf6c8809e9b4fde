import { type Dice, atLeast } from '../../core/dice.js'
import { KNOCKDOWN_KEEP } from './strike.js'

/**
 * KNOCKDOWN (formation rules, weapon trait "Knockdown"): a normal mecha hit by a Knockdown
 * weapon rolls a d6 and keeps its action on 4 or more; on 1-3 it loses an action.
 *
 * Reading: several Knockdown hits are rolled together, one d6 each, and each failure costs one
 * action (never more than the unit has left, when that is given).
 */
export interface Knockdown {
  hits: number
  actions?: number
}

export interface KnockdownResult {
  rolls: Array<{ roll: number; kept: boolean }>
  actionsLost: number
  actionLost: boolean
  actionsLeft: number | null
}

export function resolveKnockdown(dice: Dice, k: Knockdown): KnockdownResult {
  const faces = dice.pool(k.hits, 6, 'knockdown', atLeast(KNOCKDOWN_KEEP))
  const rolls = faces.map((roll) => ({ roll, kept: roll >= KNOCKDOWN_KEEP }))
  const failed = rolls.filter((r) => !r.kept).length
  const actionsLost = k.actions !== undefined ? Math.min(k.actions, failed) : failed
  return {
    rolls,
    actionsLost,
    actionLost: actionsLost > 0,
    actionsLeft: k.actions !== undefined ? k.actions - actionsLost : null,
  }
}
