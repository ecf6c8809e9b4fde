import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Dice, Equivalence } from '../../src/core/dice.js'
import { InputError } from '../../src/core/errors.js'
import { SeededDice } from '../../src/core/seeded.js'
import { camelKey } from '../../src/runtime/spec.js'
import { type Example, examples, inputOf } from './examples.js'

/**
 * Pools cannot lie about faces: a rule may use a face only through the class it declared to
 * its pool. Dice that swap every face for another face of the same class must then leave the
 * result unchanged, apart from the faces it records for display (`roll`, `rolls`).
 *
 * Every resolving command in the registry is driven (from its --help examples and random
 * variations of their options), so a new command is covered without listing it here.
 */

/** Seeded dice whose pools with a classifier hand back, for each face, a random other face of its class. */
class SwappingDice implements Dice {
  constructor(
    private readonly inner: Dice,
    private readonly pick: (n: number) => number,
  ) {}

  pool(n: number, sides: number, label: string, equiv?: Equivalence): number[] {
    const faces = this.inner.pool(n, sides, label, equiv)
    if (typeof equiv !== 'function') return faces
    return faces.map((f) => {
      const others: number[] = []
      for (let g = 1; g <= sides; g++) if (g !== f && equiv(g) === equiv(f)) others.push(g)
      return others.length === 0 ? f : others[this.pick(others.length)]
    })
  }

  roll(sides: number, label: string, equiv?: Equivalence): number {
    return this.pool(1, sides, label, equiv)[0]
  }
}

/** The fields that record faces: a die's roll, the rolls typed, a rerolled die's first face. */
const FACE_FIELDS = new Set(['roll', 'rolls', 'rerolledFrom', 'faces'])

/** A result's JSON without the faces it records (which may differ by design). */
function withoutFaces(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(withoutFaces)
  if (!x || typeof x !== 'object') return x
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(x)) if (!FACE_FIELDS.has(k)) out[k] = withoutFaces(v)
  return out
}

const cases = (await examples()).filter((e) => e.spec.diceOrder !== undefined)

/** Random variations of an example: its whole-number options moved within range, its flags toggled. */
function variations(e: Example) {
  const fields: Record<string, fc.Arbitrary<unknown>> = {}
  for (const o of e.spec.options) {
    const key = camelKey(o.flag)
    if (o.type.kind === 'int' && !o.repeatable && e.raw[key] !== undefined) {
      const t = o.type as { min?: number; max?: number }
      const base = Number(e.raw[key])
      fields[key] = fc
        .integer({ min: Math.max(t.min ?? -1000, base - 4), max: Math.min(t.max ?? 1000, base + 4) })
        .map(String)
    }
  }
  for (const o of e.spec.options.filter((o) => o.type.kind === 'bool').slice(0, 8))
    fields[camelKey(o.flag)] = fc.boolean()
  return fc.record(fields, { requiredKeys: [] }).map((over) => {
    const raw = { ...e.raw, ...over }
    for (const [k, v] of Object.entries(raw)) if (v === false) delete raw[k]
    return raw
  })
}

describe.each(cases.map((e) => [e.line, e] as const))('%s', (_line, e) => {
  it('faces swapped within their classes give the same result', async () => {
    await fc.assert(
      fc.asyncProperty(
        variations(e),
        fc.string({ minLength: 1, maxLength: 10 }),
        fc.integer(),
        async (raw, seed, swapSeed) => {
          let input: unknown
          try {
            input = await inputOf(e.spec, raw)
          } catch (err) {
            if (err instanceof InputError) return // an invalid combination: not a case
            throw err
          }
          const resolve = (dice: Dice) => {
            const copy = structuredClone(input)
            try {
              return withoutFaces(e.spec.model.json(e.spec.model.resolve(dice, copy), copy))
            } catch (err) {
              if (err instanceof InputError) return err.message
              throw err
            }
          }
          const swapRng = new SeededDice(`swap-${swapSeed}`)
          const swapped = resolve(new SwappingDice(new SeededDice(seed), (n) => swapRng.roll(n, 'swap') - 1))
          expect(swapped).toEqual(resolve(new SeededDice(seed)))
        },
      ),
      { numRuns: 40 },
    )
  })
})
