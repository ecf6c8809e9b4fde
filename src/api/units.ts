/**
 * Units by name in the library: a request's `attacker`, `defender`, `unit` or `attacks` read from
 * its `roster` (the roster's data), or from a `game` (a parsed log or its text) with the units' HP
 * left and the game's round. Only the commands that take units import this (and, through it, the
 * roster's checks); each passes the way its requests are made from names (one fight, a plan, a
 * matrix), so a page importing shoot carries no plan code.
 */
import { InputError } from '../core/errors.js'
import type { Request } from '../runtime/request.js'
import type { Globals } from '../runtime/run.js'
import type { CommandSpec } from '../runtime/spec.js'
import { unitWordsOf } from '../runtime/unit-words.js'
import { battleRound } from '../game/describe.js'
import { type GameLog, parseGame, readLog } from '../game/log.js'
import { gameRoster, rollRoster } from '../game/roster.js'
import { declining } from '../rules/stellar/declined-skills.js'
import { replay } from '../game/state.js'
import type { Roster } from '../rules/stellar/roster.js'
import type { ByName } from './front.js'
import { rosterOf } from './roster.js'

/** How a command makes its request from the units named (by-name.ts has them all). */
type Namer = (
  spec: CommandSpec,
  roster: Roster,
  refs: ReadonlyArray<string | undefined>,
  given: Record<string, unknown>,
  form: 'flag' | 'json',
) => Request

/** The request's own keys besides the command's options and unit words. */
const ROSTER_KEY = 'roster'
/** A game log (game.parse's, or its text) whose units, HP left and round a request by names reads. */
const GAME_KEY = 'game'
/** The commands a game lends its units to (docs/game.md). */
const GAME_COMMANDS = ['shoot', 'melee', 'plan', 'matrix']

/** A game as a request gives it: game.parse's log, or the log's text. */
function gameOf(v: unknown): GameLog {
  if (typeof v === 'string') return parseGame(v, 'game')
  if (v !== null && typeof v === 'object' && 'header' in v && 'events' in v) return readLog(v, 'game')
  throw new InputError('bad-game', '"game": give game.parse(text)\'s log, or the log\'s text')
}

/** Units by name for the command `name`, its requests made by `namer`. */
export function byName(name: string, namer: Namer): ByName {
  const words = unitWordsOf(name) ?? []
  const game = GAME_COMMANDS.includes(name)
  return {
    words,
    keys: game ? [ROSTER_KEY, GAME_KEY] : [ROSTER_KEY],
    request(spec, req, refs, given, g) {
      const optional = words[0]?.optional === true
      if (refs.every((r) => r === undefined) && !optional) return undefined
      if (refs.some((r) => r !== undefined && typeof r !== 'string'))
        throw new InputError(
          'bad-value',
          `${words.map((w) => `"${w.key}"`).join(' and ')}: unit names, e.g. "argonaut:machine-gun"`,
        )
      const named = refs as Array<string | undefined>
      if (game && req[GAME_KEY] !== undefined) return inGame(spec, namer, req, named, given, g)
      if (req[ROSTER_KEY] === undefined)
        throw new InputError(
          'no-roster',
          `${name}: units by name need "roster": the roster's data, an object`,
        )
      const units = declining(rosterOf(req[ROSTER_KEY]), given)
      return namer(spec, units.roster, named, units.given, 'json')
    },
  }
}

/**
 * A request by names read in a game (docs/api.md): the game's units with their HP left and its
 * round, a destroyed unit refused. The library writes no file, so it records nothing: a roll
 * with a game is refused (the command line and `mecha batch --game FILE` record it, one whole
 * write per roll); `odds` and `compare`, which record nothing anywhere, read it.
 */
function inGame(
  spec: CommandSpec,
  namer: Namer,
  req: Record<string, unknown>,
  refs: Array<string | undefined>,
  given: Record<string, unknown>,
  g: Globals,
): Request {
  const name = spec.name
  if (req[ROSTER_KEY] !== undefined)
    throw new InputError(
      'bad-combination',
      `${name}: "game" and "roster": in a game the units are the game's; give one of them`,
    )
  const rolls = !g.odds && !(name === 'plan' && given.need !== undefined) && name !== 'matrix'
  if (rolls)
    throw new InputError(
      'bad-usage',
      `${name}: a roll in a game is recorded, and the library writes no file: roll it with mecha ${name} (or mecha batch --game FILE), which appends it to the game; here, ask odds(request), or resolve with "roster": game.roster(log) to roll without recording`,
    )
  const log = gameOf(req[GAME_KEY])
  const state = replay(log)
  // The units as the roll meets them: its unit turn, the profile Skills taken (game/roster.ts).
  const roster =
    name === 'matrix'
      ? gameRoster(log.header, 'game', state, true)
      : rollRoster(gameRoster(log.header, 'game'), state, name as 'shoot' | 'melee' | 'plan', refs, given)
  for (const ref of [...refs, ...[given.vs ?? []].flat()]) {
    if (typeof ref !== 'string') continue
    for (const word of ref.split(',')) {
      const unit = state.units[word.split(':')[0].trim().toLowerCase()]
      if (unit?.destroyed)
        throw new InputError('destroyed', `${name}: ${word.split(':')[0].trim()} is destroyed in the game`)
    }
  }
  const units = declining(roster, given)
  return namer(
    spec,
    units.roster,
    refs,
    // The round of its battle (a Confrontation's round 4 is battle 2's first), as the CLI reads it.
    given.round === undefined
      ? { ...units.given, round: battleRound(state.mode, state.round).round }
      : units.given,
    'json',
  )
}
