import { InputError } from '../../core/errors.js'
import {
  type City,
  type ListedUnit,
  UNIT_LIST_HELP,
  type VpRequest,
  parseUnitList,
} from '../../rules/stellar/victory-points.js'
import {
  type ValuesOf,
  boolOpt,
  defineCommand,
  enumOpt,
  intOpt,
  levelOpt,
  textOpt,
} from '../../runtime/spec.js'
import { vpModel } from '../../models/stellar/vp.js'

type VpValues = ValuesOf<typeof options>

const UNIT_FLAGS: Array<[keyof VpValues, string]> = [
  ['frame', '--frame'],
  ['pilot', '--pilot'],
  ['warship', '--warship'],
  ['performance', '--performance'],
  ['extraVp', '--extra-vp'],
  ['belowHalf', '--below-half'],
  ['commander', '--commander'],
  ['round', '--round'],
  ['challenge', '--challenge'],
  ['cost', '--cost'],
]
const BATTLE_FLAGS: Array<[keyof VpValues, string]> = [
  ['kills', '--kills'],
  ['damaged', '--damaged'],
  ['losses', '--losses'],
  ['battleDamage', '--battle-damage'],
  ['survivors', '--survivors'],
  ['cps', '--cps'],
  ['enemyCps', '--enemy-cps'],
  ['actions', '--actions'],
  ['previous', '--previous'],
  ['side', '--side'],
  ['buildings', '--buildings'],
]

const options = [
  enumOpt(
    'mode',
    ['unit', 'simple', 'confrontation', 'objective', 'city'],
    "unit: one destroyed enemy's VP; simple / confrontation / objective / city (Defend the City | Rampage): a battle's (or round's) score",
    'unit',
  ),
  intOpt('frame', "the unit's Frame Level", { min: 1, max: 5 }),
  levelOpt('pilot', "the unit's pilot, captain or kaiju Level", { optional: true }),
  boolOpt('warship', 'the unit is a warship: +2 VP'),
  intOpt('performance', "the unit's Performance (5+: +1 VP, 8+: +2, 10: +3)", { min: 0, max: 10 }),
  intOpt('extra-vp', 'other VP the unit carries (Widespread Havoc, Immensely Powerful: +2)', {
    min: 0,
    max: 20,
  }),
  boolOpt('below-half', 'the enemy unit was not destroyed but ended under 50% HP: half VP, rounded up'),
  boolOpt('commander', 'the enemy Commander: + VP equal to the round it was destroyed in (--round)'),
  intOpt('round', 'the round the Commander was destroyed in', { min: 1, max: 10 }),
  boolOpt('challenge', 'a Challenge or Revenge target: double VP'),
  intOpt('cost', "the unit's points cost: its owner loses 3 VP at 500+ (Lost a Critical Machine)", {
    min: 0,
    max: 100000,
  }),
  boolOpt('finale', "the finale of a campaign: the owner's VP penalties are waived"),
  textOpt('kills', 'LIST', `enemy units you destroyed: ${UNIT_LIST_HELP}`, parseUnitList),
  textOpt(
    'damaged',
    'LIST',
    'enemy units left alive under 50% HP (half VP each), same list form',
    parseUnitList,
  ),
  textOpt(
    'losses',
    'LIST',
    'your own destroyed units, for the VP penalties ($cost 500+: -3, L2: -2), same list form',
    parseUnitList,
  ),
  intOpt('battle-damage', 'times you dealt Battle Damage (optional module): +1 VP each', {
    min: 0,
    max: 100,
  }),
  textOpt('survivors', 'LIST', 'Confrontation: your surviving units, same list form', parseUnitList),
  intOpt('cps', 'Secure the Objective: Control Points you own at the end of the round (+5 VP each)', {
    min: 0,
    max: 20,
  }),
  intOpt('enemy-cps', "Secure the Objective: your opponent's Control Points (+5 VP if you own more)", {
    min: 0,
    max: 20,
  }),
  intOpt('actions', 'Secure the Objective: Actions on Objective this round (+3 VP each)', {
    min: 0,
    max: 20,
  }),
  textOpt(
    'previous',
    'N,N',
    'scores of earlier battles (Confrontation) or rounds (Secure the Objective), for the running total',
    parsePrevious,
  ),
  enumOpt(
    'side',
    ['attacker', 'defender'],
    'Defend the City: the side scored (the Attacker scores buildings, the Defender double VP for kills in rounds 1-2, marked R1/R2 in --kills)',
  ),
  intOpt(
    'buildings',
    'Defend the City: buildings the Attacker destroyed (+1 VP per 2, rounded up, at most 10)',
    { min: 0, max: 100 },
  ),
] as const

const given = (v: VpValues, key: keyof VpValues) => v[key] !== undefined && v[key] !== false

function parsePrevious(text: string, flag: string): number[] {
  const parts = text.split(',').map((p) => p.trim())
  return parts.map((p) => {
    if (!/^-?\d+$/.test(p))
      throw new InputError(
        'bad-value',
        `${flag}: "${p}" is not a whole number; give earlier scores comma-separated, e.g. --previous 17,13`,
      )
    return Number(p)
  })
}

/** Attributes a list does not allow (the Commander and Challenge bonuses need a destroyed enemy). */
function forbid(
  units: ListedUnit[] | undefined,
  flag: string,
  what: Array<'C' | 'X' | '$' | 'R'>,
  why: string,
): ListedUnit[] {
  for (const u of units ?? []) {
    if (
      (what.includes('C') && u.commanderRound !== undefined) ||
      (what.includes('X') && u.challenge) ||
      (what.includes('$') && u.cost !== undefined) ||
      (what.includes('R') && u.round !== undefined)
    ) {
      throw new InputError('bad-unit', `${flag}: "${u.text}": ${why}`)
    }
  }
  return units ?? []
}

export function buildVp(v: VpValues): VpRequest {
  const mode = v.mode
  if (mode === 'unit') {
    for (const [key, flag] of BATTLE_FLAGS) {
      if (!given(v, key)) continue
      if (key === 'side' || key === 'buildings')
        throw new InputError('bad-combination', `${flag} is for Defend the City | Rampage; add --mode city`)
      throw new InputError(
        'bad-combination',
        `${flag} is for a battle's score; add --mode simple, confrontation, objective or city, or drop ${flag}`,
      )
    }
    if (v.frame === undefined)
      throw new InputError(
        'missing',
        "--frame is required: the destroyed unit's Frame Level 1-5, e.g. --frame 3 (or --mode simple|confrontation|objective|city for a battle's score)",
      )
    const { commander, round, belowHalf } = v
    if (commander && round === undefined)
      throw new InputError(
        'missing',
        '--round is required with --commander: the enemy Commander is worth the current round, e.g. --round 3',
      )
    if (!commander && round !== undefined)
      throw new InputError(
        'bad-combination',
        '--round: only the enemy Commander scores the round; add --commander or drop --round',
      )
    if (belowHalf && (commander || v.challenge))
      throw new InputError(
        'bad-combination',
        '--below-half: a unit left under 50% HP was not destroyed, so --commander and --challenge do not apply',
      )
    return {
      mode,
      finale: v.finale,
      kill: {
        frame: v.frame,
        level: v.pilot ?? 0,
        warship: v.warship,
        performance: v.performance,
        extraVp: v.extraVp ?? 0,
        belowHalf,
        commanderRound: commander ? round : undefined,
        challenge: v.challenge,
        cost: v.cost,
      },
    }
  }
  for (const [key, flag] of UNIT_FLAGS) {
    if (given(v, key))
      throw new InputError(
        'bad-combination',
        `${flag} is for one unit's VP (--mode unit); in a battle's score describe units in --kills, e.g. --kills F3L1C2`,
      )
  }
  if (mode !== 'confrontation' && given(v, 'survivors'))
    throw new InputError(
      'bad-combination',
      '--survivors: surviving units score only in Confrontation; add --mode confrontation',
    )
  for (const [key, flag] of [
    ['cps', '--cps'],
    ['enemyCps', '--enemy-cps'],
    ['actions', '--actions'],
  ] as const) {
    if (mode !== 'objective' && given(v, key))
      throw new InputError(
        'bad-combination',
        `${flag}: Control Point VP are for Secure the Objective; add --mode objective`,
      )
  }
  if ((mode === 'simple' || mode === 'city') && given(v, 'previous')) {
    throw new InputError(
      'bad-combination',
      `--previous: a ${mode === 'city' ? 'Defend the City game' : 'Simple Battle'} is one game; use it with --mode confrontation (earlier games) or objective (earlier rounds)`,
    )
  }
  const city = mode === 'city' ? cityOf(v) : undefined
  if (!city && (given(v, 'side') || given(v, 'buildings')))
    throw new InputError(
      'bad-combination',
      `${given(v, 'side') ? '--side' : '--buildings'} is for Defend the City | Rampage; add --mode city`,
    )
  return {
    mode,
    kills: forbid(
      v.kills,
      '--kills',
      city ? [] : ['R'],
      'R (the round a unit was destroyed) only scores in Defend the City; add --mode city or drop R',
    ),
    damaged: forbid(
      v.damaged,
      '--damaged',
      ['C', 'X', '$', 'R'],
      'units left under 50% HP were not destroyed, so C (Commander), X (Challenge), $ (cost) and R (round destroyed) do not apply',
    ),
    losses: forbid(
      v.losses,
      '--losses',
      ['C', 'X', 'R'],
      'your losses only cost VP through their $cost and Level 2; drop C, X and R',
    ),
    survivors: forbid(
      v.survivors,
      '--survivors',
      ['C', 'X', '$', 'R'],
      'survivors score frame, level, warship and performance only; drop C, X, $ and R',
    ),
    city,
    battleDamage: v.battleDamage ?? 0,
    finale: v.finale,
    objective:
      mode === 'objective'
        ? { cps: v.cps ?? 0, enemyCps: v.enemyCps ?? 0, actions: v.actions ?? 0 }
        : undefined,
    previous: v.previous ?? [],
  }
}

/** Defend the City | Rampage: the side scored, and the Attacker's buildings. */
function cityOf(v: VpValues): City {
  const side = v.side
  if (side === undefined)
    throw new InputError(
      'missing',
      '--side is required with --mode city: attacker (the rampage) or defender (the city), e.g. --side attacker --buildings 7',
    )
  const buildings = v.buildings
  if (side === 'defender' && buildings !== undefined)
    throw new InputError(
      'bad-combination',
      '--buildings: destroyed buildings score for the Attacker; drop --buildings or give --side attacker',
    )
  return { side, buildings: buildings ?? 0 }
}
export const vpSpec = defineCommand({
  name: 'vp',
  summary:
    "MechaStellar victory points: one unit's VP, or a battle's score (Simple Battle, Confrontation, Secure the Objective, Defend the City)",
  examples: [
    'mecha vp --frame 3 --pilot 2 --performance 8',
    'mecha vp --frame 4 --pilot 1 --commander --round 3 --challenge',
    'mecha vp --mode confrontation --survivors 1xF2,2xF1 --previous 17,13',
    'mecha vp --mode objective --cps 2 --enemy-cps 1 --actions 2',
    "mecha vp --mode simple --kills 2xF2,F3L1C4 --damaged F4L2 --losses 'F3L2$520' --battle-damage 2",
    'mecha vp --mode city --side attacker --buildings 7 --kills F3L1',
    'mecha vp --mode city --side defender --kills F4L2R1,F2R3',
  ],
  options,
  build: buildVp,
  model: vpModel,
})
