import {
  type Stats,
  chmodSync,
  closeSync,
  fsyncSync,
  lstatSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { quoteValue } from '../core/text.js'

/** A file could not be written (a full disk, a read-only place): an I/O failure, exit 1, not a bug. */
export class WriteFailed extends Error {
  readonly exitCode = 1
}

/** Writes by this process: with its id, a part of each temporary file's name. */
let written = 0

/**
 * Write `text` to `path` whole or not at all: into a new temporary file beside it, synced to the
 * disk, then renamed over it. A symlink at `path` is replaced by the file, never written through,
 * and a reader never sees half a file, even after a machine lost power (the data is on the disk
 * before the name points to it). An existing file keeps its permissions. `what` names the input
 * in the error (`--plot`); the temporary file is removed when anything fails.
 */
export function replaceFile(path: string, text: string | Uint8Array, what: string): void {
  const target = resolve(path)
  // Short enough for any file system's name limit, hidden, and unique to this write.
  const tmp = join(
    dirname(target),
    `.${basename(target).slice(0, 80)}.${process.pid}-${(++written).toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`,
  )
  let fd: number | undefined
  try {
    fd = openSync(tmp, 'wx', 0o666) // created here: 'x' never opens what is already there
    const old = lstatSync(target, { throwIfNoEntry: false })
    if (old?.isFile()) chmodSync(tmp, old.mode & 0o7777)
    const buf = typeof text === 'string' ? Buffer.from(text, 'utf8') : text
    for (let off = 0; off < buf.length;) off += writeSync(fd, buf, off)
    fsyncSync(fd)
    closeSync(fd)
    fd = undefined
    renameSync(tmp, target)
  } catch (e) {
    if (fd !== undefined) closeSync(fd)
    rmSync(tmp, { force: true })
    throw new WriteFailed(`${what}: cannot write ${quoteValue(path)}: ${why(e as NodeJS.ErrnoException)}`)
  }
}

/** 'ENOSPC: no space left on device, write' → 'no space left on device'. */
function why(e: NodeJS.ErrnoException): string {
  if (e.code === 'EISDIR') return 'it is a directory'
  return String(e.message)
    .replace(/^[A-Z]+: /, '')
    .replace(/, \w+( '.*')?$/, '')
}

/** What a file that is not a regular one is, for a message: `a FIFO (a named pipe)`. */
export function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a directory'
  if (st.isFIFO()) return 'a FIFO (a named pipe)'
  if (st.isSocket()) return 'a socket'
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device'
  return 'not a regular file'
}
