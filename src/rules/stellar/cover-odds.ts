import type { Distribution } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'
import { type CoverCheck, resolveCover } from './cover.js'

export interface CoverOdds {
  survived: Distribution<string>
  destroyed: Distribution<number>
  expected: { destroyed: number }
}

/** The exact odds of a cover check: resolveCover walked, read by survival and the pieces lost. */
export function coverOdds(c: CoverCheck): CoverOdds {
  const outcomes = walk(
    (dice) => {
      const r = resolveCover(dice, c)
      return { survived: r.survived, destroyed: r.destroyed }
    },
    (o) => `${o.survived} ${o.destroyed}`,
  )
  const destroyed = outcomes.map((o) => o.destroyed)
  return {
    survived: outcomes.map((o) => String(o.survived)),
    destroyed,
    expected: { destroyed: destroyed.expected() },
  }
}
