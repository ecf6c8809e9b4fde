/**
 * Units by name, the pure part (no files, no prompts): `shoot ATTACKER[:WEAPON] DEFENDER...`,
 * `melee ATTACKER[:WEAPON] DEFENDER[:WEAPON]`, `save ATTACKER[:WEAPON] DEFENDER`, `outmaneuver
 * ATTACKER DEFENDER` and `vp UNIT` read the units' numbers from a roster; values given beside
 * them win. The words each command takes are listed in unit-words.ts. The command line
 * (units.ts), batch and the library (src/api) all turn names into a request here, once.
 */
import { InputError } from '../core/errors.js'
import {
  type Roster,
  type RosterUnit,
  findUnit,
  lookupUnit,
  parseUnitRef,
  unitPlace,
  weaponsFor,
} from '../rules/stellar/roster.js'
import {
  type Input,
  type RosterInputs,
  meleeInputs,
  mergeInputs,
  outmaneuverInputs,
  saveInputs,
  shootInputs,
  vpInputs,
} from './roster-inputs.js'
import type { Request } from './request.js'
import { type CommandSpec, MORE_TARGETS, parseValues } from './spec.js'
import { unitWordsOf } from './unit-words.js'

type InputsOf = (roster: Roster, refs: string[], given: Record<string, unknown>) => RosterInputs

const UNIT_INPUTS: Record<string, InputsOf> = {
  shoot(roster, [attacker, defender]) {
    const a = findUnit(roster, attacker, 'shoot')
    return shootInputs(a.unit, a.weapon, lookupUnit(roster, parseUnitRef(defender).unit))
  },
  melee(roster, [attacker, defender]) {
    const a = findUnit(roster, attacker, 'melee')
    const d = defenderMelee(roster, defender)
    return meleeInputs(a.unit, a.weapon, d.unit, d.weapon)
  },
  save(roster, [attacker, defender]) {
    const a = findUnit(roster, attacker)
    return saveInputs(a.unit, a.weapon, unitOnly(roster, defender, 'save'))
  },
  outmaneuver(roster, [attacker, defender]) {
    return outmaneuverInputs(
      unitOnly(roster, attacker, 'outmaneuver'),
      unitOnly(roster, defender, 'outmaneuver'),
    )
  },
  vp(roster, [name], given) {
    const unit = unitOnly(roster, name, 'vp')
    const mode = given.mode === undefined ? 'unit' : String(given.mode).trim().toLowerCase()
    if (mode !== 'unit')
      throw new InputError(
        'bad-combination',
        `vp: a unit by name is one destroyed unit's VP (--mode unit); for --mode ${mode} drop ${name} and list units in --kills`,
      )
    if (unit.frame === undefined && given.frame === undefined)
      throw new InputError(
        'missing',
        `vp: ${unit.key} has no frame in ${unitPlace(unit)}; add frame: 1-5 to it, or give --frame`,
      )
    return vpInputs(unit)
  },
}

/** A unit named where a weapon means nothing: `unit:weapon` there is a mistake, said so. */
function unitOnly(roster: Roster, ref: string, command: string): RosterUnit {
  const r = parseUnitRef(ref)
  if (r.weapon !== undefined)
    throw new InputError(
      'bad-usage',
      `${command}: ${JSON.stringify(ref)} names a weapon, but only the unit counts here; give ${r.unit}`,
    )
  return lookupUnit(roster, r.unit)
}

/** A melee defender's weapon: the one named, its only melee weapon, or none (it has none). */
function defenderMelee(roster: Roster, ref: string) {
  try {
    return findUnit(roster, ref, 'melee')
  } catch (e) {
    if (e instanceof InputError && e.code === 'no-weapon')
      return { unit: lookupUnit(roster, parseUnitRef(ref).unit), weapon: undefined }
    throw e
  }
}

/** The words a command takes by name, all given: one word alone where two are taken is a stray word. */
export function needWords(command: string, refs: ReadonlyArray<string | undefined>): string[] {
  const words = unitWordsOf(command)
  if (!words)
    throw new Error(
      `units by name: no roster mapping for ${command} (unit-words.ts and named-units.ts disagree)`,
    )
  const absent = words.find((w, i) => w.missing !== undefined && refs[i] === undefined)
  if (absent && refs[0] !== undefined) throw new InputError('missing', absent.missing!)
  const given = refs.slice(0, words.length).filter((r): r is string => r !== undefined)
  // A repeatable last word: every unit named after it too (one target each).
  const more = words[words.length - 1].repeatable
    ? refs.slice(words.length).filter((r): r is string => r !== undefined)
    : []
  if (given.length === words.length) return [...given, ...more]
  if (words[0].optional && given.length === 0) return []
  throw new InputError(
    'bad-usage',
    `${command}: unexpected word ${JSON.stringify(given[0] ?? '')}: units by name take ${words.length === 2 ? 'two' : words.length}${words[words.length - 1].repeatable ? ' or more' : ''}, ${words.map((w) => w.usage).join(' ')}; otherwise every input is a flag (see 'mecha ${command} --help')`,
  )
}

/** Option values as the command line gives them: text, or `true` for a flag. */
const asFlag = (v: unknown) => (typeof v === 'boolean' ? v : String(v))

type Named = { values: Record<string, unknown>; inputs: Record<string, Input | Input[]> }

/**
 * The option values of `command` for the units named in `refs` (in the order of its words,
 * unit-words.ts), with the values actually given (`given`, camelCase keys) laid over them, and
 * where each value came from. `form` is how the given values are written: command-line text, or
 * a batch line's JSON values.
 */
export function namedValues(
  roster: Roster,
  command: string,
  refs: ReadonlyArray<string | undefined>,
  given: Record<string, unknown>,
  form: 'flag' | 'json',
): Named {
  const words = needWords(command, refs)
  const fromRoster = UNIT_INPUTS[command](roster, words, given)
  const merged = mergeInputs(fromRoster, given)
  // The command line's own values are text: the roster's are written as a flag would be (the
  // inputs keep them as the roster has them). Traits are text already.
  if (form === 'flag')
    for (const key of Object.keys(fromRoster)) {
      const input = merged.inputs[key]
      if (input && !Array.isArray(input) && input.from === 'roster')
        merged.values[key] = asFlag(merged.values[key])
    }
  return merged
}

/**
 * The request of a one-fight command (shoot, melee, save, outmaneuver, vp) for the units named in
 * `refs` (the words in order; a repeatable last word may be followed by more units, one target
 * each), with the values `given` beside them laid over the roster's: the parsed values (each
 * further target under MORE_TARGETS) and where each value came from, `json.inputs` (a list,
 * target 1 first, when several targets are named). by-name.ts sends plan and matrix elsewhere.
 */
export function unitsRequest(
  spec: CommandSpec,
  roster: Roster,
  refs: ReadonlyArray<string | undefined>,
  given: Record<string, unknown>,
  form: 'flag' | 'json',
): Request {
  const words = needWords(spec.name, refs)
  const fixed = unitWordsOf(spec.name)!.length - 1
  const [first, ...more] = words
    .slice(fixed)
    .map((last) => namedValues(roster, spec.name, [...words.slice(0, fixed), last], given, form))
  const values = parseValues(spec, first.values, form)
  if (more.length) values[MORE_TARGETS] = more.map((m) => parseValues(spec, m.values, form))
  return { values, inputs: more.length ? [first.inputs, ...more.map((m) => m.inputs)] : first.inputs }
}

/** The weapon slots a person must pick: a unit with several weapons for the use and none named. */
export function openSlots(command: string, roster: Roster, refs: readonly string[]): number[] {
  const open: number[] = []
  unitWordsOf(command)!.forEach((w, i) => {
    // A repeatable word names its weapons (a plan's attacks), or takes none (shoot's targets).
    if (!w.weapons || w.repeatable) return
    const ref = parseUnitRef(refs[i])
    if (ref.weapon !== undefined) return
    const unit = lookupUnit(roster, ref.unit)
    const usable = w.weapons === 'any' ? unit.weapons : weaponsFor(unit, w.weapons)
    if (usable.length > 1) open.push(i)
  })
  return open
}
