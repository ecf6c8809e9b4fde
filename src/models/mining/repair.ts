import { modelOf } from '../../runtime/spec.js'
import type { OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import { repairOdds } from '../../rules/mining/odds.js'
import { type Repair, type RepairResult, repairAllowed, resolveRepair } from '../../rules/mining/repair.js'

export const miningRepairModel = modelOf<Repair, RepairResult>()({
  usesDice: (r) => repairAllowed(r.damage),
  resolve: resolveRepair,
  json: (r) => ({
    damage: r.damage,
    allowed: r.allowed,
    roll: r.roll,
    repaired: r.repaired,
    damageAfter: r.damageAfter,
  }),
  odds(i) {
    const o = repairOdds(i)
    return {
      json: { repaired: o.repaired.toJSON(), damageAfter: o.damageAfter.toJSON(), expected: o.expected },
      extra: { damage: i.damage, allowed: repairAllowed(i.damage) },
      detail: [o, i.damage],
    }
  },
})

/**
 * `mecha mining repair … --json`, `mining.repair.resolve(…)`: one repair attempt. A unit that may
 * not try (under 2 damage) rolls nothing and has no `seed`.
 */
export type MiningRepairAnswer = Omit<RolledAnswerOf<'mining repair', typeof miningRepairModel>, 'seed'> & {
  /** The seed that replays this roll; `null` with typed dice; absent when no attempt was allowed. */
  seed?: string | null
}

/** `mecha mining repair … --odds --json`, `mining.repair.odds(…)`: the exact odds of a repair. */
export type MiningRepairOdds = OddsAnswerOf<'mining repair', typeof miningRepairModel>
