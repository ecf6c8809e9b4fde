import { type Dice, MAX_ROLLS_AGAIN, repeatingDice } from '../../core/dice.js'
import { Distribution, probability } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'
import { type Decidable, decision } from '../../core/decide.js'

/**
 * INITIATIVE (formation rules, the first paragraph of "My Rules").
 *
 * Each side rolls a d6, plus any hero or special-unit modifier; the higher total wins and chooses
 * whether its side moves a formation first or last, the sides then alternating. A side with more
 * formations spreads them over as many movements as the smaller side has formations, so both
 * sides get the same number of movements.
 *
 * Readings:
 * - Tied totals are rolled again (both dice, side A's first); the rules name no tie-breaker.
 * - The rules' example makes the smaller side (7) move 2 at a time, but the sentence before it
 *   says the larger force spreads its formations; we follow the sentence: 12 formations against 7
 *   move as 2,2,2,2,2,1,1.
 * - When the larger side has more than twice as many, its movements differ by at most one
 *   formation, the bigger ones first (15 against 7: 3,2,2,2,2,2,2).
 * - The automatic choice for the winner is to move last (seeing the enemy's moves before its own);
 *   in a terminal the winner is asked.
 */
export type Side = 'a' | 'b'
export type MoveOrder = 'first' | 'last'

export interface Initiative extends Decidable {
  aMod: number
  bMod: number
  aFormations?: number
  bFormations?: number
  winnerMoves: MoveOrder | 'auto'
}

export interface InitiativeRound {
  a: number
  b: number
  aTotal: number
  bTotal: number
  winner: Side | null
}

export interface Movement {
  side: Side
  formations: number
}

export interface InitiativeResult {
  rounds: InitiativeRound[]
  winner: Side
  winnerMoves: MoveOrder
  winnerMovesBy: 'flag' | 'auto' | 'prompt'
  firstMover: Side
  movements: { a: number[]; b: number[] } | null
  sequence: Movement[] | null
}

export function rollInitiativeRound(dice: Dice, s: Initiative): InitiativeRound {
  const a = dice.roll(6, 'initiative, side A')
  const b = dice.roll(6, 'initiative, side B')
  const aTotal = a + s.aMod
  const bTotal = b + s.bMod
  return { a, b, aTotal, bTotal, winner: aTotal > bTotal ? 'a' : bTotal > aTotal ? 'b' : null }
}

/** `formations` spread over `movements` movements: sizes differ by at most one, bigger first. */
export function spreadFormations(formations: number, movements: number): number[] {
  const q = Math.floor(formations / movements)
  const r = formations % movements
  return Array.from({ length: movements }, (_, i) => (i < r ? q + 1 : q))
}

export function movementSplit(aFormations: number, bFormations: number): { a: number[]; b: number[] } {
  const n = Math.min(aFormations, bFormations)
  return { a: spreadFormations(aFormations, n), b: spreadFormations(bFormations, n) }
}

export function resolveInitiative(dice: Dice, s: Initiative): InitiativeResult {
  const rounds: InitiativeRound[] = []
  let winner: Side | null = null
  while (winner === null) {
    if (rounds.length >= MAX_ROLLS_AGAIN) throw repeatingDice('formation initiative', 'the dice tied')
    const r = rollInitiativeRound(dice, s)
    rounds.push(r)
    winner = r.winner
  }
  let winnerMoves: MoveOrder
  let winnerMovesBy: InitiativeResult['winnerMovesBy'] = 'flag'
  if (s.winnerMoves === 'auto') {
    const asked =
      s.decisions !== undefined && Object.prototype.hasOwnProperty.call(s.decisions, 'winner-moves')
    winnerMoves = decision<MoveOrder>(s, 'winner-moves', { winner }, 'last')
    winnerMovesBy = asked ? 'prompt' : 'auto'
  } else winnerMoves = s.winnerMoves
  const loser: Side = winner === 'a' ? 'b' : 'a'
  const firstMover = winnerMoves === 'first' ? winner : loser
  let movements: InitiativeResult['movements'] = null
  let sequence: Movement[] | null = null
  if (s.aFormations !== undefined && s.bFormations !== undefined) {
    movements = movementSplit(s.aFormations, s.bFormations)
    const second: Side = firstMover === 'a' ? 'b' : 'a'
    sequence = []
    for (let i = 0; i < movements.a.length; i++) {
      sequence.push({ side: firstMover, formations: movements[firstMover][i] })
      sequence.push({ side: second, formations: movements[second][i] })
    }
  }
  return { rounds, winner, winnerMoves, winnerMovesBy, firstMover, movements, sequence }
}

export interface InitiativeOdds {
  /** Who wins in the end: 'a' or 'b'. */
  winner: Distribution<string>
  /** One round's chances, ties included. */
  round: Distribution<string>
  expectedRounds: number
}

/**
 * Exact odds. Re-rolling ties would never end under the exact driver, so we walk one round and
 * condition on it not being a tie: P(A wins) = P(A ahead in a round) / (1 - P(tie)). The number of
 * rounds is geometric, with mean 1 / (1 - P(tie)).
 */
export function initiativeOdds(s: Initiative): InitiativeOdds {
  const round = walk((dice): string => rollInitiativeRound(dice, s).winner ?? 'tie')
  // Wins are whole counts out of the same denominator: dropping the ties renormalises them.
  const winner = Distribution.weighted(['a', 'b'].map((side) => [side, round.ways(side)] as const))
  return { winner, round, expectedRounds: probability(round.den, round.den - round.ways('tie')) }
}
