import { type Dice, SUM } from '../core/dice.js'
import { SeededDice } from '../core/seeded.js'
import type { CommandSpec } from './spec.js'

/**
 * The pools a command's rule rolls, for the walk-through of the odds of a command without its own
 * (--odds --explain): the runtime resolves the input a few times with seeded dice and keeps the
 * pools the rule asks for, so the text reads them and runs no rule itself.
 */

/** A pool a resolution asked for, as the runner saw it (its classifier, or the total alone). */
export interface SeenPool {
  n: number
  sides: number
  label: string
  /** How the rule classes the faces; undefined: every face its own; 'sum': only the total counts. */
  classify?: ((face: number) => string | number) | 'sum'
}

/** Distinct pools are listed at most this many. */
const MAX_POOLS_SHOWN = 6

/** The pools a resolution asks for, over a few seeded runs (a later pool may depend on earlier dice). */
export function seenPools(spec: CommandSpec, input: unknown): SeenPool[] {
  const seen = new Map<string, SeenPool>()
  for (let run = 0; run < 12 && seen.size < MAX_POOLS_SHOWN; run++) {
    const seeded = new SeededDice(`explain ${run}`)
    const probe: Dice = {
      pool(n, sides, label, equiv) {
        const classify = equiv === SUM ? 'sum' : equiv
        const signature =
          classify === undefined || classify === 'sum'
            ? String(classify)
            : Array.from({ length: sides }, (_, f) => classify(f + 1)).join(',')
        const key = `${n}|${sides}|${label.replace(/\d+/g, '#')}|${signature}`
        if (!seen.has(key) && seen.size < MAX_POOLS_SHOWN) seen.set(key, { n, sides, label, classify })
        return seeded.pool(n, sides, label)
      },
      roll(sides, label, equiv) {
        return this.pool(1, sides, label, equiv)[0]
      },
    }
    try {
      spec.model.resolve(probe, input)
    } catch {
      // a question for a person, or a limit: the pools seen so far stand
    }
  }
  return [...seen.values()]
}
