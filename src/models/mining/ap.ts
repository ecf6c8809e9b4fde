import { modelOf } from '../../runtime/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import {
  type ActionPointsResult,
  type ActionPointsRoll,
  resolveActionPoints,
} from '../../rules/mining/action-points.js'
import { actionPointsOdds } from '../../rules/mining/odds.js'

export const miningApModel = modelOf<ActionPointsRoll, ActionPointsResult>()({
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

/** `mecha mining ap … --json`, `mining.ap.resolve(…)`: a force's action points for the turn. */
export type MiningApAnswer = RolledAnswerOf<'mining ap', typeof miningApModel>

/** `mecha mining ap … --odds --json`, `mining.ap.odds(…)`: the exact odds of the action points. */
export type MiningApOdds = OddsAnswerOf<'mining ap', typeof miningApModel>
