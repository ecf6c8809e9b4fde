import { choiceOpt, defineCommand, intOpt, requires } from '../../runtime/spec.js'
import { initiativeModel } from '../../models/formation/initiative.js'

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
export const initiativeSpec = defineCommand({
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
  model: initiativeModel,
})
