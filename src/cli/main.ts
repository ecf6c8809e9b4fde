import { fstatSync, writeSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Command, CommanderError, Option } from 'commander'
import { InputError } from '../core/errors.js'
import { parseRolls } from '../core/physical.js'
import { type ColorLevel, colorLevel, makeStyle } from '../render/style.js'
import { groups, loadSpec } from './registry.js'
import { type Globals, quietChoices, runSpec } from './run.js'
import { type ChoiceContext, type CommandSpec, camelKey, parseValues } from './spec.js'
import { askDice, terminalChoices } from './prompt.js'

/**
 * The only place that talks to the process: argv in, text out, exit codes.
 * 0 resolved, 2 bad usage or input (one line on stderr), 1 a bug, 130 interrupted.
 */

const VERSION = '0.1.0'

/**
 * Output goes straight to the file descriptors with writeSync: creating process.stdout loads
 * Node's stream, net and tty code (several ms of every start), and a CLI that prints one answer
 * and exits needs none of it. A reader that went away (`mecha … | head -1`) ends the output
 * quietly; a non-blocking pipe that is full is waited on.
 */
let stdoutClosed = false
let quiet = false

/** Discard all output (the build's warm-up runs, see entry.ts). */
export function setQuiet(on: boolean): void {
  quiet = on
}

function writeAll(fd: 1 | 2, text: string): void {
  if (quiet || (fd === 1 && stdoutClosed)) return
  const buf = Buffer.from(text, 'utf8')
  let off = 0
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off)
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      if (code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2)
        continue
      }
      if (code === 'EPIPE') {
        if (fd === 1) stdoutClosed = true
        return
      }
      throw e
    }
  }
}

export function write(text: string): void {
  writeAll(1, text)
}

export function writeErr(text: string): void {
  writeAll(2, text)
}

/**
 * Whether a descriptor is a terminal. node:tty (~3 ms to load) is asked only about character
 * devices other than /dev/null and its kin (major number 1), which is what a script's closed or
 * ignored stdin usually is.
 */
export function isTerminal(fd: number): boolean {
  try {
    const st = fstatSync(fd)
    if (!st.isCharacterDevice() || ((st.rdev >> 8) & 0xfff) === 1) return false
  } catch {
    return false
  }
  return (require('node:tty') as typeof import('node:tty')).isatty(fd)
}

export function useColor(flag: boolean): ColorLevel {
  return colorLevel('stdout', flag)
}

const require = createRequire(import.meta.url)

/**
 * Choices asked in a terminal when stdin and stderr are one, else made automatically. Whether
 * they are is only looked up when a choice is actually open, and without touching process.stdin,
 * which would open a stream on it that a closed stdin then makes us wait for.
 */
function terminalIfAny(): ChoiceContext {
  let known: boolean | undefined
  let terminal: ChoiceContext | undefined
  return {
    get interactive() {
      if (known === undefined) known = isTerminal(0) && isTerminal(2)
      return known
    },
    select(message, options, defaultValue) {
      terminal ??= terminalChoices()
      return terminal.select(message, options, defaultValue)
    },
  }
}

function globalsFrom(opts: Record<string, unknown>): Globals {
  const seed = opts.seed as string | undefined
  if (seed !== undefined && seed.trim() === '') throw new InputError('bad-seed', '--seed: give some text to seed the dice, e.g. --seed table1')
  return {
    seed,
    rolls: opts.rolls !== undefined ? parseRolls(String(opts.rolls)) : undefined,
    json: Boolean(opts.json),
    odds: Boolean(opts.odds),
    explain: Boolean(opts.explain),
  }
}

function addGlobalOptions(cmd: Command, hasDice: boolean): void {
  if (hasDice) {
    cmd.option('--seed <text>', 'seed the dice: same seed and arguments, same result')
    cmd.option('--rolls <list>', 'physical dice, comma-separated, in the order listed below')
    cmd.option('--odds', 'exact probability distribution instead of a roll')
  }
  cmd.option('--json', 'one JSON object on stdout')
  cmd.option('--explain', 'walk through the arithmetic step by step')
  cmd.option('--no-color', 'plain output (also: NO_COLOR, or stdout not a terminal)')
  cmd.option('--auto', 'never prompt: every open choice is made automatically')
}

function registerSpec(parent: Command, spec: CommandSpec, leafName: string): void {
  const cmd = parent.command(leafName).description(spec.summary)
  for (const a of spec.args ?? []) cmd.argument(a.required ? `<${a.name}>` : `[${a.name}]`, a.description)
  for (const o of spec.options) {
    const t = o.type
    const flags = t.kind === 'bool' ? `--${o.flag}` : `--${o.flag} <${o.placeholder ?? 'value'}>`
    const opt = new Option(flags, o.description + (o.repeatable ? ' (repeatable)' : ''))
    if (o.repeatable) opt.argParser((v: string, prev: unknown) => [...((prev as string[] | undefined) ?? []), v])
    else if (o.default !== undefined && t.kind !== 'bool') opt.default(o.default)
    cmd.addOption(opt)
  }
  addGlobalOptions(cmd, spec.diceOrder !== undefined)
  const after: string[] = []
  if (spec.diceOrder) after.push(`Dice order for --rolls: ${spec.diceOrder}`)
  if (spec.examples?.length) after.push('Examples:\n' + spec.examples.map((e) => `  $ ${e}`).join('\n'))
  if (after.length) cmd.addHelpText('after', '\n' + after.join('\n\n'))

  cmd.action(async (...params: unknown[]) => {
    const command = params[params.length - 1] as Command
    const opts = command.opts() as Record<string, unknown>
    const raw: Record<string, unknown> = {}
    for (const o of spec.options) {
      const key = camelKey(o.flag)
      // Defaults are applied by parseValues; commander's copies are only for --help.
      if (command.getOptionValueSource(key) === 'cli') raw[key] = opts[key]
    }
    ;(spec.args ?? []).forEach((a, i) => {
      if (params[i] !== undefined) raw[a.name] = params[i]
    })
    const g = globalsFrom(opts)
    const values = parseValues(spec, raw, 'flag')
    const color = !g.json && useColor(opts.color !== false)
    const out = await runSpec(
      spec,
      values,
      g,
      {
        choice: opts.auto ? quietChoices : terminalIfAny(),
        askDice,
        render: { style: makeStyle(color), explain: g.explain, width: !g.json && isTerminal(1) ? (process.stdout.columns ?? 80) : 80 },
      },
      !g.json,
    )
    if (g.json) write(JSON.stringify(out.json!, null, isTerminal(1) ? 2 : undefined) + '\n')
    else write(out.text + '\n')
  })
}

/**
 * The commander program. Only the command being run gets its options and action; the others
 * are listed by name and summary (enough for `mecha --help` and "did you mean"), because
 * building every option of every command costs more than a whole resolution.
 */
export async function buildProgram(argv: string[] = []): Promise<Command> {
  const program = new Command('mecha')
  program
    .description('Dice and combat resolver for mech tabletop wargames (MechaStellar and three d6 rule sets)')
    .version(VERSION, '-V, --version')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => write(s),
      writeErr: (s) => writeErr(s),
      outputError: () => {}, // reported once, as one line, by fail()
    })
    .showSuggestionAfterError(true)
  // `mecha help shoot` names its command after the word help.
  const words = argv.filter((a) => !a.startsWith('-'))
  const path = words[0] === 'help' ? words.slice(1) : words
  for (const group of groups) {
    let parent = program
    let wanted = path[0]
    if (group.name) {
      parent = program.command(group.name).description(group.summary)
      // A group alone (`mecha wargroup`) shows its commands.
      parent.action(() => parent.help())
      if (path[0] !== group.name) {
        continue
      }
      wanted = path[1]
    }
    for (const entry of group.commands) {
      const leaf = entry.name.split(' ').pop()!
      if (leaf === wanted) registerSpec(parent, (await loadSpec(entry.name))!, leaf)
      else parent.command(leaf).description(entry.summary)
    }
  }
  registerBatch(program)
  return program
}

/** `mecha batch [file]`: not a CommandSpec (it runs them); its code is loaded only when used. */
function registerBatch(program: Command): void {
  program
    .command('batch [file]')
    .description('resolve JSON lines (one request per line, from a file or stdin) into JSON lines, streaming')
    .option('--seed <text>', "derive each line's seed from this text and its line number (S:LINE)")
    .option('--odds', 'exact odds instead of a roll, for every line')
    .option('--summary', 'aggregate statistics on stderr at the end')
    .option('--summary-json', 'the statistics as a final {"summary": …} JSON line on stdout instead')
    .option('--no-progress', 'no progress line on stderr (shown only for long runs on a terminal)')
    .option('--jobs <n>', 'threads resolving lines, 1-64 (default 1); more help long batches on idle cores')
    .option('--no-color', 'plain summary (also: NO_COLOR, or stderr not a terminal)')
    .addHelpText(
      'after',
      '\nEach line: {"command": "shoot", "acc": 9, "shots": 5, "dmg": 300, "seed": "x"} (options as camelCase keys,\n' +
        'optional "seed", "rolls": [..] and "odds": true). Each answer: the --json object plus "line";\n' +
        'a bad line answers {"line": n, "error": "...", "code": "..."}. Exit 0 all resolved, 2 some bad.\n\n' +
        'Examples:\n  $ mecha batch attacks.jsonl --seed league-7 --summary > results.jsonl\n  $ tail -f game.log | mecha batch',
    )
    .action(async (file: string | undefined, opts: Record<string, unknown>) => {
      // Batch streams through process.stdout (with back-pressure); a reader that goes away
      // (`| head -1`) ends the run quietly.
      process.stdout.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0)
        throw e
      })
      const { runBatch } = await import('./batch.js')
      process.exitCode = await runBatch(
        {
          file,
          seed: opts.seed as string | undefined,
          odds: Boolean(opts.odds),
          summary: Boolean(opts.summary),
          summaryJson: Boolean(opts.summaryJson),
          color: opts.color !== false,
          progress: opts.progress !== false,
          jobs: opts.jobs === undefined ? undefined : jobsFrom(opts.jobs),
        },
        { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, stdoutIsTTY: Boolean(process.stdout.isTTY), env: process.env },
      )
    })
}

function jobsFrom(v: unknown): number {
  const n = Number(v)
  if (!/^\s*\d+\s*$/.test(String(v)) || n < 1 || n > 64) throw new InputError('bad-value', `--jobs: ${JSON.stringify(v)} is not a thread count; give 1-64 (1: no worker threads)`)
  return n
}

function fail(message: string, code: number): void {
  writeErr(`mecha: ${message}\n`)
  process.exitCode = code
}

export async function main(argv: string[]): Promise<void> {
  const program = await buildProgram(argv)
  try {
    await program.parseAsync(argv, { from: 'user' })
  } catch (e) {
    handleError(e, argv)
  }
}

export function handleError(e: unknown, argv: string[] = []): void {
  if (e instanceof InputError) return fail(e.message, 2)
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') {
      process.exitCode = 0
      return
    }
    if (e.code === 'commander.executeSubCommandAsync') return
    // The command path is the leading words before the first flag ('wargroup shoot').
    const lead: string[] = []
    for (const a of argv) {
      if (a.startsWith('-') || lead.length === 2) break
      lead.push(a)
    }
    const where = e.code === 'commander.unknownCommand' ? '' : lead.join(' ')
    const msg = e.message.replace(/^error: /, '').replace(/\n/g, ' ').replace(/\s+/g, ' ').trim()
    return fail(`${msg}; see 'mecha ${where ? where + ' ' : ''}--help'`.replace(/\s+;/, ';'), 2)
  }
  if (e && typeof e === 'object' && (e as Error).name === 'ExitPromptError') {
    process.exitCode = 130
    return
  }
  const err = e as Error
  writeErr(`mecha: internal error (this is a bug, please report it): ${err?.message ?? String(e)}\n${err?.stack ?? ''}\n`)
  process.exitCode = 1
}

