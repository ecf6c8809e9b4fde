import type { Distribution } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'
import { type SaveSpec, resolveArmorSaves } from './armor-save.js'

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
  const quiet: SaveSpec = { ...s, askDecisions: false, decisions: undefined }
  const outcomes = walk((dice) => {
    const r = resolveArmorSaves(dice, quiet)
    return { failedSaves: r.failedSaves, damage: r.damage, actionsLost: r.actionsLost, pushes: r.pushes }
  })
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
