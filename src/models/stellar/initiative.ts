import { defineModel } from '../../runtime/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import { type InitiativeRequest, initiativeOdds, resolveInitiative } from '../../rules/stellar/initiative.js'

export const initiativeModel = defineModel({
  resolve: (dice, _req: InitiativeRequest) => resolveInitiative(dice),
  json: (r, req) => ({
    rollOffs: r.rollOffs,
    winner: r.winner,
    winnerName: req.names[r.winner - 1],
    names: req.names,
  }),
  odds(req) {
    const o = initiativeOdds()
    return {
      json: { winner: o.winner.toJSON(), rollOffs: o.rollOffs.toJSON(), expected: { ...o.expected } },
      extra: { names: req.names },
      detail: [o, req],
    }
  },
})

/** `mecha initiative … --json`, `initiative.resolve(…)`: one initiative roll-off. */
export type InitiativeAnswer = RolledAnswerOf<'initiative', typeof initiativeModel>

/** `mecha initiative … --odds --json`, `initiative.odds(…)`: the exact odds of who wins it. */
export type InitiativeOdds = OddsAnswerOf<'initiative', typeof initiativeModel>
