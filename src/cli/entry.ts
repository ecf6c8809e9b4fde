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
 * The process's streams. stdin and stderr are opened only when used: a closed stdin opened as a
 * stream is waited on at exit, and a start that prints one answer needs neither.
 */
function processIO(): CliIO {
  const isatty = (fd: number) =>
    (createRequire(import.meta.url)('node:tty') as typeof import('node:tty')).isatty(fd)
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
    get stdoutIsTTY() {
      return process.stdout.isTTY === true
    },
    get stderrIsTTY() {
      return isatty(2)
    },
    get stdinIsTTY() {
      return isatty(0)
    },
    env: process.env,
    cwd: process.cwd(),
    get columns() {
      return process.stdout.isTTY ? process.stdout.columns : process.stderr.columns
    },
    exit: (code) => process.exit(code),
  }
}
