import { InputError } from '../../core/errors.js'
import { type BehaviorRequest, SITUATIONS } from '../../rules/stellar/behavior.js'
import { type ValuesOf, boolOpt, defineCommand, enumOpt } from '../../runtime/spec.js'
import { behaviorModel } from '../../models/stellar/behavior.js'

const ALL_SITUATIONS = [...SITUATIONS.mecha, ...SITUATIONS.kaiju]

const options = [
  enumOpt('table', ['mecha', 'kaiju'], 'which table: enemy mecha or kaiju', 'mecha'),
  enumOpt(
    'situation',
    ALL_SITUATIONS,
    'mecha: hidden, hurt (HP under 50%), cover (behind cover, target in range), default; kaiju: far (enemy over 10" away), near',
  ),
  boolOpt('commander', 'the unit is an enemy Commander: a roll of 1 reads as 10'),
  boolOpt('return-fire', 'the unit activated through Return Fire: a roll of 1 reads as 10'),
  boolOpt('indirect', 'the unit has Indirect Fire weapons: Hidden reads the Behind Cover column'),
] as const

export function buildBehavior(v: ValuesOf<typeof options>): BehaviorRequest {
  const table = v.table
  const given = v.situation
  if (given === undefined && table === 'kaiju')
    throw new InputError(
      'missing',
      '--situation is required for the kaiju table: far (enemy over 10" away) or near (within 10")',
    )
  const situation = given ?? 'default'
  if (!SITUATIONS[table].includes(situation)) {
    throw new InputError(
      'bad-choice',
      `--situation: "${situation}" is not on the ${table} table; give ${SITUATIONS[table].join(', ')}`,
    )
  }
  const { indirect, commander, returnFire } = v
  if (indirect && table === 'kaiju')
    throw new InputError(
      'bad-combination',
      '--indirect: the Indirect Fire rule belongs to the mecha table; drop --indirect or use --table mecha',
    )
  return { table, situation, indirect, commander, returnFire, oneIsTen: commander || returnFire }
}
export const behaviorSpec = defineCommand({
  name: 'behavior',
  summary:
    'MechaStellar enemy behaviour tables (solo / co-op): roll a d10 for what an enemy mecha or kaiju does',
  diceOrder: 'one d10',
  examples: [
    'mecha behavior --situation hurt --seed turn3',
    'mecha behavior --table kaiju --situation near --commander --rolls 1',
    'mecha behavior --situation default --odds',
  ],
  options,
  build: buildBehavior,
  model: behaviorModel,
})
