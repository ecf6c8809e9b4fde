import { InputError } from '../core/errors.js'
import { type Roster, readRoster } from '../rules/stellar/roster.js'

/** The name a roster given as data has in its error messages (`roster: units.x.acc: …`). */
const ROSTER_NAME = 'roster'

/** The last roster read from JSON text, by its text: a script shooting many times from one roster reads it once. */
let last: { text: string; roster: Roster } | undefined

/**
 * A request's `roster`: the roster's data (an object), or the same as JSON text. YAML text is
 * refused with the way to read it (parseRoster), so that commands never carry a YAML parser.
 */
export function rosterOf(source: unknown): Roster {
  if (typeof source === 'string') {
    if (!/^\s*\{/.test(source))
      throw new InputError(
        'bad-roster',
        `"roster": give the roster's data, an object; a roster file's YAML text is read with parseRoster(text) (import { parseRoster } from 'mecha-dice')`,
      )
    if (last?.text !== source) {
      let data: unknown
      try {
        data = JSON.parse(source)
      } catch (e) {
        throw new InputError('bad-roster', `"roster": the JSON text does not read: ${(e as Error).message}`)
      }
      last = { text: source, roster: rosterOf(data) }
    }
    return last.roster
  }
  if (source !== null && typeof source === 'object' && !Array.isArray(source))
    return readRoster(source, ROSTER_NAME)
  throw new InputError(
    'bad-roster',
    `"roster": give the roster's data, an object, e.g. { units: { argonaut: { acc: 9 } } }`,
  )
}
