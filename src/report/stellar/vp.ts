import { defineModel } from '../../engine/spec.js'
import { type VpRequest, resolveVp } from '../../rules/stellar/victory-points.js'

export const vpModel = defineModel({
  usesDice: () => false,
  resolve: (_dice, r: VpRequest) => resolveVp(r),
  json(r, req) {
    if (r.mode === 'unit')
      return {
        mode: 'unit',
        vp: r.score.vp,
        parts: r.score.parts,
        ownerPenalty: r.score.ownerPenalty,
        penalties: r.score.penalties,
      }
    const s = r.score
    return {
      mode: r.mode,
      vp: s.vp,
      total: s.total,
      kills: s.kills,
      damaged: s.damaged,
      survivors: s.survivors,
      penalties: s.penalties,
      battleDamage: s.battleDamage,
      objective: s.objective ?? null,
      city:
        req.mode === 'city' && req.city
          ? { side: req.city.side, buildings: s.buildings!.destroyed, buildingVp: s.buildings!.vp }
          : null,
    }
  },
})
