/**
 * Validated rosters kept between runs (issue 24): reading a roster parses its YAML and checks
 * every unit, which for a roster of hundreds of units costs far more than the command. The
 * checked roster is kept in the user's cache directory, one file per roster path, with the text
 * it was read from; it is used again only while that text is the file's text, character for
 * character (no size, date or hand-picked field decides), under the same name in messages and
 * with this build of mecha. Any failure to read or write the cache is silent: the roster is
 * then parsed as without one.
 *
 * Where: $MECHA_CACHE_DIR, else $XDG_CACHE_HOME/mecha, else ~/.cache/mecha.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { isAbsolute, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Roster } from '../rules/stellar/roster.js'
import { parseRoster } from '../rules/stellar/roster-text.js'
import { replaceFile } from './write-file.js'

/** Bumped when the kept form changes. */
const FORMAT = 'mecha-roster-cache 2'

/** This build of mecha: the file running (the bundle, or this module) by size and date, and Node's version. */
let build: string | undefined
function buildId(): string {
  if (build === undefined) {
    let code: string
    try {
      const st = statSync(fileURLToPath(import.meta.url))
      code = `${st.size} ${st.mtimeMs}`
    } catch {
      code = String(Math.random()) // unknown: nothing kept is ever taken for this build's
    }
    build = `${FORMAT} ${code} ${process.version}`
  }
  return build
}

function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MECHA_CACHE_DIR) return env.MECHA_CACHE_DIR
  const xdg = env.XDG_CACHE_HOME
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'mecha')
}

/**
 * A file name for a roster path: FNV-1a, twice over (64 bits). Two paths with one name only
 * share a cache file (each run finds the other's text there, and parses); node:crypto would
 * cost more to load than a roster costs to read from the cache.
 */
function nameOf(path: string): string {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ path.length
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193)
    b = Math.imul(b ^ c, 0x5bd1e995)
  }
  const hex = (x: number) => (x >>> 0).toString(16).padStart(8, '0')
  return `roster-${hex(a)}${hex(b)}.json`
}

/** A kept roster: its units as JSON (a field left out is one the file does not give), and its index. */
function fromJson(json: string): Roster {
  const { files, units } = JSON.parse(json) as Pick<Roster, 'files' | 'units'>
  return { files, units, byName: new Map(units.map((u) => [u.key.toLowerCase(), u])) }
}

/**
 * parseRoster(text, shown), or the same roster kept from an earlier run of the same text.
 * `path` (absolute) names the cache file; an error in the roster is never kept, so it is said
 * again each run.
 */
export function cachedRoster(
  text: string,
  shown: string,
  path: string,
  env: NodeJS.ProcessEnv = process.env,
): Roster {
  // What the kept roster was made from, said whole and unambiguously: build, name (quoted: one line), the text's length, the text.
  const head = `${buildId()}\n${JSON.stringify(shown)}\n${text.length}\n${text}\n`
  let file: string | undefined
  try {
    file = join(cacheDir(env), nameOf(path))
    const kept = readFileSync(file, 'utf8')
    if (kept.startsWith(head)) return fromJson(kept.slice(head.length))
  } catch {
    // nothing kept (or unreadable, or not JSON): parse
  }
  const roster = parseRoster(text, shown)
  if (file !== undefined) {
    try {
      mkdirSync(join(file, '..'), { recursive: true })
      replaceFile(file, head + JSON.stringify({ files: roster.files, units: roster.units }), 'roster cache')
    } catch {
      // a read-only home, a full disk: the next run parses again
    }
  }
  return roster
}
