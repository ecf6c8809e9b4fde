import { InputError } from '../../core/errors.js'
import { repairOdds } from '../../rules/mining/odds.js'
import { type Repair, type RepairResult, repairAllowed, resolveRepair } from '../../rules/mining/repair.js'
import { ELIMINATED_AT } from '../../rules/mining/units.js'
import { explainRepair, renderRepair, renderRepairOdds } from '../../render/mining/repair.js'
import { type CommandSpec, boolOpt, defineCommand, intOpt, required } from '../../engine/spec.js'

export const miningRepairSpec: CommandSpec<Repair, RepairResult> = defineCommand({
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
  usesDice: (r) => repairAllowed(r.damage),
  resolve: resolveRepair,
  json: (r) => ({
    damage: r.damage,
    allowed: r.allowed,
    roll: r.roll,
    repaired: r.repaired,
    damageAfter: r.damageAfter,
  }),
  render: (r, _i, out) => renderRepair(r, out),
  explain: (r, _i, out) => explainRepair(r, out),
  odds(i) {
    const o = repairOdds(i)
    return {
      json: { repaired: o.repaired.toJSON(), damageAfter: o.damageAfter.toJSON(), expected: o.expected },
      extra: { damage: i.damage, allowed: repairAllowed(i.damage) },
      render: (out) => renderRepairOdds(o, i.damage, out),
    }
  },
})
