import { defineModel } from '../../engine/spec.js'
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

type NoInput = Record<string, never>

export const wargroupSmokeModel = defineModel<NoInput, SmokeResult>({
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

export const wargroupLengthModel = defineModel<NoInput, LengthResult>({
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

export const wargroupInitiativeModel = defineModel<NoInput, InitiativeResult>({
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
