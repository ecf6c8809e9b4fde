/**
 * A profile's Skill the player does without in a roll (`--decline UNIT:SKILL`, issue 37).
 * Quickstart, Pilot Skills: a Skill is used for Momentum ("[M-#]"), so listing it on a profile
 * says the unit may use it, not that it must: a roll by unit names takes a profile's Skills (in a
 * game, as game/skills.ts takes them), and a Skill declined is left out of the unit's traits
 * before anything reads them, so the roll is made and paid as if the profile did not list it. A
 * game's prompt records its "no" as this flag, so a replay of the roll declines it again.
 */
import { InputError } from '../../core/errors.js'
import { type Roster, type RosterUnit, lookupUnit } from './roster.js'
import { traitOf } from './traits.js'

/** A Skill declined: by one unit, or (no unit) by every unit of the roll that lists it. */
interface Declined {
  unit?: string
  skill: string
}

function declinedOf(text: string, flag: string): Declined {
  const t = text.trim().toLowerCase()
  const at = t.indexOf(':')
  const [unit, name] = at < 0 ? [undefined, t] : [t.slice(0, at).trim(), t.slice(at + 1).trim()]
  const skill = traitOf(name)
  if (!skill?.skill || unit === '')
    throw new InputError(
      'bad-value',
      `${flag}: ${JSON.stringify(text)} is not a unit's Skill; give UNIT:SKILL, e.g. tank:persevere (the Skills: mecha traits)`,
    )
  return { unit, skill: skill.name }
}

/** `--decline`'s text as the option keeps it: `unit:skill`, the Skill by its first name. */
export function parseDeclined(text: string, flag: string): string {
  const d = declinedOf(text, flag)
  return d.unit === undefined ? d.skill : `${d.unit}:${d.skill}`
}

/** A roll's `decline` value as given (one text or a list, unchecked) as the option keeps it. */
export function declinedList(value: unknown, flag = '--decline'): string[] {
  if (value === undefined || value === null) return []
  return (Array.isArray(value) ? value : [value]).map((v) => parseDeclined(String(v), flag))
}

/**
 * `roster` with the Skills `value` declines (`decline`'s value as given) left out of its units'
 * traits; a unit declined must be in it. The roster itself when nothing is declined.
 */
export function withoutDeclined(roster: Roster, value: unknown): Roster {
  const declined = declinedList(value).map((t) => declinedOf(t, '--decline'))
  if (!declined.length) return roster
  for (const d of declined)
    if (d.unit !== undefined)
      try {
        lookupUnit(roster, d.unit)
      } catch (e) {
        if (e instanceof InputError) throw new InputError(e.code, `--decline: ${e.message}`)
        throw e
      }
  const left = (u: RosterUnit) =>
    u.traits.filter(
      (t) =>
        !declined.some(
          (d) =>
            (d.unit === undefined || d.unit === u.key.toLowerCase()) &&
            traitOf(t.split('=')[0])?.name === d.skill,
        ),
    )
  const units = roster.units.map((u) => {
    const traits = left(u)
    return traits.length === u.traits.length ? u : { ...u, traits }
  })
  return { files: roster.files, units, byName: new Map(units.map((u) => [u.key.toLowerCase(), u])) }
}

/**
 * A request by names as its units meet it: `roster` without the Skills `values.decline` declines,
 * and the values without `decline` (read here, never by the command's own checks, which refuse
 * it given with flags alone).
 */
export function declining(
  roster: Roster,
  values: Record<string, unknown>,
): { roster: Roster; given: Record<string, unknown> } {
  const { decline, ...given } = values
  return { roster: withoutDeclined(roster, decline), given }
}
