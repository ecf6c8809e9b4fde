import { defineModel } from '../../engine/spec.js'
import { type TurnPlan, type TurnPlanInput, planTurn } from '../../rules/mining/plan.js'

export const miningPlanModel = defineModel<TurnPlanInput, TurnPlan>({
  usesDice: () => false,
  resolve: (_dice, p) => planTurn(p),
  json: (p) => ({
    actionPoints: p.actionPoints,
    cost: p.cost,
    spent: p.spent,
    left: p.left,
    allFit: p.allFit,
    short: p.short,
    units: p.units,
    notFitted: p.notFitted,
    tally: p.tally,
    notes: p.notes,
  }),
})
