import { once } from 'node:events'
import { createReadStream, statSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { InputError } from '../core/errors.js'
import { editDistance } from '../core/nearest.js'
import { parseRolls } from '../core/physical.js'
import { QUOTE_CHARS, oneLine, quoteValue } from '../core/text.js'
import { checkSeed, freshSeed } from '../core/seeded.js'
import {
  renderBatchSummary,
  renderProgress,
  clearProgress,
  type BatchSummary,
} from '../render/batch-summary.js'
import type { Roster } from '../rules/stellar/roster.js'
import { commandNames, loadAllSpecs, loadedSpec } from '../commands/registry.js'
import { answerRequest, plainRequest } from '../runtime/request.js'
import { type Globals, type RunEnv, type RunOutput, quietEnv } from '../runtime/run.js'
import { type CommandSpec, type OptionSpec, camelKey, flagsAsKeys, show } from '../runtime/spec.js'
import { unitWordsOf } from '../runtime/unit-words.js'
import type { RosterPlace } from './units.js'
import { WriteFailed } from './write-file.js'

/**
 * `mecha batch [file]`: JSON lines in, JSON lines out.
 *
 * Every line goes through the same path as a single command (request.ts: plainRequest, or
 * namedRequest for units by name, then answerRequest), with the
 * non-interactive choice context: a missing choice is always `auto`, nothing prompts. Its answer
 * is JSON.stringify of the `--json` object with "line" first. Input is read chunk by chunk and
 * each chunk's answers are written before the next chunk is read, so `tail -f log | mecha batch`
 * answers each line as it arrives and memory stays flat (nothing is kept between lines but the
 * summary counters). SIGINT or SIGTERM stops the run after the line being resolved: the output
 * ends with a whole line, and the exit code is 130 or 143. Many cores: split the input with GNU
 * parallel (`parallel --pipe -k mecha batch`).
 *
 * Readings (also in docs/batch.md):
 * - A blank (or whitespace-only) line is skipped: no output, but it still counts for the line
 *   numbers, so `"line"` always matches what an editor shows.
 * - `"seed"` on a line wins; else with `--seed S` the line's seed is `S:<line>`; else a fresh
 *   random seed. The seed used is in the output, so `mecha <command> … --seed <it>` replays it.
 *   A command that rolls no dice takes no "seed" or "rolls", as it takes no --seed or --rolls.
 * - A line may also say `"odds": true|false`, overriding `--odds` for that line.
 * - Lines longer than MAX_LINE_CHARS are answered with an error (their text is not kept), so a
 *   runaway producer cannot exhaust memory; so are values nested deeper than MAX_DEPTH.
 * - Error messages quote at most ~60 characters of any value (QUOTE_CHARS).
 */

/** Longest line accepted, in characters (a real request is a few hundred). */
export const MAX_LINE_CHARS = 16 * 1024 * 1024

/** Deepest nesting accepted: the line's object, a list (a repeatable option, "rolls"), and room. */
const MAX_DEPTH = 8

/** Answers are written when this many characters are waiting, and at the end of every chunk. */
const FLUSH_CHARS = 64 * 1024

/** Keys every line may use besides its command's options and arguments. */
const LINE_KEYS = new Set(['command', 'seed', 'rolls', 'odds'])
/** Odds outputs of one command at a time (a chart, CSV, options compared), refused by name in a line. */
const ONE_COMMAND_ONLY = new Set(['plot', 'csv', 'compare'])

/** Line keys only a command that rolls dice takes (as only it has --seed and --rolls). */
const DICE_KEYS = ['seed', 'rolls']

/** Exit codes after a signal: 128 + its number. */
const SIGNAL_EXIT: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143 }

export interface BatchOptions {
  /** A file path; undefined or '-' for stdin. */
  file?: string
  seed?: string
  odds: boolean
  summary: boolean
  summaryJson: boolean
  color: boolean
  progress: boolean
  /** `--roster` files, for lines that name units ("attacker", "defender", "unit"). */
  roster?: string[]
  /** `--game FILE`: lines by unit names play in this game (docs/batch.md, docs/game.md). */
  game?: string
}

/** Where batch reads and writes (the process's streams, or test doubles). */
export interface BatchIO {
  stdin: Readable & { isTTY?: boolean }
  stdout: Writable
  stderr: Writable & { isTTY?: boolean; columns?: number }
  /** Whether stdout is a terminal (no progress bar then: it would tangle with the answers). */
  stdoutIsTTY: boolean
  env: Record<string, string | undefined>
  /** The directory a file or roster path is relative to (default: the process's). */
  cwd?: string
}

/**
 * Exit codes: 0 every line resolved, 2 some line was bad, 1 some line hit a bug or could not be
 * written to its game (said in one line), 130/143 stopped by a signal.
 */
export async function runBatch(opts: BatchOptions, io: BatchIO): Promise<number> {
  if (opts.seed !== undefined && opts.seed.trim() === '') {
    throw new InputError(
      'bad-seed',
      "--seed: give some text to derive each line's seed from, e.g. --seed league-7",
    )
  }
  if (opts.seed !== undefined) checkSeed(opts.seed)
  // Lines may name any command: load every spec once, before the first line.
  await loadAllSpecs()
  const fromStdin = opts.file === undefined || opts.file === '-'
  let size: number | undefined
  if (fromStdin) {
    if (io.stdin.isTTY) {
      throw new InputError(
        'tty-stdin',
        'batch: give a file or pipe JSON lines in, e.g. mecha batch attacks.jsonl or cat attacks.jsonl | mecha batch',
      )
    }
  } else {
    size = fileSize(opts.file!, io.cwd)
  }
  const input: Readable = fromStdin
    ? io.stdin
    : createReadStream(resolve(io.cwd ?? '', opts.file!), { highWaterMark: 64 * 1024 })
  input.setEncoding('utf8')

  const batch = new Batch(opts, io.stdout, { cwd: io.cwd, env: io.env })
  // A game that cannot be played (missing, a FIFO, a device, unreadable, a bad log) is said
  // once, before the first line, in one line (a FIFO is never waited on).
  if (opts.game !== undefined) await batch.openGame()
  const progress =
    opts.progress && Boolean(io.stderr.isTTY) && !io.stdoutIsTTY ? new Progress(io.stderr, size) : undefined
  // A first signal stops the run after the current line (or at once while waiting for input: the
  // input is closed, a line being resolved still answers); a second (a line that takes long)
  // ends it at once.
  const onSignal = (signal: NodeJS.Signals) => {
    if (batch.stoppedBy === undefined) {
      batch.stoppedBy = signal
      input.destroy()
    } else {
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal)
      process.kill(process.pid, signal)
    }
  }
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal)
  try {
    await batch.run(input, progress)
  } catch (e) {
    progress?.clear()
    // The input closed by a signal: the run stops as the signal asked.
    if (batch.stoppedBy !== undefined && !(e instanceof InputError)) return SIGNAL_EXIT[batch.stoppedBy] ?? 1
    if ((e as NodeJS.ErrnoException)?.code !== undefined && !(e instanceof InputError)) {
      throw new InputError(
        'read-failed',
        `batch: cannot read ${fromStdin ? 'stdin' : JSON.stringify(opts.file)}: ${(e as Error).message}`,
      )
    }
    throw e
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal)
  }
  progress?.clear()
  if (batch.stoppedBy !== undefined) return SIGNAL_EXIT[batch.stoppedBy] ?? 1

  const summary = batch.summary()
  if (opts.summaryJson) await batch.write(JSON.stringify({ summary }) + '\n')
  else if (opts.summary) {
    const { colorLevel, makeStyle } = await import('../render/color.js')
    const color = colorLevel('stderr', opts.color, io.env)
    io.stderr.write(renderBatchSummary(summary, makeStyle(color), io.stderr.columns ?? 80) + '\n')
  }
  if (batch.firstBug)
    io.stderr.write(
      `mecha: internal error on line ${batch.firstBug.line} (this is a bug, please report it)\n${batch.firstBug.stack}\n`,
    )
  else if (batch.firstWriteFailure)
    io.stderr.write(
      `mecha: line ${batch.firstWriteFailure.line}: ${oneLine(batch.firstWriteFailure.message)}\n`,
    )
  return batch.firstBug || batch.firstWriteFailure ? 1 : summary.errors > 0 ? 2 : 0
}

function fileSize(file: string, cwd = ''): number {
  let st
  try {
    st = statSync(resolve(cwd, file))
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (e as Error).message
    throw new InputError(
      'bad-file',
      `batch: cannot read ${JSON.stringify(file)}: ${why}; give a JSON-lines file, or - for stdin`,
    )
  }
  if (st.isDirectory())
    throw new InputError(
      'bad-file',
      `batch: ${JSON.stringify(file)} is a directory; give a JSON-lines file, or - for stdin`,
    )
  return st.size
}

// ---------------------------------------------------------------------------------------------
// One command's table of accepted keys, built once per command name.

interface SpecEntry {
  spec: CommandSpec
  /** camelCase option key → option. A Map, so keys like `__proto__` are only ever data. */
  options: Map<string, OptionSpec>
  args: Set<string>
  /** Flag spellings in error messages → the JSON keys a batch line uses. */
  flagToKey: Map<string, string>
}

const entries = new Map<string, SpecEntry | null>()

function specEntry(name: string): SpecEntry | null {
  let e = entries.get(name)
  if (e !== undefined) return e
  const spec = loadedSpec(name)
  if (!spec) e = null
  else {
    const options = new Map(spec.options.map((o) => [camelKey(o.flag), o] as const))
    const flagToKey = new Map(spec.options.map((o) => [`--${o.flag}`, `"${camelKey(o.flag)}"`] as const))
    for (const k of ['seed', 'rolls', 'odds']) flagToKey.set(`--${k}`, `"${k}"`)
    e = { spec, options, args: new Set((spec.args ?? []).map((a) => a.name)), flagToKey }
  }
  // Unknown names are remembered too, but only a bounded number of them.
  if (e !== null || entries.size < 1000) entries.set(name, e)
  return e
}
/** A close spelling among `candidates` (case, dashes or one or two typos), for "did you mean". */
function suggest(word: string, candidates: Iterable<string>): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[-_\s]/g, '')
  const w = norm(word)
  let best: string | undefined
  let bestD = 3
  for (const c of candidates) {
    const d = c.length > 40 || w.length > 40 ? 99 : editDistance(w, norm(c))
    if (d < bestD) {
      best = c
      bestD = d
    }
  }
  return bestD <= Math.max(1, Math.min(2, Math.floor(w.length / 3))) ? best : undefined
}

// ---------------------------------------------------------------------------------------------
// The run

/** One line's problem: the message and a stable code for scripts. */
class LineError {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}
}

/** One summary field's statistics (booleans: `trues` of `n`). */
interface FieldStat {
  n: number
  sum: number
  min: number
  max: number
  trues: number
  kind: 'number' | 'boolean'
}

interface CommandStats {
  resolved: number
  errors: number
  fields: Map<string, FieldStat>
}

/** Fields that identify a line rather than describe its outcome: left out of the statistics. */
const NOT_STATS = new Set(['line', 'seed', 'command'])

class Batch {
  private readonly env: RunEnv = quietEnv
  private pending = ''
  private lineNo = 0
  private blank = 0
  private resolved = 0
  private errors = 0
  private readonly errorCodes = new Map<string, number>()
  private readonly commands = new Map<string, CommandStats>()
  private readonly started = performance.now()
  firstBug?: { line: number; stack: string }
  /** The first line whose game could not be read or written (a full disk, permissions): exit 1. */
  firstWriteFailure?: { line: number; message: string }
  /** Set by a signal: no line is started after it. */
  stoppedBy?: NodeJS.Signals
  // A line still arriving across chunks (in parts, so a long line is not copied once per chunk).
  private parts: string[] = []
  private partsLength = 0
  private overlong = false

  constructor(
    private readonly opts: BatchOptions,
    private readonly out: Writable,
    private readonly place: RosterPlace,
  ) {}

  /** Read, resolve and write every line, until the input ends or a signal stops the run. */
  async run(input: Readable, progress?: Progress): Promise<void> {
    let first = true
    for await (const chunk of input as AsyncIterable<string>) {
      let text = chunk
      if (first) {
        first = false
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1) // a byte-order mark from some editors
      }
      await this.lines(text)
      // Chunks read in one go are handed over one after the other before Node looks at its
      // signals: without a turn of the event loop here, a signal waits seconds on a busy pipe.
      await new Promise((resolve) => setImmediate(resolve))
      if (this.stoppedBy !== undefined) return
      progress?.update(this.lineNo, (input as { bytesRead?: number }).bytesRead)
    }
    // The last line may lack its newline.
    if (this.overlong || this.partsLength > 0) {
      const waiting = this.line(this.finishLine(''))
      if (waiting) await waiting
    }
    await this.flush()
  }

  /** This chunk's lines, answered in order. */
  private async lines(text: string): Promise<void> {
    let start = 0
    for (;;) {
      const nl = text.indexOf('\n', start)
      if (nl === -1) break
      const piece = text.slice(start, nl)
      const waiting = this.line(this.overlong || this.partsLength > 0 ? this.finishLine(piece) : piece)
      if (waiting) await waiting
      start = nl + 1
      if (this.pending.length >= FLUSH_CHARS) await this.flush()
      if (this.stoppedBy !== undefined) return this.flush()
    }
    this.keep(text, start)
    await this.flush()
  }

  /** The end of a line begun in an earlier chunk: the whole line, or null if it is too long. */
  private finishLine(tail: string): string | null {
    if (this.overlong) {
      this.overlong = false
      return null
    }
    this.parts.push(tail)
    const line = this.parts.join('')
    this.parts = []
    this.partsLength = 0
    return line.length > MAX_LINE_CHARS ? null : line
  }

  /** Keep text from `start` on: the beginning of a line that ends in a later chunk. */
  private keep(text: string, start: number): void {
    if (start >= text.length || this.overlong) return
    const rest = start === 0 ? text : text.slice(start)
    this.partsLength += rest.length
    if (this.partsLength > MAX_LINE_CHARS) {
      this.overlong = true
      this.parts = []
      this.partsLength = 0
    } else this.parts.push(rest)
  }

  /**
   * Resolve one input line (null: too long to keep) and queue its answer. Synchronous (no
   * Promise) unless the line's command had to wait for something, which no choice does here.
   */
  private line(text: string | null): void | Promise<void> {
    const n = ++this.lineNo
    if (text !== null) {
      if (text.length > 0 && text.charCodeAt(text.length - 1) === 13) text = text.slice(0, -1) // CRLF
      if (isBlank(text)) {
        this.blank++
        return
      }
    }
    let command: string | undefined
    try {
      if (text === null)
        throw new LineError(
          'line-too-long',
          `line is longer than ${MAX_LINE_CHARS} characters; each line holds one request`,
        )
      const req = parseLine(text)
      command = req.command as string
      const out = this.resolve(req, n)
      if (out instanceof Promise) {
        const name = command
        return out.then((o) => this.answer(n, name, o)).catch((e: unknown) => this.fail(n, name, e))
      }
      this.answer(n, command, out)
    } catch (e) {
      this.fail(n, command, e)
    }
  }

  /** A line's answer (a throw here, before anything is counted, makes it the line's error). */
  private answer(n: number, command: string, out: RunOutput): void {
    const text = JSON.stringify({ line: n, ...out.json }) + '\n'
    if (this.opts.summary || this.opts.summaryJson) this.count(command, out.json)
    this.resolved++
    this.pending += text
  }

  private fail(n: number, command: string | undefined, e: unknown): void {
    this.errors++
    let code = 'internal'
    let message: string
    try {
      if (e instanceof LineError || e instanceof InputError) {
        code = e.code
        message = oneLine(command !== undefined ? this.keyNames(command, e.message) : e.message)
      } else if (e instanceof WriteFailed) {
        code = 'write-failed'
        message = oneLine(e.message)
        this.firstWriteFailure ??= { line: n, message }
      } else {
        message = `internal error (this is a bug, please report it): ${oneLine(String((e as Error)?.message ?? e))}`
        this.firstBug ??= { line: n, stack: String((e as Error)?.stack ?? e) }
      }
      if (command !== undefined && specEntry(command)) this.stats(command).errors++
    } catch (inner) {
      // Saying what went wrong went wrong too: still this line's answer, and the run goes on.
      code = 'internal'
      message = 'internal error (this is a bug, please report it)'
      this.firstBug ??= { line: n, stack: String((inner as Error)?.stack ?? inner) }
    }
    this.errorCodes.set(code, (this.errorCodes.get(code) ?? 0) + 1)
    this.pending += JSON.stringify({ line: n, error: message, code }) + '\n'
  }

  /** Check a parsed line against its command's options, then resolve it as the single command would. */
  private resolve(req: Record<string, unknown>, n: number): RunOutput | Promise<RunOutput> {
    const name = req.command as string
    const entry = specEntry(name)
    if (!entry) {
      const near = suggest(name, commandNames())
      throw new LineError(
        'unknown-command',
        `"command": ${brief(name)} is not a command${near ? `; did you mean "${near}"?` : `; see 'mecha --help' for the commands (in a group: "wargroup shoot")`}`,
      )
    }
    // Units by name (unit-words.ts): the line's "attacker" and "defender", or "unit".
    const unitKeys = (unitWordsOf(name) ?? []).map((w) => w.key as string)
    const byName = unitKeys.some((k) => req[k] !== undefined) || unitWordsOf(name)?.[0].optional === true
    // Anything but the command's options and arguments and the line keys is a mistake worth naming.
    for (const key of Object.keys(req)) {
      if (LINE_KEYS.has(key)) continue
      if (byName && unitKeys.includes(key)) continue
      const opt = entry.options.get(key)
      if (opt || entry.args.has(key)) {
        oneValueEach(key, req[key], opt?.repeatable === true, name)
        continue
      }
      if (ONE_COMMAND_ONLY.has(key))
        throw new LineError(
          'bad-usage',
          // No flag of the command in the words: batch's messages name flags by their JSON keys.
          `"${key}" is not in batch, which answers JSON lines; ask one command for it (mecha ${name} with its odds and --${key})`,
        )
      const near = suggest(key, [...entry.options.keys(), ...entry.args, ...LINE_KEYS])
      throw new LineError(
        'unknown-key',
        `${brief(key)} is not an option of ${name}${near ? `; did you mean "${near}"?` : ''} (see mecha ${name} --help)`,
      )
    }
    if (entry.spec.diceOrder === undefined) {
      for (const key of DICE_KEYS) {
        if (req[key] !== undefined && req[key] !== null)
          throw new LineError(
            'unknown-key',
            `"${key}" is not an option of ${name}: it rolls no dice (see mecha ${name} --help)`,
          )
      }
    }
    const g: Globals = {
      seed: this.seedFor(req.seed, n),
      rolls: req.rolls === undefined || req.rolls === null ? undefined : lineRolls(req.rolls),
      json: true,
      odds: req.odds === undefined || req.odds === null ? this.opts.odds : lineOdds(req.odds),
      explain: false,
    }
    if (byName) return this.resolveByName(entry.spec, unitKeys, req, g)
    return answerRequest(entry.spec, plainRequest(entry.spec, req, 'json'), g, this.env)
  }

  /** The roster, read once per run (with the YAML parser) at the first line that names units. */
  private units: Promise<{ roster: Roster; named: typeof import('../runtime/by-name.js') }> | undefined

  /** A line naming its units: the roster's values, the line's own keys over them, and `inputs`. */
  private async resolveByName(
    spec: CommandSpec,
    unitKeys: string[],
    req: Record<string, unknown>,
    g: Globals,
  ): Promise<RunOutput> {
    // In a game (--game) the units are the game's: no roster is read.
    const units =
      this.opts.game === undefined
        ? await (this.units ??= Promise.all([import('../runtime/by-name.js'), import('./units.js')]).then(
            ([named, cli]) => ({
              named,
              roster: cli.requireRoster(this.opts.roster, 'batch', this.place),
            }),
          ))
        : undefined
    const given: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(req)) if (!LINE_KEYS.has(k) && !unitKeys.includes(k)) given[k] = v
    const refs = unitKeys.map((k) => req[k])
    // A repeatable last word (shoot's "defender") may list several units: one target each.
    const last = refs[refs.length - 1]
    if (Array.isArray(last) && last.length > 0 && unitWordsOf(spec.name)!.at(-1)!.repeatable)
      refs.splice(refs.length - 1, 1, ...last)
    const optional = unitWordsOf(spec.name)![0].optional === true
    if (Array.isArray(last) && last.length === 0 && optional) refs.pop()
    // An empty list where units must be named is as if none were (plan: "no attacks; …").
    else if (Array.isArray(last) && last.length === 0) refs[refs.length - 1] = undefined
    if (
      (typeof refs[0] !== 'string' && !(optional && refs[0] === undefined)) ||
      refs.some((r) => r !== undefined && typeof r !== 'string')
    )
      throw new LineError(
        'bad-value',
        unitKeys.length === 1
          ? `"${unitKeys[0]}" is a unit name, e.g. "${unitKeys[0]}": "dervish"`
          : unitKeys.includes('attacks')
            ? '"defender" is a unit name and "attacks" a list of them, e.g. "defender": "dervish", "attacks": ["argonaut:cannon"]'
            : '"attacker" and "defender" are unit names, e.g. "attacker": "argonaut:machine-gun"',
      )
    if (this.opts.game !== undefined) return this.playLine(spec, refs as Array<string | undefined>, given, g)
    const request = units!.named.namedRequest(
      spec,
      units!.roster,
      refs as Array<string | undefined>,
      given,
      'json',
    )
    return answerRequest(spec, request, g, this.env)
  }

  /** The game of `--game FILE`, read at the first line by names, then as this run's lines change it. */
  private game:
    Promise<{ play: import('./game-play.js').Play; mod: typeof import('./game-play.js') }> | undefined

  /** The game of `--game FILE`, read whole (before the first line). */
  async openGame(): Promise<void> {
    const mod = await import('./game-play.js')
    const play = mod.findPlay(this.opts.game, {
      cwd: this.place.cwd ?? process.cwd(),
      env: this.place.env ?? process.env,
    })!
    this.game = Promise.resolve({ mod, play })
  }

  /**
   * A line by unit names in the game: what others appended since the last line read first (two
   * players' terminals, another batch), then the line played, a roll appended (game-play.ts).
   */
  private async playLine(
    spec: CommandSpec,
    refs: Array<string | undefined>,
    given: Record<string, unknown>,
    g: Globals,
  ): Promise<RunOutput> {
    if (!this.game) await this.openGame()
    const game = await this.game!
    game.play = game.mod.playNow(game.play)
    const { out, play } = await game.mod.inGame.playLine(spec, refs, given, g, this.env, game.play)
    game.play = play
    return out
  }

  private seedFor(s: unknown, n: number): string {
    if (s === undefined || s === null)
      return this.opts.seed !== undefined ? `${this.opts.seed}:${n}` : freshSeed()
    if ((typeof s === 'string' && s.trim() !== '') || typeof s === 'number') {
      checkSeed(String(s), '"seed"')
      return String(s)
    }
    throw new LineError(
      'bad-seed',
      `"seed": ${brief(s)} is not a seed; give some text, e.g. "seed": "table1"`,
    )
  }

  /** Messages from the shared runner name flags (`--arm-sv`); a batch line names keys (`"armSv"`). */
  private keyNames(command: string, message: string): string {
    const entry = specEntry(command)
    if (!entry) return message
    return flagsAsKeys(message, entry.flagToKey)
  }

  private stats(command: string): CommandStats {
    let s = this.commands.get(command)
    if (!s) {
      s = { resolved: 0, errors: 0, fields: new Map() }
      this.commands.set(command, s)
    }
    return s
  }

  /** Summary counters: every top-level number and boolean, and the expected values of --odds. */
  private count(command: string, json: Record<string, unknown>): void {
    const s = this.stats(command)
    s.resolved++
    for (const key of Object.keys(json)) {
      if (NOT_STATS.has(key)) continue
      const v = json[key]
      if (typeof v === 'number' || typeof v === 'boolean') addStat(s.fields, key, v)
      else if (key === 'odds' && v !== null && typeof v === 'object') {
        const expected = (v as Record<string, unknown>).expected
        if (expected !== null && typeof expected === 'object') {
          for (const [k, x] of Object.entries(expected))
            if (typeof x === 'number') addStat(s.fields, `expected.${k}`, x)
        }
      }
    }
  }

  summary(): BatchSummary {
    const commands: BatchSummary['commands'] = {}
    for (const [name, s] of this.commands) {
      const fields: BatchSummary['commands'][string]['fields'] = {}
      for (const [k, f] of s.fields) {
        fields[k] =
          f.kind === 'boolean' ? { rate: f.trues / f.n } : { mean: f.sum / f.n, min: f.min, max: f.max }
      }
      commands[name] = { resolved: s.resolved, errors: s.errors, fields }
    }
    const seconds = (performance.now() - this.started) / 1000
    return {
      lines: this.lineNo,
      blank: this.blank,
      resolved: this.resolved,
      errors: this.errors,
      errorCodes: Object.fromEntries(this.errorCodes),
      commands,
      seconds,
    }
  }

  async flush(): Promise<void> {
    if (this.pending === '') return
    const text = this.pending
    this.pending = ''
    await this.write(text)
  }

  /** Write, waiting for the consumer when it is slower than we are (flat memory). */
  async write(text: string): Promise<void> {
    if (!this.out.write(text)) await once(this.out, 'drain')
  }
}

function addStat(fields: Map<string, FieldStat>, key: string, v: number | boolean): void {
  let f = fields.get(key)
  if (!f) {
    f = {
      n: 0,
      sum: 0,
      min: Infinity,
      max: -Infinity,
      trues: 0,
      kind: typeof v === 'boolean' ? 'boolean' : 'number',
    }
    fields.set(key, f)
  }
  if (typeof v === 'boolean') {
    if (f.kind !== 'boolean') return
    f.n++
    if (v) f.trues++
    return
  }
  if (f.kind !== 'number') return
  f.n++
  f.sum += v
  if (v < f.min) f.min = v
  if (v > f.max) f.max = v
}

/**
 * A value for a message, said as what it is: text and numbers as JSON, a list or an object named
 * so, and at most QUOTE_CHARS of it. (Only called on values shapeProblem let through: JSON.stringify
 * cannot overflow the stack on them, and every number in them is finite.)
 */
function brief(v: unknown): string {
  if (typeof v === 'string') return quoteValue(v)
  if (v !== null && typeof v === 'object')
    return `${Array.isArray(v) ? 'a list' : 'an object'} ${cut(JSON.stringify(v))}`
  return cut(show(v))
}

/**
 * At most QUOTE_CHARS of a value's JSON, a quote cut open closed again: oneLine reads a message's
 * quoted values up to their closing quote, and an open one ran on to the next quote of the
 * message, cutting the words between (a long unknown command lost its "see 'mecha --help'").
 */
function cut(text: string): string {
  if (text.length <= QUOTE_CHARS) return text
  const head = text.slice(0, QUOTE_CHARS - 3)
  let open = false
  for (let i = 0; i < head.length; i++)
    if (head[i] === '\\') i++
    else if (head[i] === '"') open = !open
  return `${head}...${open ? '"' : ''}`
}

/**
 * An option or argument takes one value (text, a number, true/false), or a list of them when it
 * may be repeated; parseValues would say an object is "not a whole number", so it is named here.
 */
function oneValueEach(key: string, v: unknown, repeatable: boolean, command: string): void {
  const items = repeatable && Array.isArray(v) ? v : [v]
  for (const item of items) {
    if (item !== null && typeof item === 'object') {
      throw new LineError(
        'bad-value',
        `"${key}": got ${Array.isArray(item) ? 'a list' : 'an object'} (${cut(JSON.stringify(item))}); give one value (see mecha ${command} --help)`,
      )
    }
  }
}

/**
 * What no request can be and no message should print raw: values nested deeper than MAX_DEPTH
 * (JSON.parse takes 5,000 levels; printing them would overflow the stack), and numbers past
 * JSON's range (1e400 parses as Infinity, and would print as null). The walk stops at MAX_DEPTH.
 */
function shapeProblem(v: unknown, key: string | undefined, depth: number): LineError | undefined {
  if (typeof v === 'number') {
    if (Number.isFinite(v)) return undefined
    return new LineError(
      'bad-value',
      `${key === undefined ? 'a number' : `"${key}"`}: a number too large for JSON (it overflows); give a value in range`,
    )
  }
  if (v === null || typeof v !== 'object') return undefined
  if (depth >= MAX_DEPTH) {
    return new LineError(
      'too-deep',
      `nested more than ${MAX_DEPTH} levels deep; each line is one flat object, e.g. {"command":"shoot","acc":9,"shots":5,"dmg":300}`,
    )
  }
  const top = depth === 0 && !Array.isArray(v)
  for (const k of Object.keys(v)) {
    const problem = shapeProblem((v as Record<string, unknown>)[k], top ? k : key, depth + 1)
    if (problem) return problem
  }
  return undefined
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c !== 32 && c !== 9 && c !== 13 && c !== 0xfeff) return false
  }
  return true
}

function parseLine(text: string): Record<string, unknown> {
  let req: unknown
  try {
    req = JSON.parse(text)
  } catch (e) {
    throw new LineError(
      'bad-json',
      `not valid JSON (${(e as Error).message}); each line must be one object, e.g. {"command":"shoot","acc":9,"shots":5,"dmg":300}`,
    )
  }
  const problem = shapeProblem(req, undefined, 0)
  if (problem) throw problem
  if (req === null || typeof req !== 'object' || Array.isArray(req)) {
    throw new LineError(
      'not-an-object',
      `expected a JSON object, got ${brief(req)}; e.g. {"command":"shoot","acc":9,"shots":5,"dmg":300}`,
    )
  }
  // JSON.parse makes "__proto__" an own data key, never a prototype; only own keys are read.
  const command = Object.prototype.hasOwnProperty.call(req, 'command')
    ? (req as Record<string, unknown>).command
    : undefined
  if (typeof command !== 'string' || command.trim() === '') {
    throw new LineError(
      'missing-command',
      `"command" is missing; give the command to resolve, e.g. "command": "shoot" or "command": "wargroup shoot"`,
    )
  }
  return req as Record<string, unknown>
}

function lineRolls(v: unknown): number[] {
  if (typeof v === 'string') return parseRolls(v, '"rolls"')
  if (Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isInteger(x))) return v as number[]
  throw new LineError(
    'bad-roll',
    `"rolls": ${brief(v)} is not a list of dice; give whole numbers, e.g. "rolls": [1,1,4,5]`,
  )
}

function lineOdds(v: unknown): boolean {
  if (typeof v === 'boolean') return v
  throw new LineError('bad-value', `"odds": expected true or false, got ${brief(v)}`)
}

// ---------------------------------------------------------------------------------------------
// Progress on stderr (a terminal only; the answers go to a file or a pipe)

/** Show progress only for runs longer than this, and redraw at most this often (ms). */
const PROGRESS_AFTER_MS = 1000
const PROGRESS_EVERY_MS = 100

class Progress {
  private readonly started = performance.now()
  private last = 0
  private shown = false

  constructor(
    private readonly err: Writable & { columns?: number },
    private readonly totalBytes?: number,
  ) {}

  update(lines: number, bytes?: number): void {
    const now = performance.now()
    if (now - this.started < PROGRESS_AFTER_MS || now - this.last < PROGRESS_EVERY_MS) return
    this.last = now
    this.shown = true
    this.err.write(
      renderProgress({
        lines,
        bytes,
        totalBytes: this.totalBytes,
        seconds: (now - this.started) / 1000,
        width: this.err.columns ?? 80,
      }),
    )
  }

  clear(): void {
    if (this.shown) this.err.write(clearProgress())
    this.shown = false
  }
}
