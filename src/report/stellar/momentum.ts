import { defineModel } from '../../engine/spec.js'
import { type MomentumResult, type MomentumStart, startingMomentum } from '../../rules/stellar/momentum.js'

export const momentumModel = defineModel<MomentumStart, MomentumResult>({
  usesDice: () => false,
  resolve: (_dice, m) => startingMomentum(m),
  json: (r, m) => ({ points: m.points ?? null, momentum: r.momentum, parts: r.parts, capped: r.capped }),
})
