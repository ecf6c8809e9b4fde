import { fstatSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { CliIO } from './io.js'
import { runCli } from './main.js'
import { setModuleImporter } from './prompt.js'

/**
 * What bin/mecha.js runs: the CLI on this process's arguments and streams, its exit code set on
 * the process. `importModule` imports an ES module from outside the CommonJS bundle (the prompt
 * library, only when a prompt is shown).
 */
export async function run(
  argv: string[],
  importModule?: (specifier: string) => Promise<unknown>,
): Promise<void> {
  if (importModule) setModuleImporter(importModule)
  process.exitCode = await runCli(argv, processIO())
}

/**
 * The process's streams. Each is opened only when used (the answer itself goes to the descriptor:
 * see Output in io.ts): a closed stdin opened as a stream is waited on at exit, and Node's stream
 * code costs milliseconds of a start that prints one answer.
 */
function processIO(): CliIO {
  return {
    get stdout() {
      return process.stdout
    },
    get stderr() {
      return process.stderr
    },
    get stdin() {
      return process.stdin
    },
    fds: { stdout: 1, stderr: 2 },
    get stdoutIsTTY() {
      return isTerminal(1)
    },
    get stderrIsTTY() {
      return isTerminal(2)
    },
    get stdinIsTTY() {
      return isTerminal(0)
    },
    env: process.env,
    cwd: process.cwd(),
    get columns() {
      return isTerminal(1) ? process.stdout.columns : process.stderr.columns
    },
    exit: (code) => process.exit(code),
  }
}

/**
 * Whether a descriptor is a terminal. node:tty (which loads Node's stream code, ~2.5 ms) is asked
 * only about character devices other than /dev/null and its kin (major number 1): a pipe, a file
 * or /dev/null, what scripts and benchmarks give, is answered by one fstat.
 */
function isTerminal(fd: number): boolean {
  try {
    const st = fstatSync(fd)
    if (!st.isCharacterDevice() || ((st.rdev >> 8) & 0xfff) === 1) return false
  } catch {
    return false
  }
  return (createRequire(import.meta.url)('node:tty') as typeof import('node:tty')).isatty(fd)
}
