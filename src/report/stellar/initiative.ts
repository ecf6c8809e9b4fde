import { defineModel } from '../../engine/spec.js'
import { initiativeOdds, resolveInitiative } from '../../rules/stellar/initiative.js'
import { renderInitiative, renderInitiativeOdds } from '../../render/stellar/initiative.js'

export const initiativeModel = defineModel({
  resolve: (dice) => resolveInitiative(dice),
  json: (r, req) => ({
    rollOffs: r.rollOffs,
    winner: r.winner,
    winnerName: req.names[r.winner - 1],
    names: req.names,
  }),
  render: renderInitiative,
  odds(req) {
    const o = initiativeOdds()
    return {
      json: { winner: o.winner.toJSON(), rollOffs: o.rollOffs.toJSON(), expected: { ...o.expected } },
      extra: { names: req.names },
      render: (out) => renderInitiativeOdds(o, req, out),
    }
  },
})
