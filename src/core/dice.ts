import { InputError } from './errors.js'

/**
 * The one source of randomness every rule uses. A rule asks for dice by pool; the driver behind
 * it decides where the faces come from:
 * - seeded (a reproducible generator), see seeded.ts
 * - physical (dice typed by the player), see physical.ts
 * - exact (every branch walked with its exact weight), see exact.ts
 *
 * Rules must treat a pool as a multiset: they may not depend on the order of faces within one
 * call. `classify` tells the exact driver which faces the rule treats alike, so it branches on
 * how many dice fell in each class (10 dice in 3 classes are 66 branches, not 10^10). When a
 * rule only needs the total, pass `SUM`.
 */
export type Classify = (face: number) => string | number

/** Marker for pools whose faces only matter through their total. */
export const SUM: unique symbol = Symbol('sum')
export type Equivalence = Classify | typeof SUM

export interface Dice {
  /** Roll `n` dice with `sides` faces each. Returns the faces (in roll order when real). */
  pool(n: number, sides: number, label: string, equiv?: Equivalence): number[]
  /** Roll one die. */
  roll(sides: number, label: string, equiv?: Equivalence): number
}

/** One die as it was rolled or typed. */
export interface DieRecord {
  sides: number
  value: number
  label: string
}

/** A driver that keeps every die it produced, in order (seeded and physical dice). */
export interface RecordingDice extends Dice {
  readonly log: DieRecord[]
}

/** Helper for rules: faces at or above a target number. */
export function atLeast(target: number): Classify {
  return (face) => (face >= target ? 1 : 0)
}

export function sumOf(faces: number[]): number {
  let s = 0
  for (const f of faces) s += f
  return s
}

/**
 * The most times a rule rolls again because the dice left it undecided (a roll-off that tied,
 * a fire that did not go out). Fair dice get that far with a chance below 10^-79 (a d6 showing
 * no 1 a thousand times: (5/6)^1000); a source that does is repeating itself (a random function
 * that always gives one number, the same faces typed over and over), and the roll ends here with
 * an error instead of running until memory is gone.
 */
export const MAX_ROLLS_AGAIN = 1000

/** The error for a rule that rolled again MAX_ROLLS_AGAIN times: `what` happened that often in a row. */
export function repeatingDice(rule: string, what: string): InputError {
  return new InputError(
    'repeating-dice',
    `${rule}: ${what} ${MAX_ROLLS_AGAIN} times in a row, which fair dice practically never do; the dice repeat themselves (a random function that always gives the same number, or the same faces typed over and over)`,
  )
}
