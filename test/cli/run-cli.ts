import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The built binary, run as a user runs it (npm test builds dist/ first): for the tier of tests
 * that must run the real thing (exit codes through a shell, a closed pipe, a full disk, prompts in
 * a pseudo-terminal, the code cache, the docs' examples). Everything else runs the front
 * in-process: in-process.ts.
 */
export const BIN = fileURLToPath(new URL('../../bin/mecha.js', import.meta.url))

/**
 * What every front a test starts is handed of this process's environment: PATH, and the run's
 * cache folder (test/cache-dir.ts), so a roster kept between runs never lands in the user's.
 */
export function baseEnv(): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' }
  if (process.env.MECHA_CACHE_DIR) env.MECHA_CACHE_DIR = process.env.MECHA_CACHE_DIR
  return env
}

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
  const env: Record<string, string> = { ...baseEnv(), ...opts.env }
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

/** A command line through a real shell (`/bin/sh -c`), a leading `mecha` the built binary. */
export function mechaSh(line: string): CliResult {
  const r = spawnSync('/bin/sh', ['-c', line.replace(/^mecha /, `"${process.execPath}" "${BIN}" `)], {
    encoding: 'utf8',
    env: baseEnv(),
    timeout: 15_000,
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
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
    env: { ...baseEnv(), NO_COLOR: '1', PTY_COLUMNS: String(columns) },
  })
  return JSON.parse(r.stdout)
}

/**
 * Command lines through one `/bin/sh`, one after the other (a file's examples in one process
 * rather than one each): each line's stdout, stderr and exit code. stdin is /dev/null. With
 * `tidy`, what a line leaves in `cwd` (a scratch directory under the system's temporary one) is
 * moved aside and returned (name → text), so every line starts from the same directory; entries
 * named in `tidy` stay.
 */
export function shLines(
  lines: readonly string[],
  opts: { cwd: string; env: Record<string, string>; tidy?: readonly string[]; timeout?: number },
): Array<CliResult & { left: Record<string, string> }> {
  if (opts.tidy && relative(realpathSync(tmpdir()), realpathSync(opts.cwd)).startsWith('..'))
    throw new Error(`shLines: tidy moves files away; ${opts.cwd} is not a scratch directory`)
  const out = mkdtempSync(join(tmpdir(), 'mecha-sh-'))
  const keep = (opts.tidy ?? []).map((k) => `${k}) ;;`).join(' ')
  const tidy = (i: number) =>
    opts.tidy
      ? `mkdir "$OUT/${i}.left"; for f in * .[!.]* ..?*; do [ -e "$f" ] || [ -L "$f" ] || continue; ` +
        `case "$f" in ${keep} *) mv -- "$f" "$OUT/${i}.left/" ;; esac; done\n`
      : ''
  const script = lines
    .map(
      (line, i) =>
        `(\n${line}\n) >"$OUT/${i}.out" 2>"$OUT/${i}.err" </dev/null; echo $? >"$OUT/${i}.code"\n${tidy(i)}`,
    )
    .join('')
  try {
    const r = spawnSync('/bin/sh', ['-c', script], {
      cwd: opts.cwd,
      env: Object.assign(baseEnv(), opts.env, { OUT: out }),
      encoding: 'utf8',
      timeout: opts.timeout ?? 120_000,
    })
    if (r.status !== 0)
      throw new Error(`${lines.length} lines through one shell ended ${r.status}: ${r.stderr}`)
    return lines.map((_, i) => {
      const read = (name: string) => readFileSync(join(out, name), 'utf8')
      const left: Record<string, string> = {}
      if (opts.tidy)
        for (const f of readdirSync(join(out, `${i}.left`)))
          left[f] = statSync(join(out, `${i}.left`, f)).isFile() ? read(`${i}.left/${f}`) : ''
      return { code: Number(read(`${i}.code`)), stdout: read(`${i}.out`), stderr: read(`${i}.err`), left }
    })
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}
