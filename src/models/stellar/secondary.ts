import { modelOf } from '../../runtime/spec.js'
import type { CalculationAnswerOf } from '../../runtime/answer.js'
import { type SecondaryRequest, type SecondaryResult, scoreSecondary } from '../../rules/stellar/secondary.js'

export const secondaryModel = modelOf<SecondaryRequest, SecondaryResult>()({
  usesDice: () => false,
  resolve: (_dice, r) => scoreSecondary(r.objective, r.counts),
  json: (r) => ({
    objective: r.objective,
    name: r.name,
    category: r.category,
    vp: r.vp,
    uncapped: r.uncapped,
    parts: r.parts,
  }),
})

/** `mecha secondary … --json`, `secondary.resolve(…)`: a secondary objective's VP (no dice, no seed). */
export type SecondaryAnswer = CalculationAnswerOf<'secondary', typeof secondaryModel>
