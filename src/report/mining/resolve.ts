import { defineModel } from '../../engine/spec.js'
import { resolveTestOdds } from '../../rules/mining/odds.js'
import {
  type ResolveTest,
  type ResolveTestResult,
  resolveResolveTest,
  retreatsOnOrBelow,
} from '../../rules/mining/resolve.js'

export const miningResolveModel = defineModel<ResolveTest, ResolveTestResult>({
  resolve: resolveResolveTest,
  json: (r) => ({ eliminated: r.eliminated, roll: r.roll, score: r.score, retreat: r.retreat }),
  odds(t) {
    const o = resolveTestOdds(t)
    return {
      json: { retreat: o.retreat.toJSON(), score: o.score.toJSON(), expected: o.expected },
      extra: { eliminated: t.eliminated, retreatsOnOrBelow: retreatsOnOrBelow(t.eliminated) },
      detail: [o, t.eliminated],
    }
  },
})
