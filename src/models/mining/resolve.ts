import { modelOf } from '../../runtime/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import { resolveTestOdds } from '../../rules/mining/odds.js'
import {
  type ResolveTest,
  type ResolveTestResult,
  resolveResolveTest,
  retreatsOnOrBelow,
} from '../../rules/mining/resolve.js'

/** One resolve test, with the highest face that means retreat (its text reads it; not in the JSON). */
export type ResolveTestRoll = ResolveTestResult & { retreatsOnOrBelow: number }

export const miningResolveModel = modelOf<ResolveTest, ResolveTestRoll>()({
  resolve: (dice, t) =>
    Object.assign(resolveResolveTest(dice, t), { retreatsOnOrBelow: retreatsOnOrBelow(t.eliminated) }),
  json: (r) => ({ eliminated: r.eliminated, roll: r.roll, score: r.score, retreat: r.retreat }),
  odds(t) {
    const o = resolveTestOdds(t)
    return {
      json: { retreat: o.retreat.toJSON(), score: o.score.toJSON(), expected: o.expected },
      extra: { eliminated: t.eliminated, retreatsOnOrBelow: retreatsOnOrBelow(t.eliminated) },
      detail: [o, t.eliminated, retreatsOnOrBelow(t.eliminated)] as const,
    }
  },
})

/** `mecha mining resolve … --json`, `mining.resolve.resolve(…)`: one resolve test. */
export type MiningResolveAnswer = RolledAnswerOf<'mining resolve', typeof miningResolveModel>

/** `mecha mining resolve … --odds --json`, `mining.resolve.odds(…)`: the exact odds of a retreat. */
export type MiningResolveOdds = OddsAnswerOf<'mining resolve', typeof miningResolveModel>
