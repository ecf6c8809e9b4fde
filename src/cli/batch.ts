import { once } from 'node:events'
import { createReadStream, statSync } from 'node:fs'
import type { Readable, Writable } from 'node:stream'
import { InputError } from '../core/errors.js'
import { parentPort, workerData } from 'node:worker_threads'
import { type BatchDelta, type FieldStatData, type Job, type WorkerOptions, Pool } from './batch-pool.js'
import { WORKER_FLAG, getWorkerScript } from './worker-script.js'
import { parseRolls } from '../core/physical.js'
import { freshSeed } from '../core/seeded.js'
import { renderBatchSummary, renderProgress, clearProgress, type BatchSummary } from '../render/batch-summary.js'
import { colorLevel, makeStyle } from '../render/style.js'
import { commandNames, loadAllSpecs, loadedSpec } from './registry.js'
import { type Globals, type RunEnv, type RunOutput, quietChoices, runSpec } from './run.js'
import { type CommandSpec, type OptionSpec, type Values, camelKey, parseValues, parseValuesInto, show } from './spec.js'

/**
 * `mecha batch [file]`: JSON lines in, JSON lines out.
 *
 * Every line goes through the same path as a single command (parseValues → runSpec), with the
 * non-interactive choice context: a missing choice is always `auto`, nothing prompts. A line
 * alike an earlier one but for its seed reuses that line's checked options (see seedCut), and
 * with --jobs, blocks of lines go to worker threads running this same code (batch-pool.ts).
 * Input is read chunk by chunk and each chunk's answers are written before the next chunk is
 * read, so `tail -f log | mecha batch` answers each line as it arrives and memory stays flat
 * (nothing is kept between lines but the summary counters).
 *
 * Readings (also in docs/batch.md):
 * - A blank (or whitespace-only) line is skipped: no output, but it still counts for the line
 *   numbers, so `"line"` always matches what an editor shows.
 * - `"seed"` on a line wins; else with `--seed S` the line's seed is `S:<line>`; else a fresh
 *   random seed. The seed used is in the output, so `mecha <command> … --seed <it>` replays it.
 * - A line may also say `"odds": true|false`, overriding `--odds` for that line.
 * - Lines longer than MAX_LINE_CHARS are answered with an error (their text is not kept), so a
 *   runaway producer cannot exhaust memory.
 */

/** Longest line accepted, in characters (a real request is a few hundred). */
export const MAX_LINE_CHARS = 16 * 1024 * 1024

/** Answers are written when this many characters are waiting, and at the end of every chunk. */
const FLUSH_CHARS = 64 * 1024

/** Keys every line may use besides its command's options and arguments. */
const LINE_KEYS = new Set(['command', 'seed', 'rolls', 'odds'])

export interface BatchOptions {
  /** A file path; undefined or '-' for stdin. */
  file?: string
  seed?: string
  odds: boolean
  summary: boolean
  summaryJson: boolean
  color: boolean
  progress: boolean
  /** Threads resolving lines (--jobs); 1 or undefined: this one only. Workers need bin/mecha.js. */
  jobs?: number
}

interface Parallel {
  script: string
  workers: number
  /** Characters of input read before the workers start. */
  after: number
}

/** With --jobs, worker threads start once this much input has been read (~900 lines). */
const PARALLEL_AFTER = 128 * 1024

/** Where batch reads and writes (the process's streams, or test doubles). */
export interface BatchIO {
  stdin: Readable & { isTTY?: boolean }
  stdout: Writable
  stderr: Writable & { isTTY?: boolean; columns?: number }
  /** Whether stdout is a terminal (no progress bar then: it would tangle with the answers). */
  stdoutIsTTY: boolean
  env: Record<string, string | undefined>
}

/** Exit codes: 0 every line resolved, 2 some line was bad, 1 some line hit a bug. */
export async function runBatch(opts: BatchOptions, io: BatchIO): Promise<number> {
  if (opts.seed !== undefined && opts.seed.trim() === '') {
    throw new InputError('bad-seed', '--seed: give some text to derive each line\'s seed from, e.g. --seed league-7')
  }
  // Lines may name any command: load every spec once, before the first line.
  await loadAllSpecs()
  const fromStdin = opts.file === undefined || opts.file === '-'
  let size: number | undefined
  if (fromStdin) {
    if (io.stdin.isTTY) {
      throw new InputError('tty-stdin', 'batch: give a file or pipe JSON lines in, e.g. mecha batch attacks.jsonl or cat attacks.jsonl | mecha batch')
    }
  } else {
    size = fileSize(opts.file!)
  }
  const input: Readable = fromStdin ? io.stdin : createReadStream(opts.file!, { highWaterMark: 64 * 1024 })
  input.setEncoding('utf8')

  const batch = new Batch(opts, io.stdout)
  const progress = opts.progress && Boolean(io.stderr.isTTY) && !io.stdoutIsTTY ? new Progress(io.stderr, size) : undefined
  try {
    await batch.run(input, progress, parallelism(opts))
  } catch (e) {
    progress?.clear()
    if ((e as NodeJS.ErrnoException)?.code !== undefined && !(e instanceof InputError)) {
      throw new InputError('read-failed', `batch: cannot read ${fromStdin ? 'stdin' : JSON.stringify(opts.file)}: ${(e as Error).message}`)
    }
    throw e
  }
  progress?.clear()

  const summary = batch.summary()
  if (opts.summaryJson) await batch.write(JSON.stringify({ summary }) + '\n')
  else if (opts.summary) {
    const color = colorLevel('stderr', opts.color, io.env)
    io.stderr.write(renderBatchSummary(summary, makeStyle(color), io.stderr.columns ?? 80) + '\n')
  }
  if (batch.firstBug) io.stderr.write(`mecha: internal error on line ${batch.firstBug.line} (this is a bug, please report it)\n${batch.firstBug.stack}\n`)
  return batch.firstBug ? 1 : summary.errors > 0 ? 2 : 0
}

/**
 * Worker threads only when asked for (--jobs N): on this project's shared 2-core machines they
 * gain little (500,000 lines: 3.5-4.6 s -> 3.1-4.0 s, at 30-50% more CPU), and a machine busy
 * with other work can be slower with them. They start once the input has proved long.
 */
function parallelism(opts: BatchOptions): Parallel | undefined {
  const script = getWorkerScript()
  if (opts.jobs === undefined || opts.jobs < 2 || script === undefined) return undefined
  return { script, workers: opts.jobs, after: PARALLEL_AFTER }
}

function fileSize(file: string): number {
  let st
  try {
    st = statSync(file)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (e as Error).message
    throw new InputError('bad-file', `batch: cannot read ${JSON.stringify(file)}: ${why}; give a JSON-lines file, or - for stdin`)
  }
  if (st.isDirectory()) throw new InputError('bad-file', `batch: ${JSON.stringify(file)} is a directory; give a JSON-lines file, or - for stdin`)
  return st.size
}

// ---------------------------------------------------------------------------------------------
// One command's table of accepted keys, built once per command name.

interface SpecEntry {
  spec: CommandSpec
  /** camelCase option key → option. A Map, so keys like `__proto__` are only ever data. */
  options: Map<string, OptionSpec>
  args: Set<string>
  /**
   * The options with their flag spelled as the JSON key. In 'json' mode parseValues only uses a
   * flag through camelKey (an identity on these), so it behaves the same, without a regex per
   * option per line.
   */
  jsonOptions: Map<string, OptionSpec>
  /**
   * parseValues with no keys given (every option's default, what a line leaving it out gets), as
   * an object V8 keeps in fast mode, so the per-line copy is cheap (see valuesFor).
   */
  defaults: Values
  /** The spec narrowed to the options the previous line gave (lines tend to repeat their keys). */
  narrow?: { given: OptionSpec[]; spec: CommandSpec }
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
    const jsonOptions = new Map(spec.options.map((o) => [camelKey(o.flag), { ...o, flag: camelKey(o.flag) }] as const))
    const flagToKey = new Map(spec.options.map((o) => [`--${o.flag}`, `"${camelKey(o.flag)}"`] as const))
    for (const k of ['seed', 'rolls', 'odds']) flagToKey.set(`--${k}`, `"${k}"`)
    e = { spec, options, jsonOptions, args: new Set((spec.args ?? []).map((a) => a.name)), defaults: fastCopy(parseValues(spec, {}, 'json')), flagToKey }
  }
  // Unknown names are remembered too, but only a bounded number of them.
  if (e !== null || entries.size < 1000) entries.set(name, e)
  return e
}

/** The command with only the options a line gives, for parseValues. */
function narrowSpec(entry: SpecEntry, given: OptionSpec[]): CommandSpec {
  const prev = entry.narrow
  if (prev && prev.given.length === given.length && prev.given.every((o, i) => o === given[i])) return prev.spec
  const spec = { ...entry.spec, options: given }
  entry.narrow = { given, spec }
  return spec
}

/**
 * A copy of `values` in V8's fast mode. parseValues adds keys one by one under computed names, and
 * past a dozen such keys V8 switches an object to a slow dictionary; an object made by JSON.parse
 * has named properties from the start, and a spread of it stays fast.
 */
function fastCopy(values: Values): Values {
  const keys = Object.keys(values)
  const out = JSON.parse(JSON.stringify(Object.fromEntries(keys.map((k) => [k, 0])))) as Values
  for (const k of keys) out[k] = values[k]
  return out
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

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = cur
  }
  return prev[b.length]
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

/** One field's statistics (booleans: `trues` of `n`). */
type FieldStat = FieldStatData

interface CommandStats {
  resolved: number
  errors: number
  fields: Map<string, FieldStat>
}

/** A line checked against its command: all of it but the seed and the line number. */
interface Prepared {
  name: string
  spec: CommandSpec
  values: Values
  rolls?: number[]
  odds: boolean
}

/** Checked requests remembered (distinct texts; a batch rarely has more parameter sets). */
const PREPARED_LIMIT = 256

/**
 * Where a line's "seed" string is (its characters, start to end): when two lines are the same
 * text but for those characters, they are the same request but for the seed. Only a plain case
 * is cut: exactly one `"seed":"`, and no backslash or control character before the closing
 * quote. Two lines with the same rest share every character up to the seed's opening quote, so a
 * JSON parser is in the same state there in both; if parsing the first put its seed string
 * exactly there (the caller checks), the second's seed is there too, and everything after it is
 * the same. A line without a seed string is cut at its end (the same text: the same request).
 * Undefined: not a plain case.
 */
export function seedCut(text: string): { start: number; end: number } | undefined {
  const at = text.indexOf('"seed":"')
  if (at === -1) return { start: text.length, end: text.length }
  const start = at + 8
  const end = text.indexOf('"', start)
  if (end === -1 || text.indexOf('"seed":"', start) !== -1) return undefined
  // No escapes, and no control characters (JSON.parse refuses those raw: the line is bad).
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c === 92 || c < 32) return undefined
  }
  return { start, end }
}

/** The seed seedCut found: undefined for a line without one (cut at its end). */
function seedText(text: string, cut: { start: number; end: number }): string | undefined {
  return cut.start === text.length ? undefined : text.slice(cut.start, cut.end)
}

/** A block of answers waiting its turn to be written. */
interface Queued {
  text?: string
  delta?: BatchDelta
  done?: Promise<void>
}

/** Fields that identify a line rather than describe its outcome: left out of the statistics. */
const NOT_STATS = new Set(['line', 'seed', 'command'])

class Batch {
  private readonly env: RunEnv = {
    choice: quietChoices,
    render: { style: makeStyle(false), explain: false, width: 80 },
  }
  private pending = ''
  private lineNo = 0
  private blank = 0
  private resolved = 0
  private errors = 0
  private readonly errorCodes = new Map<string, number>()
  private readonly commands = new Map<string, CommandStats>()
  private readonly started = performance.now()
  firstBug?: { line: number; stack: string }
  // A line still arriving across chunks (in parts, so a long line is not copied once per chunk).
  private parts: string[] = []
  private partsLength = 0
  private overlong = false
  private pool?: Pool
  /** Pool mode: answers not written yet, in input order (text: ready). */
  private readonly queue: Queued[] = []
  /** Checked requests by their line's text without its seed (see line). */
  private readonly prepared = new Map<string, Prepared>()
  /** The last one used, with its text around the seed: a run of alike lines skips the hashing. */
  private last?: { prefix: string; suffix: string; prepared: Prepared }

  constructor(
    private readonly opts: BatchOptions,
    private readonly out: Writable,
  ) {}

  /**
   * Read, resolve and write every line. Lines are resolved here, one by one, until the input
   * proves long enough for `parallel`: then each chunk's complete lines go to a worker as one
   * block, and blocks are written in input order as they come back.
   */
  async run(input: Readable, progress?: Progress, parallel?: Parallel): Promise<void> {
    let first = true
    let read = 0
    try {
      for await (const chunk of input as AsyncIterable<string>) {
        let text = chunk
        if (first) {
          first = false
          if (text.charCodeAt(0) === 0xfeff) text = text.slice(1) // a byte-order mark from some editors
        }
        read += text.length
        if (!this.pool && parallel && read >= parallel.after) {
          this.pool = new Pool(parallel.script, parallel.workers, { seed: this.opts.seed, odds: this.opts.odds, summary: this.opts.summary, summaryJson: this.opts.summaryJson })
        }
        if (this.pool) await this.block(text)
        else await this.lines(text)
        progress?.update(this.lineNo, (input as { bytesRead?: number }).bytesRead)
      }
      // The last line may lack its newline.
      if (this.overlong || this.partsLength > 0) {
        const waiting = this.line(this.finishLine(''))
        if (waiting) await waiting
      }
      await this.drain(true)
    } finally {
      await this.pool?.close()
    }
  }

  /** This chunk's lines, resolved on this thread. */
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
    }
    this.keep(text, start)
    await this.flush()
  }

  /** This chunk's complete lines as one block for a worker (a line begun earlier ends here). */
  private async block(text: string): Promise<void> {
    const last = text.lastIndexOf('\n')
    let start = 0
    if (last !== -1 && (this.overlong || this.partsLength > 0)) {
      const nl = text.indexOf('\n')
      const waiting = this.line(this.finishLine(text.slice(0, nl)))
      if (waiting) await waiting
      start = nl + 1
    }
    if (last !== -1 && start <= last) {
      const body = start === 0 && last === text.length - 1 ? text : text.slice(start, last + 1)
      let n = 0
      for (let i = body.indexOf('\n'); i !== -1; i = body.indexOf('\n', i + 1)) n++
      this.queuePending()
      const entry: Queued = {}
      entry.done = this.pool!.run(this.lineNo + 1, body).then((r) => {
        entry.text = r.out
        entry.delta = r.delta
      })
      entry.done.catch(() => {}) // awaited in turn by drain; a failure is reported there, once
      this.lineNo += n
      this.queue.push(entry)
    }
    this.keep(text, last === -1 ? 0 : last + 1)
    await this.drain(false)
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

  /** Answers resolved on this thread join the queue, behind the blocks before them. */
  private queuePending(): void {
    if (this.pending === '') return
    this.queue.push({ text: this.pending })
    this.pending = ''
  }

  /** Write the answers that are ready, in order; wait while too many blocks are out (all: every one). */
  private async drain(all: boolean): Promise<void> {
    if (!this.pool) return this.flush()
    this.queuePending()
    const limit = all ? 0 : 2 * this.pool.size
    while (this.queue.length > 0) {
      const head = this.queue[0]
      if (head.text === undefined) {
        if (this.queue.length <= limit) break
        await head.done
      }
      this.queue.shift()
      if (head.delta) this.absorb(head.delta)
      if (head.text) await this.write(head.text)
    }
  }

  /** A worker's side: resolve one block of complete lines, numbered from firstLine. */
  async runBlock(job: Job): Promise<string> {
    this.lineNo = job.firstLine - 1
    const text = job.text
    let start = 0
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      const waiting = this.line(text.slice(start, nl))
      if (waiting) await waiting
      start = nl + 1
    }
    const out = this.pending
    this.pending = ''
    return out
  }

  /** A worker's side: the counts since the last call, for the main thread's summary. */
  takeDelta(): BatchDelta {
    const delta: BatchDelta = {
      blank: this.blank,
      resolved: this.resolved,
      errors: this.errors,
      errorCodes: [...this.errorCodes],
      commands: [...this.commands].map(([name, c]) => [name, { resolved: c.resolved, errors: c.errors, fields: [...c.fields] }]),
      firstBug: this.firstBug,
    }
    this.blank = this.resolved = this.errors = 0
    this.errorCodes.clear()
    this.commands.clear()
    this.firstBug = undefined
    return delta
  }

  /** The main thread's side: add a block's counts (blocks are absorbed in input order). */
  private absorb(d: BatchDelta): void {
    this.blank += d.blank
    this.resolved += d.resolved
    this.errors += d.errors
    for (const [code, n] of d.errorCodes) this.errorCodes.set(code, (this.errorCodes.get(code) ?? 0) + n)
    for (const [name, c] of d.commands) {
      const s = this.stats(name)
      s.resolved += c.resolved
      s.errors += c.errors
      for (const [key, f] of c.fields) mergeStat(s.fields, key, f)
    }
    this.firstBug ??= d.firstBug
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
      if (text === null) throw new LineError('line-too-long', `line is longer than ${MAX_LINE_CHARS} characters; each line holds one request`)
      // A script's lines often differ only in their seed (a balance study: one loadout, many
      // seeds): a line whose text is that of a line already checked, but for the characters of a
      // plain "seed" string, reuses that line's check instead of parsing it again (see seedCut).
      const cut = seedCut(text)
      let prepared: Prepared | undefined
      let seed: unknown
      if (cut) {
        const last = this.last
        if (last && cut.start === last.prefix.length && text.length - cut.end === last.suffix.length && text.startsWith(last.prefix) && text.endsWith(last.suffix)) {
          prepared = last.prepared
        } else {
          prepared = this.prepared.get(text.slice(0, cut.start) + text.slice(cut.end))
          if (prepared) this.last = { prefix: text.slice(0, cut.start), suffix: text.slice(cut.end), prepared }
        }
        if (prepared) seed = seedText(text, cut)
      }
      if (!prepared) {
        const req = parseLine(text)
        command = req.command as string
        prepared = this.prepare(req)
        seed = req.seed
        // Remembered only when the parse put the seed exactly where the cut found it.
        if (cut && req.seed === seedText(text, cut)) {
          if (this.prepared.size >= PREPARED_LIMIT) this.prepared.clear()
          this.prepared.set(text.slice(0, cut.start) + text.slice(cut.end), prepared)
          this.last = { prefix: text.slice(0, cut.start), suffix: text.slice(cut.end), prepared }
        }
      }
      command = prepared.name
      const out = this.resolve(prepared, seed, n)
      if (out instanceof Promise) {
        const name = command
        return out.then(
          (o) => this.answer(n, name, o),
          (e) => this.fail(n, name, e),
        )
      }
      this.answer(n, command, out)
    } catch (e) {
      this.fail(n, command, e)
    }
  }

  private answer(n: number, command: string, out: RunOutput): void {
    this.resolved++
    if (out.json && (this.opts.summary || this.opts.summaryJson)) this.count(command, out.json)
    if (out.jsonText !== undefined) {
      this.pending += out.jsonText + '\n' // it opens with "line" (see resolve)
      return
    }
    const body = JSON.stringify(out.json)
    this.pending += body.length > 2 ? `{"line":${n},${body.slice(1)}\n` : `{"line":${n}}\n`
  }

  private fail(n: number, command: string | undefined, e: unknown): void {
    this.errors++
    let code: string
    let message: string
    if (e instanceof LineError || e instanceof InputError) {
      code = e.code
      message = command !== undefined ? this.keyNames(command, e.message) : e.message
    } else {
      code = 'internal'
      message = `internal error (this is a bug, please report it): ${(e as Error)?.message ?? String(e)}`
      this.firstBug ??= { line: n, stack: (e as Error)?.stack ?? String(e) }
    }
    this.errorCodes.set(code, (this.errorCodes.get(code) ?? 0) + 1)
    if (command !== undefined && specEntry(command)) this.stats(command).errors++
    this.pending += JSON.stringify({ line: n, error: message, code }) + '\n'
  }

  /** Check a parsed line against its command's options: everything but the seed and line number. */
  private prepare(req: Record<string, unknown>): Prepared {
    const name = req.command as string
    const entry = specEntry(name)
    if (!entry) {
      const near = suggest(name, commandNames())
      throw new LineError('unknown-command', `"command": ${brief(name)} is not a command${near ? `; did you mean "${near}"?` : `; see 'mecha --help' for the commands (in a group: "wargroup shoot")`}`)
    }
    // Which of the command's options this line sets; anything else is a mistake worth naming.
    let given: OptionSpec[] | undefined
    let hasArgs = false
    for (const key of Object.keys(req)) {
      if (LINE_KEYS.has(key)) continue
      const opt = entry.jsonOptions.get(key)
      if (opt) (given ??= []).push(opt)
      else if (entry.args.has(key)) hasArgs = true
      else {
        const near = suggest(key, [...entry.options.keys(), ...entry.args, ...LINE_KEYS])
        throw new LineError('unknown-key', `${brief(key)} is not an option of ${name}${near ? `; did you mean "${near}"?` : ''} (see mecha ${name} --help)`)
      }
    }
    // parseValues on the options this line gives, over the defaults of the rest: the same values
    // as parseValues on the whole table (each option is parsed on its own), without walking the
    // table for every line.
    const values: Values = { ...entry.defaults }
    if (given || hasArgs) {
      parseValuesInto(values, narrowSpec(entry, given ?? []), req, 'json')
      // Positional arguments (roll's "expression"), when this parseValues leaves them out.
      if (hasArgs) {
        for (const a of entry.args) {
          if (values[a] !== undefined || !Object.prototype.hasOwnProperty.call(req, a)) continue
          const v = req[a]
          if (v === undefined || v === null) continue
          if (typeof v !== 'string') throw new LineError('bad-value', `"${a}": expected text, got ${brief(v)}`)
          values[a] = v
        }
      }
    }
    return {
      name,
      spec: entry.spec,
      values,
      rolls: req.rolls === undefined || req.rolls === null ? undefined : lineRolls(req.rolls),
      odds: req.odds === undefined || req.odds === null ? this.opts.odds : lineOdds(req.odds),
    }
  }

  /** Resolve a checked line (synchronous up to runSpec: no extra await). */
  private resolve(p: Prepared, seed: unknown, n: number): RunOutput | Promise<RunOutput> {
    const g: Globals = {
      seed: this.seedFor(seed, n),
      rolls: p.rolls,
      json: true,
      odds: p.odds,
      explain: false,
      // The summary counts the answer's fields: it needs the object, not just its text.
      jsonLead: this.opts.summary || this.opts.summaryJson ? undefined : `"line":${n},`,
    }
    // A copy: a command's build may not expect its values to be shared with other lines.
    return runSpec(p.spec, { ...p.values }, g, this.env, false)
  }

  private seedFor(s: unknown, n: number): string {
    if (s === undefined || s === null) return this.opts.seed !== undefined ? `${this.opts.seed}:${n}` : freshSeed()
    if ((typeof s === 'string' && s.trim() !== '') || (typeof s === 'number' && Number.isFinite(s))) return String(s)
    throw new LineError('bad-seed', `"seed": ${brief(s)} is not a seed; give some text, e.g. "seed": "table1"`)
  }

  /** Messages from the shared runner name flags (`--arm-sv`); a batch line names keys (`"armSv"`). */
  private keyNames(command: string, message: string): string {
    const entry = specEntry(command)
    if (!entry) return message
    return message.replace(/--[a-z][a-z0-9-]*/g, (flag) => entry.flagToKey.get(flag) ?? flag)
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
          for (const [k, x] of Object.entries(expected)) if (typeof x === 'number') addStat(s.fields, `expected.${k}`, x)
        }
      }
    }
  }

  summary(): BatchSummary {
    const commands: BatchSummary['commands'] = {}
    for (const [name, s] of this.commands) {
      const fields: BatchSummary['commands'][string]['fields'] = {}
      for (const [k, f] of s.fields) {
        fields[k] = f.kind === 'boolean' ? { rate: f.trues / f.n } : { mean: f.sum / f.n, min: f.min, max: f.max }
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

function mergeStat(fields: Map<string, FieldStat>, key: string, g: FieldStat): void {
  const f = fields.get(key)
  if (!f) {
    fields.set(key, { ...g })
    return
  }
  if (f.kind !== g.kind) return
  f.n += g.n
  f.sum += g.sum
  f.trues += g.trues
  if (g.min < f.min) f.min = g.min
  if (g.max > f.max) f.max = g.max
}

function addStat(fields: Map<string, FieldStat>, key: string, v: number | boolean): void {
  let f = fields.get(key)
  if (!f) {
    f = { n: 0, sum: 0, min: Infinity, max: -Infinity, trues: 0, kind: typeof v === 'boolean' ? 'boolean' : 'number' }
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

/** A value as JSON for a message, cut short: a runaway line should not make a runaway answer. */
function brief(v: unknown): string {
  const text = show(v)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
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
    throw new LineError('bad-json', `not valid JSON (${(e as Error).message}); each line must be one object, e.g. {"command":"shoot","acc":9,"shots":5,"dmg":300}`)
  }
  if (req === null || typeof req !== 'object' || Array.isArray(req)) {
    throw new LineError('not-an-object', `expected a JSON object, got ${brief(req)}; e.g. {"command":"shoot","acc":9,"shots":5,"dmg":300}`)
  }
  // JSON.parse makes "__proto__" an own data key, never a prototype; only own keys are read.
  const command = Object.prototype.hasOwnProperty.call(req, 'command') ? (req as Record<string, unknown>).command : undefined
  if (typeof command !== 'string' || command.trim() === '') {
    throw new LineError('missing-command', `"command" is missing; give the command to resolve, e.g. "command": "shoot" or "command": "wargroup shoot"`)
  }
  return req as Record<string, unknown>
}

function lineRolls(v: unknown): number[] {
  if (typeof v === 'string') return parseRolls(v, '"rolls"')
  if (Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isInteger(x))) return v as number[]
  throw new LineError('bad-roll', `"rolls": ${brief(v)} is not a list of dice; give whole numbers, e.g. "rolls": [1,1,4,5]`)
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
    this.err.write(renderProgress({ lines, bytes, totalBytes: this.totalBytes, seconds: (now - this.started) / 1000, width: this.err.columns ?? 80 }))
  }

  clear(): void {
    if (this.shown) this.err.write(clearProgress())
    this.shown = false
  }
}

// ---------------------------------------------------------------------------------------------
// A worker thread (see batch-pool.ts)

/** Run as one of batch's worker threads: resolve the blocks the main thread sends, in order. */
export async function batchWorker(): Promise<void> {
  if (!parentPort) throw new InputError('bad-usage', `${WORKER_FLAG} is for mecha batch's own worker threads`)
  await loadAllSpecs()
  const o = workerData as WorkerOptions
  const nowhere = { write: () => true } as unknown as Writable
  const batch = new Batch({ seed: o.seed, odds: o.odds, summary: o.summary, summaryJson: o.summaryJson, color: false, progress: false }, nowhere)
  let chain = Promise.resolve()
  parentPort.on('message', (job: Job) => {
    chain = chain.then(async () => {
      const out = await batch.runBlock(job)
      parentPort!.postMessage({ id: job.id, out, delta: batch.takeDelta() })
    })
  })
}
