import { type DestroyCheck, type DestroyCheckResult } from '../../rules/formation/destroy-check.js'
import { type CommandSpec, defineCommand, intOpt } from '../../runtime/spec.js'
import { destroyCheckModel } from '../../models/formation/destroy-check.js'

export const destroyCheckSpec: CommandSpec<DestroyCheck, DestroyCheckResult> = defineCommand({
  name: 'formation destroy-check',
  summary: 'the optional destruction roll: a d6 for each * box crossed out, a 6 destroys the unit outright',
  diceOrder: 'one d6 per * box crossed (--stars), in box order, stopping at the first destruction',
  examples: [
    'mecha formation destroy-check --rolls 6',
    'mecha formation destroy-check --stars 2 --mod -1 --odds',
  ],
  options: [
    intOpt('stars', '* boxes the damage crossed out (one d6 each)', { min: 1, max: 50, default: 1 }),
    intOpt('mod', "a hero's modifier to the roll (e.g. -1)", { min: -5, max: 5, default: 0 }),
  ],
  build: (v) => ({ stars: v.stars, mod: v.mod }),
  model: destroyCheckModel,
})
