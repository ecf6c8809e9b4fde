import { InputError } from '../../../core/errors.js'
import { type Initiative, type InitiativeResult, type MoveOrder, initiativeOdds, resolveInitiative } from '../../../rules/formation/initiative.js'
import { explainInitiative, renderInitiative, renderInitiativeOdds } from '../../../render/formation/initiative.js'
import { type CommandSpec, enumOpt, intOpt } from '../../spec.js'

interface InitiativeRequest extends Initiative {
  askOrder: boolean
}

export const initiativeSpec: CommandSpec<InitiativeRequest, InitiativeResult> = {
  name: 'formation initiative',
  summary: 'initiative: a d6 per side, the winner moves first or last; the larger side spreads its formations',
  diceOrder: "side A's d6, then side B's d6; on a tie both roll again, in the same order",
  examples: ['mecha formation initiative --rolls 5,2', 'mecha formation initiative --a-formations 12 --b-formations 7 --winner-moves last --seed t1', 'mecha formation initiative --a-mod 1 --odds'],
  options: [
    intOpt('a-mod', "side A's initiative modifier (heroes, special units)", { min: -6, max: 6, default: 0 }),
    intOpt('b-mod', "side B's initiative modifier", { min: -6, max: 6, default: 0 }),
    intOpt('a-formations', "side A's formations (with --b-formations: the movement split)", { min: 1, max: 200 }),
    intOpt('b-formations', "side B's formations", { min: 1, max: 200 }),
    enumOpt('winner-moves', ['first', 'last', 'auto'], 'the winner moves a formation first or last; missing: asked in a terminal, else last'),
  ],
  build(v) {
    const a = v.aFormations as number | undefined
    const b = v.bFormations as number | undefined
    if ((a === undefined) !== (b === undefined)) throw new InputError('missing', `--${a === undefined ? 'a' : 'b'}-formations: give both sides' formations for the movement split, or neither`)
    const wm = v.winnerMoves as MoveOrder | 'auto' | undefined
    return { aMod: v.aMod as number, bMod: v.bMod as number, aFormations: a, bFormations: b, winnerMoves: wm ?? 'auto', askOrder: wm === undefined }
  },
  choose: (s, ctx) => (s.winnerMoves === 'auto' && s.askOrder && ctx.interactive ? { ...s, askDecisions: true } : s),
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
  json: (r) => ({
    winner: r.winner,
    rounds: r.rounds,
    winnerMoves: r.winnerMoves,
    chosenBy: r.winnerMovesBy,
    firstMover: r.firstMover,
    movements: r.movements,
    sequence: r.sequence,
  }),
  render: renderInitiative,
  explain: explainInitiative,
  odds(s) {
    const o = initiativeOdds(s)
    return {
      json: { winner: o.winner.toJSON(), round: o.round.toJSON(), expected: { rounds: o.expectedRounds, aWins: o.winner.prob('a').toNumber() } },
      render: (out) => renderInitiativeOdds(o, s, out),
    }
  },
}
