import { type Command, CommanderError } from 'commander'
import { InputError } from '../core/errors.js'
import { oneLine } from '../core/text.js'
import { type CliIO, Output, OutputError, type Run } from './io.js'
import { buildProgram } from './program.js'
import { groups } from '../commands/registry.js'
import { useTableDrawer } from '../render/format.js'
import { borderless } from './table.js'
import { WriteFailed } from './write-file.js'

/**
 * The CLI as a function: arguments and streams in, the exit code out. 0 resolved, 2 bad usage or
 * input (one line on stderr), 1 a bug or output that cannot be written, 130 interrupted at a
 * prompt. entry.ts runs it on the process (bin/mecha.js); the tests run it in-process.
 */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  useTableDrawer(borderless)
  const run: Run = {
    io,
    out: new Output(() => io.stdout, 'stdout', io.fds?.stdout),
    err: new Output(() => io.stderr, 'stderr', io.fds?.stderr),
    argv,
    code: 0,
  }
  let program: Command | undefined
  try {
    program = await buildProgram(run)
    await program.parseAsync([...argv], { from: 'user' })
  } catch (e) {
    run.code = exitCodeOf(e, run, program)
  }
  try {
    await run.out.flush()
  } catch (e) {
    run.code = exitCodeOf(e, run)
  }
  try {
    await run.err.flush()
  } catch {
    // stderr cannot be written either: the exit code is all that is left to say it
    run.code = 1
  }
  return run.code
}

/**
 * The command a command line names, as far as it names one ('wargroup shoot', 'game new',
 * 'wargroup', ''): down the program's commands while the words name them.
 */
function commandPath(argv: readonly string[], program?: Command): string {
  const words = argv.filter((a) => !a.startsWith('-'))
  const start = words[0] === 'help' ? 1 : 0
  if (program) {
    const path: string[] = []
    let at = program
    for (const w of words.slice(start)) {
      const next = at.commands.find((c) => c.name() === w || c.aliases().includes(w))
      if (!next) break
      path.push(next.name())
      at = next
    }
    return path.join(' ')
  }
  const [first, second] = [words[start], words[start + 1]]
  for (const g of groups) {
    if (g.name === null) {
      if (g.commands.some((c) => c.name === first)) return first
    } else if (g.name === first) {
      return g.commands.some((c) => c.name === `${first} ${second}`) ? `${first} ${second}` : first
    }
  }
  return ['batch', 'completion', 'roster', 'game'].includes(first) ? first : ''
}

/** What a run that threw ends with: its one line on stderr (none for help shown), its exit code. */
function exitCodeOf(e: unknown, run: Run, program?: Command): number {
  const fail = (message: string, code: number) => {
    // A game event appended before the failure is in the game: said, so a retry is not blind.
    const recorded = run.recorded
      ? `; the game event was recorded all the same (${run.recorded}): mecha game log shows it, do not play it again`
      : ''
    run.err.write(`mecha: ${oneLine(message)}${recorded}\n`)
    return code
  }
  if (e instanceof InputError) return fail(e.message, 2)
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return 0
    // Help shown because something was missing (`mecha`, `mecha wargroup`): a usage error.
    if (e.code === 'commander.help') return e.exitCode === 0 ? 0 : 2
    if (e.code === 'commander.executeSubCommandAsync') return run.code
    const where = commandPath(run.argv, program)
    const msg = e.message
      .replace(/^error: /, '')
      .replace(/\n/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
    return fail(`${msg}; see 'mecha ${where ? where + ' ' : ''}--help'`, 2)
  }
  // Said on stderr when stderr still takes it; either way the exit code tells.
  if (e instanceof OutputError || e instanceof WriteFailed) return fail(e.message, 1)
  if (e && typeof e === 'object' && (e as Error).name === 'ExitPromptError') return 130
  const err = e as Error
  return fail(
    `internal error (this is a bug, please report it): ${err?.message ?? String(e)}\n${err?.stack ?? ''}`,
    1,
  )
}
