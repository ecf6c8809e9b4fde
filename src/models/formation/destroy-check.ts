import { defineModel } from '../../runtime/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import { walk } from '../../core/exact.js'
import { destroyNeeded, resolveDestroyCheck } from '../../rules/formation/destroy-check.js'

export const destroyCheckModel = defineModel({
  resolve: resolveDestroyCheck,
  json: (r) => ({ destroyed: r.destroyed, destroyedOn: r.destroyedOn, needed: r.needed, dice: r.rolls }),
  odds(c) {
    const outcomes = walk(
      (dice) => {
        const r = resolveDestroyCheck(dice, c)
        return { destroyed: String(r.destroyed), dice: r.rolls.length }
      },
      (o) => `${o.destroyed} ${o.dice}`,
    )
    const d = { destroyed: outcomes.map((o) => o.destroyed), dice: outcomes.map((o) => o.dice) }
    const p = d.destroyed.prob('true')
    return {
      json: {
        destroyed: d.destroyed.toJSON(),
        dice: d.dice.toJSON(),
        expected: { destroyed: p, dice: d.dice.expected() },
      },
      extra: { needed: destroyNeeded(c.mod) },
      detail: [p, c],
    }
  },
})

/** `mecha formation destroy-check … --json`, `formation.destroyCheck.resolve(…)`: the rolls for the `*` boxes. */
export type FormationDestroyCheckAnswer = RolledAnswerOf<'formation destroy-check', typeof destroyCheckModel>

/** `mecha formation destroy-check … --odds --json`, `formation.destroyCheck.odds(…)`: the exact odds of destruction. */
export type FormationDestroyCheckOdds = OddsAnswerOf<'formation destroy-check', typeof destroyCheckModel>
