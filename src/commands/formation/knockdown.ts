import { type Knockdown, type KnockdownResult } from '../../rules/formation/knockdown.js'
import { type CommandSpec, defineCommand, intOpt } from '../../runtime/spec.js'
import { knockdownModel } from '../../models/formation/knockdown.js'

export const knockdownSpec: CommandSpec<Knockdown, KnockdownResult> = defineCommand({
  name: 'formation knockdown',
  summary: 'knockdown: a mecha hit by a Knockdown weapon keeps its action on 4+',
  diceOrder: 'one d6 per Knockdown hit (--hits)',
  examples: ['mecha formation knockdown --rolls 3', 'mecha formation knockdown --hits 2 --actions 2 --odds'],
  options: [
    intOpt('hits', 'Knockdown hits to roll for (one d6 each)', { min: 1, max: 20, default: 1 }),
    intOpt('actions', "the unit's actions left (losses stop at 0)", { min: 0, max: 10 }),
  ],
  build: (v) => ({ hits: v.hits, actions: v.actions }),
  model: knockdownModel,
})
