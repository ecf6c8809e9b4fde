import { MAX_UNITS_IN_PLAY } from '../../rules/mining/action-points.js'
import { defineCommand, intOpt, required } from '../../runtime/spec.js'
import { miningApModel } from '../../models/mining/ap.js'

export const miningApSpec = defineCommand({
  name: 'mining ap',
  summary: "a player's action points for the turn: active units + d6",
  diceOrder: 'one d6',
  examples: ['mecha mining ap --units 5 --rolls 3', 'mecha mining ap --units 4 --odds'],
  options: [
    required(
      intOpt('units', `active units, not counting eliminated ones (1-${MAX_UNITS_IN_PLAY})`, {
        min: 1,
        max: MAX_UNITS_IN_PLAY,
      }),
      'the number of active units, e.g. --units 5',
    ),
  ],
  build: (v) => ({ units: v.units }),
  model: miningApModel,
})
