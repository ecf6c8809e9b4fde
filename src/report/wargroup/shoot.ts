import { defineModel } from '../../engine/spec.js'
import type { Distribution } from '../../core/distribution.js'
import type { DamageRoll } from '../../rules/wargroup/damage.js'
import type { OpposedRoll } from '../../rules/wargroup/opposed.js'
import {
  type WargroupShot,
  type WargroupShotResult,
  AIM_DAMAGE_MODIFIER,
  effectiveAcu,
  effectiveArm,
  effectiveDef,
  resolveWargroupShot,
} from '../../rules/wargroup/shoot.js'
import { wargroupShotOdds } from '../../rules/wargroup/shoot-odds.js'

function opposedJson(o: OpposedRoll, opposing: string): Record<string, unknown> {
  return {
    roll: o.roll,
    total: o.total,
    [`${opposing}Roll`]: o.opposingRoll,
    [`${opposing}Total`]: o.opposingTotal,
    automatic: o.automatic,
    reason: o.reason,
  }
}

export function damageRollJson(d: DamageRoll): Record<string, unknown> {
  return Object.assign(opposedJson(d, 'armor'), { fullPower: d.fullPower, damage: d.damage })
}

/** A map with every listed key present (0 when impossible), then any others. */
export function fullMap(
  d: Distribution<string> | Distribution<number>,
  keys: readonly string[],
): Record<string, number> {
  const out: Record<string, number> = {}
  for (const k of keys) out[k] = 0
  return { ...out, ...d.toJSON() }
}

export const wargroupShootModel = defineModel<WargroupShot, WargroupShotResult>({
  resolve: resolveWargroupShot,
  json(r, s) {
    const out: Record<string, unknown> = {
      hit: r.hit,
      damage: r.damage,
      aim: s.aim,
      acu: r.acu,
      def: r.def,
      str: s.str,
      arm: r.arm,
      damageModifier: r.damageModifier,
      commander: s.commander,
      defCommander: s.defCommander,
      toHit: opposedJson(r.toHit, 'defense'),
      damageRoll: r.damageRoll ? damageRollJson(r.damageRoll) : null,
      fullPower: r.damageRoll?.fullPower ?? false,
    }
    if (s.aim === 'module') {
      out.mtp = s.mtp
      out.module = r.module
      out.disabledTurns = r.disabledTurns
    }
    if (s.aim === 'movement') out.immobilizedTurns = r.immobilizedTurns
    if (r.remainingDam !== undefined) {
      out.remainingDam = r.remainingDam
      out.destroyed = r.destroyed
    }
    return out
  },
  odds(s) {
    const o = wargroupShotOdds(s)
    const json: Record<string, unknown> = {
      hit: fullMap(o.hit, ['false', 'true']),
      damage: o.damage.toJSON(),
    }
    // Chances of events are means of yes/no outcomes, so they sit with the other means in
    // `expected`: every object directly under `odds` stays a map that sums to 1.
    const chance: Record<string, number> = {
      anyDamage: o.damage.where((k) => k !== 0),
      fullPower: o.fullPower,
    }
    if (o.module) {
      json.module = fullMap(o.module, ['intact', 'disabled', 'destroyed'])
      json.disabledTurns = fullMap(o.disabledTurns!, ['0', '1', '2', '3'])
      chance.moduleDisabled = o.module.prob('disabled')
      chance.moduleDestroyed = o.module.prob('destroyed')
    }
    if (o.immobilizedTurns) {
      json.immobilizedTurns = fullMap(o.immobilizedTurns, ['0', '1', '2', '3', '4', '5', '6'])
      chance.immobilized = o.immobilizedTurns.where((k) => k !== 0)
    }
    if (o.destroyed) {
      json.destroyed = { false: o.damage.where((k) => k < s.dam!), true: o.destroyed }
      chance.destroyed = o.destroyed
    }
    json.expected = { ...o.expected, ...chance }
    const acu = effectiveAcu(s)
    return {
      json,
      extra: {
        aim: s.aim,
        acu,
        def: effectiveDef(s),
        str: s.str,
        arm: effectiveArm(s),
        damageModifier: AIM_DAMAGE_MODIFIER[s.aim],
        commander: s.commander,
        defCommander: s.defCommander,
        ...(s.mtp !== undefined ? { mtp: s.mtp } : {}),
      },
      detail: [o, s, acu],
      cutoffs: s.dam === undefined ? undefined : { damage: { at: s.dam, label: `Dam ${s.dam}: shut down` } },
    }
  },
})
