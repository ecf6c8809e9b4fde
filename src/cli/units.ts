import { InputError } from '../core/errors.js'
import { type Roster, findUnit, lookupUnit, parseUnitRef } from '../rules/stellar/roster.js'
import {
  type Input,
  type RosterInputs,
  meleeInputs,
  mergeInputs,
  outmaneuverInputs,
  saveInputs,
  shootInputs,
} from './roster-inputs.js'
import { loadRoster } from './roster-file.js'

/**
 * Units by name: `mecha shoot ATTACKER[:WEAPON] DEFENDER`, `mecha melee ATTACKER[:WEAPON]
 * DEFENDER[:WEAPON]`, `mecha save ATTACKER[:WEAPON] DEFENDER` and `mecha outmaneuver ATTACKER
 * DEFENDER` read the units' numbers from the roster; flags typed beside them win. This
 * module (and the YAML parser behind it) is loaded only when a unit is named.
 */
const UNIT_INPUTS: Record<string, (roster: Roster, attacker: string, defender: string) => RosterInputs> = {
  shoot(roster, attacker, defender) {
    const a = findUnit(roster, attacker, 'shoot')
    return shootInputs(a.unit, a.weapon, lookupUnit(roster, parseUnitRef(defender).unit))
  },
  melee(roster, attacker, defender) {
    const a = findUnit(roster, attacker, 'melee')
    const d = defenderMelee(roster, defender)
    return meleeInputs(a.unit, a.weapon, d.unit, d.weapon)
  },
  save(roster, attacker, defender) {
    const a = findUnit(roster, attacker)
    return saveInputs(a.unit, a.weapon, unitOnly(roster, defender, 'save'))
  },
  outmaneuver(roster, attacker, defender) {
    return outmaneuverInputs(
      unitOnly(roster, attacker, 'outmaneuver'),
      unitOnly(roster, defender, 'outmaneuver'),
    )
  },
}

/** A unit named where a weapon means nothing: `unit:weapon` there is a mistake, said so. */
function unitOnly(roster: Roster, ref: string, command: string) {
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

/** Units by name come in twos: one word alone is a stray word, named as such. */
function needDefender(command: string, attacker: string, defender: string | undefined): string {
  if (defender) return defender
  throw new InputError(
    'bad-usage',
    `${command}: unexpected word ${JSON.stringify(attacker)}: units by name take two, ATTACKER[:WEAPON] DEFENDER; otherwise every input is a flag (see 'mecha ${command} --help')`,
  )
}

/** Option values as the command line gives them: text, or `true` for a flag. */
const asFlag = (v: unknown) => (typeof v === 'boolean' ? v : String(v))

/**
 * The option values of `command` for units named as `attacker` and `defender`, with the values
 * actually given (`given`, camelCase keys) laid over them, and where each value came from.
 * `form` is how the given values are written: command-line text, or a batch line's JSON values.
 */
export function namedValues(
  roster: Roster,
  command: string,
  attacker: string,
  defender: string | undefined,
  given: Record<string, unknown>,
  form: 'flag' | 'json',
): { values: Record<string, unknown>; inputs: Record<string, Input> } {
  const inputsOf = UNIT_INPUTS[command]
  if (!inputsOf)
    throw new Error(
      `units by name: no roster mapping for ${command} (main.ts UNIT_ARGS and this table disagree)`,
    )
  const fromRoster = inputsOf(roster, attacker, needDefender(command, attacker, defender))
  const merged = mergeInputs(fromRoster, given)
  // The command line's own values are text: the roster's are written as a flag would be (the
  // inputs keep them as the roster has them).
  if (form === 'flag')
    for (const key of Object.keys(fromRoster))
      if (merged.inputs[key].from === 'roster') merged.values[key] = asFlag(merged.values[key])
  return merged
}

/** The roster of this run, or an error saying where one is looked for. */
export function requireRoster(files: readonly string[] | undefined, what: string): Roster {
  const roster = loadRoster({ flags: files })
  if (!roster)
    throw new InputError(
      'no-roster',
      `${what}: no roster found; give --roster FILE, set MECHA_ROSTER, or put mecha-roster.yaml here (see docs/roster.md)`,
    )
  return roster
}

/** namedValues for one command line: the roster is found and read here. */
export function unitValues(
  command: string,
  attacker: string,
  defender: string | undefined,
  flags: Record<string, unknown>,
  rosterFiles: readonly string[] | undefined,
): { values: Record<string, unknown>; inputs: Record<string, Input> } {
  needDefender(command, attacker, defender)
  return namedValues(
    requireRoster(rosterFiles, `${command} ${attacker}`),
    command,
    attacker,
    defender,
    flags,
    'flag',
  )
}
