import { Command, Option } from 'commander'
import { InputError } from '../core/errors.js'
import { type Style, plainStyle } from '../render/style.js'
import { commandLineOf, globalsFrom, writeChart } from './globals.js'
import {
  GLOBAL_FLAGS,
  afterHelp,
  globalFlagsOf,
  placeholderOf,
  topHelp,
  wrapCommand,
  wrapWords,
} from './help.js'
import { type CliIO, type Output, OutputError, colorOn, columnsFor } from './io.js'
import { groups, loadAllSpecs, loadSpec } from './registry.js'
import { quietChoices, runSpec } from './run.js'
import { type ChoiceContext, type CommandSpec, MORE_TARGETS, camelKey, parseValues, show } from './spec.js'
import { askDice, terminalChoices } from './prompt.js'
import { ROSTER_FLAG, unitWordsOf } from './unit-words.js'

/**
 * The commander wiring: each command's options, arguments, help and action. Everything a run
 * reads or writes is in its Run: nothing is kept between runs.
 */

const VERSION = '0.1.0'

/** One run of the CLI: its streams, its command line and the exit code its action sets. */
export interface Run {
  io: CliIO
  out: Output
  err: Output
  argv: readonly string[]
  code: number
}

/** The style for stdout: colours are loaded only when they are on. */
async function stdoutStyle(io: CliIO, flag: boolean): Promise<Style> {
  if (!colorOn(io, flag)) return plainStyle
  const { makeStyle } = await import('../render/color.js')
  return makeStyle(true)
}

/** Where the roster is looked for: the run's directory and environment. */
const placeOf = (io: CliIO) => ({ cwd: io.cwd, env: io.env })

/**
 * Choices asked in a terminal when stdin and stderr are one, else made automatically. Whether
 * they are is only looked up when a choice is actually open.
 */
function terminalIfAny(io: CliIO): ChoiceContext {
  let terminal: ChoiceContext | undefined
  return {
    get interactive() {
      return io.stdinIsTTY && io.stderrIsTTY
    },
    select(message, options, defaultValue) {
      terminal ??= terminalChoices()
      return terminal.select(message, options, defaultValue)
    },
  }
}

function registerSpec(parent: Command, spec: CommandSpec, leafName: string, run: Run): void {
  const { io } = run
  const cmd = parent.command(leafName).description(spec.summary)
  for (const a of spec.args ?? []) cmd.argument(a.required ? `<${a.name}>` : `[${a.name}]`, a.description)
  // Units by name (unit-words.ts); the roster code is loaded only when one is named.
  const unitWords = unitWordsOf(spec.name) ?? []
  for (const w of unitWords)
    cmd.argument(w.repeatable ? `[${w.key}...]` : `[${w.key}]`, `${w.usage}: ${w.description}`)
  if (unitWords.length) {
    cmd.addOption(
      new Option(`--${ROSTER_FLAG.flag} <file>`, ROSTER_FLAG.description).argParser(
        (v: string, prev: unknown) => [...(Array.isArray(prev) ? prev : []), v],
      ),
    )
  }
  for (const o of spec.options) {
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
    cmd.addOption(new Option(flags, description).helpGroup('Global flags:'))
  cmd.addHelpText('after', (ctx) => afterHelp(spec, columnsFor(io, ctx.error ? 'stderr' : 'stdout')))
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
    const g = globalsFrom(opts, io.cwd)
    if (g.plot) g.commandLine = commandLineOf(run.argv)
    const choice = opts.auto ? quietChoices : terminalIfAny(io)
    let inputs: unknown
    let units: string[] = []
    let more: Array<{ values: Record<string, unknown> }> = []
    const refs = (command.args as Array<string | undefined>).slice(
      (spec.args ?? []).length,
      repeated ? undefined : (spec.args ?? []).length + unitWords.length,
    )
    if (refs[0] !== undefined) {
      const { unitValues } = await import('./units.js')
      const named = await unitValues(
        spec,
        refs,
        raw,
        opts.roster as string[] | undefined,
        choice,
        placeOf(io),
      )
      Object.assign(raw, named.values)
      // Several targets named: where each target's inputs came from, target 1 first.
      inputs = named.more.length ? [named.inputs, ...named.more.map((m) => m.inputs)] : named.inputs
      units = named.refs
      more = named.more
      // A weapon chosen at a prompt: the replay line names it.
      if (units.some((w, i) => w !== refs[i])) g.replayWords = units
    }
    const values = parseValues(spec, raw, 'flag')
    if (more.length) values[MORE_TARGETS] = more.map((m) => parseValues(spec, m.values, 'flag'))
    const style = g.json ? plainStyle : await stdoutStyle(io, opts.color !== false)
    const out = await runSpec(
      spec,
      values,
      g,
      {
        choice,
        askDice,
        render: {
          style,
          explain: g.explain,
          width: g.json ? 80 : columnsFor(io, 'stdout'),
        },
      },
      !g.json,
    )
    if (inputs) {
      // Where each input came from: the roster (with its field) or a flag.
      if (out.json) out.json.inputs = inputs
      if (out.text !== undefined) out.text = `${units.join(' vs ')} (from the roster)\n${out.text}`
    }
    const plot = opts.plot as string | undefined
    if (out.svg !== undefined && plot !== '-') writeChart(plot!, out.svg, io.cwd)
    const write = (text: string) => run.out.write(text)
    if (plot === '-') write(out.svg!)
    else if (g.csv) write(out.csv!)
    else if (g.json) write(JSON.stringify(out.json!, null, io.stdoutIsTTY ? 2 : undefined) + '\n')
    else write(out.text + (plot ? `\n${style.dim(`Chart written to ${plot}`)}` : '') + '\n')
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

/**
 * The commander program. A command named on the command line is the only one declared (with its
 * options and action), as nothing else can be reached, and only its module is loaded; otherwise
 * every command is listed by name and summary (enough for `mecha --help` and "did you mean").
 */
export async function buildProgram(run: Run): Promise<Command> {
  const { io, argv } = run
  const program = new Command('mecha')
  program
    .description('Dice and combat resolver for mech tabletop wargames (MechaStellar and three d6 rule sets)')
    .version(VERSION, '-V, --version')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => run.out.write(s),
      writeErr: (s) => run.err.write(s),
      getOutHelpWidth: () => columnsFor(io, 'stdout'),
      getErrHelpWidth: () => columnsFor(io, 'stderr'),
      outputError: () => {}, // reported once, as one line, by fail()
    })
    // Wrap descriptions even in a narrow column (commander's default gives up under 40).
    .configureHelp({ minWidthToWrap: 24 })
    .showSuggestionAfterError(true)
    .addHelpText('after', (ctx) => topHelp(columnsFor(io, ctx.error ? 'stderr' : 'stdout')))
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
      if (c === entry) registerSpec(parent, (await loadSpec(c.name))!, wanted!, run)
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
  registerBatch(program, run)
  registerCompletion(program, run)
  registerRoster(program, run)
  return program
}

/** `mecha roster list|show|check|new`: the saved units (docs/roster.md); loaded only here. */
function registerRoster(program: Command, run: Run): void {
  const { io } = run
  const write = (text: string) => run.out.write(text)
  const roster = program
    .command('roster')
    .description('the saved units: list, show one, check a file, or start one')
  const files = new Option(
    '--roster <file>',
    'roster file (repeatable; default: MECHA_ROSTER, then mecha-roster.yaml)',
  ).argParser((v: string, prev: unknown) => [...(Array.isArray(prev) ? prev : []), v])
  const width = () => columnsFor(io, 'stdout')
  const load = () => import('./roster-command.js')
  roster
    .command('list')
    .description('every unit with its numbers and weapons')
    .addOption(files)
    .action(async (opts: { roster?: string[] }) => {
      const r = await load()
      write(r.rosterList(r.requireRoster(opts.roster, placeOf(io)), width()) + '\n')
    })
  roster
    .command('show')
    .argument('<unit>', 'the unit to show')
    .description("one unit's card")
    .addOption(files)
    .action(async (name: string, opts: { roster?: string[] }) => {
      const r = await load()
      write(r.rosterShow(r.lookupUnit(r.requireRoster(opts.roster, placeOf(io)), name), width()) + '\n')
    })
  roster
    .command('check')
    .argument('[file]', 'the file to check (default: the roster found as for any command)')
    .description('validate a roster: exit 0, or 2 with the first problem')
    .action(async (file: string | undefined) => {
      const r = await load()
      write(r.rosterCheck(r.requireRoster(file === undefined ? undefined : [file], placeOf(io))) + '\n')
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
      write((await load()).rosterNames(opts.roster, opts.weapons, placeOf(io)))
    })
}

/** `mecha completion bash|zsh|fish`: the script, from every spec's option table (loaded only here). */
function registerCompletion(program: Command, run: Run): void {
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
      const width = columnsFor(run.io, ctx.error ? 'stderr' : 'stdout')
      return `\nExamples:\n${examples.map((e) => wrapCommand(e, width)).join('\n')}\n`
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
      run.out.write(
        completionScript(
          chosen,
          completionModel(groups, await loadAllSpecs(), globals, others, [rosterGroup]),
        ),
      )
    })
}

/** `mecha batch [file]`: not a CommandSpec (it runs them); its code is loaded only when used. */
function registerBatch(program: Command, run: Run): void {
  const { io } = run
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
      const width = columnsFor(io, ctx.error ? 'stderr' : 'stdout')
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
      // Batch streams through stdout itself (with back-pressure); a reader that goes away
      // (`| head -1`) ends the run quietly, another failure with one line and exit 1.
      io.stdout.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EPIPE') run.err.write(`mecha: ${new OutputError(e, 'stdout').message}\n`)
        io.exit?.(e.code === 'EPIPE' ? 0 : 1)
      })
      const { runBatch } = await import('./batch.js')
      run.code = await runBatch(
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
          stdin: io.stdin,
          stdout: io.stdout,
          stderr: io.stderr,
          stdoutIsTTY: io.stdoutIsTTY,
          env: io.env,
          cwd: io.cwd,
        },
      )
    })
}
