import type { Dist } from '../../core/dist.js'
import { exactDist } from '../../core/exact.js'
import { type BehaviorRoll, resolveBehavior } from './behavior.js'

/** The exact chance of each order on the table. */
export function behaviorOdds(b: BehaviorRoll): Dist<string> {
  return exactDist((dice) => resolveBehavior(dice, b), (r) => r.order)
}
