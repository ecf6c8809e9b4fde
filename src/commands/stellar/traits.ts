import { TRAIT_COMMANDS } from '../../rules/stellar/traits.js'
import { defineCommand, enumOpt } from '../../runtime/spec.js'
import { traitsModel } from '../../models/stellar/traits.js'

export const traitsSpec = defineCommand({
  name: 'traits',
  summary: 'MechaStellar traits that change shoot and melee: names, sides, effects (no dice)',
  examples: ['mecha traits', 'mecha traits --in shoot', 'mecha traits --json'],
  options: [enumOpt('in', TRAIT_COMMANDS, 'only the traits that work in this command')],
  build: (v) => ({ in: v.in }),
  model: traitsModel,
})
