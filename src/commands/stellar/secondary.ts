import { InputError } from '../../core/errors.js'
import {
  type CountKey,
  type SecondaryCounts,
  type SecondaryRequest,
  OBJECTIVE_NAMES,
  objectiveDef,
} from '../../rules/stellar/secondary.js'
import {
  type ValuesOf,
  boolOpt,
  defineCommand,
  enumOpt,
  intOpt,
  required,
  textOpt,
} from '../../runtime/spec.js'
import { secondaryModel } from '../../models/stellar/secondary.js'

/** Each count's flag. */
const FLAGS: Record<CountKey, string> = {
  times: '--times',
  bonus: '--bonus',
  perRound: '--per-round',
  levels: '--levels',
  units: '--units',
  destroyed: '--destroyed',
  commanderSurvived: '--commander-survived',
}

function numberList(max: number, what: string) {
  return (text: string, flag: string): number[] => {
    const parts = text.split(',').map((p) => p.trim())
    return parts.map((p) => {
      if (!/^\d+$/.test(p) || Number(p) > max)
        throw new InputError(
          'bad-value',
          `${flag}: "${p}" is not ${what}; give whole numbers 0-${max} separated by commas, e.g. 3,1,2`,
        )
      return Number(p)
    })
  }
}

const options = [
  required(
    enumOpt(
      'objective',
      OBJECTIVE_NAMES,
      'the objective: Destruction (top-gun, strongest-prototype, rout, surprise-assault, undefeated), Survival (bonds, last-bastion, minimize-losses, flawless-insertion, invincible), Battlespace (repel, dominate, behind-lines, scorched-earth, swelling-momentum)',
    ),
    `one of ${OBJECTIVE_NAMES.join(', ')}`,
  ),
  intOpt('times', "how many times the objective's event happened (its --help example says which)", {
    min: 0,
    max: 100,
  }),
  intOpt(
    'bonus',
    'how many times its bonus event happened (Top Gun: the Commander; Surprise Assault: with Tactical Advantage; Undefeated: by Melee Counterattack; Minimize Losses: Momentum saves)',
    { min: 0, max: 100 },
  ),
  textOpt(
    'per-round',
    'N,N',
    'a count for each round (Rout: units destroyed; Dominate: quadrants held; Behind Enemy Lines: units near the enemy edge)',
    numberList(100, 'a count'),
  ),
  textOpt(
    'levels',
    'N,N',
    "Bonds on the Battlefield: your surviving units' pilot levels (0-2)",
    numberList(2, 'a pilot level'),
  ),
  intOpt('units', 'your units at the start of the battle', { min: 1, max: 200 }),
  intOpt('destroyed', 'your units destroyed (Flawless Insertion: in round 1)', { min: 0, max: 200 }),
  boolOpt('commander-survived', 'Last Bastion: your Commander survived the battle'),
] as const

export function buildSecondary(v: ValuesOf<typeof options>): SecondaryRequest {
  const objective = v.objective
  const def = objectiveDef(objective)
  const takes = [...def.required, ...def.optional]
  // Every count as given (a flag left out, or --commander-survived not set, is not given).
  const counts: SecondaryCounts = {
    times: v.times,
    bonus: v.bonus,
    perRound: v.perRound,
    levels: v.levels,
    units: v.units,
    destroyed: v.destroyed,
    commanderSurvived: v.commanderSurvived || undefined,
  }
  for (const key of Object.keys(FLAGS) as CountKey[]) {
    if (counts[key] === undefined) {
      delete counts[key]
      continue
    }
    if (!takes.includes(key)) {
      const what = takes.map((k) => `${FLAGS[k]} (${def.meaning[k]})`).join(', ')
      throw new InputError(
        'bad-combination',
        `${FLAGS[key]} does not count for ${def.name}; it takes ${what}`,
      )
    }
  }
  for (const key of def.required) {
    if (counts[key] === undefined)
      throw new InputError('missing', `${FLAGS[key]} is required for ${def.name}: ${def.meaning[key]}`)
  }
  return { objective, counts }
}
export const secondarySpec = defineCommand({
  name: 'secondary',
  summary: 'MechaStellar secondary objectives (optional module): the VP one objective scored, at most 10',
  examples: [
    'mecha secondary --objective rout --per-round 3,6,2',
    'mecha secondary --objective top-gun --times 3 --bonus 1',
    'mecha secondary --objective last-bastion --commander-survived --units 8 --destroyed 5',
    'mecha secondary --objective dominate --per-round 2,3,4,4',
  ],
  options,
  build: buildSecondary,
  model: secondaryModel,
})
