import { defineModel } from '../../runtime/spec.js'
import type { CalculationAnswerOf, NamedAnswer } from '../../runtime/answer.js'
import {
  type BattleLine,
  type City,
  type VpMode,
  type VpPart,
  type VpRequest,
  resolveVp,
} from '../../rules/stellar/victory-points.js'

/** One destroyed unit's VP (`--mode unit`, or a unit by name). */
export interface UnitVpFields {
  mode: 'unit'
  vp: number
  parts: VpPart[]
  /** VP the unit's owner loses (0 or less). */
  ownerPenalty: number
  penalties: VpPart[]
}

/** A battle's (or a round's) score. */
export interface BattleVpFields {
  mode: Exclude<VpMode, 'unit'>
  vp: number
  /** With the earlier battles or rounds. */
  total: number
  kills: BattleLine[]
  damaged: BattleLine[]
  survivors: BattleLine[]
  penalties: BattleLine[]
  battleDamage: number
  /** Secure the Objective's round, or null in the other modes. */
  objective: { vp: number; parts: VpPart[] } | null
  /** Defend the City | Rampage: the side scored and the Attacker's buildings, or null. */
  city: { side: City['side']; buildings: number; buildingVp: number } | null
}

export const vpModel = defineModel({
  usesDice: () => false,
  resolve: (_dice, r: VpRequest) => resolveVp(r),
  json(r, req): UnitVpFields | BattleVpFields {
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

/** `mecha vp … --json`, `vp.resolve(…)`: a destroyed unit's VP or a battle's score (no dice, no seed). */
export type VpAnswer = CalculationAnswerOf<'vp', typeof vpModel, NamedAnswer>
