import {
  type ActionPointsResult,
  type ActionPointsRoll,
  MAX_UNITS_IN_PLAY,
  resolveActionPoints,
} from '../../rules/mining/action-points.js'
import { actionPointsOdds } from '../../rules/mining/odds.js'
import {
  explainActionPoints,
  renderActionPoints,
  renderActionPointsOdds,
} from '../../render/mining/action-points.js'
import { type CommandSpec, defineCommand, intOpt, required } from '../../engine/spec.js'

export const miningApSpec: CommandSpec<ActionPointsRoll, ActionPointsResult> = defineCommand({
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
  resolve: resolveActionPoints,
  json: (r) => ({ units: r.units, roll: r.roll, actionPoints: r.actionPoints }),
  render: (r, _a, out) => renderActionPoints(r, out),
  explain: (r, _a, out) => explainActionPoints(r, out),
  odds(a) {
    const o = actionPointsOdds(a)
    return {
      json: { actionPoints: o.actionPoints.toJSON(), expected: o.expected },
      extra: { units: a.units },
      render: (out) => renderActionPointsOdds(o, a.units, out),
    }
  },
})
