import type { SaveResult } from '../../../rules/stellar/armor-save.js'

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

/** saveFields as JSON text (see CommandSpec.jsonFields): the same members, in the same order. */
export function saveFieldsText(save: SaveResult): string {
  let saves = ''
  for (let i = 0; i < save.saves.length; i++) {
    const sv = save.saves[i]
    saves += `${i ? ',' : ''}{"roll":${sv.roll},"passed":${sv.passed}}`
  }
  return `"saveTargetNumber":${save.owed > 0 ? save.targetNumber : null},"saves":[${saves}],"failedSaves":${save.failedSaves},"actionsLost":${save.actionsLost},"pushes":${save.pushes}`
}
