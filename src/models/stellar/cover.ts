import { modelOf } from '../../runtime/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import {
  COVER_DIE,
  type CoverRequest,
  type CoverResult,
  coverChecks,
  coverDmg,
  coverTargetNumber,
  resolveCover,
} from '../../rules/stellar/cover.js'
import { coverOdds, pieceSurvival } from '../../rules/stellar/cover-odds.js'

/** What the text of cover reads beside the answer: the DMG against it, its checks at what face, a piece's chance to survive them all. */
export interface CoverTerms {
  targetNumber: number
  effectiveDmg: number
  checks: number
  pieceSurvival: number
}

function coverTerms(c: CoverRequest): CoverTerms {
  return {
    targetNumber: coverTargetNumber(c),
    effectiveDmg: coverDmg(c),
    checks: coverChecks(c),
    pieceSurvival: pieceSurvival(c),
  }
}

/** One roll of cover, with the terms its text reads (never in the JSON). */
export type CoverRoll = CoverResult & { terms: CoverTerms }

export const coverModel = modelOf<CoverRequest, CoverRoll>()({
  usesDice(c) {
    const tn = coverTargetNumber(c)
    return tn > 1 && tn <= COVER_DIE
  },
  resolve: (dice, c) => Object.assign(resolveCover(dice, c), { terms: coverTerms(c) }),
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
      detail: [o, c, coverTerms(c)] as const,
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
