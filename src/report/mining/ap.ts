import { defineModel } from '../../engine/spec.js'
import {
  type ActionPointsResult,
  type ActionPointsRoll,
  resolveActionPoints,
} from '../../rules/mining/action-points.js'
import { actionPointsOdds } from '../../rules/mining/odds.js'

export const miningApModel = defineModel<ActionPointsRoll, ActionPointsResult>({
  resolve: resolveActionPoints,
  json: (r) => ({ units: r.units, roll: r.roll, actionPoints: r.actionPoints }),
  odds(a) {
    const o = actionPointsOdds(a)
    return {
      json: { actionPoints: o.actionPoints.toJSON(), expected: o.expected },
      extra: { units: a.units },
      detail: [o, a.units],
    }
  },
})
