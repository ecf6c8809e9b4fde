import { InputError } from '../core/errors.js'
import { parseExpression } from '../rules/roll/expression.js'
import { defineCommand } from '../runtime/spec.js'
import { rollModel } from '../models/roll.js'

export const rollSpec = defineCommand({
  name: 'roll',
  summary: 'roll a dice expression: 3d6+2, d10, 5d10>=5 (count successes), 4d6kh3 (keep highest)',
  diceOrder: 'the dice of each term, left to right',
  examples: [
    'mecha roll 3d6+2 --seed demo',
    "mecha roll '5d10>=5' --odds",
    'mecha roll 4d6kh3 --rolls 6,2,5,3',
  ],
  args: [{ name: 'expression', description: 'dice expression, e.g. 3d6+2', required: true }],
  options: [],
  build(v) {
    if (v.expression === undefined)
      throw new InputError('missing', 'roll: give a dice expression, e.g. mecha roll 3d6+2')
    return parseExpression(v.expression)
  },
  model: rollModel,
})
