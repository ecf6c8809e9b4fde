import { Command, Option } from 'commander'
import { InputError } from '../core/errors.js'
import { printable } from '../core/text.js'
import { fitToWidth } from '../render/format.js'
import { textOf } from '../render/run.js'
import { loadText } from '../render/texts.js'
import { type Style, plainStyle } from '../render/style.js'
import { registerBatch, registerCompletion, registerExamples, registerRoster } from './builtins.js'
import { PLAY_FLAGS, placeOf } from './places.js'
import { registerWeb } from './web-command.js'
import { registerGame } from './game-register.js'
import { gameRole } from '../game/modes.js'
import { commandLineOf, globalsFrom, refuseFlagValues, writeChart } from './globals.js'
import { afterHelp, globalFlagsOf, placeholderOf, topHelp } from './help.js'
import { type CliIO, type Run, colorOn, columnsFor } from './io.js'
import { groups, loadSpec } from '../commands/registry.js'
import { type Request, answerRequest, plainRequest } from '../runtime/request.js'
import { quietChoices } from '../runtime/run.js'
import { type ChoiceContext, type CommandSpec, camelKey, show } from '../runtime/spec.js'
import { askDice, terminalChoices } from './prompt.js'
import { ROSTER_FLAG, unitWordsOf } from '../runtime/unit-words.js'

/**
 * The commander wiring of the resolving commands (their options, arguments, help and action);
 * batch, completion and roster are in builtins.ts. Everything a run reads or writes is in its
 * Run: nothing is kept between runs.
 */

const VERSION = '0.1.0'

/** The style for stdout: colours are loaded only when they are on. */
async function stdoutStyle(io: CliIO, flag: boolean): Promise<Style> {
  if (!colorOn(io, flag)) return plainStyle
  const { makeStyle } = await import('../render/color.js')
  return makeStyle(true)
}

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
  // A shot or a charge by unit names is played in a game, when there is one (docs/game.md).
  // A plan and a matrix by unit names read the game too (a rolled plan appends its attacks).
  const { played, reader } = gameRole(spec.name)
  if (played || reader)
    for (const f of PLAY_FLAGS)
      cmd.addOption(new Option(`--${f.flag}${f.takesValue ? ' <file>' : ''}`, f.description))
  for (const o of spec.options) {
    const t = o.type
    const flags =
      t.kind === 'bool'
        ? `--${o.flag}`
        : o.bare !== undefined
          ? `--${o.flag} [${placeholderOf(o)}]`
          : `--${o.flag} <${placeholderOf(o)}${o.variadic ? '...' : ''}>`
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
    // A command's own flag of a global's name (matrix's --csv: its table as CSV) is its own.
    const own = new Set(spec.options.map((o) => camelKey(o.flag)))
    const g = globalsFrom(Object.fromEntries(Object.entries(opts).filter(([k]) => !own.has(k))), io.cwd)
    if (own.has('csv') && opts.csv && g.json)
      throw new InputError('bad-usage', '--csv and --json both print the answer on stdout: give one of them')
    if (g.plot) g.commandLine = commandLineOf(run.argv)
    const choice = opts.auto ? quietChoices : terminalIfAny(io)
    let units: string[] = []
    const refs = (command.args as Array<string | undefined>).slice(
      (spec.args ?? []).length,
      repeated ? undefined : (spec.args ?? []).length + unitWords.length,
    )
    let request: Request
    let game:
      { play: import('./game-play.js').Play; mod: (typeof import('./game-play.js'))['inGame'] } | undefined
    // A command whose units may all be left out (matrix) reads the roster all the same.
    if (refs[0] !== undefined || unitWords[0]?.optional) {
      if (played || reader) {
        const { findPlay, inGame: mod } = await import('./game-play.js')
        const play = findPlay(opts.game as string | boolean | undefined, placeOf(io))
        if (play) game = { play, mod }
      }
      if (game && opts.roster !== undefined)
        throw new InputError(
          'bad-combination',
          `--roster: in a game the units are the game's (${game.play.file.name}, as mecha game new kept them); drop --roster, or give --no-game`,
        )
      const { unitRequest } = await import('./units.js')
      const rolled = !g.odds && raw.need === undefined
      const flags = !game
        ? raw
        : played
          ? game.mod.playedFlags(played, refs, raw, game.play, g.odds)
          : game.mod.readerFlags(reader!, raw, game.play, rolled, refs[0])
      const named = await unitRequest(
        spec,
        refs,
        flags,
        opts.roster as string[] | undefined,
        choice,
        placeOf(io),
        game &&
          (played
            ? game.mod.rosterFor(game.play, played, refs, raw)
            : game.mod.readerRoster(reader!, refs, raw, game.play)),
      )
      request = named.request
      units = named.refs
      // A profile Skill the roll takes and pays for is offered to a person (game-play.ts, askSkills).
      const recorded = played ?? (reader === 'plan' ? reader : undefined)
      if (game && recorded && rolled && !g.compare && choice.interactive)
        request = await game.mod.askSkills(spec, game.play, recorded, units, raw, flags, request, choice)
      // A weapon chosen at a prompt: the replay line names it.
      if (units.some((w, i) => w !== refs[i])) g.replayWords = units
    } else {
      if (played && typeof opts.game === 'string')
        throw new InputError(
          'bad-usage',
          `--game: a game records a ${spec.name} by unit names (mecha ${spec.name} ${unitWords.map((w) => w.usage).join(' ')}); with flags alone nothing is recorded: drop --game`,
        )
      request = plainRequest(spec, raw, 'flag')
    }
    const inGame =
      game && played
        ? game.mod.checkPlay(played, units, request, raw.round !== undefined, game.play)
        : undefined
    if (game && reader) game.mod.checkReader(reader, request, raw.round !== undefined, game.play)
    const style = g.json ? plainStyle : await stdoutStyle(io, opts.color !== false)
    const answer = await answerRequest(spec, request, g, { choice, askDice })
    const render = { style, explain: g.explain, width: g.json ? 80 : columnsFor(io, 'stdout') }
    const drawn =
      g.json && !g.csv && !g.plot ? {} : textOf(spec, await loadText(spec.name), answer, g, render, !g.json)
    const out = { ...drawn, json: answer.json, warnings: answer.warnings }
    // Units by name: the text says so (the JSON has where each input came from); a plan's own
    // head names its defender and attacks.
    if (units.length && out.text !== undefined && !unitWords[0].optional && spec.name !== 'plan')
      out.text = `${units.join(' vs ')} (from ${game ? game.play.file.name : 'the roster'})\n${out.text}`
    // A roll in a game: appended to it (one whole line, synced) before anything is printed.
    if (game && inGame && !g.odds) {
      const { n, event } = game.mod.recordPlay(game.play, played!, units, raw, request, answer, inGame, spec)
      run.recorded = `#${n} in ${printable(game.play.file.name)}`
      out.json.game = { file: game.play.file.name, n, effects: event.effects, ...game.mod.declinedIn(raw) }
      if (out.text !== undefined) out.text += '\n' + game.mod.playedLine(n, event)
    }
    // A plan or a matrix read in a game says so; a rolled plan's attacks are appended to it.
    if (game && reader) {
      const from = `(from ${game.play.file.name}, round ${request.values.round ?? game.play.state.round})`
      if (out.text !== undefined) out.text = `${from}\n${out.text}`
      if (reader === 'plan' && !g.odds && Array.isArray(out.json.steps)) {
        const { added } = await game.mod.recordPlan(game.play, raw, request, answer)
        if (added.length)
          run.recorded = `${added.map((a) => `#${a.n}`).join(', ')} in ${printable(game.play.file.name)}`
        out.json.game = {
          file: game.play.file.name,
          events: added.map((a) => ({ n: a.n, effects: a.event.effects })),
          ...game.mod.declinedIn(raw),
        }
        if (out.text !== undefined)
          for (const a of added) out.text += '\n' + game.mod.playedLine(a.n, a.event)
      } else out.json.game = { file: game.play.file.name }
    }
    const plot = opts.plot as string | undefined
    if (out.svg !== undefined && plot !== '-') writeChart(plot!, out.svg, io.cwd)
    const write = (text: string) => run.out.write(text)
    for (const w of out.warnings ?? []) run.err.write(`mecha: warning: ${w}\n`)
    // An answer for people: wrapped to the terminal's width; piped or redirected, exactly as it is.
    const forPeople = (text: string) => (io.stdoutIsTTY ? fitToWidth(text, columnsFor(io, 'stdout')) : text)
    if (plot === '-') write(out.svg!)
    else if (g.csv) write(out.csv!)
    else if (g.json) write(JSON.stringify(out.json!, null, io.stdoutIsTTY ? 2 : undefined) + '\n')
    else write(forPeople(out.text + (plot ? `\n${style.dim(`Chart written to ${plot}`)}` : '')) + '\n')
  })
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
  registerExamples(program, run)
  registerGame(program, run)
  registerWeb(program, run)
  return program
}
