import { defineModel } from '../../engine/spec.js'
import { walk } from '../../core/exact.js'
import { FALL_MAX, resolveFall } from '../../rules/stellar/fall.js'
import { renderFall, renderFallOdds } from '../../render/stellar/fall.js'

export const fallModel = defineModel({
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
