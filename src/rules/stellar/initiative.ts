import { type Dice, MAX_ROLLS_AGAIN, repeatingDice } from '../../core/dice.js'
import { Distribution, absorb, probability } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'

/**
 * INITIATIVE (quickstart, "Activations"): before each round both sides roll a d10; the higher
 * roll chooses to go first or second; ties are rolled again.
 *
 * A roll-off that repeats on ties has no last branch, so the exact driver cannot walk it. Its
 * odds come from one round instead: `rollOffRound` is walked exactly, ties are dropped and the
 * rest renormalised (the winner), and the number of roll-offs is geometric in the tie chance q:
 * P(k roll-offs) = q^(k-1) (1 - q), reported exactly up to a horizon with the tail summed.
 */
export interface InitiativeResult {
  /** Each roll-off: [side 1's d10, side 2's d10]. */
  rollOffs: Array<[number, number]>
  /** 1 or 2: the side that chooses to go first or second. */
  winner: 1 | 2
}

export type RoundResult = 1 | 2 | 'tie'

export function rollOffRound(dice: Dice): { faces: [number, number]; result: RoundResult } {
  const a = dice.roll(10, 'side 1 initiative')
  const b = dice.roll(10, 'side 2 initiative')
  return { faces: [a, b], result: a > b ? 1 : b > a ? 2 : 'tie' }
}

export function resolveInitiative(dice: Dice): InitiativeResult {
  const rollOffs: Array<[number, number]> = []
  for (;;) {
    if (rollOffs.length >= MAX_ROLLS_AGAIN) throw repeatingDice('initiative', 'the roll-off tied')
    const r = rollOffRound(dice)
    rollOffs.push(r.faces)
    if (r.result !== 'tie') return { rollOffs, winner: r.result }
  }
}

/** Roll-offs reported one by one before the tail ("6+"). */
export const ROUNDS_HORIZON = 5

export interface InitiativeOdds {
  winner: Distribution<number>
  /** Number of roll-offs: "1" … "5", then "6+". */
  rollOffs: Distribution<string>
  /** Chance one roll-off is a tie. */
  tie: number
  expected: { rollOffs: number }
}

export function initiativeOdds(): InitiativeOdds {
  const round = walk((dice) => rollOffRound(dice).result)
  // The winner is the first roll-off that is not a tie: one round with its ties left out.
  const winner = Distribution.weighted(
    [...round.entries()].filter(([r]) => r !== 'tie') as Array<[number, bigint]>,
  )
  // Roll-offs: the round repeated while it ties, listed up to the horizon.
  const rollOffs = absorb(round, {
    step: () => round,
    stopped: (r) => r !== 'tie',
    result: (_r, again) => String(again + 1),
    rest: () => `${ROUNDS_HORIZON + 1}+`,
    tail: 0,
    maxSteps: ROUNDS_HORIZON - 1,
  })
  // Mean of a geometric count: 1 / (1 - q).
  return {
    winner,
    rollOffs,
    tie: round.prob('tie'),
    expected: { rollOffs: probability(round.den, round.den - round.ways('tie')) },
  }
}

/** An initiative roll as asked for: the two sides' names (for the text; the roll is the same). */
export interface InitiativeRequest {
  names: [string, string]
}
