import { writeSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Readable, Writable } from 'node:stream'

/**
 * Where one run of the CLI reads and writes: the process's own streams (processIO, in entry.ts),
 * or a test's. Nothing else of the process is read: the environment, the working directory and
 * whether each stream is a terminal come from here.
 */
export interface CliIO {
  stdout: Writable
  stderr: Writable
  /** Read by batch only; the process's is opened when first asked for. */
  readonly stdin: Readable
  readonly stdoutIsTTY: boolean
  readonly stderrIsTTY: boolean
  readonly stdinIsTTY: boolean
  env: Record<string, string | undefined>
  cwd: string
  /** The terminal's width, when one is known. */
  readonly columns?: number
  /**
   * The file descriptors behind stdout and stderr, when they are the process's: answers are
   * written to them directly (see Output), and the streams opened only if needed.
   */
  fds?: { stdout: number; stderr: number }
  /**
   * Ends the process at once (the real process only): batch calls it when stdout goes away
   * mid-stream (`mecha batch … | head -1`), where the input would otherwise go on being read.
   */
  exit?: (code: number) => void
}

/** The output could not be written (a full disk, a closed terminal): not a bug, exit 1. */
export class OutputError extends Error {
  constructor(cause: NodeJS.ErrnoException, stream: 'stdout' | 'stderr') {
    super(
      `cannot write to ${stream}: ${cause.code ? `${cause.code} (${describeErrno(cause)})` : cause.message}`,
    )
  }
}

/** 'ENOSPC: no space left on device, write' → 'no space left on device'. */
export function describeErrno(e: NodeJS.ErrnoException): string {
  return e.message.replace(/^[A-Z]+: /, '').replace(/, \w+$/, '')
}

/**
 * Text out to one stream. A reader that went away (`mecha … | head -1`, EPIPE) ends the output
 * quietly; any other failure is kept, and thrown by flush() as an OutputError (exit 1). Node
 * writes files, pipes and terminals synchronously on Linux (a full pipe blocks the write), so an
 * answer is out before the process exits.
 *
 * Given the stream's file descriptor, text goes to it with writeSync, and the stream is opened
 * only if the descriptor says "try again" (a pipe someone made non-blocking): process.stdout
 * loads Node's stream and net modules, ~4.5 ms of CPU in a ~55 ms start (measured: the start
 * of a seeded `shoot --json`, median of 30, with and without touching process.stdout).
 */
export class Output {
  private stream?: Writable
  private closed = false
  private failure?: OutputError
  private pending = 0
  private settled?: () => void

  /** `open` is called when a write needs the stream (the process's are opened only if used). */
  constructor(
    private readonly open: () => Writable,
    private readonly name: 'stdout' | 'stderr',
    private readonly fd?: number,
  ) {}

  write(text: string): void {
    if (this.closed || this.failure) return
    if (this.fd !== undefined && !this.stream) text = this.writeFd(text)
    if (text === '' || this.closed || this.failure) return
    if (!this.stream) {
      this.stream = this.open()
      // Failures are read from each write's callback; the event must only not end the process.
      this.stream.on('error', () => {})
    }
    this.pending++
    this.stream.write(text, (e) => {
      if (e) this.failed(e)
      if (--this.pending === 0) this.settled?.()
    })
  }

  /** Waits until every write is done; throws the first failure (EPIPE is none). */
  async flush(): Promise<void> {
    if (this.pending > 0) await new Promise<void>((done) => (this.settled = done))
    if (this.failure) throw this.failure
  }

  /** Writes what the descriptor takes now; returns what is left for the stream. */
  private writeFd(text: string): string {
    const bytes = Buffer.from(text)
    let done = 0
    try {
      while (done < bytes.length) done += writeSync(this.fd!, bytes, done)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') this.failed(e as NodeJS.ErrnoException)
      else return bytes.subarray(done).toString()
    }
    return ''
  }

  private failed(e: NodeJS.ErrnoException): void {
    if (e.code === 'EPIPE') this.closed = true
    else this.failure ??= new OutputError(e, this.name)
  }
}

/**
 * Columns to fit on a stream: the terminal's, or 80 when it is not a terminal or its width is
 * unknown (a terminal that reports 0 columns, as some pseudo-terminals do, included).
 */
export function columnsFor(io: CliIO, stream: 'stdout' | 'stderr'): number {
  if (!(stream === 'stdout' ? io.stdoutIsTTY : io.stderrIsTTY)) return 80
  const columns = io.columns
  return columns && columns >= 20 ? columns : 80
}

/**
 * Whether stdout is painted: not with --no-color (`flag` false) or NO_COLOR (any non-empty
 * value); FORCE_COLOR as chalk reads it ('', 'true' and 1-3 on, '0' and 'false' off), even in
 * a pipe; else only in a terminal that takes colours (Node's reading of TERM, COLORTERM and CI;
 * TERM=dumb none). The styles use the 16 basic colours, so any level above 0 paints the same.
 */
export function colorOn(io: CliIO, flag: boolean): boolean {
  if (!flag || (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '')) return false
  const force = io.env.FORCE_COLOR
  if (force !== undefined) return force === '' || force === 'true' || Number.parseInt(force, 10) > 0
  if (!io.stdoutIsTTY) return false
  // required, not imported: the bundle bin/mecha.js runs has no loader for import()
  const { WriteStream } = createRequire(import.meta.url)('node:tty') as typeof import('node:tty')
  const env = Object.assign({}, io.env, { NO_COLOR: undefined })
  return WriteStream.prototype.getColorDepth.call(undefined, env) > 1
}

/** One run of the CLI: its streams, its command line and the exit code its action sets. */
export interface Run {
  io: CliIO
  out: Output
  err: Output
  argv: readonly string[]
  code: number
  /**
   * The game events this run appended (`#7 in mecha-game.jsonl`): an answer that cannot be
   * written says they were recorded, so that running the command again is not a blind retry.
   */
  recorded?: string
}
