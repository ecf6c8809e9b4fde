import type { Distribution } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'
import { type SaveResult, type SaveSpec, resolveArmorSaves, savesOwedFor } from './armor-save.js'

/** Exact distributions of one set of armour saves. */
export interface SaveOdds {
  failedSaves: Distribution<number>
  damage: Distribution<number>
  actionsLost: Distribution<number>
  pushes: Distribution<number>
  expected: { failedSaves: number; damage: number; actionsLost: number; pushes: number }
}

/**
 * The exact odds of armour saves: resolveArmorSaves itself walked over its dice (the saves, then
 * the rerolls of the failed ones), read off its own result. Odds follow the automatic Momentum
 * policy for "It's not over yet!": no prompts while walking the branches.
 */
export function saveOdds(s: SaveSpec): SaveOdds {
  const outcomes = saveStage(s)
  const failedSaves = outcomes.map((o) => o.failedSaves)
  const damage = outcomes.map((o) => o.damage)
  const actionsLost = outcomes.map((o) => o.actionsLost)
  const pushes = outcomes.map((o) => o.pushes)
  return {
    failedSaves,
    damage,
    actionsLost,
    pushes,
    expected: {
      failedSaves: failedSaves.expected(),
      damage: damage.expected(),
      actionsLost: actionsLost.expected(),
      pushes: pushes.expected(),
    },
  }
}

/**
 * The saves a spec calls for, as a stage of a larger attack: resolveArmorSaves walked over its
 * dice, its results told apart by what later stages read of them (failed saves, what they
 * negated and what they do).
 */
export function saveStage(spec: SaveSpec): Distribution<SaveResult> {
  return savesFor(spec)(spec.hits)
}

/**
 * The save stage of one weapon against one defender as a function of the unblocked hits (the
 * spec's own hits are ignored): each count of saves owed walked once, when first asked for (hits
 * past the cap roll no more dice), by the automatic policy ("It's not over yet!" offered nothing
 * is offered none: no prompts while walking). Kept by whoever holds the function (a shot's later
 * stages, a strike), not across commands: a module-level table of walks by declared input saved
 * 6.9% of a mixed 2,000-line batch's instructions and went (issue 36, docs/speed.md).
 */
export function savesFor(spec: SaveSpec): (hits: number) => Distribution<SaveResult> {
  const quiet: SaveSpec = { ...spec, decisions: undefined, askDecisions: undefined }
  const byOwed: Array<Distribution<SaveResult>> = []
  return (hits: number) => {
    const owed = savesOwedFor(quiet, hits)
    return (byOwed[owed] ??= walk(
      (dice) => resolveArmorSaves(dice, Object.assign({}, quiet, { hits: owed })),
      (r) => `${r.failedSaves} ${r.negated} ${r.damage} ${r.actionsLost} ${r.pushes}`,
    ))
  }
}
