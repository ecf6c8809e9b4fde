import { modelOf } from '../../runtime/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import {
  type BehaviorRequest,
  type BehaviorResult,
  ORDERS,
  type Order,
  behaviorColumn,
  resolveBehavior,
} from '../../rules/stellar/behavior.js'
import { behaviorOdds } from '../../rules/stellar/behavior-odds.js'

export const behaviorModel = modelOf<BehaviorRequest, BehaviorResult>()({
  resolve: resolveBehavior,
  json: (r, b) => ({
    table: b.table,
    situation: b.situation,
    column: r.column,
    roll: r.roll,
    readAs: r.readAs,
    ...orderJson(r.order),
  }),
  odds(b) {
    const d = behaviorOdds(b)
    return {
      json: { order: d.toJSON() },
      extra: {
        table: b.table,
        situation: b.situation,
        column: behaviorColumn(b),
      },
      detail: [d, b, behaviorColumn(b)] as const,
    }
  },
})

export function orderJson(order: Order): { order: Order; orderName: string; description: string } {
  return { order, orderName: ORDERS[order].name, description: `The unit ${ORDERS[order].text}` }
}

/** `mecha behavior … --json`, `behavior.resolve(…)`: one roll on a behavior table. */
export type BehaviorAnswer = RolledAnswerOf<'behavior', typeof behaviorModel>

/** `mecha behavior … --odds --json`, `behavior.odds(…)`: the exact odds of each order. */
export type BehaviorOdds = OddsAnswerOf<'behavior', typeof behaviorModel>
