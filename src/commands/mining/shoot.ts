import { InputError } from '../../core/errors.js'
import { type MiningShot } from '../../rules/mining/shoot.js'
import { ELIMINATED_AT, MAX_SUPPRESSION } from '../../rules/mining/units.js'
import { type ValuesOf, boolOpt, conflicts, defineCommand, intOpt, requires } from '../../runtime/spec.js'
import { miningShootModel } from '../../models/mining/shoot.js'

const options = [
  boolOpt('cover', 'target in cover: -1'),
  boolOpt('high-ground', 'shooter on higher ground: +1'),
  boolOpt('lock', 'a target lock is on the target: +1, and that marker is used up'),
  boolOpt('drone', 'the shooter is a drone: -1'),
  conflicts(boolOpt('sentry', 'the shooter is a gun sentry: -1'), {
    drone: 'the shooter is one unit, either a drone or a gun sentry',
  }),
  boolOpt('suppress', 'suppressive fire: a hit places a suppression marker instead of dealing damage'),
  intOpt('markers', `suppression markers already on the target (0-${MAX_SUPPRESSION})`, {
    min: 0,
    max: MAX_SUPPRESSION,
  }),
  intOpt(
    'target-damage',
    `damage the target already carries (0-${ELIMINATED_AT - 1}), to report elimination at ${ELIMINATED_AT}`,
    { min: 0, max: ELIMINATED_AT - 1 },
  ),
  requires(
    intOpt(
      'lost',
      "units the target's force had lost before this shot; with --target-damage, a kill rolls its resolve test",
      { min: 0, max: 99 },
    ),
    {
      'target-damage': 'give the damage the target already carries (0-3), so a kill can be told',
    },
  ),
] as const

export function buildMiningShot(v: ValuesOf<typeof options>): MiningShot {
  const { drone, sentry, suppress, targetDamage, lost } = v
  const markers = v.markers ?? 0
  if (suppress && markers >= MAX_SUPPRESSION) {
    throw new InputError(
      'max-suppression',
      `--markers: the target already carries ${MAX_SUPPRESSION} suppression markers, the most allowed; choose another target or fire to damage`,
    )
  }
  return {
    cover: v.cover,
    highGround: v.highGround,
    lock: v.lock,
    drone,
    sentry,
    suppress,
    markers,
    targetDamage,
    lost,
  }
}
export const miningShootSpec = defineCommand({
  name: 'mining shoot',
  summary:
    'one shooting action: 4+ on a d6 after modifiers hits for 1 damage (or places a suppression marker)',
  diceOrder:
    "the to-hit d6; then, only when the shot eliminates the target and --lost is given, the resolve-test d6 for the target's force",
  examples: [
    'mecha mining shoot --cover --lock --rolls 4',
    'mecha mining shoot --drone --suppress --markers 1 --seed table1',
    'mecha mining shoot --high-ground --target-damage 3 --lost 2 --odds',
  ],
  options,
  build: buildMiningShot,
  model: miningShootModel,
})
