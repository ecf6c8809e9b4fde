import { InputError } from '../core/errors.js'
import { type Roster, findUnit, lookupUnit, parseUnitRef } from '../rules/stellar/roster.js'
import { type Input, type RosterInputs, meleeInputs, mergeInputs, shootInputs } from './roster-inputs.js'
import { loadRoster } from './roster-file.js'

/**
 * Units by name: `mecha shoot ATTACKER[:WEAPON] DEFENDER` and `mecha melee ATTACKER[:WEAPON]
 * DEFENDER[:WEAPON]` read the units' numbers from the roster; flags typed beside them win. This
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

/** Option values as the command line gives them: text, or `true` for a flag. */
const asFlag = (v: unknown) => (typeof v === 'boolean' ? v : String(v))

/**
 * The option values of `command` for units named as `attacker` and `defender`, with the flags
 * actually typed (`flags`, camelCase keys) laid over them, and where each value came from.
 */
export function unitValues(
  command: string,
  attacker: string,
  defender: string | undefined,
  flags: Record<string, unknown>,
  rosterFiles: readonly string[] | undefined,
): { values: Record<string, unknown>; inputs: Record<string, Input> } {
  const inputsOf = UNIT_INPUTS[command]
  if (!inputsOf)
    throw new Error(
      `units by name: no roster mapping for ${command} (main.ts UNIT_ARGS and this table disagree)`,
    )
  if (!defender)
    throw new InputError(
      'bad-usage',
      `${command}: unexpected word ${JSON.stringify(attacker)}: units by name take two, ATTACKER[:WEAPON] DEFENDER; otherwise every input is a flag (see 'mecha ${command} --help')`,
    )
  const roster = loadRoster({ flags: rosterFiles })
  if (!roster)
    throw new InputError(
      'no-roster',
      `${command} ${attacker}: no roster found; give --roster FILE, set MECHA_ROSTER, or put mecha-roster.yaml here (see docs/roster.md)`,
    )
  const fromRoster = inputsOf(roster, attacker, defender)
  for (const r of Object.values(fromRoster)) r.value = asFlag(r.value) as string | boolean
  return mergeInputs(fromRoster, flags)
}
