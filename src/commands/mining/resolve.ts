import { defineCommand, intOpt, required } from '../../runtime/spec.js'
import { miningResolveModel } from '../../models/mining/resolve.js'

export const miningResolveSpec = defineCommand({
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
  model: miningResolveModel,
})
