import { modelOf } from '../../runtime/spec.js'
import type { CalculationAnswerOf } from '../../runtime/answer.js'
import { type MomentumResult, type MomentumStart, startingMomentum } from '../../rules/stellar/momentum.js'

export const momentumModel = modelOf<MomentumStart, MomentumResult>()({
  usesDice: () => false,
  resolve: (_dice, m) => startingMomentum(m),
  json: (r, m) => ({ points: m.points ?? null, momentum: r.momentum, parts: r.parts, capped: r.capped }),
})

/** `mecha momentum … --json`, `momentum.resolve(…)`: a side's starting Momentum (no dice, no seed). */
export type MomentumAnswer = CalculationAnswerOf<'momentum', typeof momentumModel>
