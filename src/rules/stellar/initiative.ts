import type { Dice } from '../../core/dice.js'
import { Dist, geometricDist } from '../../core/dist.js'
import { exactDist } from '../../core/exact.js'
import { Rational } from '../../core/rational.js'

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
    const r = rollOffRound(dice)
    rollOffs.push(r.faces)
    if (r.result !== 'tie') return { rollOffs, winner: r.result }
  }
}

/** Roll-offs reported one by one before the tail ("6+"). */
export const ROUNDS_HORIZON = 5

export interface InitiativeOdds {
  winner: Dist<number>
  /** Number of roll-offs: "1" … "5", then "6+". */
  rollOffs: Dist<string>
  tie: Rational
  expected: { rollOffs: number }
}

export function initiativeOdds(): InitiativeOdds {
  const round = exactDist(rollOffRound, (r) => String(r.result))
  const tie = round.prob('tie')
  const decided = Rational.ONE.sub(tie)
  const winner = new Dist<number>()
  for (const side of [1, 2]) winner.add(side, Rational.of(round.prob(String(side)).num * decided.den, round.prob(String(side)).den * decided.num))
  const rollOffs = geometricDist(decided, { first: 1, horizon: ROUNDS_HORIZON }).dist.map((k) => String(k))
  // Mean of a geometric count: 1 / (1 - q).
  const expected = Rational.of(decided.den, decided.num).toNumber()
  return { winner, rollOffs, tie, expected: { rollOffs: expected } }
}

/** An initiative roll as asked for: the two sides' names (for the text; the roll is the same). */
export interface InitiativeRequest {
  names: [string, string]
}
