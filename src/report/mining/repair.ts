import { defineModel } from '../../engine/spec.js'
import { repairOdds } from '../../rules/mining/odds.js'
import { type Repair, type RepairResult, repairAllowed, resolveRepair } from '../../rules/mining/repair.js'

export const miningRepairModel = defineModel<Repair, RepairResult>({
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
