import {
  type Initiative,
  type InitiativeResult,
  type MoveOrder,
  initiativeOdds,
  resolveInitiative,
} from '../../rules/formation/initiative.js'
import {
  explainInitiative,
  renderInitiative,
  renderInitiativeOdds,
} from '../../render/formation/initiative.js'
import { choiceOpt, defineCommand, intOpt, requires } from '../../engine/spec.js'

interface InitiativeRequest extends Initiative {
  askOrder: boolean
}

const options = [
  intOpt('a-mod', "side A's initiative modifier (heroes, special units)", { min: -6, max: 6, default: 0 }),
  intOpt('b-mod', "side B's initiative modifier", { min: -6, max: 6, default: 0 }),
  requires(
    intOpt('a-formations', "side A's formations (with --b-formations: the movement split)", {
      min: 1,
      max: 200,
    }),
    { 'b-formations': "the movement split needs both sides' formations" },
  ),
  requires(intOpt('b-formations', "side B's formations", { min: 1, max: 200 }), {
    'a-formations': "the movement split needs both sides' formations",
  }),
  choiceOpt(
    'winner-moves',
    ['first', 'last'],
    'the winner moves a formation first or last; missing: asked in a terminal, else last',
  ),
] as const

export const initiativeSpec = defineCommand<typeof options, InitiativeRequest, InitiativeResult>({
  name: 'formation initiative',
  summary:
    'initiative: a d6 per side, the winner moves first or last; the larger side spreads its formations',
  diceOrder: "side A's d6, then side B's d6; on a tie both roll again, in the same order",
  examples: [
    'mecha formation initiative --rolls 5,2',
    'mecha formation initiative --a-formations 12 --b-formations 7 --winner-moves last --seed t1',
    'mecha formation initiative --a-mod 1 --odds',
  ],
  options,
  build(v) {
    const wm = v.winnerMoves
    return {
      aMod: v.aMod,
      bMod: v.bMod,
      aFormations: v.aFormations,
      bFormations: v.bFormations,
      winnerMoves: wm === 'ask' ? 'auto' : wm,
      askOrder: wm === 'ask',
    }
  },
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
  render: renderInitiative,
  explain: explainInitiative,
  odds(s) {
    const o = initiativeOdds(s)
    return {
      json: {
        winner: o.winner.toJSON(),
        round: o.round.toJSON(),
        expected: { rounds: o.expectedRounds, aWins: o.winner.prob('a') },
      },
      render: (out) => renderInitiativeOdds(o, s, out),
    }
  },
})
