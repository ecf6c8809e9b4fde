import { FALL_MAX } from '../../rules/stellar/fall.js'
import { defineCommand } from '../../runtime/spec.js'
import { fallModel } from '../../models/stellar/fall.js'

export const fallSpec = defineCommand({
  name: 'fall',
  summary: `MechaStellar low gravity: a unit on high ground that takes damage falls off on a d10 of 1-${FALL_MAX}`,
  diceOrder: 'one d10',
  examples: ['mecha fall --seed ridge', 'mecha fall --rolls 3', 'mecha fall --odds'],
  options: [],
  build: () => ({}),
  model: fallModel,
})
