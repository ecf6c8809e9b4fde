import type { SaveResult } from '../../rules/stellar/armor-save.js'

/** The armor-save fields of a strike's answer, the same in shoot and melee. */
export interface SaveFields {
  /** The d10 result each save needs; null when no save was owed. */
  saveTargetNumber: number | null
  saves: Array<{ roll: number; passed: boolean }>
  failedSaves: number
  /** Actions lost to a stun weapon's failed saves. */
  actionsLost: number
  /** Pushes from a push/pull weapon's failed saves. */
  pushes: number
}

/** The armor-save fields of a strike's JSON, the same in shoot and melee. */
export function saveFields(save: SaveResult): SaveFields {
  return {
    saveTargetNumber: save.owed > 0 ? save.targetNumber : null,
    saves: save.saves,
    failedSaves: save.failedSaves,
    actionsLost: save.actionsLost,
    pushes: save.pushes,
  }
}
