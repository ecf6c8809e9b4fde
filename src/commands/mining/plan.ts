import { InputError } from '../../core/errors.js'
import {
  MAX_ACTION_POINTS,
  MAX_UNITS,
  type ParsedUnit,
  type TurnPlanInput,
  type UnitPlan,
  parseUnits,
} from '../../rules/mining/plan.js'
import type { UnitKind } from '../../rules/mining/units.js'
import { type ValuesOf, defineCommand, intOpt, repeatable, required, textOpt } from '../../runtime/spec.js'
import { miningPlanModel } from '../../models/mining/plan.js'

/** Unit numbers for the kind flags: `--heavy 2,3`. */
function parseUnitNumbers(text: string, flag: string): number[] {
  const parts = text.split(/[\s,]+/).filter(Boolean)
  if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) {
    throw new InputError(
      'bad-value',
      `${flag}: "${text}" is not a list of unit numbers; give the units' places in --unit, e.g. ${flag} 2,3`,
    )
  }
  return parts.map(Number)
}

const KIND_FLAGS: Array<{ key: 'heavy' | 'tracks' | 'drone' | 'sentry'; flag: string; kind: UnitKind }> = [
  { key: 'heavy', flag: '--heavy', kind: 'heavy' },
  { key: 'tracks', flag: '--tracks', kind: 'tracks' },
  { key: 'drone', flag: '--drone', kind: 'drone' },
  { key: 'sentry', flag: '--sentry', kind: 'sentry' },
]

const options = [
  required(
    intOpt('ap', `action points for the turn (0-${MAX_ACTION_POINTS})`, { min: 0, max: MAX_ACTION_POINTS }),
    "the player's action points, e.g. --ap 7 (see 'mecha mining ap')",
  ),
  required(
    repeatable(
      textOpt(
        'unit',
        'UNIT',
        'a unit\'s actions in order: move, shoot, suppress, lock, repair, recover, special; optional "kind sN dN:" prefix (kind light|heavy|tracks|drone|sentry, sN suppression markers, dN damage); repeat the flag or separate units with "/"',
        // Parsed in build, where units from repeated flags are numbered together.
        (text) => text,
      ),
    ),
    'each unit\'s actions, e.g. --unit "move,shoot / heavy: shoot,shoot"',
  ),
  textOpt(
    'heavy',
    'LIST',
    'unit numbers (1 = first --unit) that are heavy mechs, e.g. 2,3',
    parseUnitNumbers,
  ),
  textOpt('tracks', 'LIST', 'unit numbers that are tracks (tracked mining vehicles)', parseUnitNumbers),
  textOpt('drone', 'LIST', 'unit numbers that are drones', parseUnitNumbers),
  textOpt('sentry', 'LIST', 'unit numbers that are gun sentries', parseUnitNumbers),
] as const

export function buildTurnPlan(v: ValuesOf<typeof options>): TurnPlanInput {
  const actionPoints = v.ap
  const texts = v.unit
  const parsed: ParsedUnit[] = []
  // Number the units across flags, so an error names the right one.
  for (const text of texts) parsed.push(...parseUnits(text.trim(), '--unit', parsed.length + 1))
  if (parsed.length > MAX_UNITS)
    throw new InputError('out-of-range', `--unit: ${parsed.length} units; a plan takes at most ${MAX_UNITS}`)
  const kinds: Array<UnitKind | undefined> = parsed.map((u) => u.kind)
  const fromFlag: Array<string | undefined> = []
  for (const { key, flag, kind } of KIND_FLAGS) {
    const list = v[key]
    for (const n of list ?? []) {
      if (n < 1 || n > parsed.length)
        throw new InputError(
          'out-of-range',
          `${flag}: there is no unit ${n}; ${parsed.length} unit${parsed.length === 1 ? ' was' : 's were'} given with --unit`,
        )
      const was = kinds[n - 1]
      if (was !== undefined && was !== kind) {
        throw new InputError(
          'bad-combination',
          `${flag}: unit ${n} is already a ${was}${fromFlag[n - 1] ? ` (${fromFlag[n - 1]})` : ' in --unit'}; give each unit one kind`,
        )
      }
      kinds[n - 1] = kind
      fromFlag[n - 1] = flag
    }
  }
  const units: UnitPlan[] = parsed.map((u, i) => ({
    kind: kinds[i] ?? 'light',
    suppression: u.suppression,
    damage: u.damage,
    actions: u.actions,
  }))
  return { actionPoints, units }
}
export const miningPlanSpec = defineCommand({
  name: 'mining plan',
  summary:
    "spend a turn's action points: each unit's 1st, 2nd and 3rd action cost 1, 2 and 4; what fits and what is left",
  examples: [
    'mecha mining plan --ap 7 --unit move,shoot --unit shoot,shoot --heavy 2',
    'mecha mining plan --ap 8 --unit "light: move,move,shoot / heavy s1: move,shoot / drone: move,lock"',
  ],
  options,
  build: buildTurnPlan,
  model: miningPlanModel,
})
