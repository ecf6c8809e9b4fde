import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { InputError } from '../core/errors.js'
import type { Roster } from '../rules/stellar/roster.js'
import { namedRequest } from '../runtime/by-name.js'
import { needWords, openSlots } from '../runtime/named-units.js'
import type { Request } from '../runtime/request.js'
import { type RosterSearch, loadRoster } from './roster-file.js'
import { DEFAULT_GAME } from './places.js'
import type { ChoiceContext, CommandSpec } from '../runtime/spec.js'

/**
 * Units by name on the command line: the roster files are found and read here, and a weapon left
 * open is asked about in a terminal; the request itself is made by named-units.ts, as for batch
 * and the library. This module (and the YAML parser behind it) is loaded only when a unit is named.
 */

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
      `${what}: no roster found; give --roster FILE, set MECHA_ROSTER, or put mecha-roster.yaml here (mecha examples --copy writes the example roster there)${gameHint(place)}`,
    )
  return roster
}

/** A game found here is no roster: only shoot, melee, plan and matrix read it (the others want --roster). */
function gameHint(place: RosterPlace): string {
  const env = place.env ?? process.env
  const name = env.MECHA_GAME || DEFAULT_GAME
  return existsSync(resolve(place.cwd ?? process.cwd(), name))
    ? `; the game ${name} lends its units to shoot, melee, plan and matrix only`
    : ''
}

/**
 * The request for one command line naming units: the roster is found and read here. A unit with
 * several weapons and none named is asked about when a person is there (`choice.interactive`),
 * each weapon shown with its exact expected outcome (roster-prompt.ts); otherwise the error names
 * the choices. Returns the words as finally used (with the weapons chosen). `given`: the units
 * of a game instead of a roster file (game-play.ts).
 */
export async function unitRequest(
  spec: CommandSpec,
  refs: ReadonlyArray<string | undefined>,
  flags: Record<string, unknown>,
  rosterFiles: readonly string[] | undefined,
  choice: ChoiceContext,
  place: RosterPlace = {},
  given?: Roster,
): Promise<{ request: Request; refs: string[] }> {
  let words = needWords(spec.name, refs)
  const roster = given ?? requireRoster(rosterFiles, [spec.name, ...words.slice(0, 1)].join(' '), place)
  const open = openSlots(spec.name, roster, words)
  if (open.length && choice.interactive) {
    const { askWeapons } = await import('./roster-prompt.js')
    words = await askWeapons(spec, roster, words, open, flags, choice)
  }
  return { request: namedRequest(spec, roster, words, flags, 'flag'), refs: words }
}
