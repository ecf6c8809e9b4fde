import type { Distribution } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'
import { type BehaviorRoll, resolveBehavior } from './behavior.js'

/** The exact chance of each order on the table: resolveBehavior walked, read by its order. */
export function behaviorOdds(b: BehaviorRoll): Distribution<string> {
  return walk((dice) => resolveBehavior(dice, b).order)
}
