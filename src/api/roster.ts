import { InputError } from '../core/errors.js'
import { type Roster, parseRoster } from '../rules/stellar/roster.js'

/** The name a roster given as text or data has in its error messages (`roster:14: units.x…`). */
const ROSTER_NAME = 'roster'

/** The last roster read, by its text: a script shooting many times from one roster reads it once. */
let last: { text: string; roster: Roster } | undefined

export function rosterOf(source: unknown): Roster {
  let text: string
  if (typeof source === 'string') text = source
  else if (source !== null && typeof source === 'object' && !Array.isArray(source))
    // JSON is YAML: the data is checked as the same roster written as a file would be.
    text = JSON.stringify(source, null, 2)
  else
    throw new InputError(
      'bad-roster',
      `"roster": give a roster's YAML text or its data as an object, e.g. { units: { argonaut: { acc: 9 } } }`,
    )
  if (last?.text !== text) last = { text, roster: parseRoster(text, ROSTER_NAME) }
  return last.roster
}
