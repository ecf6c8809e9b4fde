import { InputError } from '../../core/errors.js'
import { type WargroupShot, MAX_SCORE } from '../../rules/wargroup/shoot.js'
import { type ValuesOf, boolOpt, defineCommand, enumOpt, intOpt, required } from '../../runtime/spec.js'
import { wargroupShootModel } from '../../models/wargroup/shoot.js'

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
export const wargroupShootSpec = defineCommand({
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
  model: wargroupShootModel,
})
