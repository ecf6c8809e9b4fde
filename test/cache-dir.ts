import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * vitest's global setup: the rosters the CLI keeps between runs (src/cli/roster-cache.ts) go to a
 * temporary folder for the whole run, removed at its end. The test helpers hand it on to every
 * front they start (MECHA_CACHE_DIR, in-process.ts and run-cli.ts), and HOME points there too for
 * the fronts run in this process, so no run leaves a file in the user's cache folder.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'mecha-test-cache-'))
  process.env.MECHA_CACHE_DIR = dir
  return () => rmSync(dir, { recursive: true, force: true })
}
