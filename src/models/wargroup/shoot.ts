import { modelOf } from '../../runtime/spec.js'
import type { Chances, OddsAnswerOf, RolledAnswerOf } from '../../runtime/answer.js'
import type { Distribution } from '../../core/distribution.js'
import type { DamageRoll } from '../../rules/wargroup/damage.js'
import { type OpposedReason, type OpposedRoll, opposedChance } from '../../rules/wargroup/opposed.js'
import {
  type Aim,
  type ModuleState,
  type WargroupShot,
  type WargroupShotResult,
  AIM_DAMAGE_MODIFIER,
  effectiveAcu,
  effectiveArm,
  effectiveDef,
  resolveWargroupShot,
} from '../../rules/wargroup/shoot.js'
import { type WargroupShotOdds, wargroupShotOdds } from '../../rules/wargroup/shoot-odds.js'

/** An opposed roll as the JSON names it: the opposing die after what it opposes (`defenseRoll`). */
export type WargroupOpposedJson<Opposing extends string> = { roll: number; total: number } & {
  [K in `${Opposing}Roll` | `${Opposing}Total`]: number
} & { automatic: boolean; reason: OpposedReason }

function opposedJson<Opposing extends string>(
  o: OpposedRoll,
  opposing: Opposing,
): WargroupOpposedJson<Opposing> {
  return {
    roll: o.roll,
    total: o.total,
    [`${opposing}Roll`]: o.opposingRoll,
    [`${opposing}Total`]: o.opposingTotal,
    automatic: o.automatic,
    reason: o.reason,
    // A computed key is typed as any string: the template type names the two it makes.
  } as WargroupOpposedJson<Opposing>
}

/** A damage roll: the attacker's die against the armor's, and what it dealt. */
export type WargroupDamageRollJson = WargroupOpposedJson<'armor'> & { fullPower: boolean; damage: number }

export function damageRollJson(d: DamageRoll): WargroupDamageRollJson {
  return Object.assign(opposedJson(d, 'armor'), { fullPower: d.fullPower, damage: d.damage })
}

/** A shot's answer, built in steps: the fields of an aimed shot and of a known Dam come last. */
export interface WargroupShotFields {
  hit: boolean
  damage: number
  aim: Aim
  /** After the commander upgrade and the aiming penalty. */
  acu: number
  def: number
  str: number
  arm: number
  damageModifier: number
  commander: boolean
  defCommander: boolean
  toHit: WargroupOpposedJson<'defense'>
  /** null on a miss. */
  damageRoll: WargroupDamageRollJson | null
  fullPower: boolean
  /** Aimed at a module. */
  mtp?: number
  module?: ModuleState
  disabledTurns?: number
  /** Aimed at movement. */
  immobilizedTurns?: number
  /** With the target's Dam. */
  remainingDam?: number
  destroyed?: boolean
}

/** The `odds` of a shot, all but the means (`expected`, added last). */
export interface WargroupShotOddsMaps {
  hit: Chances
  damage: Chances
  /** Aimed at a module. */
  module?: Chances
  disabledTurns?: Chances
  /** Aimed at movement. */
  immobilizedTurns?: Chances
  /** With the target's Dam. */
  destroyed?: Chances
}

/** The means of a shot, and the chances of its events. */
export interface WargroupShotExpected {
  hit: number
  damage: number
  disabledTurns?: number
  immobilizedTurns?: number
  anyDamage: number
  fullPower: number
  moduleDisabled?: number
  moduleDestroyed?: number
  immobilized?: number
  destroyed?: number
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

/**
 * One shot, with what its explanation reads beside the answer: how many of the 36 pairs of dice
 * hit at its modifiers, and how many of them (or misses) are automatic (never in the JSON).
 */
export type WargroupShotRoll = WargroupShotResult & { toHitPairs: ReturnType<typeof opposedChance> }

export const wargroupShootModel = modelOf<WargroupShot, WargroupShotRoll>()({
  resolve(dice, s) {
    const r = resolveWargroupShot(dice, s)
    return Object.assign(r, { toHitPairs: opposedChance(r.acu, r.def) })
  },
  json(r, s) {
    const out: WargroupShotFields = {
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
    const maps: WargroupShotOddsMaps = {
      hit: fullMap(o.hit, ['false', 'true']),
      damage: o.damage.toJSON(),
    }
    // Chances of events are means of yes/no outcomes, so they sit with the other means in
    // `expected`: every object directly under `odds` stays a map that sums to 1.
    const chance: Omit<WargroupShotExpected, keyof WargroupShotOdds['expected']> = {
      anyDamage: o.damage.where((k) => k !== 0),
      fullPower: o.fullPower,
    }
    if (o.module) {
      maps.module = fullMap(o.module, ['intact', 'disabled', 'destroyed'])
      maps.disabledTurns = fullMap(o.disabledTurns!, ['0', '1', '2', '3'])
      chance.moduleDisabled = o.module.prob('disabled')
      chance.moduleDestroyed = o.module.prob('destroyed')
    }
    if (o.immobilizedTurns) {
      maps.immobilizedTurns = fullMap(o.immobilizedTurns, ['0', '1', '2', '3', '4', '5', '6'])
      chance.immobilized = o.immobilizedTurns.where((k) => k !== 0)
    }
    if (o.destroyed) {
      maps.destroyed = { false: o.damage.where((k) => k < s.dam!), true: o.destroyed }
      chance.destroyed = o.destroyed
    }
    const expected: WargroupShotExpected = { ...o.expected, ...chance }
    const json = { ...maps, expected }
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

/** `mecha wargroup shoot … --json`, `wargroup.shoot.resolve(…)`: one shot. */
export type WargroupShootAnswer = RolledAnswerOf<'wargroup shoot', typeof wargroupShootModel>

/** `mecha wargroup shoot … --odds --json`, `wargroup.shoot.odds(…)`: the exact odds of a shot. */
export type WargroupShootOdds = OddsAnswerOf<'wargroup shoot', typeof wargroupShootModel>
