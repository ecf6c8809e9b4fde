import { defineModel } from '../../runtime/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import { type Ams, amsOdds, resolveAms } from '../../rules/formation/ams.js'

export const amsModel = defineModel({
  resolve: resolveAms,
  json: (r, a) => ({
    destroyed: r.destroyed,
    remaining: r.remaining,
    needed: r.needed,
    modifier: r.modifier,
    longRange: a.longRange,
    dice: r.rolls,
  }),
  odds(a) {
    const destroyed = amsOdds(a)
    const remaining = destroyed.map((d) => a.missiles - d)
    return {
      json: {
        destroyed: destroyed.toJSON(),
        remaining: remaining.toJSON(),
        expected: { destroyed: destroyed.expected(), remaining: remaining.expected() },
      },
      extra: { needed: resolveAmsNeeded(a), longRange: a.longRange },
      detail: [destroyed, a],
    }
  },
})

function resolveAmsNeeded(a: Ams): number {
  return a.ams + (a.longRange ? 1 : 0)
}

/** `mecha formation ams … --json`, `formation.ams.resolve(…)`: the AMS shots at a missile salvo. */
export type FormationAmsAnswer = RolledAnswerOf<'formation ams', typeof amsModel>

/** `mecha formation ams … --odds --json`, `formation.ams.odds(…)`: the exact odds of the missiles it destroys. */
export type FormationAmsOdds = OddsAnswerOf<'formation ams', typeof amsModel>
