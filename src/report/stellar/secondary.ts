import { defineModel } from '../../engine/spec.js'
import { type SecondaryRequest, type SecondaryResult, scoreSecondary } from '../../rules/stellar/secondary.js'

export const secondaryModel = defineModel<SecondaryRequest, SecondaryResult>({
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
