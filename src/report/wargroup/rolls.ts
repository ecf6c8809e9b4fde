import { defineModel } from '../../engine/spec.js'
import { walk } from '../../core/exact.js'
import { type InitiativeResult, initiativeOdds, resolveInitiative } from '../../rules/wargroup/initiative.js'
import { type LengthResult, resolveLength } from '../../rules/wargroup/length.js'
import { type SmokeResult, resolveSmoke } from '../../rules/wargroup/smoke.js'

type NoInput = Record<string, never>

export const wargroupSmokeModel = defineModel<NoInput, SmokeResult>({
  resolve: (dice) => resolveSmoke(dice),
  json: (r) => ({ turns: r.turns, roll: r.roll }),
  odds() {
    const d = walk((dice) => resolveSmoke(dice).turns)
    return {
      json: { turns: d.toJSON(), expected: { turns: d.expected() } },
      detail: ['Exact odds: smoke lasts d6 turns', d, 'Turns'],
    }
  },
})

export const wargroupLengthModel = defineModel<NoInput, LengthResult>({
  resolve: (dice) => resolveLength(dice),
  json: (r) => ({ turns: r.turns, dice: r.dice }),
  odds() {
    const d = walk((dice) => resolveLength(dice).turns)
    return {
      json: { turns: d.toJSON(), expected: { turns: d.expected() } },
      detail: ['Exact odds: game length 3d6 turns', d, 'Turns'],
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
  odds() {
    const o = initiativeOdds()
    return {
      json: {
        goesFirst: o.goesFirst.toJSON(),
        winningRoll: o.winningRoll.toJSON(),
        rounds: o.rounds.toJSON(),
        expected: { rounds: o.expectedRounds, winningRoll: o.winningRoll.expected(), tie: o.tie },
      },
      detail: [o],
    }
  },
})
