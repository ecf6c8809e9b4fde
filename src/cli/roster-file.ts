/**
 * Finding and reading the roster files (issue 15). In order, the first that applies:
 *   1. `--roster FILE` (several merge),
 *   2. MECHA_ROSTER (one file, or several joined with the path delimiter, `:` on POSIX),
 *   3. `mecha-roster.yaml` in the current directory or the nearest parent that has one,
 *   4. `$XDG_CONFIG_HOME/mecha/roster.yaml`, or `~/.config/mecha/roster.yaml` when it is unset.
 * A file named by 1 or 2 must exist; 3 and 4 are only looked for. No roster at all is not an
 * error here: a command that needs a unit by name says so.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { delimiter, dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { InputError } from '../core/errors.js'
import { printable } from '../core/text.js'
import { type Roster, mergeRosters } from '../rules/stellar/roster.js'
import { cachedRoster } from './roster-cache.js'
import { kindOf } from './write-file.js'

export const ROSTER_FILE_NAME = 'mecha-roster.yaml'

export type RosterSource = 'flag' | 'env' | 'directory' | 'config'

export interface RosterLocation {
  /** As errors name them: as given for --roster and MECHA_ROSTER, else relative to cwd when inside it. */
  files: Array<{ path: string; shown: string }>
  from: RosterSource
}

export interface RosterSearch {
  /** `--roster` values, in order. */
  flags?: readonly string[]
  env?: NodeJS.ProcessEnv
  cwd?: string
  home?: string
}

/**
 * Whether something is at `p` (a symlink counts, even a broken one or a loop): a FIFO or a
 * directory named mecha-roster.yaml is then found, and refused by name, not passed over.
 */
const isThere = (p: string) => {
  try {
    return lstatSync(p, { throwIfNoEntry: false }) !== undefined
  } catch {
    return false
  }
}

function shownPath(abs: string, cwd: string): string {
  const rel = relative(cwd, abs)
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : abs
}

/** Which roster files apply, or null when there are none. Reads nothing but the file system's names. */
export function locateRoster(search: RosterSearch = {}): RosterLocation | null {
  const env = search.env ?? process.env
  const cwd = resolve(search.cwd ?? process.cwd())
  const named = (list: readonly string[], from: RosterSource): RosterLocation => ({
    files: list.map((p) => ({ path: resolve(cwd, p), shown: p })),
    from,
  })
  if (search.flags && search.flags.length) return named(search.flags, 'flag')
  const fromEnv = (env.MECHA_ROSTER ?? '').split(delimiter).filter((p) => p.trim() !== '')
  if (fromEnv.length) return named(fromEnv, 'env')
  for (let dir = cwd; ; dir = dirname(dir)) {
    const p = join(dir, ROSTER_FILE_NAME)
    if (isThere(p)) return { files: [{ path: p, shown: shownPath(p, cwd) }], from: 'directory' }
    if (dirname(dir) === dir) break
  }
  // XDG: an unset, empty or relative XDG_CONFIG_HOME means ~/.config.
  const xdg =
    env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME)
      ? env.XDG_CONFIG_HOME
      : join(search.home ?? homedir(), '.config')
  const p = join(xdg, 'mecha', 'roster.yaml')
  if (isThere(p)) return { files: [{ path: p, shown: p }], from: 'config' }
  return null
}

const WHERE: Record<RosterSource, string> = {
  flag: '--roster',
  env: 'MECHA_ROSTER',
  directory: 'found',
  config: 'found',
}

/** Largest roster file read, in bytes: a roster of thousands of units is a few megabytes. */
export const MAX_ROSTER_BYTES = 10 * 1024 * 1024

/** Read and parse the located files into one roster. Throws InputError naming the file. */
export function readRosterFiles(location: RosterLocation, env: NodeJS.ProcessEnv = process.env): Roster {
  const rosters = location.files.map(({ path, shown }) => {
    const fail = (why: string) =>
      new InputError('bad-roster', `${WHERE[location.from]}: cannot read ${printable(shown)}: ${why}`)
    return cachedRoster(readText(path, fail), shown, path, env)
  })
  return mergeRosters(rosters)
}

/**
 * A roster file's text, or `fail` saying why not. Opened without blocking (a FIFO would wait for
 * a writer forever) and looked at before it is read: only a regular file of at most
 * MAX_ROSTER_BYTES is.
 */
function readText(path: string, fail: (why: string) => InputError): string {
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch (e) {
    throw fail(errnoWords(e as NodeJS.ErrnoException))
  }
  try {
    const st = fstatSync(fd)
    if (!st.isFile()) throw fail(`it is ${kindOf(st)}, not a file; give a roster file (YAML)`)
    if (st.size > MAX_ROSTER_BYTES)
      throw fail(
        `it is ${megabytes(st.size)} MB, over the ${MAX_ROSTER_BYTES / 1024 / 1024} MB a roster may be; a roster of thousands of units is a few MB`,
      )
    return readFileSync(fd, 'utf8')
  } catch (e) {
    if (e instanceof InputError) throw e
    throw fail(errnoWords(e as NodeJS.ErrnoException))
  } finally {
    closeSync(fd)
  }
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

function errnoWords(e: NodeJS.ErrnoException): string {
  switch (e.code) {
    case 'ENOENT':
      return 'no such file'
    case 'EISDIR':
      return 'it is a directory'
    case 'EACCES':
      return 'permission denied'
    case 'ELOOP':
      return 'it is a symlink loop (a link that leads back to itself)'
    case 'ENOTDIR':
      return 'a part of its path is not a directory'
    default:
      return String(e.message)
  }
}

/** locateRoster then readRosterFiles: the roster of this run, or null when there is none. */
export function loadRoster(search: RosterSearch = {}): Roster | null {
  const location = locateRoster(search)
  return location ? readRosterFiles(location, search.env ?? process.env) : null
}
