import { type Stats, accessSync, constants, fstatSync, statSync, writeSync } from 'node:fs'
import { dirname, resolve as resolvePath } from 'node:path'
import { createRequire } from 'node:module'
import { Command, CommanderError, Option } from 'commander'
import { InputError } from '../core/errors.js'
import { parseRolls } from '../core/physical.js'
import { checkSeed } from '../core/seeded.js'
import { oneLine } from '../core/text.js'
import { fitToWidth } from '../render/format.js'
import { type Style, plainStyle } from '../render/style.js'
import { groups, loadAllSpecs, loadSpec } from './registry.js'
import { type Request, answerRequest, plainRequest } from './request.js'
import { type Globals, quietChoices } from './run.js'
import { type ChoiceContext, type CommandSpec, type OptionSpec, camelKey, show } from './spec.js'
import { askDice, terminalChoices } from './prompt.js'
import { ROSTER_FLAG, unitWordsOf } from './unit-words.js'
import { WriteFailed, replaceFile } from './write-file.js'

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

function writeAll(fd: 1 | 2, text: string): void {
  if (fd === 1 && stdoutClosed) return
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
      throw new OutputError(e as NodeJS.ErrnoException, fd)
    }
  }
}

/** The output could not be written (a full disk, a closed terminal): not a bug, exit 1. */
export class OutputError extends Error {
  constructor(cause: NodeJS.ErrnoException, fd: number) {
    super(
      `cannot write to ${fd === 1 ? 'stdout' : 'stderr'}: ${cause.code ? `${cause.code} (${describeErrno(cause)})` : cause.message}`,
    )
  }
}

/** 'ENOSPC: no space left on device, write' → 'no space left on device'. */
function describeErrno(e: NodeJS.ErrnoException): string {
  return e.message.replace(/^[A-Z]+: /, '').replace(/, \w+$/, '')
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

/**
 * The style for stdout. Colour needs a terminal or FORCE_COLOR; only then is chalk loaded to
 * decide the level (its detection costs a few milliseconds that pipes and files never need).
 */
export async function stdoutStyle(flag: boolean): Promise<Style> {
  if (!flag || (process.env.FORCE_COLOR === undefined && !isTerminal(1))) return plainStyle
  const { colorLevel, makeStyle } = await import('../render/color.js')
  return makeStyle(colorLevel('stdout', flag))
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
  if (seed !== undefined && seed.trim() === '')
    throw new InputError('bad-seed', '--seed: give some text to seed the dice, e.g. --seed table1')
  if (seed !== undefined) checkSeed(seed)
  const g: Globals = {
    seed,
    rolls: opts.rolls !== undefined ? parseRolls(String(opts.rolls)) : undefined,
    json: Boolean(opts.json),
    odds: Boolean(opts.odds),
    explain: Boolean(opts.explain),
    csv: Boolean(opts.csv),
    plot: opts.plot !== undefined,
    compare: Boolean(opts.compare),
  }
  checkOddsOutputs(g, opts.plot as string | undefined)
  return g
}

/**
 * --plot, --csv and --compare read the exact odds, and stdout takes one answer: each is refused
 * with one line where it cannot work.
 */
function checkOddsOutputs(g: Globals, plot: string | undefined): void {
  const asked = [
    ['--plot', g.plot],
    ['--csv', g.csv],
    ['--compare', g.compare],
  ] as const
  for (const [flag, on] of asked)
    if (on && !g.odds) throw new InputError('bad-usage', `${flag} works on the exact odds: add --odds`)
  if (g.csv && g.json)
    throw new InputError('bad-usage', '--csv and --json both print the answer on stdout: give one of them')
  if (plot === undefined) return
  if (plot === '-' && (g.json || g.csv)) {
    const other = g.json ? '--json' : '--csv'
    throw new InputError(
      'bad-usage',
      `--plot - prints the chart on stdout, where ${other} prints its answer: give --plot a file name (chart.svg) or drop ${other}`,
    )
  }
  if (plot !== '-' && !/\.svg$/i.test(plot))
    throw new InputError(
      'bad-usage',
      `--plot: ${show(plot)} does not end in .svg; the chart is an SVG image: give a name like chart.svg, or - for stdout`,
    )
  if (plot !== '-') checkWritable(plot)
}

/** A file the chart can be written to (checked before the odds are worked out). */
function checkWritable(path: string): void {
  const fail = (why: string) => {
    throw new InputError('bad-path', `--plot: cannot write ${show(path)}: ${why}; give a writable .svg path`)
  }
  let st: Stats | undefined
  try {
    st = statSync(path)
  } catch {
    // not there yet: its directory must be
  }
  if (st?.isDirectory()) fail('it is a directory')
  try {
    accessSync(st ? path : dirname(resolvePath(path)), constants.W_OK)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    fail(code === 'ENOENT' ? 'no such directory' : 'permission denied')
  }
}

/** The chart to its file, whole or not at all (write-file.ts); a failure is an I/O failure, exit 1. */
function writeChart(path: string, svg: string): void {
  replaceFile(path, svg, '--plot')
}

/** The command line as a reader would retype it (for a chart's subtitle), without --plot FILE. */
function commandLineOf(argv: readonly string[]): string {
  const words: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--plot') {
      i++
      continue
    }
    if (a.startsWith('--plot=')) continue
    words.push(/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)
  }
  return ['mecha', ...words].join(' ')
}

/** The arguments main() was given, for the chart's subtitle. */
let mainArgv: readonly string[] = []

/**
 * The flags every resolving command takes, listed once under their own heading: `dice`, only
 * commands that roll dice; `compare`, only commands with a player's choice to compare.
 */
const GLOBAL_FLAGS: Array<[flags: string, description: string, dice: boolean, compare?: boolean]> = [
  ['--seed <text>', 'seed the dice: same seed and arguments, same result', true],
  ['--rolls <list>', 'physical dice, comma-separated, in the dice order of the command', true],
  ['--odds', 'exact probability distribution instead of a roll', true],
  ['--json', 'one JSON object on stdout', false],
  ['--explain', 'walk through the arithmetic step by step (with --odds: how the odds are made)', false],
  ['--plot <file>', 'with --odds: an SVG chart of the odds, to a .svg file or - (stdout)', true],
  ['--csv', 'with --odds: the odds as CSV rows (distribution, outcome, chance, atLeast)', true],
  ['--compare', 'with --odds (shoot, melee): every option of the open choices side by side', true, true],
  ['--no-color', 'plain output (also: NO_COLOR, or stdout not a terminal)', false],
  ['--auto', 'never prompt: every open choice is made automatically', false],
]

/** The global flags a command takes: `dice` ones if it rolls, `compare` if it has a choice. */
function globalFlagsOf(spec: CommandSpec): typeof GLOBAL_FLAGS {
  const hasDice = spec.diceOrder !== undefined
  const hasCompare = spec.compare !== undefined
  return GLOBAL_FLAGS.filter(([, , dice, compare]) => !(dice && !hasDice) && !(compare && !hasCompare))
}

/**
 * Which of a command's flags to declare. Each declared option costs ~10 us of a start, so only
 * the flags on the command line are, unless a word starting with '-' is none of the command's
 * (--help, a typo, a negative number) or help is asked for (`mecha help shoot`: no argv): then
 * all are, for commander's help, its "unknown option" and its suggestion.
 */
function flagsToDeclare(
  spec: CommandSpec,
  unitWords: boolean,
  argv: readonly string[] | undefined,
): (flag: string) => boolean {
  if (!argv) return () => true
  const flags = [
    ...(unitWords ? [`--${ROSTER_FLAG.flag}`] : []),
    ...spec.options.map((o) => `--${o.flag}`),
    ...globalFlagsOf(spec).map(([f]) => f.split(' ')[0]),
  ]
  const given = argv.filter((a) => a.startsWith('-')).map((a) => a.split('=')[0])
  return given.every((f) => flags.includes(f)) ? (flag) => given.includes(flag) : () => true
}

/**
 * Columns to fit: the terminal's, or 80 when the output is not a terminal or its width is
 * unknown (a terminal that reports 0 columns, as some pseudo-terminals do, included).
 */
function columnsFor(fd: 1 | 2): number {
  if (!isTerminal(fd)) return 80
  const columns = (fd === 1 ? process.stdout : process.stderr).columns
  return columns && columns >= 20 ? columns : 80
}

/** An answer for people: wrapped to the terminal's width; piped or redirected, exactly as it is. */
function forPeople(text: string): string {
  return isTerminal(1) ? fitToWidth(text, columnsFor(1)) : text
}

/** Words filled into lines of at most `width` columns; lines after the first start with `indent`. */
export function wrapWords(
  words: string[],
  width: number,
  first: string,
  indent: string,
  joiner = '',
): string {
  const lines: string[] = []
  let line = first
  let empty = true
  for (const w of words) {
    if (!empty && line.length + 1 + w.length + joiner.length > width) {
      lines.push(line + joiner)
      line = indent + w
    } else line += (empty ? '' : ' ') + w
    empty = false
  }
  lines.push(line)
  return lines.join('\n')
}

/**
 * A shell command over several lines with backslash continuations, breaking only before a flag,
 * so that each line is a flag and its value and the whole still pastes into a shell.
 */
export function wrapCommand(command: string, width: number): string {
  const tokens = command.match(/'[^']*'|"[^"]*"|\S+/g) ?? []
  const units: string[] = []
  for (const t of tokens) {
    if (
      units.length &&
      !t.startsWith('-') &&
      units[units.length - 1].startsWith('--') &&
      !units[units.length - 1].includes(' ')
    )
      units[units.length - 1] += ' ' + t
    else if (units.length && !t.startsWith('-') && !units[units.length - 1].startsWith('-'))
      units[units.length - 1] += ' ' + t
    else units.push(t)
  }
  return wrapWords(units, width, '  $ ', '      ', ' \\')
}

/** The text after a command's options: its dice order and examples, wrapped to `width`. */
function afterHelp(spec: CommandSpec, width: number): string {
  const parts: string[] = []
  if (spec.diceOrder)
    parts.push(wrapWords(`Dice order for --rolls: ${spec.diceOrder}`.split(' '), width, '', '  '))
  if (spec.examples?.length)
    parts.push('Examples:\n' + spec.examples.map((e) => wrapCommand(e, width)).join('\n'))
  return parts.length ? '\n' + parts.join('\n\n') + '\n' : ''
}

/** How a placeholder reads in help: <n>, <list>, <choice>, or a pattern as written (<N[S|P]>). */
function placeholderOf(o: OptionSpec): string {
  if (o.type.kind === 'enum') return 'choice'
  const p = o.placeholder ?? 'value'
  return /^[A-Z]+$/.test(p) ? p.toLowerCase() : p
}

function registerSpec(
  parent: Command,
  spec: CommandSpec,
  leafName: string,
  argv: readonly string[] | undefined,
): void {
  const cmd = parent.command(leafName).description(spec.summary)
  for (const a of spec.args ?? []) cmd.argument(a.required ? `<${a.name}>` : `[${a.name}]`, a.description)
  // Units by name (unit-words.ts); the roster code is loaded only when one is named.
  const unitWords = unitWordsOf(spec.name) ?? []
  const declare = flagsToDeclare(spec, unitWords.length > 0, argv)
  for (const w of unitWords)
    cmd.argument(w.repeatable ? `[${w.key}...]` : `[${w.key}]`, `${w.usage}: ${w.description}`)
  if (unitWords.length && declare(`--${ROSTER_FLAG.flag}`)) {
    cmd.addOption(
      new Option(`--${ROSTER_FLAG.flag} <file>`, ROSTER_FLAG.description).argParser(
        (v: string, prev: unknown) => [...(Array.isArray(prev) ? prev : []), v],
      ),
    )
  }
  for (const o of spec.options) {
    if (!declare(`--${o.flag}`)) continue
    const t = o.type
    const flags =
      t.kind === 'bool'
        ? `--${o.flag}`
        : o.bare !== undefined
          ? `--${o.flag} [${placeholderOf(o)}]`
          : `--${o.flag} <${placeholderOf(o)}>`
    const notes = [o.repeatable ? '(repeatable)' : '', o.required !== undefined ? '(required)' : '']
      .filter(Boolean)
      .join(' ')
    const opt = new Option(flags, o.description + (notes ? ' ' + notes : ''))
    // Choices are listed by commander; checking them stays with parseValues (one message for
    // flags and batch keys, any case accepted).
    if (t.kind === 'enum') opt.choices(t.values).argParser((v: string) => v)
    if (o.repeatable) opt.argParser((v: string, prev: unknown) => [...(Array.isArray(prev) ? prev : []), v])
    else if (o.default !== undefined && t.kind !== 'bool' && !o.open) opt.default(o.default)
    cmd.addOption(opt)
  }
  for (const [flags, description] of globalFlagsOf(spec))
    if (declare(flags.split(' ')[0])) cmd.addOption(new Option(flags, description).helpGroup('Global flags:'))
  cmd.addHelpText('after', (ctx) => afterHelp(spec, columnsFor(ctx.error ? 2 : 1)))
  // Stray words are reported by the action, by name.
  cmd.allowExcessArguments(true)

  cmd.action(async (...params: unknown[]) => {
    const command = params[params.length - 1] as Command
    const opts = command.opts()
    refuseFlagValues(command)
    // A repeatable last unit word (shoot's defenders) takes every word after it.
    const repeated = unitWords.length > 0 && unitWords[unitWords.length - 1].repeatable === true
    const byName = repeated && command.args[(spec.args ?? []).length] !== undefined
    const stray = byName ? [] : command.args.slice((spec.args ?? []).length + unitWords.length)
    if (stray.length) {
      const what =
        stray.length === 1
          ? `unexpected word ${show(stray[0])}`
          : `unexpected words ${stray.map((w) => show(w)).join(' ')}`
      throw new InputError(
        'bad-usage',
        `${spec.name}: ${what}; every input is a flag (see 'mecha ${spec.name} --help')`,
      )
    }
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
    if (g.plot) g.commandLine = commandLineOf(mainArgv)
    const choice = opts.auto ? quietChoices : terminalIfAny()
    let units: string[] = []
    const refs = (command.args as Array<string | undefined>).slice(
      (spec.args ?? []).length,
      repeated ? undefined : (spec.args ?? []).length + unitWords.length,
    )
    let request: Request
    if (refs[0] !== undefined) {
      const { unitRequest } = await import('./units.js')
      const named = await unitRequest(spec, refs, raw, opts.roster as string[] | undefined, choice)
      request = named.request
      units = named.refs
      // A weapon chosen at a prompt: the replay line names it.
      if (units.some((w, i) => w !== refs[i])) g.replayWords = units
    } else request = plainRequest(spec, raw, 'flag')
    const style = g.json ? plainStyle : await stdoutStyle(opts.color !== false)
    const out = await answerRequest(
      spec,
      request,
      g,
      {
        choice,
        askDice,
        render: {
          style,
          explain: g.explain,
          width: g.json ? 80 : columnsFor(1),
        },
      },
      !g.json,
    )
    // Units by name: the text says so (the JSON has where each input came from).
    if (units.length && out.text !== undefined)
      out.text = `${units.join(' vs ')} (from the roster)\n${out.text}`
    const plot = opts.plot as string | undefined
    if (out.svg !== undefined && plot !== '-') writeChart(plot!, out.svg)
    if (plot === '-') write(out.svg!)
    else if (g.csv) write(out.csv!)
    else if (g.json) write(JSON.stringify(out.json!, null, isTerminal(1) ? 2 : undefined) + '\n')
    else write(forPeople(out.text + (plot ? `\n${style.dim(`Chart written to ${plot}`)}` : '')) + '\n')
  })
}

/**
 * An option that takes a value and got a flag instead (`--seed --json`): commander takes the next
 * word whatever it is, so a forgotten value would swallow the flag after it.
 */
function refuseFlagValues(command: Command): void {
  for (const o of command.options) {
    if (!o.required && !o.optional) continue
    const key = o.attributeName()
    if (command.getOptionValueSource(key) !== 'cli') continue
    const v = command.getOptionValue(key)
    for (const item of Array.isArray(v) ? v : [v]) {
      if (typeof item === 'string' && item.startsWith('--')) {
        throw new InputError(
          'missing-value',
          `${o.long}: expected a value, got the flag ${item}; give ${o.flags}`,
        )
      }
    }
  }
}

const TOP_EXAMPLES = [
  'mecha shoot --acc 9 --evade 4 --shots 5 --dmg 300 --pen 5 --arm-sv 2 --seed table1',
  'mecha melee --atk-melee 6 --def-melee 5 --atk-dmg 300 --def-dmg 300 --odds',
  "mecha roll '5d10>=5' --seed table1",
]

/** Top-level help: the global flags, said once, and a few commands to try. */
function topHelp(width: number): string {
  const term = Math.max(...GLOBAL_FLAGS.map(([f]) => f.length)) + 2
  const flags = GLOBAL_FLAGS.map(([f, d]) =>
    wrapWords(d.split(' '), width, `  ${f.padEnd(term)}`, ' '.repeat(term + 2)),
  )
  return (
    "\nGlobal flags (each command's --help lists the ones it takes):\n" +
    flags.join('\n') +
    "\n\nExamples (a group's commands: mecha wargroup --help):\n" +
    TOP_EXAMPLES.map((e) => wrapCommand(e, width)).join('\n') +
    '\n'
  )
}

/**
 * The commander program. A command named on the command line is the only one declared (with its
 * options and action), as nothing else can be reached; otherwise every command is listed by name
 * and summary (enough for `mecha --help` and "did you mean"), because building every option of
 * every command costs more than a whole resolution.
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
      getOutHelpWidth: () => columnsFor(1),
      getErrHelpWidth: () => columnsFor(2),
      outputError: () => {}, // reported once, as one line, by fail()
    })
    // Wrap descriptions even in a narrow column (commander's default gives up under 40).
    .configureHelp({ minWidthToWrap: 24 })
    .showSuggestionAfterError(true)
    .addHelpText('after', (ctx) => topHelp(columnsFor(ctx.error ? 2 : 1)))
  // `mecha help shoot` names its command after the word help.
  const words = argv.filter((a) => !a.startsWith('-'))
  const path = words[0] === 'help' ? words.slice(1) : words
  for (const group of groups) {
    const wanted = group.name === null ? path[0] : path[0] === group.name ? path[1] : undefined
    const entry = group.commands.find((c) => c.name.split(' ').pop() === wanted)
    if (!entry) continue
    // The command named is the only one that can run: it alone is declared, with its options
    // (in a group, beside the names the group's help lists).
    const parent = group.name ? program.command(group.name).description(group.summary) : program
    for (const c of group.name ? group.commands : [entry]) {
      if (c === entry)
        registerSpec(parent, (await loadSpec(c.name))!, wanted!, path === words ? argv : undefined)
      else parent.command(c.name.split(' ').pop()!).description(c.summary)
    }
    return program
  }
  // A group alone (`mecha wargroup`) shows its commands on stderr (a usage error, exit 2); an
  // unknown word is an unknown command, with commander's suggestion.
  for (const group of groups) {
    const parent = group.name ? program.command(group.name).description(group.summary) : program
    for (const entry of group.commands)
      parent.command(entry.name.split(' ').pop()!).description(entry.summary)
  }
  registerBatch(program)
  registerCompletion(program)
  registerRoster(program)
  return program
}

/** `mecha roster list|show|check|new`: the saved units (docs/roster.md); loaded only here. */
function registerRoster(program: Command): void {
  const roster = program
    .command('roster')
    .description('the saved units: list, show one, check a file, or start one')
  const files = new Option(
    '--roster <file>',
    'roster file (repeatable; default: MECHA_ROSTER, then mecha-roster.yaml)',
  ).argParser((v: string, prev: unknown) => [...(Array.isArray(prev) ? prev : []), v])
  const width = () => columnsFor(1)
  const load = () => import('./roster-command.js')
  roster
    .command('list')
    .description('every unit with its numbers and weapons')
    .addOption(files)
    .action(async (opts: { roster?: string[] }) => {
      const r = await load()
      write(r.rosterList(r.requireRoster(opts.roster), width()) + '\n')
    })
  roster
    .command('show')
    .argument('<unit>', 'the unit to show')
    .description("one unit's card")
    .addOption(files)
    .action(async (name: string, opts: { roster?: string[] }) => {
      const r = await load()
      write(r.rosterShow(r.lookupUnit(r.requireRoster(opts.roster), name), width()) + '\n')
    })
  roster
    .command('check')
    .argument('[file]', 'the file to check (default: the roster found as for any command)')
    .description('validate a roster: exit 0, or 2 with the first problem')
    .action(async (file: string | undefined) => {
      const r = await load()
      write(r.rosterCheck(r.requireRoster(file === undefined ? undefined : [file])) + '\n')
    })
  roster
    .command('new')
    .description('print a commented starter roster (mecha roster new > mecha-roster.yaml)')
    .action(async () => write((await load()).STARTER))
  // For the completion scripts, so not in help: the unit names, one a line, and with --weapons
  // each unit's weapons of that kind as unit:weapon; nothing when no roster is found.
  roster
    .command('names', { hidden: true })
    .addOption(files)
    .addOption(new Option('--weapons <kind>').choices(['shoot', 'melee', 'any']))
    .action(async (opts: { roster?: string[]; weapons?: 'shoot' | 'melee' | 'any' }) => {
      write((await load()).rosterNames(opts.roster, opts.weapons))
    })
}

/** `mecha completion bash|zsh|fish`: the script, from every spec's option table (loaded only here). */
function registerCompletion(program: Command): void {
  program
    .command('completion')
    .argument('<shell>', 'bash, zsh or fish')
    .description('print a shell completion script: bash, zsh or fish')
    .addHelpText('after', (ctx) => {
      const examples = [
        'source <(mecha completion bash)   # in ~/.bashrc',
        'source <(mecha completion zsh)    # in ~/.zshrc, after compinit',
        'mecha completion fish | source   # in ~/.config/fish/config.fish',
      ]
      return `\nExamples:\n${examples.map((e) => wrapCommand(e, columnsFor(ctx.error ? 2 : 1))).join('\n')}\n`
    })
    .action(async (shell: string, _opts: unknown, command: Command) => {
      refuseFlagValues(command)
      const { SHELLS, completionModel, completionScript } = await import('./completion.js')
      const chosen = SHELLS.find((s) => s === shell.trim().toLowerCase())
      if (!chosen)
        throw new InputError(
          'bad-choice',
          `completion: ${show(shell.slice(0, 60))} is not one of ${SHELLS.join(', ')}`,
        )
      const globals = GLOBAL_FLAGS.map(([flags, description, dice, compare]) => ({
        flag: flags.split(' ')[0].slice(2),
        description,
        takesValue: flags.includes('<'),
        dice,
        compare: compare === true,
      }))
      globals.push({
        flag: 'help',
        description: 'show help for the command',
        takesValue: false,
        dice: false,
        compare: false,
      })
      const flagsOf = (c: Command) =>
        c.options.map((o) => ({
          flag: o.long!.slice(2),
          description: o.description,
          takesValue: o.required || o.optional,
        }))
      const others = program.commands
        .filter((c) => c.name() === 'batch' || c.name() === 'completion')
        .map((c) => ({
          path: [c.name()],
          summary: c.description(),
          flags: flagsOf(c),
          words: c.name() === 'completion' ? SHELLS : undefined,
        }))
      // `mecha roster …`: a group of its own; `roster show` takes a unit.
      const roster = program.commands.find((c) => c.name() === 'roster')!
      const rosterGroup = {
        name: 'roster',
        summary: roster.description(),
        commands: roster.commands
          .filter((c) => c.name() !== 'names')
          .map((c) => ({
            path: ['roster', c.name()],
            summary: c.description(),
            flags: flagsOf(c),
            units: c.name() === 'show' ? (['none'] as const) : undefined,
          })),
      }
      write(
        completionScript(
          chosen,
          completionModel(groups, await loadAllSpecs(), globals, others, [rosterGroup]),
        ),
      )
    })
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
    .option('--no-color', 'plain summary (also: NO_COLOR, or stderr not a terminal)')
    .addOption(
      new Option(
        '--roster <file>',
        'roster for "attacker"/"defender" lines (repeatable; see docs/roster.md)',
      ).argParser((v: string, prev: unknown) => [...(Array.isArray(prev) ? prev : []), v]),
    )
    .addHelpText('after', (ctx) => {
      const width = columnsFor(ctx.error ? 2 : 1)
      const about =
        'Each line: {"command": "shoot", "acc": 9, "shots": 5, "dmg": 300, "seed": "x"} (options as camelCase keys, ' +
        'optional "seed", "rolls": [..] and "odds": true). Each answer: the --json object plus "line"; ' +
        'a bad line answers {"line": n, "error": "...", "code": "..."}. Exit 0 all resolved, 2 some bad.'
      const examples = [
        'mecha batch attacks.jsonl --seed league-7 --summary > results.jsonl',
        'tail -f game.log | mecha batch',
      ]
      return `\n${wrapWords(about.split(' '), width, '', '')}\n\nExamples:\n${examples.map((e) => wrapCommand(e, width)).join('\n')}\n`
    })
    .action(async (file: string | undefined, opts: Record<string, unknown>, command: Command) => {
      refuseFlagValues(command)
      // Batch streams through process.stdout (with back-pressure); a reader that goes away
      // (`| head -1`) ends the run quietly.
      process.stdout.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0)
        handleError(new OutputError(e, 1))
        process.exit(1)
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
          roster: opts.roster as string[] | undefined,
        },
        {
          stdin: process.stdin,
          stdout: process.stdout,
          stderr: process.stderr,
          stdoutIsTTY: Boolean(process.stdout.isTTY),
          env: process.env,
        },
      )
    })
}

/** The command a command line names, as far as it names one ('wargroup shoot', 'wargroup', ''). */
function commandPath(argv: string[]): string {
  const words = argv.filter((a) => !a.startsWith('-'))
  const start = words[0] === 'help' ? 1 : 0
  const [first, second] = [words[start], words[start + 1]]
  for (const g of groups) {
    if (g.name === null) {
      if (g.commands.some((c) => c.name === first)) return first
    } else if (g.name === first) {
      return g.commands.some((c) => c.name === `${first} ${second}`) ? `${first} ${second}` : first
    }
  }
  return first === 'batch' || first === 'completion' || first === 'roster' ? first : ''
}

function fail(message: string, code: number): void {
  writeErr(`mecha: ${oneLine(message)}\n`)
  process.exitCode = code
}

export async function main(argv: string[]): Promise<void> {
  mainArgv = argv
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
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') {
      process.exitCode = 0
      return
    }
    // Help shown because something was missing (`mecha`, `mecha wargroup`): a usage error.
    if (e.code === 'commander.help') {
      process.exitCode = e.exitCode === 0 ? 0 : 2
      return
    }
    if (e.code === 'commander.executeSubCommandAsync') return
    const where = commandPath(argv)
    const msg = e.message
      .replace(/^error: /, '')
      .replace(/\n/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
    return fail(`${msg}; see 'mecha ${where ? where + ' ' : ''}--help'`, 2)
  }
  if (e instanceof OutputError || e instanceof WriteFailed) {
    // Said on stderr when stderr still takes it; either way the exit code tells.
    try {
      writeErr(`mecha: ${e.message}\n`)
    } catch {
      // stderr is gone too: the exit code is all that is left to say it
    }
    process.exitCode = 1
    return
  }
  if (e && typeof e === 'object' && (e as Error).name === 'ExitPromptError') {
    process.exitCode = 130
    return
  }
  const err = e as Error
  writeErr(
    `mecha: internal error (this is a bug, please report it): ${err?.message ?? String(e)}\n${err?.stack ?? ''}\n`,
  )
  process.exitCode = 1
}
