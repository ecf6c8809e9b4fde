import { InputError } from '../../core/errors.js'
import { ELIMINATED_AT } from '../../rules/mining/units.js'
import { boolOpt, defineCommand, intOpt, required } from '../../runtime/spec.js'
import { miningRepairModel } from '../../models/mining/repair.js'

export const miningRepairSpec = defineCommand({
  name: 'mining repair',
  summary: 'one repair action: with 2 or more damage, 4+ on a d6 removes 1 damage point',
  diceOrder: 'one d6 (none when the unit has under 2 damage and may not repair)',
  examples: ['mecha mining repair --damage 3 --rolls 4', 'mecha mining repair --damage 2 --odds'],
  options: [
    required(
      intOpt('damage', `damage points the unit carries (0-${ELIMINATED_AT - 1})`, { min: 0 }),
      `the damage the unit carries, 0-${ELIMINATED_AT - 1}, e.g. --damage 2`,
    ),
    boolOpt('drone', 'the unit is a drone (air units cannot repair)'),
    boolOpt('sentry', 'the unit is a gun sentry (fixed defences cannot repair)'),
  ],
  build(v) {
    const damage = v.damage
    if (damage >= ELIMINATED_AT)
      throw new InputError(
        'out-of-range',
        `--damage: ${damage} damage eliminates a unit (${ELIMINATED_AT} or more), so it cannot repair; give 0-${ELIMINATED_AT - 1}`,
      )
    if (v.drone) throw new InputError('not-allowed', '--drone: drones are air units and cannot repair')
    if (v.sentry)
      throw new InputError('not-allowed', '--sentry: gun sentries are fixed defences and cannot repair')
    return { damage }
  },
  model: miningRepairModel,
})
