import { modelOf } from '../../engine/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../engine/answer.js'
import {
  COVER_DIE,
  type CoverRequest,
  type CoverResult,
  coverChecks,
  coverDmg,
  coverTargetNumber,
  resolveCover,
} from '../../rules/stellar/cover.js'
import { coverOdds } from '../../rules/stellar/cover-odds.js'

export const coverModel = modelOf<CoverRequest, CoverResult>()({
  usesDice(c) {
    const tn = coverTargetNumber(c)
    return tn > 1 && tn <= COVER_DIE
  },
  resolve: resolveCover,
  json(r, c) {
    return {
      targetNumber: r.targetNumber,
      effectiveDmg: r.effectiveDmg,
      doubled: c.melee,
      checks: r.checks,
      automatic: r.automatic,
      rolls: r.rolls,
      survived: r.survived,
      pieces: r.pieces,
      destroyed: r.destroyed,
    }
  },
  odds(c) {
    const o = coverOdds(c)
    return {
      json: { survived: o.survived.toJSON(), destroyed: o.destroyed.toJSON(), expected: { ...o.expected } },
      extra: {
        targetNumber: coverTargetNumber(c),
        effectiveDmg: coverDmg(c),
        checks: coverChecks(c),
        pieces: c.pieces,
      },
      detail: [o, c],
    }
  },
})

/**
 * `mecha cover … --json`, `cover.resolve(…)`: one roll of the cover's checks. Cover that always
 * survives, or never can, rolls nothing (`automatic`) and has no `seed`.
 */
export type CoverAnswer = Omit<RolledAnswerOf<'cover', typeof coverModel>, 'seed'> & {
  /** The seed that replays this roll; `null` with typed dice; absent when nothing was rolled. */
  seed?: string | null
}

/** `mecha cover … --odds --json`, `cover.odds(…)`: the exact odds of the cover surviving. */
export type CoverOdds = OddsAnswerOf<'cover', typeof coverModel>
