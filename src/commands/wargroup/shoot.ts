import { InputError } from '../../core/errors.js'
import type { Distribution } from '../../core/distribution.js'
import type { DamageRoll } from '../../rules/wargroup/damage.js'
import type { OpposedRoll } from '../../rules/wargroup/opposed.js'
import {
  type WargroupShot,
  type WargroupShotResult,
  AIM_DAMAGE_MODIFIER,
  MAX_SCORE,
  effectiveAcu,
  effectiveArm,
  effectiveDef,
  resolveWargroupShot,
} from '../../rules/wargroup/shoot.js'
import { wargroupShotOdds } from '../../rules/wargroup/shoot-odds.js'
import {
  explainWargroupShot,
  renderWargroupShot,
  renderWargroupShotOdds,
} from '../../render/wargroup/shoot.js'
import {
  type CommandSpec,
  type ValuesOf,
  boolOpt,
  defineCommand,
  enumOpt,
  intOpt,
  required,
} from '../../engine/spec.js'

const options = [
  required(intOpt('acu', "attacker's Acu", { min: 0, max: MAX_SCORE }), "the attacker's Acu, e.g. --acu 3"),
  required(intOpt('def', "target's Def", { min: 0, max: MAX_SCORE }), "the target's Def, e.g. --def 2"),
  required(intOpt('str', "weapon's Str", { min: 0, max: MAX_SCORE }), "the weapon's Str, e.g. --str 5"),
  required(intOpt('arm', "target's Arm", { min: 0, max: MAX_SCORE }), "the target's Arm, e.g. --arm 3"),
  enumOpt(
    'aim',
    ['none', 'module', 'movement'],
    'aimed shot: at a weapon/ability module (Acu -2) or at movement (Acu -1, damage -2)',
    'none',
  ),
  intOpt('mtp', "the aimed-at module's MtP (with --aim module)", { min: 0, max: MAX_SCORE }),
  boolOpt('commander', 'the attacker has the commander upgrade: +1 Acu'),
  boolOpt('def-commander', 'the target has the commander upgrade: +1 Def and +1 Arm'),
  intOpt('dam', "target's Dam left, to report whether it shuts down", { min: 1, max: 1000 }),
] as const

export function buildWargroupShot(v: ValuesOf<typeof options>): WargroupShot {
  const { acu, def, str, arm, aim, mtp } = v
  if (aim === 'module' && mtp === undefined)
    throw new InputError(
      'missing',
      "--mtp is required with --aim module: give the module's MtP, e.g. --mtp 2",
    )
  if (aim !== 'module' && mtp !== undefined)
    throw new InputError(
      'bad-combination',
      '--mtp: only used when aiming at a module; add --aim module or drop --mtp',
    )
  const shot: WargroupShot = { acu, def, str, arm, aim, commander: v.commander, defCommander: v.defCommander }
  if (mtp !== undefined) shot.mtp = mtp
  if (v.dam !== undefined) shot.dam = v.dam
  return shot
}

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

export const wargroupShootSpec: CommandSpec<WargroupShot, WargroupShotResult> = defineCommand({
  name: 'wargroup shoot',
  summary:
    'shoot: d6 + Acu must beat Def + d6, then Str + d6 against Arm + d6; aimed shots at a module or movement',
  diceOrder:
    "the attacker's to-hit d6, the defender's d6; on a hit, the attacker's damage d6 and the defender's armor d6; then, when an aimed shot takes effect, one duration die: a d3 (faces 1-3) for a disabled module, a d6 for immobilised movement",
  examples: [
    'mecha wargroup shoot --acu 3 --def 2 --str 5 --arm 3 --rolls 4,2,5,3',
    'mecha wargroup shoot --acu 4 --def 2 --str 6 --arm 2 --aim module --mtp 2 --rolls 5,2,4,3,2',
    'mecha wargroup shoot --acu 3 --def 3 --str 5 --arm 4 --aim movement --odds',
  ],
  options,
  build: buildWargroupShot,
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
  render: renderWargroupShot,
  explain: explainWargroupShot,
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
      render: (out) => renderWargroupShotOdds(o, s, acu, out),
      cutoffs: s.dam === undefined ? undefined : { damage: { at: s.dam, label: `Dam ${s.dam}: shut down` } },
    }
  },
})
