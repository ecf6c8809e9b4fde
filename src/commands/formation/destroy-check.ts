import { walk } from '../../core/exact.js'
import {
  type DestroyCheck,
  type DestroyCheckResult,
  destroyNeeded,
  resolveDestroyCheck,
} from '../../rules/formation/destroy-check.js'
import {
  explainDestroyCheck,
  renderDestroyCheck,
  renderDestroyOdds,
} from '../../render/formation/destroy-check.js'
import { type CommandSpec, defineCommand, intOpt } from '../../engine/spec.js'

export const destroyCheckSpec: CommandSpec<DestroyCheck, DestroyCheckResult> = defineCommand({
  name: 'formation destroy-check',
  summary: 'the optional destruction roll: a d6 for each * box crossed out, a 6 destroys the unit outright',
  diceOrder: 'one d6 per * box crossed (--stars), in box order, stopping at the first destruction',
  examples: [
    'mecha formation destroy-check --rolls 6',
    'mecha formation destroy-check --stars 2 --mod -1 --odds',
  ],
  options: [
    intOpt('stars', '* boxes the damage crossed out (one d6 each)', { min: 1, max: 50, default: 1 }),
    intOpt('mod', "a hero's modifier to the roll (e.g. -1)", { min: -5, max: 5, default: 0 }),
  ],
  build: (v) => ({ stars: v.stars, mod: v.mod }),
  resolve: resolveDestroyCheck,
  json: (r) => ({ destroyed: r.destroyed, destroyedOn: r.destroyedOn, needed: r.needed, dice: r.rolls }),
  render: renderDestroyCheck,
  explain: explainDestroyCheck,
  odds(c) {
    const outcomes = walk(
      (dice) => {
        const r = resolveDestroyCheck(dice, c)
        return { destroyed: String(r.destroyed), dice: r.rolls.length }
      },
      (o) => `${o.destroyed} ${o.dice}`,
    )
    const d = { destroyed: outcomes.map((o) => o.destroyed), dice: outcomes.map((o) => o.dice) }
    const p = d.destroyed.prob('true')
    return {
      json: {
        destroyed: d.destroyed.toJSON(),
        dice: d.dice.toJSON(),
        expected: { destroyed: p, dice: d.dice.expected() },
      },
      extra: { needed: destroyNeeded(c.mod) },
      render: (out) => renderDestroyOdds(p, c, out),
    }
  },
})
