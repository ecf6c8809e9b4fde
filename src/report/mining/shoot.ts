import { defineModel } from '../../engine/spec.js'
import { miningShotOdds } from '../../rules/mining/odds.js'
import {
  type MiningShot,
  type MiningShotResult,
  hitNeeds,
  resolveMiningShot,
  shootModifier,
  shootModifiers,
} from '../../rules/mining/shoot.js'

export const miningShootModel = defineModel<MiningShot, MiningShotResult>({
  resolve: resolveMiningShot,
  json(r, s) {
    const out: Record<string, unknown> = {
      mode: s.suppress ? 'suppress' : 'damage',
      roll: r.roll,
      modifier: r.modifier,
      modifiers: r.modifiers,
      total: r.total,
      needs: r.needs,
      hit: r.hit,
      damage: r.damage,
      suppression: r.suppression,
      markersBefore: s.markers,
      markersAfter: r.markersAfter,
      lockUsed: r.lockUsed,
    }
    if (r.targetDamageAfter !== undefined) {
      out.targetDamage = s.targetDamage
      out.targetDamageAfter = r.targetDamageAfter
      out.eliminated = r.eliminated
    }
    out.resolve = r.resolve
    // With --lost a resolve test is possible: no test rolled means no retreat (as in the odds).
    // Without it, whether the force retreats is not known.
    out.retreat = r.resolve ? r.resolve.retreat : s.lost !== undefined ? false : null
    return out
  },
  odds(s) {
    const o = miningShotOdds(s)
    const json: Record<string, unknown> = {
      hit: o.hit.toJSON(),
      damage: o.damage.toJSON(),
      suppression: o.suppression.toJSON(),
      markersAfter: o.markersAfter.toJSON(),
    }
    const expected: Record<string, number> = { ...o.expected }
    if (o.targetDamageAfter) {
      json.targetDamageAfter = o.targetDamageAfter.toJSON()
      json.eliminated = o.eliminated!.toJSON()
      expected.eliminated = o.eliminated!.prob('true')
    }
    if (o.retreat) {
      json.retreat = o.retreat.toJSON()
      expected.retreat = o.retreat.prob('true')
    }
    json.expected = expected
    return {
      json,
      extra: {
        mode: s.suppress ? 'suppress' : 'damage',
        modifier: shootModifier(s),
        modifiers: shootModifiers(s),
        needs: hitNeeds(s),
      },
      detail: [o, s],
    }
  },
})
