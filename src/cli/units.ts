import { InputError } from '../core/errors.js'
import {
  type Roster,
  type RosterUnit,
  findUnit,
  lookupUnit,
  parseUnitRef,
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
import { type RosterSearch, loadRoster } from './roster-file.js'
import type { ChoiceContext, CommandSpec } from './spec.js'
import { unitWordsOf } from './unit-words.js'

/**
 * Units by name: `mecha shoot ATTACKER[:WEAPON] DEFENDER`, `mecha melee ATTACKER[:WEAPON]
 * DEFENDER[:WEAPON]`, `mecha save ATTACKER[:WEAPON] DEFENDER`, `mecha outmaneuver ATTACKER
 * DEFENDER` and `mecha vp UNIT` read the units' numbers from the roster; flags typed beside them
 * win. The words each command takes are listed in unit-words.ts. This module (and the YAML
 * parser behind it) is loaded only when a unit is named.
 */
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
        `vp: ${unit.key} has no frame in ${unit.file}:${unit.line}; add frame: 1-5 to it, or give --frame`,
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
function needWords(command: string, refs: ReadonlyArray<string | undefined>): string[] {
  const words = unitWordsOf(command)
  if (!words)
    throw new Error(`units by name: no roster mapping for ${command} (unit-words.ts and units.ts disagree)`)
  const given = refs.slice(0, words.length).filter((r): r is string => r !== undefined)
  // A repeatable last word: every unit named after it too (one target each).
  const more = words[words.length - 1].repeatable
    ? refs.slice(words.length).filter((r): r is string => r !== undefined)
    : []
  if (given.length === words.length) return [...given, ...more]
  throw new InputError(
    'bad-usage',
    `${command}: unexpected word ${JSON.stringify(given[0] ?? '')}: units by name take ${words.length === 2 ? 'two' : words.length}${words[words.length - 1].repeatable ? ' or more' : ''}, ${words.map((w) => w.usage).join(' ')}; otherwise every input is a flag (see 'mecha ${command} --help')`,
  )
}

/** Option values as the command line gives them: text, or `true` for a flag. */
const asFlag = (v: unknown) => (typeof v === 'boolean' ? v : String(v))

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
): { values: Record<string, unknown>; inputs: Record<string, Input | Input[]> } {
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
 * namedValues for each target, when the command's last word names several units (`shoot
 * ATTACKER DEF1 DEF2`, a repeatable word): the other words with each of those units in turn.
 * One entry per target, in the order named; one entry when a single unit is named.
 */
export function namedTargets(
  roster: Roster,
  command: string,
  refs: ReadonlyArray<string | undefined>,
  given: Record<string, unknown>,
  form: 'flag' | 'json',
): Array<{ values: Record<string, unknown>; inputs: Record<string, Input | Input[]> }> {
  const words = needWords(command, refs)
  const fixed = unitWordsOf(command)!.length - 1
  return words
    .slice(fixed)
    .map((last) => namedValues(roster, command, [...words.slice(0, fixed), last], given, form))
}

/** Where a run looks for its roster besides --roster: its directory and environment. */
export type RosterPlace = Pick<RosterSearch, 'cwd' | 'env'>

/** The roster of this run, or an error saying where one is looked for. */
export function requireRoster(
  files: readonly string[] | undefined,
  what: string,
  place: RosterPlace = {},
): Roster {
  const roster = loadRoster({ flags: files, cwd: place.cwd, env: place.env })
  if (!roster)
    throw new InputError(
      'no-roster',
      `${what}: no roster found; give --roster FILE, set MECHA_ROSTER, or put mecha-roster.yaml here (see docs/roster.md)`,
    )
  return roster
}

/** The weapon slots a person must pick: a unit with several weapons for the use and none named. */
function openSlots(command: string, roster: Roster, refs: readonly string[]): number[] {
  const open: number[] = []
  unitWordsOf(command)!.forEach((w, i) => {
    if (!w.weapons) return
    const ref = parseUnitRef(refs[i])
    if (ref.weapon !== undefined) return
    const unit = lookupUnit(roster, ref.unit)
    const usable = w.weapons === 'any' ? unit.weapons : weaponsFor(unit, w.weapons)
    if (usable.length > 1) open.push(i)
  })
  return open
}

/**
 * namedValues for one command line: the roster is found and read here. A unit with several
 * weapons and none named is asked about when a person is there (`choice.interactive`), each
 * weapon shown with its exact expected outcome (roster-prompt.ts); otherwise the error names
 * the choices. Returns the words as finally used (with the weapons chosen).
 */
export async function unitValues(
  spec: CommandSpec,
  refs: ReadonlyArray<string | undefined>,
  flags: Record<string, unknown>,
  rosterFiles: readonly string[] | undefined,
  choice: ChoiceContext,
  place: RosterPlace = {},
): Promise<{
  values: Record<string, unknown>
  inputs: Record<string, Input | Input[]>
  refs: string[]
  /** The values and inputs of each further target (several units named in the last word). */
  more: Array<{ values: Record<string, unknown>; inputs: Record<string, Input | Input[]> }>
}> {
  let words = needWords(spec.name, refs)
  const roster = requireRoster(rosterFiles, `${spec.name} ${words[0]}`, place)
  const open = openSlots(spec.name, roster, words)
  if (open.length && choice.interactive) {
    const { askWeapons } = await import('./roster-prompt.js')
    words = await askWeapons(spec, roster, words, open, flags, choice)
  }
  const [first, ...more] = namedTargets(roster, spec.name, words, flags, 'flag')
  return { values: first.values, inputs: first.inputs, refs: words, more }
}
