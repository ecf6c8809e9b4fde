/**
 * Finding and reading the roster files (issue 15). In order, the first that applies:
 *   1. `--roster FILE` (several merge),
 *   2. MECHA_ROSTER (one file, or several joined with the path delimiter, `:` on POSIX),
 *   3. `mecha-roster.yaml` in the current directory or the nearest parent that has one,
 *   4. `$XDG_CONFIG_HOME/mecha/roster.yaml`, or `~/.config/mecha/roster.yaml` when it is unset.
 * A file named by 1 or 2 must exist; 3 and 4 are only looked for. No roster at all is not an
 * error here: a command that needs a unit by name says so.
 */
import { readFileSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { delimiter, dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { InputError } from '../core/errors.js'
import { type Roster, mergeRosters, parseRoster } from '../rules/stellar/roster.js'

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

const isFile = (p: string) => {
  try {
    return statSync(p).isFile()
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
    if (isFile(p)) return { files: [{ path: p, shown: shownPath(p, cwd) }], from: 'directory' }
    if (dirname(dir) === dir) break
  }
  // XDG: an unset, empty or relative XDG_CONFIG_HOME means ~/.config.
  const xdg =
    env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME)
      ? env.XDG_CONFIG_HOME
      : join(search.home ?? homedir(), '.config')
  const p = join(xdg, 'mecha', 'roster.yaml')
  if (isFile(p)) return { files: [{ path: p, shown: p }], from: 'config' }
  return null
}

const WHERE: Record<RosterSource, string> = {
  flag: '--roster',
  env: 'MECHA_ROSTER',
  directory: 'found',
  config: 'found',
}

/** Read and parse the located files into one roster. Throws InputError naming the file. */
export function readRoster(location: RosterLocation): Roster {
  const rosters = location.files.map(({ path, shown }) => {
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      const why =
        code === 'ENOENT'
          ? 'no such file'
          : code === 'EISDIR'
            ? 'it is a directory'
            : code === 'EACCES'
              ? 'permission denied'
              : (e as Error).message
      throw new InputError('bad-roster', `${WHERE[location.from]}: cannot read ${shown}: ${why}`)
    }
    return parseRoster(text, shown)
  })
  return mergeRosters(rosters)
}

/** locateRoster then readRoster: the roster of this run, or null when there is none. */
export function loadRoster(search: RosterSearch = {}): Roster | null {
  const location = locateRoster(search)
  return location ? readRoster(location) : null
}
