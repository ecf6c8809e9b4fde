import { closeSync, constants, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs'
import { InputError } from '../core/errors.js'
import { quoteValue } from '../core/text.js'
import {
  type GameEvent,
  type GameHeader,
  type GameLog,
  entryLine,
  parseGame,
  repairGame,
} from '../game/log.js'
import { DEFAULT_GAME } from './game-register.js'
import { WriteFailed, replaceFile } from './write-file.js'

/**
 * A game log on disk (src/game/log.ts is its format). Nothing written is lost: an event is one
 * whole line, appended in one write(2) to a file opened O_APPEND, then synced to the disk. The
 * kernel puts each such write at the end of the file as one piece, so two processes appending
 * at once (two players' terminals) never interleave their lines. A line cut short by a machine
 * that lost power is the last line, without its newline: reading says so (exit 2), and
 * `repair` keeps every whole event.
 */

const why = (e: NodeJS.ErrnoException) =>
  e.code === 'EISDIR'
    ? 'it is a directory'
    : String(e.message)
        .replace(/^[A-Z]+: /, '')
        .replace(/, \w+( '.*')?$/, '')

/** The log's text; a missing file is an input error saying how games are found. */
function readText(path: string, name: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch (e) {
    const err = e as NodeJS.ErrnoException
    if (err.code === 'ENOENT')
      throw new InputError(
        'no-game',
        `no game at ${quoteValue(name)}: give --game FILE, set MECHA_GAME, or start one with mecha game new ${DEFAULT_GAME} --roster R --mode M`,
      )
    // A directory where the game goes is the user's input: one line, exit 2.
    if (err.code === 'EISDIR')
      throw new InputError('bad-game', `${quoteValue(name)} is a directory, not a game; give --game FILE`)
    throw new WriteFailed(`cannot read the game ${quoteValue(name)}: ${why(err)}`)
  }
}

export function readGame(path: string, name: string): GameLog {
  return parseGame(readText(path, name), name)
}

/** One whole line in one write, then synced; a write that the disk takes only in part fails (exit 1). */
function writeLine(fd: number, line: string, name: string): void {
  const bytes = Buffer.from(line + '\n', 'utf8')
  const done = writeSync(fd, bytes)
  if (done !== bytes.length)
    throw new WriteFailed(
      `cannot write the game ${quoteValue(name)}: only ${done} of ${bytes.length} bytes were written (mecha game repair keeps every whole event)`,
    )
  fsyncSync(fd)
}

/** Append one event to the log. */
export function appendEvent(path: string, name: string, event: GameEvent): void {
  appendEvents(path, name, [event])
}

/**
 * Append events (a plan's attacks) to the log: their lines in one write, so another writer's
 * event never lands between them.
 */
export function appendEvents(path: string, name: string, events: readonly GameEvent[]): void {
  let fd: number | undefined
  try {
    // O_APPEND: every write goes to the end as one piece; no O_CREAT, a game is started by new.
    fd = openSync(path, constants.O_WRONLY | constants.O_APPEND)
    writeLine(fd, events.map(entryLine).join('\n'), name)
  } catch (e) {
    if (e instanceof WriteFailed) throw e
    throw new WriteFailed(`cannot write the game ${quoteValue(name)}: ${why(e as NodeJS.ErrnoException)}`)
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** Start a game: a new file holding its header. An existing file (or a symlink) is never replaced. */
export function createGame(path: string, name: string, header: GameHeader): void {
  let fd: number | undefined
  try {
    fd = openSync(path, 'wx', 0o666)
  } catch (e) {
    const err = e as NodeJS.ErrnoException
    if (err.code === 'EEXIST')
      throw new InputError(
        'game-exists',
        `game new: ${quoteValue(name)} already exists; a game is never overwritten (pick another file, or remove it)`,
      )
    throw new WriteFailed(`cannot create the game ${quoteValue(name)}: ${why(err)}`)
  }
  try {
    writeLine(fd, entryLine(header), name)
  } catch (e) {
    if (e instanceof WriteFailed) throw e
    throw new WriteFailed(`cannot write the game ${quoteValue(name)}: ${why(e as NodeJS.ErrnoException)}`)
  } finally {
    closeSync(fd)
  }
}

/**
 * Repair a log: every line that reads as JSON kept, each other one kept as a torn entry holding
 * its text (event numbers stay as they were). Written whole beside it and renamed over it
 * (write-file.ts: never through a symlink). Nothing is written when nothing is torn. Run it
 * while no one else writes to the game: an event appended during the rename would be lost.
 */
export function repairFile(path: string, name: string): { torn: number[]; events: number; changed: boolean } {
  const text = readText(path, name)
  const { text: repaired, torn } = repairGame(text, name)
  const changed = repaired !== text
  if (changed) replaceFile(path, repaired, 'game repair')
  return { torn, events: repaired.split('\n').length - 2, changed }
}
