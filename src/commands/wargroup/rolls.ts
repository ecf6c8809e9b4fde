import { walk } from '../../core/exact.js'
import { type InitiativeResult, initiativeOdds, resolveInitiative } from '../../rules/wargroup/initiative.js'
import { type LengthResult, resolveLength } from '../../rules/wargroup/length.js'
import { type SmokeResult, resolveSmoke } from '../../rules/wargroup/smoke.js'
import {
  explainInitiative,
  explainLength,
  explainSmoke,
  renderInitiative,
  renderInitiativeOdds,
  renderLength,
  renderSmoke,
  renderUniformOdds,
} from '../../render/wargroup/rolls.js'
import { type CommandSpec, defineCommand } from '../../engine/spec.js'

type NoInput = Record<string, never>

export const wargroupSmokeSpec: CommandSpec<NoInput, SmokeResult> = defineCommand({
  name: 'wargroup smoke',
  summary: 'smoke tile: blocks line of sight for d6 turns',
  diceOrder: 'one d6: the turns the smoke lasts',
  examples: ['mecha wargroup smoke --rolls 4', 'mecha wargroup smoke --odds'],
  options: [],
  build: () => ({}),
  resolve: (dice) => resolveSmoke(dice),
  json: (r) => ({ turns: r.turns, roll: r.roll }),
  render: (r, _i, out) => renderSmoke(r, out),
  explain: (r, _i, out) => explainSmoke(r, out),
  odds() {
    const d = walk((dice) => resolveSmoke(dice).turns)
    return {
      json: { turns: d.toJSON(), expected: { turns: d.expected() } },
      render: (out) => renderUniformOdds('Exact odds: smoke lasts d6 turns', d, 'Turns', out),
    }
  },
})

export const wargroupLengthSpec: CommandSpec<NoInput, LengthResult> = defineCommand({
  name: 'wargroup length',
  summary: 'game length: the game lasts 3d6 turns',
  diceOrder: 'three d6, added',
  examples: ['mecha wargroup length --rolls 3,5,2', 'mecha wargroup length --odds'],
  options: [],
  build: () => ({}),
  resolve: (dice) => resolveLength(dice),
  json: (r) => ({ turns: r.turns, dice: r.dice }),
  render: (r, _i, out) => renderLength(r, out),
  explain: (r, _i, out) => explainLength(r, out),
  odds() {
    const d = walk((dice) => resolveLength(dice).turns)
    return {
      json: { turns: d.toJSON(), expected: { turns: d.expected() } },
      render: (out) => renderUniformOdds('Exact odds: game length 3d6 turns', d, 'Turns', out),
    }
  },
})

export const wargroupInitiativeSpec: CommandSpec<NoInput, InitiativeResult> = defineCommand({
  name: 'wargroup initiative',
  summary: 'who goes first: both players roll a d6, the higher sets up and goes first, ties re-rolled',
  diceOrder: "player A's d6, player B's d6; on a tie, the same again until one is higher",
  examples: ['mecha wargroup initiative --rolls 4,4,2,5', 'mecha wargroup initiative --odds'],
  options: [],
  build: () => ({}),
  resolve: (dice) => resolveInitiative(dice),
  json: (r) => ({
    goesFirst: r.goesFirst,
    winningRoll: r.winningRoll,
    rerolls: r.rounds.length - 1,
    rounds: r.rounds,
  }),
  render: (r, _i, out) => renderInitiative(r, out),
  explain: (r, _i, out) => explainInitiative(r, out),
  odds() {
    const o = initiativeOdds()
    return {
      json: {
        goesFirst: o.goesFirst.toJSON(),
        winningRoll: o.winningRoll.toJSON(),
        rounds: o.rounds.toJSON(),
        expected: { rounds: o.expectedRounds, winningRoll: o.winningRoll.expected(), tie: o.tie },
      },
      render: (out) => renderInitiativeOdds(o, out),
    }
  },
})
