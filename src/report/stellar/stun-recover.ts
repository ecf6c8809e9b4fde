import { defineModel } from '../../engine/spec.js'
import { resolveStunRecovery } from '../../rules/stellar/stun-recover.js'
import { stunRecoveryOdds } from '../../rules/stellar/stun-recover-odds.js'

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
    const json: Record<string, unknown> = { removed: o.removed.toJSON(), expected: { ...o.expected } }
    if (o.penaltyLeft) json.penaltyLeft = o.penaltyLeft.toJSON()
    if (o.shutdown) json.shutdown = o.shutdown.toJSON()
    return { json, extra: { penalty: s.penalty ?? null }, detail: [o, s] }
  },
})
