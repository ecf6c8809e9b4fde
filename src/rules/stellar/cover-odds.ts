import type { Distribution } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'
import { type CoverCheck, resolveCover } from './cover.js'

export interface CoverOdds {
  survived: Distribution<string>
  destroyed: Distribution<number>
  expected: { destroyed: number }
}

/** Exact chance one piece survives all its checks, for explanations: resolveCover walked for one piece. */
export function pieceSurvival(c: CoverCheck): number {
  const one: CoverCheck = { dmg: c.dmg, melee: c.melee, direct: c.direct, pieces: 1 }
  return walk((dice) => String(resolveCover(dice, one).survived)).prob('true')
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
