import type { DieRecord, RecordingDice } from './dice.js'
import { InputError } from './errors.js'

/**
 * Dice from a random function (`Math.random`, or any function giving numbers in [0, 1)): each
 * face is 1 + floor(r * sides). The faces are kept in order, so the roll can be replayed as
 * physical dice.
 */
export class RandomDice implements RecordingDice {
  readonly log: DieRecord[] = []

  constructor(private readonly random: () => number) {}

  pool(n: number, sides: number, label: string): number[] {
    const out = new Array<number>(n)
    for (let i = 0; i < n; i++) {
      const r = this.random()
      if (typeof r !== 'number' || !(r >= 0 && r < 1))
        throw new InputError(
          'bad-random',
          `the random function gave ${String(r)}; it must give numbers from 0 up to (not including) 1`,
        )
      out[i] = 1 + Math.floor(r * sides)
      this.log.push({ sides, value: out[i], label })
    }
    return out
  }

  roll(sides: number, label: string): number {
    return this.pool(1, sides, label)[0]
  }

  /** The faces rolled, in order: the same roll as physical dice. */
  get faces(): number[] {
    return this.log.map((d) => d.value)
  }
}
