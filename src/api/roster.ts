import { InputError } from '../core/errors.js'
import { type Roster, parseRoster } from '../rules/stellar/roster.js'

/** The name a roster given as data has in its error messages (`roster: units.x.acc: …`). */
const ROSTER_NAME = 'roster'

/** The last roster read, by its text: a script shooting many times from one roster reads it once. */
let last: { text: string; roster: Roster } | undefined

/**
 * A request's `roster`: the roster's data (an object), or the same as JSON text. YAML text is
 * refused with the way to read it (parseRoster), so that commands never carry a YAML parser.
 */
export function rosterOf(source: unknown): Roster {
  let data: unknown = source
  if (typeof source === 'string') {
    if (!/^\s*\{/.test(source))
      throw new InputError(
        'bad-roster',
        `"roster": give the roster's data, an object; a roster file's YAML text is read with parseRoster(text) (import { parseRoster } from 'mecha-dice')`,
      )
    try {
      data = JSON.parse(source)
    } catch (e) {
      throw new InputError('bad-roster', `"roster": the JSON text does not read: ${(e as Error).message}`)
    }
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new InputError(
      'bad-roster',
      `"roster": give the roster's data, an object, e.g. { units: { argonaut: { acc: 9 } } }`,
    )
  // JSON is YAML: the data is checked as the same roster written as a file would be.
  const text = JSON.stringify(data, null, 2)
  if (last?.text !== text) last = { text, roster: parseRoster(text, ROSTER_NAME) }
  return last.roster
}
