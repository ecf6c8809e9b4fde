import { walk } from '../../core/exact.js'
import { type Knockdown, type KnockdownResult, resolveKnockdown } from '../../rules/formation/knockdown.js'
import { explainKnockdown, renderKnockdown, renderKnockdownOdds } from '../../render/formation/knockdown.js'
import { type CommandSpec, defineCommand, intOpt } from '../../engine/spec.js'

export const knockdownSpec: CommandSpec<Knockdown, KnockdownResult> = defineCommand({
  name: 'formation knockdown',
  summary: 'knockdown: a mecha hit by a Knockdown weapon keeps its action on 4+',
  diceOrder: 'one d6 per Knockdown hit (--hits)',
  examples: ['mecha formation knockdown --rolls 3', 'mecha formation knockdown --hits 2 --actions 2 --odds'],
  options: [
    intOpt('hits', 'Knockdown hits to roll for (one d6 each)', { min: 1, max: 20, default: 1 }),
    intOpt('actions', "the unit's actions left (losses stop at 0)", { min: 0, max: 10 }),
  ],
  build: (v) => ({ hits: v.hits, actions: v.actions }),
  resolve: resolveKnockdown,
  json: (r) => ({
    actionLost: r.actionLost,
    actionsLost: r.actionsLost,
    actionsLeft: r.actionsLeft,
    dice: r.rolls,
  }),
  render: renderKnockdown,
  explain: explainKnockdown,
  odds(k) {
    const lost = walk((dice) => resolveKnockdown(dice, k).actionsLost)
    const any = lost.map((n) => String(n > 0))
    return {
      json: {
        actionLost: any.toJSON(),
        actionsLost: lost.toJSON(),
        expected: { actionsLost: lost.expected(), actionLost: any.prob('true') },
      },
      render: (out) => renderKnockdownOdds(lost, k, out),
    }
  },
})
