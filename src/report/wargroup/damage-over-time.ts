import {
  type DamageOverTime,
  type DamageOverTimeResult,
  type Effect,
  resolveDamageOverTime,
} from '../../rules/wargroup/damage-over-time.js'
import { damageOverTimeOdds } from '../../rules/wargroup/damage-over-time-odds.js'
import { defineModel } from '../../engine/spec.js'

/** The report of fire and void: one model, its effect named in the answer. */
export function damageOverTimeModel(effect: Effect) {
  return defineModel<DamageOverTime, DamageOverTimeResult>({
    resolve: resolveDamageOverTime,
    json(r, e) {
      const out: Record<string, unknown> = {
        effect,
        damage: r.damage,
        duration: r.duration,
        expired: r.expired,
        active: r.active,
        dice: r.dice,
        turns: e.turns ?? null,
      }
      if (r.remainingDam !== undefined) {
        out.dam = e.dam
        out.remainingDam = r.remainingDam
        out.destroyed = r.destroyed
      }
      return out
    },
    odds(e) {
      const o = damageOverTimeOdds(e)
      // Maps only directly under `odds`; chances of events go with the means in `expected`,
      // and the folded tail is described beside the odds.
      const json: Record<string, unknown> = {
        damage: o.damage.toJSON(),
        duration: o.duration.toJSON(),
        expired: o.expired.toJSON(),
      }
      if (o.destroyed) json.destroyed = o.destroyed.toJSON()
      json.expected = Object.assign(
        {},
        o.expected,
        { expired: o.expired.prob('true') },
        o.destroyed ? { destroyed: o.destroyed.prob('true') } : {},
      )
      const tail = o.tail
        ? {
            damage: { from: o.tail.damage.from, mass: o.tail.damage.mass },
            duration: { from: o.tail.duration.from, mass: o.tail.duration.mass },
          }
        : undefined
      return {
        json,
        extra: {
          effect,
          turns: e.turns ?? null,
          ...(e.dam !== undefined ? { dam: e.dam } : {}),
          ...(tail ? { tail } : {}),
        },
        detail: [o, e],
        cutoffs:
          e.dam === undefined ? undefined : { damage: { at: e.dam, label: `Dam ${e.dam}: destroyed` } },
      }
    },
  })
}
