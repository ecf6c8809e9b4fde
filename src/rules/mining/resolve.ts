import type { Dice } from '../../core/dice.js'

/**
 * RESOLVE TEST (seed 003, "Eliminating Units and Resolve"). Each time one of its units is
 * eliminated, a force tests its resolve: a d6 plus 2, minus the units it has lost so far
 * (counting the one just eliminated). A score below 1 means the force retreats and loses.
 *
 * Reading: "the eliminated units" is the force's running total of eliminated units, not only
 * those lost this turn; the test is rolled even when the score cannot fall below 1 (one or two
 * units lost), because the rule asks for a roll every time.
 */
export interface ResolveTest {
  /** Units the force has lost, including the one that triggered this test (1 or more). */
  eliminated: number
}

export interface ResolveTestResult {
  roll: number
  eliminated: number
  /** roll + 2 - eliminated. */
  score: number
  retreat: boolean
}

export const RESOLVE_BONUS = 2

/** The force retreats when its score is below this. */
export const RESOLVE_HOLDS_AT = 1

export function resolveScore(roll: number, eliminated: number): number {
  return roll + RESOLVE_BONUS - eliminated
}

/** The highest d6 face that still means retreat (0: the force can never retreat). */
export function retreatsOnOrBelow(eliminated: number): number {
  return Math.max(0, Math.min(6, eliminated - RESOLVE_BONUS))
}

export function resolveResolveTest(dice: Dice, t: ResolveTest): ResolveTestResult {
  const roll = dice.roll(6, 'resolve test')
  const score = resolveScore(roll, t.eliminated)
  return { roll, eliminated: t.eliminated, score, retreat: score < RESOLVE_HOLDS_AT }
}
