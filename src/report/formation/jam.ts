import { defineModel } from '../../engine/spec.js'
import { walk } from '../../core/exact.js'
import { jamTargetNumber, resolveJam } from '../../rules/formation/jam.js'

export const jamModel = defineModel({
  usesDice: (j) => jamTargetNumber(j) !== null,
  resolve: resolveJam,
  json: (r) => ({
    mode: r.mode,
    targetNumber: r.targetNumber,
    dice: r.rolls,
    countersPlaced: r.countersPlaced,
    counters: r.counters,
    effects: r.effects,
    newEffects: r.newEffects,
    salvosRemoved: r.salvosRemoved,
  }),
  odds(j) {
    const key = j.vsMissiles ? 'salvosRemoved' : 'countersPlaced'
    const d = walk((dice) => {
      const r = resolveJam(dice, j)
      return j.vsMissiles ? r.salvosRemoved : r.countersPlaced
    })
    const json: Record<string, unknown> = { [key]: d.toJSON(), expected: { [key]: d.expected() } }
    if (!j.vsMissiles) {
      const total = d.map((n) => n + j.counters)
      json.counters = total.toJSON()
      ;(json.expected as Record<string, number>).counters = total.expected()
    }
    return {
      json,
      extra: { targetNumber: jamTargetNumber(j), mode: j.vsMissiles ? 'missiles' : 'jam' },
      detail: [d, j.vsMissiles ? 'salvos removed' : 'counters placed', j],
    }
  },
})
