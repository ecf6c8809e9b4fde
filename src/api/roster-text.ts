/**
 * A roster file's text (YAML, or JSON) in the library: read and checked with the messages of
 * `mecha roster check` (`roster.yaml:14: units.argonaut.acc: 31 is not 0-30`), given back as the
 * roster's data for a request's `roster`. The only module of the library that loads a YAML
 * parser: a page that takes rosters as data does without it.
 */
import { parseRosterData } from '../rules/stellar/roster-text.js'
import { mechaError } from './front.js'

/** The data of a roster, as a roster file holds it. */
export interface RosterData {
  units: Record<string, Record<string, unknown>>
  [key: string]: unknown
}

/** A roster file's text, checked, as data (`name` names it in messages: `mecha-roster.yaml`). */
export function parseRoster(text: string, name = 'roster'): RosterData {
  if (typeof text !== 'string') throw mechaError(new TypeError('parseRoster: give the text of a roster file'))
  try {
    return parseRosterData(text, name).data as RosterData
  } catch (e) {
    throw mechaError(e)
  }
}
