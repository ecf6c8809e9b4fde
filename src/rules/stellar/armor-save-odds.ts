import type { Dist } from '../../core/dist.js'
import { exactDists } from '../../core/exact.js'
import { type SaveSpec, resolveArmorSaves } from './armor-save.js'

export interface SaveOdds {
  failedSaves: Dist<number>
  damage: Dist<number>
  actionsLost: Dist<number>
  pushes: Dist<number>
  expected: { failedSaves: number; damage: number; actionsLost: number; pushes: number }
}

export function saveOdds(s: SaveSpec): SaveOdds {
  // Odds follow the automatic Momentum policy: no prompts while walking the branches.
  const quiet: SaveSpec = { ...s, askDecisions: false }
  const d = exactDists((dice) => resolveArmorSaves(dice, quiet), {
    failedSaves: (r) => r.failedSaves,
    damage: (r) => r.damage,
    actionsLost: (r) => r.actionsLost,
    pushes: (r) => r.pushes,
  }) as { failedSaves: Dist<number>; damage: Dist<number>; actionsLost: Dist<number>; pushes: Dist<number> }
  return {
    ...d,
    expected: {
      failedSaves: d.failedSaves.expected(),
      damage: d.damage.expected(),
      actionsLost: d.actionsLost.expected(),
      pushes: d.pushes.expected(),
    },
  }
}
