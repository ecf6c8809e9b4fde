import { walk } from '../../core/exact.js'
import { FALL_MAX, resolveFall } from '../../rules/stellar/fall.js'
import { renderFall, renderFallOdds } from '../../render/stellar/fall.js'
import { defineCommand } from '../../engine/spec.js'

export const fallSpec = defineCommand({
  name: 'fall',
  summary: `MechaStellar low gravity: a unit on high ground that takes damage falls off on a d10 of 1-${FALL_MAX}`,
  diceOrder: 'one d10',
  examples: ['mecha fall --seed ridge', 'mecha fall --rolls 3', 'mecha fall --odds'],
  options: [],
  build: () => ({}),
  resolve: (dice) => resolveFall(dice),
  json: (r) => ({ roll: r.roll, fell: r.fell, fallsOn: `1-${FALL_MAX}`, damage: r.damage }),
  render: renderFall,
  odds() {
    const d = walk((dice) => String(resolveFall(dice).fell))
    return {
      json: { fell: d.toJSON(), expected: { fell: d.prob('true') } },
      render: (out) => renderFallOdds(d, out),
    }
  },
})
