import { type Command, Option } from 'commander'
import { InputError } from '../core/errors.js'
import { refuseFlagValues } from './globals.js'
import { placeOf } from './places.js'
import { GLOBAL_FLAGS, wrapCommand, wrapWords } from './help.js'
import { OutputError, type Run, columnsFor } from './io.js'
import { groups, loadAllSpecs } from '../commands/registry.js'
import { show } from '../runtime/spec.js'

/** The commands that are not CommandSpecs: roster, completion and batch, each loaded when used. */

/** `mecha examples [--copy [DIR]]`: where the example rosters and docs are, or a copy of the roster here. */
export function registerExamples(program: Command, run: Run): void {
  program
    .command('examples')
    .description('where the example rosters and the docs are; --copy puts the example roster here')
    .option('--copy [dir]', 'write the example roster as mecha-roster.yaml into DIR (default: here)')
    .action(async (opts: { copy?: string | true }) => {
      const e = await import('./examples.js')
      const text =
        opts.copy === undefined
          ? e.examplesText()
          : e.copyExampleRoster(opts.copy === true ? '.' : opts.copy, run.io.cwd)
      run.out.write(text + '\n')
    })
}

/** `mecha roster list|show|check|new`: the saved units (docs/roster.md); loaded only here. */
export function registerRoster(program: Command, run: Run): void {
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
export function registerCompletion(program: Command, run: Run): void {
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
          values: o.argChoices,
        }))
      const others = program.commands
        .filter((c) => c.name() === 'batch' || c.name() === 'completion')
        .map((c) => ({
          path: [c.name()],
          summary: c.description(),
          flags: flagsOf(c),
          words: c.name() === 'completion' ? SHELLS : undefined,
        }))
      // `mecha roster …` and `mecha game …`: groups of their own; `roster show` takes a unit.
      const groupOf = (name: string) => {
        const group = program.commands.find((c) => c.name() === name)!
        return {
          name,
          summary: group.description(),
          commands: group.commands
            .filter((c) => c.name() !== 'names')
            .map((c) => ({
              path: [name, c.name()],
              summary: c.description(),
              flags: flagsOf(c),
              units: name === 'roster' && c.name() === 'show' ? (['none'] as const) : undefined,
            })),
        }
      }
      run.out.write(
        completionScript(
          chosen,
          completionModel(groups, await loadAllSpecs(), globals, others, [
            groupOf('roster'),
            groupOf('game'),
          ]),
        ),
      )
    })
}

/** `mecha batch [file]`: not a CommandSpec (it runs them); its code is loaded only when used. */
export function registerBatch(program: Command, run: Run): void {
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
        'roster for "attacker"/"defender" lines (repeatable; mecha examples shows one)',
      ).argParser((v: string, prev: unknown) => [...(Array.isArray(prev) ? prev : []), v]),
    )
    .option(
      '--game <file>',
      'lines by unit names play in this game log: its units, HP and round; rolled shoot, melee and plan lines are appended (docs/batch.md)',
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
      if (opts.game !== undefined && opts.roster !== undefined)
        throw new InputError(
          'bad-combination',
          `--roster: in a game the units are the game's (${String(opts.game)}); drop --roster, or --game`,
        )
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
          game: opts.game as string | undefined,
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
