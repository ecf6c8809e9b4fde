import { defineModel } from '../../runtime/spec.js'
import type { Chances, OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import { resolveStunRecovery } from '../../rules/stellar/stun-recover.js'
import { stunRecoveryOdds } from '../../rules/stellar/stun-recover-odds.js'

/** The `odds` of a recovery roll. */
export interface StunRecoverOddsJson {
  removed: Chances
  expected: { removed: number; penaltyLeft?: number }
  /** With the penalty given (`--penalty`). */
  penaltyLeft?: Chances
  /** With the unit's Actions given (`--actions`). */
  shutdown?: Chances
}

export const stunRecoverModel = defineModel({
  resolve: resolveStunRecovery,
  json: (r, s) => ({
    penalty: s.penalty ?? null,
    ...r,
    penaltyLeft: r.penaltyLeft ?? null,
    actionsLeft: r.actionsLeft ?? null,
    shutdown: r.shutdown ?? null,
  }),
  odds(s) {
    const o = stunRecoveryOdds(s)
    const json: StunRecoverOddsJson = { removed: o.removed.toJSON(), expected: { ...o.expected } }
    if (o.penaltyLeft) json.penaltyLeft = o.penaltyLeft.toJSON()
    if (o.shutdown) json.shutdown = o.shutdown.toJSON()
    return { json, extra: { penalty: s.penalty ?? null }, detail: [o, s] }
  },
})

/** `mecha stun-recover … --json`, `stunRecover.resolve(…)`: one recovery roll. */
export type StunRecoverAnswer = RolledAnswerOf<'stun-recover', typeof stunRecoverModel>

/** `mecha stun-recover … --odds --json`, `stunRecover.odds(…)`: the exact odds of recovering. */
export type StunRecoverOdds = OddsAnswerOf<'stun-recover', typeof stunRecoverModel>
