import { defineModel } from '../../engine/spec.js'
import {
  type ActionPointsResult,
  type ActionPointsRoll,
  resolveActionPoints,
} from '../../rules/mining/action-points.js'
import { actionPointsOdds } from '../../rules/mining/odds.js'
import {
  explainActionPoints,
  renderActionPoints,
  renderActionPointsOdds,
} from '../../render/mining/action-points.js'

export const miningApModel = defineModel<ActionPointsRoll, ActionPointsResult>({
  resolve: resolveActionPoints,
  json: (r) => ({ units: r.units, roll: r.roll, actionPoints: r.actionPoints }),
  render: (r, _a, out) => renderActionPoints(r, out),
  explain: (r, _a, out) => explainActionPoints(r, out),
  odds(a) {
    const o = actionPointsOdds(a)
    return {
      json: { actionPoints: o.actionPoints.toJSON(), expected: o.expected },
      extra: { units: a.units },
      render: (out) => renderActionPointsOdds(o, a.units, out),
    }
  },
})
