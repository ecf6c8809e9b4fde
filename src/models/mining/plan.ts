import { modelOf } from '../../runtime/spec.js'
import type { CalculationAnswerOf } from '../../runtime/answer.js'
import { type TurnPlan, type TurnPlanInput, planTurn } from '../../rules/mining/plan.js'

export const miningPlanModel = modelOf<TurnPlanInput, TurnPlan>()({
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

/** `mecha mining plan … --json`, `mining.plan.resolve(…)`: a turn's actions against its points (no dice, no seed). */
export type MiningPlanAnswer = CalculationAnswerOf<'mining plan', typeof miningPlanModel>
