import { defineModel } from '../../engine/spec.js'
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

export const coverModel = defineModel<CoverRequest, CoverResult>({
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
