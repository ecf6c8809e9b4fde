import type { Dist } from '../../core/dist.js'
import { exactDists } from '../../core/exact.js'
import { type CoverCheck, resolveCover } from './cover.js'

export interface CoverOdds {
  survived: Dist<string>
  destroyed: Dist<number>
  expected: { destroyed: number }
}

export function coverOdds(c: CoverCheck): CoverOdds {
  const d = exactDists((dice) => resolveCover(dice, c), {
    survived: (r) => String(r.survived),
    destroyed: (r) => r.destroyed,
  }) as { survived: Dist<string>; destroyed: Dist<number> }
  return { ...d, expected: { destroyed: d.destroyed.expected() } }
}
