import { defineModel } from '../../engine/spec.js'
import { type BehaviorRequest, type BehaviorResult, resolveBehavior } from '../../rules/stellar/behavior.js'
import { behaviorOdds } from '../../rules/stellar/behavior-odds.js'
import {
  explainBehavior,
  orderJson,
  renderBehavior,
  renderBehaviorOdds,
} from '../../render/stellar/behavior.js'

export const behaviorModel = defineModel<BehaviorRequest, BehaviorResult>({
  resolve: resolveBehavior,
  json: (r, b) => ({
    table: b.table,
    situation: b.situation,
    column: r.column,
    roll: r.roll,
    readAs: r.readAs,
    ...orderJson(r.order),
  }),
  render: renderBehavior,
  explain: explainBehavior,
  odds(b) {
    const d = behaviorOdds(b)
    return {
      json: { order: d.toJSON() },
      extra: {
        table: b.table,
        situation: b.situation,
        column: b.situation === 'hidden' && b.indirect ? 'cover' : b.situation,
      },
      render: (out) => renderBehaviorOdds(d, b, out),
    }
  },
})
