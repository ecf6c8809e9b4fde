import { resolveTestOdds } from '../../rules/mining/odds.js'
import {
  type ResolveTest,
  type ResolveTestResult,
  resolveResolveTest,
  retreatsOnOrBelow,
} from '../../rules/mining/resolve.js'
import { explainResolveTest, renderResolveTest, renderResolveTestOdds } from '../../render/mining/resolve.js'
import { type CommandSpec, defineCommand, intOpt, required } from '../../engine/spec.js'

export const miningResolveSpec: CommandSpec<ResolveTest, ResolveTestResult> = defineCommand({
  name: 'mining resolve',
  summary: 'resolve test after a unit is eliminated: d6 + 2 - units eliminated; under 1 the force retreats',
  diceOrder: 'one d6',
  examples: ['mecha mining resolve --eliminated 3 --rolls 1', 'mecha mining resolve --eliminated 4 --odds'],
  options: [
    required(
      intOpt('eliminated', 'units the force has lost so far, including the one just eliminated (1-99)', {
        min: 1,
        max: 99,
      }),
      'the units the force has lost so far, e.g. --eliminated 3',
    ),
  ],
  build: (v) => ({ eliminated: v.eliminated }),
  resolve: resolveResolveTest,
  json: (r) => ({ eliminated: r.eliminated, roll: r.roll, score: r.score, retreat: r.retreat }),
  render: (r, _t, out) => renderResolveTest(r, out),
  explain: (r, _t, out) => explainResolveTest(r, out),
  odds(t) {
    const o = resolveTestOdds(t)
    return {
      json: { retreat: o.retreat.toJSON(), score: o.score.toJSON(), expected: o.expected },
      extra: { eliminated: t.eliminated, retreatsOnOrBelow: retreatsOnOrBelow(t.eliminated) },
      render: (out) => renderResolveTestOdds(o, t.eliminated, out),
    }
  },
})
