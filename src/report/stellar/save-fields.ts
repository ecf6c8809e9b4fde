import type { SaveResult } from '../../rules/stellar/armor-save.js'

/** The armor-save fields of a strike's JSON, the same in shoot and melee. */
export function saveFields(save: SaveResult): Record<string, unknown> {
  return {
    saveTargetNumber: save.owed > 0 ? save.targetNumber : null,
    saves: save.saves,
    failedSaves: save.failedSaves,
    actionsLost: save.actionsLost,
    pushes: save.pushes,
  }
}
