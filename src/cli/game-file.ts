import {
  type Stats,
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  lstatSync,
  openSync,
  readSync,
  readlinkSync,
  writeSync,
} from 'node:fs'
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
import { DEFAULT_GAME } from './places.js'
import { WriteFailed, kindOf, replaceFile } from './write-file.js'

/**
 * A game log on disk (src/game/log.ts is its format). Nothing written is lost:
 * - An event is one whole line, appended in one write(2) to a file opened O_APPEND, then synced
 *   to the disk. The kernel puts each such write at the end of the file as one piece, so two
 *   processes appending at once (two players' terminals) never interleave their lines; a plan's
 *   attacks are one write, and in effect only all together (src/game/state.ts, cutShort).
 * - A line cut short (a full disk, a machine that lost power) is the last line, without its
 *   newline: reading says so (exit 2), nothing is appended after it (another player's event
 *   would join the torn line and be lost), and `repair` keeps every whole event.
 * - Only a regular file is a game: a FIFO, a device (/dev/zero) or a socket is refused before
 *   anything is read (opened without blocking, looked at with fstat).
 * - A game is written only as itself, never through a symlink: an append opens it O_NOFOLLOW, and
 *   `repair` (a new file renamed over it) refuses a symlink too, so a link and its target never
 *   become two games. Reading follows a link.
 */

/** A log as read from its file: where the reading ended, and which file it was. */
export interface GameOnDisk {
  log: GameLog
  /** The bytes read: every whole line up to here. */
  size: number
  /** The file read (a repair renames a new file over the old one). */
  dev: number
  ino: number
}

const describe = (e: NodeJS.ErrnoException) =>
  String(e.message)
    .replace(/^[A-Z]+: /, '')
    .replace(/, \w+( '.*')?$/, '')

const notAGame = (name: string, what: string) =>
  new InputError('bad-game', `${quoteValue(name)} is ${what}, not a game; give --game FILE`)

/** A symlink where a game is written: refused, naming where it leads. */
function linkRefused(path: string, name: string): InputError {
  let target = ''
  try {
    target = ` (to ${quoteValue(readlinkSync(path))})`
  } catch {
    // a link that cannot be read is named without its target
  }
  return new InputError(
    'game-symlink',
    `${quoteValue(name)} is a symlink${target}; a game is written only as a file of its own, never through a link: give --game with the file itself`,
  )
}

/** Refuses a game that is a symlink, before a roll that would be appended to it is made. */
export function refuseLinked(path: string, name: string): void {
  if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) throw linkRefused(path, name)
}

/**
 * Open the game to read (`write` false) or to append, checked before a byte is read: a missing
 * file, a directory, a symlink loop, a FIFO or a device is the user's input (exit 2); a file that
 * cannot be opened (permissions, a read-only file system), an I/O failure (exit 1).
 */
function openGame(path: string, name: string, write: boolean): { fd: number; st: Stats } {
  let fd: number
  try {
    fd = openSync(
      path,
      (write ? constants.O_RDWR | constants.O_APPEND | constants.O_NOFOLLOW : constants.O_RDONLY) |
        constants.O_NONBLOCK,
    )
  } catch (e) {
    const err = e as NodeJS.ErrnoException
    if (err.code === 'ENOENT')
      throw new InputError(
        'no-game',
        `no game at ${quoteValue(name)}: give --game FILE, set MECHA_GAME, or start one with mecha game new ${DEFAULT_GAME} --roster R --mode M`,
      )
    if (err.code === 'EISDIR') throw notAGame(name, 'a directory')
    if (err.code === 'ELOOP') {
      if (write && lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) {
        // O_NOFOLLOW: a link at all; a loop is said as a loop
        let loop = false
        try {
          openSync(path, constants.O_RDONLY | constants.O_NONBLOCK)
        } catch (again) {
          loop = (again as NodeJS.ErrnoException).code === 'ELOOP'
        }
        if (!loop) throw linkRefused(path, name)
      }
      throw notAGame(name, 'a symlink loop (a link that leads back to itself)')
    }
    if (err.code === 'ENOTDIR') throw notAGame(name, 'in a path where a part is not a directory')
    throw new WriteFailed(`cannot ${write ? 'write' : 'read'} the game ${quoteValue(name)}: ${describe(err)}`)
  }
  try {
    const st = fstatSync(fd)
    if (!st.isFile()) throw notAGame(name, kindOf(st))
    return { fd, st: settled(fd, st) }
  } catch (e) {
    closeSync(fd)
    throw e
  }
}

/** How long a last line without its newline is watched before it is taken as cut short. */
const SETTLE_MS = 200
const pause = new Int32Array(new SharedArrayBuffer(4))

/**
 * The file's size once it ends with a whole line. Another player's mecha may be appending at this
 * very moment, and its line can be seen half there: the kernel grows a file page by page, so a
 * line across a 4 KB boundary lands in two steps (the test of two processes appending 1,500
 * events each met it twice in a day of full runs). Such a line is whole within microseconds,
 * while one left by a write that did not finish stays cut short: a last line without its newline
 * is looked at again, every 2 ms for up to SETTLE_MS, before the log is read or refused as torn.
 */
function settled(fd: number, st: Stats): Stats {
  for (let waited = 0; st.size > 0 && waited < SETTLE_MS; waited += 2) {
    if (readRange(fd, st.size - 1, st.size)[0] === 10) break
    Atomics.wait(pause, 0, 0, 2)
    st = fstatSync(fd)
  }
  return st
}

/** Bytes [from, to) of an open file. */
function readRange(fd: number, from: number, to: number): Buffer {
  const buf = Buffer.alloc(to - from)
  for (let off = 0; off < buf.length;) {
    const n = readSync(fd, buf, off, buf.length - off, from + off)
    if (n === 0) return buf.subarray(0, off)
    off += n
  }
  return buf
}

function readFailed(name: string, e: unknown): never {
  if (e instanceof InputError || e instanceof WriteFailed) throw e
  throw new WriteFailed(`cannot read the game ${quoteValue(name)}: ${describe(e as NodeJS.ErrnoException)}`)
}

/** The log read whole, and where the reading ended. */
export function loadGame(path: string, name: string): GameOnDisk {
  const { fd, st } = openGame(path, name, false)
  try {
    const bytes = readRange(fd, 0, st.size)
    return { log: parseGame(bytes.toString('utf8'), name), size: bytes.length, dev: st.dev, ino: st.ino }
  } catch (e) {
    return readFailed(name, e)
  } finally {
    closeSync(fd)
  }
}

export function readGame(path: string, name: string): GameLog {
  return loadGame(path, name).log
}

/**
 * The log as it is now, given what was read of it before: only the lines appended since are read
 * and checked (the whole file again when it was replaced). `known` itself when nothing changed.
 */
export function reloadGame(path: string, name: string, known: GameOnDisk): GameOnDisk {
  const { fd, st } = openGame(path, name, false)
  try {
    return readSince(fd, st, name, known)
  } catch (e) {
    return readFailed(name, e)
  } finally {
    closeSync(fd)
  }
}

function readSince(fd: number, st: Stats, name: string, known: GameOnDisk, end = st.size): GameOnDisk {
  const same = st.dev === known.dev && st.ino === known.ino && end >= known.size
  if (same && end === known.size) return known
  const from = same ? known.size : 0
  const bytes = readRange(fd, from, end)
  const log = parseGame(bytes.toString('utf8'), name, same ? known.log : undefined)
  return { log, size: from + bytes.length, dev: st.dev, ino: st.ino }
}

/**
 * A refusal to append after a last line cut short: the torn line's number, and what to do.
 * Appending would join the next event to the torn line, and a repair would keep it as text.
 */
function tornRefusal(fd: number, st: Stats, name: string): InputError {
  const text = readRange(fd, 0, st.size)
  let line = 1
  for (const b of text) if (b === 10) line++
  return new InputError(
    'torn-game',
    `${name}:${line}: the last line is cut short (a write that did not finish), and nothing is appended after it: mecha game repair keeps every whole event; then play this again`,
  )
}

/**
 * Append events (one, or a plan's attacks) to the log as one write: their lines whole and
 * together, never after a line cut short, synced before this returns. `known`: the log as read
 * before (loadGame, or what the last append returned). Returns the number the first event was given, counted in
 * the file as written (another player's events may have landed since it was read), and the log
 * as read up to the end of this write.
 */
export function appendEvents(
  path: string,
  name: string,
  events: readonly GameEvent[],
  known: GameOnDisk,
): { first: number; disk: GameOnDisk } {
  const bytes = Buffer.from(events.map((e) => entryLine(e) + '\n').join(''), 'utf8')
  const { fd, st } = openGame(path, name, true)
  try {
    if (st.size > 0 && readRange(fd, st.size - 1, st.size)[0] !== 10) throw tornRefusal(fd, st, name)
    writeWhole(
      fd,
      bytes,
      name,
      `its last line is cut short${events.length > 1 ? " (a plan's attacks count only all together)" : ''}: mecha game repair keeps every whole event`,
    )
    fsyncSync(fd)
    const now = fstatSync(fd)
    // A repair renames a new file over the game: an event written to the old one is in no game.
    const there = lstatSync(path, { throwIfNoEntry: false })
    if (there?.ino !== now.ino || there.dev !== now.dev)
      throw new WriteFailed(
        `cannot write the game ${quoteValue(name)}: the file was replaced while this was written (mecha game repair?); nothing was recorded: play it again`,
      )
    return placed(fd, now, name, known, bytes)
  } catch (e) {
    if (e instanceof InputError || e instanceof WriteFailed) throw e
    throw new WriteFailed(
      `cannot write the game ${quoteValue(name)}: ${describe(e as NodeJS.ErrnoException)}`,
    )
  } finally {
    closeSync(fd)
  }
}

/**
 * One write of the whole; a write the file takes only in part, or not at all, fails (exit 1).
 * `cutShort` says what a part written leaves.
 */
function writeWhole(fd: number, bytes: Buffer, name: string, cutShort: string): void {
  let done: number
  try {
    done = writeSync(fd, bytes)
  } catch (e) {
    throw new WriteFailed(
      `cannot write the game ${quoteValue(name)}: ${describe(e as NodeJS.ErrnoException)}; nothing was recorded`,
    )
  }
  if (done !== bytes.length) {
    try {
      fsyncSync(fd)
    } catch {
      // said below either way
    }
    throw new WriteFailed(
      `cannot write the game ${quoteValue(name)}: only ${done} of ${bytes.length} bytes were written, and ${cutShort}`,
    )
  }
}

/**
 * Where this write landed: the lines between what was read before and this write are other
 * players' events, so the first of ours is numbered after them. The log is read up to the end of
 * this write (what came after it is read next time).
 */
function placed(
  fd: number,
  st: Stats,
  name: string,
  known: GameOnDisk,
  bytes: Buffer,
): { first: number; disk: GameOnDisk } {
  const same = st.dev === known.dev && st.ino === known.ino && st.size >= known.size
  const from = same ? known.size : 0
  const after = readRange(fd, from, st.size)
  let at = after.indexOf(bytes)
  while (at > 0 && after[at - 1] !== 10) at = after.indexOf(bytes, at + 1)
  if (at < 0) at = Math.max(0, after.length - bytes.length)
  // Lines before ours: events (and the header, when the file was read from its start).
  let before = same ? known.log.events.length : -1
  for (let i = 0; i < at; i++) if (after[i] === 10) before++
  let disk = known
  try {
    disk = readSince(fd, st, name, known, from + at + bytes.length)
  } catch (e) {
    // Ours is written; a line of another's that does not read is said by the next read of the game.
    if (!(e instanceof InputError)) throw e
  }
  return { first: before + 1, disk }
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
    throw new WriteFailed(`cannot create the game ${quoteValue(name)}: ${describe(err)}`)
  }
  try {
    writeWhole(
      fd,
      Buffer.from(entryLine(header) + '\n', 'utf8'),
      name,
      'its header is cut short: remove the file and start the game again',
    )
    fsyncSync(fd)
  } catch (e) {
    if (e instanceof WriteFailed) throw e
    throw new WriteFailed(
      `cannot write the game ${quoteValue(name)}: ${describe(e as NodeJS.ErrnoException)}`,
    )
  } finally {
    closeSync(fd)
  }
}

/**
 * Repair a log: every line that reads as JSON kept, each other one kept as a torn entry holding
 * its text (event numbers stay as they were). Written whole beside it, synced, and renamed over it
 * (write-file.ts). A symlink is refused, as an append refuses it: the repaired game would replace
 * the link and leave its target behind, two games. Nothing is written when nothing is torn. Run
 * it while no one else writes to the game: an append that lands during the rename fails, said.
 */
export function repairFile(path: string, name: string): { torn: number[]; events: number; changed: boolean } {
  const { fd, st } = openGame(path, name, false) // a loop is said as a loop, a dangling link as no game
  if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) {
    closeSync(fd)
    throw linkRefused(path, name)
  }
  let text: string
  try {
    text = readRange(fd, 0, st.size).toString('utf8')
  } catch (e) {
    return readFailed(name, e)
  } finally {
    closeSync(fd)
  }
  const { text: repaired, torn } = repairGame(text, name)
  const changed = repaired !== text
  if (changed) replaceFile(path, repaired, 'game repair')
  return { torn, events: repaired.split('\n').length - 2, changed }
}
