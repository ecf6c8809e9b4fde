import { modelOf } from '../../runtime/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import { walk } from '../../core/exact.js'
import { type InitiativeResult, initiativeOdds, resolveInitiative } from '../../rules/wargroup/initiative.js'
import { type LengthResult, resolveLength } from '../../rules/wargroup/length.js'
import { type SmokeResult, resolveSmoke } from '../../rules/wargroup/smoke.js'

type NoInput = Record<string, never>

export const wargroupSmokeModel = modelOf<NoInput, SmokeResult>()({
  resolve: (dice) => resolveSmoke(dice),
  json: (r) => ({ turns: r.turns, roll: r.roll }),
  odds() {
    const d = walk((dice) => resolveSmoke(dice).turns)
    return {
      json: { turns: d.toJSON(), expected: { turns: d.expected() } },
      // Nothing beside the odds: said, so that the odds' answer type has no other fields.
      extra: {},
      detail: ['Exact odds: smoke lasts d6 turns', d, 'Turns'],
    }
  },
})

export const wargroupLengthModel = modelOf<NoInput, LengthResult>()({
  resolve: (dice) => resolveLength(dice),
  json: (r) => ({ turns: r.turns, dice: r.dice }),
  odds() {
    const d = walk((dice) => resolveLength(dice).turns)
    return {
      json: { turns: d.toJSON(), expected: { turns: d.expected() } },
      extra: {},
      detail: ['Exact odds: game length 3d6 turns', d, 'Turns'],
    }
  },
})

export const wargroupInitiativeModel = modelOf<NoInput, InitiativeResult>()({
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
      extra: {},
      detail: [o],
    }
  },
})

/** `mecha wargroup smoke --json`, `wargroup.smoke.resolve(…)`: how long a smoke cloud lasts. */
export type WargroupSmokeAnswer = RolledAnswerOf<'wargroup smoke', typeof wargroupSmokeModel>

/** `mecha wargroup smoke --odds --json`, `wargroup.smoke.odds(…)`: the exact odds of its turns. */
export type WargroupSmokeOdds = OddsAnswerOf<'wargroup smoke', typeof wargroupSmokeModel>

/** `mecha wargroup length --json`, `wargroup.length.resolve(…)`: how many turns the game lasts. */
export type WargroupLengthAnswer = RolledAnswerOf<'wargroup length', typeof wargroupLengthModel>

/** `mecha wargroup length --odds --json`, `wargroup.length.odds(…)`: the exact odds of its turns. */
export type WargroupLengthOdds = OddsAnswerOf<'wargroup length', typeof wargroupLengthModel>

/** `mecha wargroup initiative --json`, `wargroup.initiative.resolve(…)`: which side goes first. */
export type WargroupInitiativeAnswer = RolledAnswerOf<'wargroup initiative', typeof wargroupInitiativeModel>

/** `mecha wargroup initiative --odds --json`, `wargroup.initiative.odds(…)`: the exact odds of it. */
export type WargroupInitiativeOdds = OddsAnswerOf<'wargroup initiative', typeof wargroupInitiativeModel>
