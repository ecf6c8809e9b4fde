import { InputError } from '../core/errors.js'
import { type Roster, readRoster } from '../rules/stellar/roster.js'
import { parseRoster } from '../rules/stellar/roster-text.js'

/** The name a roster given as text or data has in its error messages (`roster:14: units.x…`, `roster: units.x…`). */
const ROSTER_NAME = 'roster'

/** The last roster read from text, by its text: a script shooting many times from one roster parses it once. */
let last: { text: string; roster: Roster } | undefined

export function rosterOf(source: unknown): Roster {
  if (typeof source === 'string') {
    if (last?.text !== source) last = { text: source, roster: parseRoster(source, ROSTER_NAME) }
    return last.roster
  }
  if (source !== null && typeof source === 'object' && !Array.isArray(source))
    return readRoster(source, ROSTER_NAME)
  throw new InputError(
    'bad-roster',
    `"roster": give a roster's YAML text or its data as an object, e.g. { units: { argonaut: { acc: 9 } } }`,
  )
}
