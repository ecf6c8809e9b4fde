import { type Dice, MAX_ROLLS_AGAIN, repeatingDice } from '../../core/dice.js'
import { Distribution, absorb, probability } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'

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

/** The winning die of a round that did not tie. */
export function roundWinningRoll(r: Pick<InitiativeRound, 'a' | 'b'>): number {
  return Math.max(r.a, r.b)
}

export function resolveInitiative(dice: Dice): InitiativeResult {
  const rounds: InitiativeRound[] = []
  for (;;) {
    if (rounds.length >= MAX_ROLLS_AGAIN) throw repeatingDice('wargroup initiative', 'the roll-off tied')
    const r = resolveInitiativeRound(dice, rounds.length + 1)
    rounds.push(r)
    if (r.winner) return { rounds, goesFirst: r.winner, winningRoll: roundWinningRoll(r) }
  }
}

/**
 * Exact odds from one round (resolveInitiativeRound, walked): the re-rolls repeat that round
 * until it is not a tie, so the deciding round is one round with its ties left out. The number
 * of rounds is the round repeated while it ties (`absorb`), listed until the chance of going on
 * is at most `tail`, and that remaining chance is reported exactly as "k+". Its mean is
 * 1 / (1 - chance of a tie).
 */
export interface InitiativeOdds {
  goesFirst: Distribution<string>
  winningRoll: Distribution<number>
  rounds: Distribution<number | string>
  tie: number
  expectedRounds: number
}

export function initiativeOdds(tail = 1e-9): InitiativeOdds {
  const round = walk((dice) => {
    const r = resolveInitiativeRound(dice, 1)
    return r.winner ? `${r.winner}:${roundWinningRoll(r)}` : 'tie'
  })
  const decided = Distribution.weighted([...round.entries()].filter(([k]) => k !== 'tie'))
  const goesFirst = decided.map((k) => k.split(':')[0])
  const winningRoll = decided.map((k) => Number(k.split(':')[1]))
  const rounds = absorb<string, number | string>(round, {
    step: () => round,
    stopped: (k) => k !== 'tie',
    result: (_k, again) => again + 1,
    rest: (_k, again) => `${again + 2}+`, // every round so far tied: at least one more
    tail,
  })
  return {
    goesFirst,
    winningRoll,
    rounds,
    tie: round.prob('tie'),
    expectedRounds: probability(round.den, round.den - round.ways('tie')),
  }
}
