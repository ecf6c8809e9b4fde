import { modelOf } from '../../runtime/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import {
  type Initiative,
  type InitiativeResult,
  type MoveOrder,
  initiativeOdds,
  resolveInitiative,
} from '../../rules/formation/initiative.js'

export interface InitiativeRequest extends Initiative {
  askOrder: boolean
}

export const initiativeModel = modelOf<InitiativeRequest, InitiativeResult>()({
  choose: (s, ctx) =>
    s.winnerMoves === 'auto' && s.askOrder && ctx.interactive
      ? Object.assign({}, s, { askDecisions: true })
      : s,
  async decide(id, context, _s, ctx) {
    if (id !== 'winner-moves') throw new Error(`unknown decision ${id}`)
    const { winner } = context as { winner: 'a' | 'b' }
    return ctx.select<MoveOrder>(
      `Side ${winner.toUpperCase()} wins the initiative. Move a formation first or last?`,
      [
        { value: 'last', label: 'Last', hint: 'the other side commits first; you react' },
        { value: 'first', label: 'First', hint: 'you take position before the other side moves' },
      ],
      'last',
    )
  },
  resolve: resolveInitiative,
  replayFlags: (_s, r) => (r.winnerMovesBy === 'prompt' ? ['--winner-moves', r.winnerMoves] : []),
  json: (r) => ({
    winner: r.winner,
    rounds: r.rounds,
    winnerMoves: r.winnerMoves,
    chosenBy: r.winnerMovesBy,
    firstMover: r.firstMover,
    movements: r.movements,
    sequence: r.sequence,
  }),
  odds(s) {
    const o = initiativeOdds(s)
    return {
      json: {
        winner: o.winner.toJSON(),
        round: o.round.toJSON(),
        expected: { rounds: o.expectedRounds, aWins: o.winner.prob('a') },
      },
      // Nothing beside the odds: said, so that the odds' answer type has no other fields.
      extra: {},
      detail: [o, s],
    }
  },
})

/** `mecha formation initiative … --json`, `formation.initiative.resolve(…)`: the initiative roll and the order of movement. */
export type FormationInitiativeAnswer = RolledAnswerOf<'formation initiative', typeof initiativeModel>

/** `mecha formation initiative … --odds --json`, `formation.initiative.odds(…)`: the exact odds of who wins it. */
export type FormationInitiativeOdds = OddsAnswerOf<'formation initiative', typeof initiativeModel>
