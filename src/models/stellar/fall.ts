import { defineModel } from '../../runtime/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import { walk } from '../../core/exact.js'
import { FALL_MAX, resolveFall } from '../../rules/stellar/fall.js'

export const fallModel = defineModel({
  resolve: (dice) => resolveFall(dice),
  json: (r) => ({ roll: r.roll, fell: r.fell, fallsOn: `1-${FALL_MAX}`, damage: r.damage }),
  odds() {
    const d = walk((dice) => String(resolveFall(dice).fell))
    return {
      json: { fell: d.toJSON(), expected: { fell: d.prob('true') } },
      // Nothing beside the odds: said, so that the odds' answer type has no other fields.
      extra: {},
      detail: [d],
    }
  },
})

/** `mecha fall … --json`, `fall.resolve(…)`: one fall check. */
export type FallAnswer = RolledAnswerOf<'fall', typeof fallModel>

/** `mecha fall … --odds --json`, `fall.odds(…)`: the exact odds of falling. */
export type FallOdds = OddsAnswerOf<'fall', typeof fallModel>
