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
  parseGame,
  repairGame,
} from '../game/log.js'
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

export const game = {
  /** A log's text, checked whole; `name` names it in errors (default `game`). */
  parse: (text: string, name = 'game'): GameLog => mecha(() => parseGame(text, name)),
  /** The state of the game: its events in effect, in order, over the header's start. */
  state: (log: GameLog): GameState => replay(log),
  /** Every event, numbered, with the round it was written in, its undo, and its words. */
  events: (log: GameLog): Array<EventRow & { text: string }> =>
    eventRows(log.events).map((r) => ({ ...r, text: describeEvent(r.event) })),
  /** Each side's VP as if the battle ended now, by the mode's rules. */
  score: (log: GameLog): Record<string, number> =>
    Object.fromEntries(Object.entries(sideScores(log.header, replay(log))).map(([s, v]) => [s, v.vp])),
  /** A new game's first line (its header, with the newline): the roster as YAML text or data. */
  start: (roster: unknown, mode: GameMode, points?: number): string =>
    mecha(() => entryLine(newGameHeader(rosterOf(roster), mode, points)) + '\n'),
  /** One event as its line in the log (with the newline), to append. */
  line: (event: GameEvent | GameHeader): string => entryLine(event) + '\n',
  /**
   * The game's units as roster data (each with the HP it has left; a once-a-round trait spent this
   * round left out), for a request's "roster": a roll that the game does not record.
   */
  roster: (log: GameLog): { units: Record<string, unknown> } => ({
    units: gameUnits(log.header, replay(log)),
  }),
  /** A log with its torn lines kept as torn entries, and their line numbers. */
  repair: (text: string, name = 'game'): { text: string; torn: number[] } =>
    mecha(() => repairGame(text, name)),
}
