import { defineModel } from '../../runtime/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import { walk } from '../../core/exact.js'
import { resolveKnockdown } from '../../rules/formation/knockdown.js'

export const knockdownModel = defineModel({
  resolve: resolveKnockdown,
  json: (r) => ({
    actionLost: r.actionLost,
    actionsLost: r.actionsLost,
    actionsLeft: r.actionsLeft,
    dice: r.rolls,
  }),
  odds(k) {
    const lost = walk((dice) => resolveKnockdown(dice, k).actionsLost)
    const any = lost.map((n) => String(n > 0))
    return {
      json: {
        actionLost: any.toJSON(),
        actionsLost: lost.toJSON(),
        expected: { actionsLost: lost.expected(), actionLost: any.prob('true') },
      },
      // Nothing beside the odds: said, so that the odds' answer type has no other fields.
      extra: {},
      detail: [lost, k],
    }
  },
})

/** `mecha formation knockdown … --json`, `formation.knockdown.resolve(…)`: one knockdown roll. */
export type FormationKnockdownAnswer = RolledAnswerOf<'formation knockdown', typeof knockdownModel>

/** `mecha formation knockdown … --odds --json`, `formation.knockdown.odds(…)`: the exact odds of the actions lost. */
export type FormationKnockdownOdds = OddsAnswerOf<'formation knockdown', typeof knockdownModel>
