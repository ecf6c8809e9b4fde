import type { Dice } from '../../core/dice.js'
import { Dist, geometricDist } from '../../core/dist.js'
import { exactDist } from '../../core/exact.js'
import { Rational } from '../../core/rational.js'

/**
 * WHO GOES FIRST (wargroup seed, "Who goes first"): both players roll a d6; the higher sets up
 * and goes first. A tie is rolled again (the seed does not say; a roll-off that cannot pick a
 * player is re-rolled, as in every roll-off).
 *
 * The 1s-and-6s rule is about attacks (hitting, avoiding, damaging); a roll-off has no
 * automatic results, the higher die simply wins.
 */
export type Player = 'A' | 'B'

export interface InitiativeRound {
  a: number
  b: number
  /** Null on a tie. */
  winner: Player | null
}

export interface InitiativeResult {
  rounds: InitiativeRound[]
  goesFirst: Player
  /** The winning die of the last round. */
  winningRoll: number
}

/** One round of the roll-off: player A's d6, then player B's d6. */
export function resolveInitiativeRound(dice: Dice, round: number): InitiativeRound {
  const a = dice.roll(6, `initiative round ${round}: player A`)
  const b = dice.roll(6, `initiative round ${round}: player B`)
  return { a, b, winner: a > b ? 'A' : b > a ? 'B' : null }
}

export function resolveInitiative(dice: Dice): InitiativeResult {
  const rounds: InitiativeRound[] = []
  for (;;) {
    const r = resolveInitiativeRound(dice, rounds.length + 1)
    rounds.push(r)
    if (r.winner) return { rounds, goesFirst: r.winner, winningRoll: Math.max(r.a, r.b) }
  }
}

/**
 * Exact odds by conditioning: the re-rolls repeat one independent round until it is not a
 * tie, so the deciding round is one round conditioned on "not a tie" (walk one round with the
 * exact driver, drop the ties, renormalise). The number of rounds is geometric: P(rounds = k)
 * = t^(k-1) (1 - t) with t the chance of a tie, E = 1 / (1 - t); it is listed up to the first
 * k whose remaining mass is at most `tailMass`, and that mass is reported exactly as "k+".
 */
export interface InitiativeOdds {
  goesFirst: Dist<string>
  winningRoll: Dist<number>
  rounds: Dist<number | string>
  tie: Rational
  expectedRounds: Rational
}

export function initiativeOdds(tailMass: Rational = Rational.of(1n, 1_000_000_000n)): InitiativeOdds {
  const one = exactDist((dice) => resolveInitiativeRound(dice, 1), (r) => (r.winner ? `${r.winner}:${Math.max(r.a, r.b)}` : 'tie'))
  const tie = one.prob('tie')
  const decided = Rational.ONE.sub(tie)
  const goesFirst = new Dist<string>()
  const winningRoll = new Dist<number>()
  for (const [k, w] of one.sorted()) {
    if (k === 'tie') continue
    const [player, roll] = k.split(':')
    const p = w.mul(Rational.of(decided.den, decided.num))
    goesFirst.add(player, p)
    winningRoll.add(Number(roll), p)
  }
  const rounds = geometricDist(decided, { first: 1, tailMass }).dist
  return { goesFirst, winningRoll, rounds, tie, expectedRounds: Rational.of(decided.den, decided.num) }
}
