// Only the Alea generator: importing the package root loads every algorithm it ships.
import alea from 'seedrandom/lib/alea.js'
import type { DieRecord, RecordingDice } from './dice.js'
import { InputError } from './errors.js'
import { hasControl } from './text.js'

/** Longest seed taken, in characters: a seed is something to retype (or paste) to replay a roll. */
export const MAX_SEED_CHARS = 200

/** A seed the dice take: at most MAX_SEED_CHARS. `name` is how the input is named (--seed). */
export function checkSeed(seed: string, name = '--seed'): void {
  if (seed.length > MAX_SEED_CHARS)
    throw new InputError(
      'bad-seed',
      `${name}: a seed is at most ${MAX_SEED_CHARS} characters, this one has ${seed.length}; give a shorter text, e.g. table1`,
    )
  if (hasControl(seed))
    throw new InputError(
      'bad-seed',
      `${name}: a seed holds no control characters (a newline, a tab, a terminal escape), so it can be typed back; give plain text, e.g. table1`,
    )
}

/**
 * Seeded dice: seedrandom's Alea generator, faces drawn by rejection sampling from 32-bit
 * integers so every face is exactly equally likely (no modulo bias). The same seed gives the
 * same faces on every machine and version; the frozen-seed tests guard that.
 */
export class SeededDice implements RecordingDice {
  /** Every face rolled, in order, and one entry per pool (where it starts, its die, its label). */
  private readonly faces: number[] = []
  private readonly pools: Array<{ start: number; sides: number; label: string }> = []
  private readonly prng: { int32(): number }

  constructor(readonly seed: string) {
    this.prng = alea(seed)
  }

  pool(n: number, sides: number, label: string): number[] {
    const out = new Array<number>(n)
    const faces = this.faces
    this.pools.push({ start: faces.length, sides, label })
    const prng = this.prng
    const limit = Math.floor(0x1_0000_0000 / sides) * sides
    for (let i = 0; i < n; i++) {
      let u = prng.int32() >>> 0
      while (u >= limit) u = prng.int32() >>> 0
      const value = (u % sides) + 1
      out[i] = value
      faces.push(value)
    }
    return out
  }

  roll(sides: number, label: string): number {
    return this.pool(1, sides, label)[0]
  }

  /** Every die rolled, with its label (built when asked: rolling stays cheap). */
  get log(): DieRecord[] {
    const out: DieRecord[] = []
    this.pools.forEach((p, k) => {
      const end = k + 1 < this.pools.length ? this.pools[k + 1].start : this.faces.length
      for (let i = p.start; i < end; i++) out.push({ sides: p.sides, value: this.faces[i], label: p.label })
    })
    return out
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
