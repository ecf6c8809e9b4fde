import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'

/** The built binary, run as a user runs it (npm test builds dist/ first). */
export const BIN = fileURLToPath(new URL('../../bin/mecha.js', import.meta.url))

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/** Run `mecha …` with no terminal: stdin is a closed pipe unless `input` is given. */
export function mecha(
  args: string[],
  opts: { input?: string; env?: Record<string, string>; cwd?: string } = {},
): CliResult {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', ...opts.env }
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input: opts.input ?? '',
    cwd: opts.cwd,
    env,
    encoding: 'utf8',
    timeout: 15_000,
    maxBuffer: 64 << 20,
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** `mecha …` refused as bad input: exit 2, nothing on stdout, one line on stderr (returned). */
export function refused(args: string[]): string {
  const r = mecha(args)
  expect(r.code, r.stderr).toBe(2)
  expect(r.stdout).toBe('')
  const lines = r.stderr.trimEnd().split('\n')
  expect(lines).toHaveLength(1)
  return lines[0]
}

/** A command line through a real shell (`/bin/sh -c`), a leading `mecha` the built binary. */
export function mechaSh(line: string): CliResult {
  const r = spawnSync('/bin/sh', ['-c', line.replace(/^mecha /, `"${process.execPath}" "${BIN}" `)], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
    timeout: 15_000,
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** Run and parse the JSON on stdout. */
export function mechaJson(args: string[], opts: { input?: string } = {}): any {
  const r = mecha([...args, '--json'], opts)
  if (r.code !== 0) throw new Error(`mecha ${args.join(' ')} exited ${r.code}: ${r.stderr}`)
  return JSON.parse(r.stdout)
}

/**
 * Run `mecha …` in a real pseudo-terminal (python's pty), answering prompts: each step waits for
 * a text on the screen, then types keys ('\r' Enter, '\x1b[B' arrow down, '\x03' Ctrl+C).
 * The terminal is `columns` wide: by default wide enough that no answer wraps (these tests read
 * what an answer says); 0 is a terminal that does not say its width (mecha fits 80 columns).
 */
export function mechaTty(
  args: string[],
  steps: Array<[string, string]>,
  columns = 200,
): { code: number | null; output: string; missing?: string } {
  const driver = fileURLToPath(new URL('./pty-drive.py', import.meta.url))
  const r = spawnSync('python3', [driver, JSON.stringify(steps), process.execPath, BIN, ...args], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', PTY_COLUMNS: String(columns) },
  })
  return JSON.parse(r.stdout)
}
