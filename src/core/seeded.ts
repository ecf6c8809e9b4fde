// Only the Alea generator: importing the package root loads every algorithm it ships.
import alea from 'seedrandom/lib/alea.js'
import type { DieRecord, RecordingDice } from './dice.js'

/**
 * Seeded dice: seedrandom's Alea generator, faces drawn by rejection sampling from 32-bit
 * integers so every face is exactly equally likely (no modulo bias). The same seed gives the
 * same faces on every machine and version; the frozen-seed tests guard that.
 */
export class SeededDice implements RecordingDice {
  readonly log: DieRecord[] = []
  private readonly next: () => number

  constructor(readonly seed: string) {
    const prng = alea(seed)
    this.next = () => prng.int32() >>> 0
  }

  face(sides: number): number {
    const limit = Math.floor(0x1_0000_0000 / sides) * sides
    for (;;) {
      const u = this.next()
      if (u < limit) return (u % sides) + 1
    }
  }

  pool(n: number, sides: number, label: string): number[] {
    const out = new Array<number>(n)
    for (let i = 0; i < n; i++) {
      const value = this.face(sides)
      out[i] = value
      this.log.push({ sides, value, label })
    }
    return out
  }

  roll(sides: number, label: string): number {
    return this.pool(1, sides, label)[0]
  }
}

/** A fresh random seed for a roll the user did not seed: short, easy to retype. */
export function freshSeed(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(8))
  let s = ''
  for (const b of bytes) s += alphabet[b % alphabet.length]
  return s
}
