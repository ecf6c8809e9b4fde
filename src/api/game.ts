/**
 * A game log in the library (docs/api.md, docs/game.md): read a log's text, its state (the replay
 * of its events), its events numbered with their rounds, each side's VP, a repair. Pure functions
 * of src/game: no files, the caller reads and writes them. A log that does not read throws
 * MechaError with the CLI's one line (`game.jsonl:4: "hp": -1; …`) and its code (`bad-game`,
 * `torn-game`).
 */
import { InputError } from '../core/errors.js'
import { type EventRow, describeEvent, eventRows } from '../game/describe.js'
import {
  type GameEvent,
  type GameHeader,
  type GameLog,
  type GameMode,
  entryLine,
  kindOf,
  parseGame,
  readLog,
  repairGame,
} from '../game/log.js'
import { MAX_POINTS, MODES } from '../game/modes.js'
import { newGameHeader } from '../game/new.js'
import { gameUnits } from '../game/roster.js'
import { sideScores } from '../game/score.js'
import { type GameState, replay } from '../game/state.js'
import { MechaError } from './errors.js'
import { rosterOf } from './roster.js'

export type { Effect, GameEvent, GameHeader, GameLog, GameMode, ResolutionEvent } from '../game/log.js'
export type { GameState, UnitState } from '../game/state.js'
export type { EventRow } from '../game/describe.js'

function mecha<T>(f: () => T): T {
  try {
    return f()
  } catch (e) {
    if (e instanceof InputError) throw new MechaError(e.code, e.message, { cause: e })
    throw e
  }
}

/** A log's text as parse and repair take it: anything else is one MechaError, not a TypeError. */
function textOf(text: unknown, name: string): string {
  if (typeof text !== 'string')
    throw new InputError('bad-game', `${name}: give the log's text, a string (got ${kindOf(text)})`)
  return text
}

export const game = {
  /** A log's text, checked whole; `name` names it in errors (default `game`). */
  parse: (text: string, name = 'game'): GameLog => mecha(() => parseGame(textOf(text, name), name)),
  /** The state of the game: its events in effect, in order, over the header's start. */
  state: (log: GameLog): GameState => mecha(() => replay(readLog(log, 'game'))),
  /** Every event, numbered, with the round it was written in, its undo, and its words. */
  events: (log: GameLog): Array<EventRow & { text: string }> =>
    mecha(() => eventRows(readLog(log, 'game').events).map((r) => ({ ...r, text: describeEvent(r.event) }))),
  /** Each side's VP as if the battle ended now, by the mode's rules. */
  score: (log: GameLog): Record<string, number> =>
    mecha(() => {
      const checked = readLog(log, 'game')
      return Object.fromEntries(
        Object.entries(sideScores(checked.header, replay(checked))).map(([s, v]) => [s, v.vp]),
      )
    }),
  /** A new game's first line (its header, with the newline): the roster as YAML text or data. */
  start: (roster: unknown, mode: GameMode, points?: number): string =>
    mecha(() => {
      // As game new's --mode and --points: the header must read back as a log's.
      if (!MODES.includes(mode))
        throw new InputError('bad-value', `game.start: mode ${kindOf(mode)}; give one of ${MODES.join(', ')}`)
      if (points !== undefined && !(Number.isInteger(points) && points >= 1 && points <= MAX_POINTS))
        throw new InputError(
          'bad-value',
          `game.start: points ${kindOf(points)}; give the points size, a whole number 1-${MAX_POINTS}, e.g. 500`,
        )
      return entryLine(newGameHeader(rosterOf(roster), mode, points)) + '\n'
    }),
  /** One event (or a header) as its line in the log (with the newline), to append. */
  line: (event: GameEvent | GameHeader): string =>
    mecha(() => {
      let line: string | undefined
      try {
        line = typeof event === 'object' && event !== null ? JSON.stringify(event) : undefined
      } catch (e) {
        throw new InputError(
          'bad-game',
          `game.line: the event cannot be written as JSON (${(e as Error).message.split('\n')[0]})`,
        )
      }
      if (line === undefined)
        throw new InputError(
          'bad-game',
          `game.line: ${kindOf(event)}; give an event, e.g. { t: 'next-round' }`,
        )
      return line + '\n'
    }),
  /**
   * The game's units as roster data (each with the HP it has left; a once-a-round trait spent this
   * round left out), for a request's "roster": a roll that the game does not record.
   */
  roster: (log: GameLog): { units: Record<string, unknown> } =>
    mecha(() => {
      const checked = readLog(log, 'game')
      return { units: gameUnits(checked.header, replay(checked)) }
    }),
  /** A log with its torn lines kept as torn entries, and their line numbers. */
  repair: (text: string, name = 'game'): { text: string; torn: number[] } =>
    mecha(() => repairGame(textOf(text, name), name)),
}
