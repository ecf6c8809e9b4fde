import { fileURLToPath, pathToFileURL } from 'node:url'
import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from 'node:worker_threads'
import { expect } from 'vitest'
import { type CliResult, baseEnv } from './run-cli.js'

/**
 * `mecha …` run in this process: the CLI front (runCli in src/cli/main.ts, as built in dist/ by
 * `npm run build`, which `npm test` runs first) with captured stdout, stderr and exit code. Same
 * calls and results as run-cli.ts's `mecha()`, which spawns the binary, so a test file switches by
 * its import. It answers synchronously: the front runs in a worker thread, kept for the whole test
 * file (its modules loaded once), while this thread waits for the answer.
 *
 * As run-cli.ts: stdin is empty unless `input` is given, no stream is a terminal, the environment
 * is PATH and the run's cache folder (baseEnv) plus `env`, and the working directory is `cwd` or
 * this process's.
 */
export function mecha(
  args: string[],
  opts: { input?: string; env?: Record<string, string>; cwd?: string } = {},
): CliResult {
  // A worker that ended (signal 2) answers no more: a new one is started.
  if (worker && Atomics.load(worker.signal, 0) === 2) worker = undefined
  const front = (worker ??= startWorker())
  const id = ++front.asked
  Atomics.store(front.signal, 0, 0)
  front.worker.postMessage({
    id,
    argv: args,
    input: opts.input ?? '',
    env: Object.assign(baseEnv(), opts.env),
    cwd: opts.cwd ?? process.cwd(),
  })
  // Woken when an answer is posted (signal 1) or the worker has ended (signal 2: it answers no
  // more); a wake with no answer waits again. No clock: a loaded machine only makes it slower.
  for (;;) {
    const answer = receiveMessageOnPort(front.port)?.message as (CliResult & { id: number }) | undefined
    if (answer?.id === id) return { code: answer.code, stdout: answer.stdout, stderr: answer.stderr }
    if (answer) continue
    if (Atomics.load(front.signal, 0) === 2) break
    Atomics.wait(front.signal, 0, 0)
    if (Atomics.load(front.signal, 0) === 1) Atomics.store(front.signal, 0, 0)
  }
  worker = undefined
  return {
    code: null,
    stdout: '',
    stderr: `mecha ${args.join(' ')}: the in-process front ended without an answer`,
  }
}

interface Front {
  worker: Worker
  port: MessagePort
  signal: Int32Array
  /** Questions asked so far: each answer carries the number of its question. */
  asked: number
}

let worker: Front | undefined

function startWorker(): Front {
  const { port1, port2 } = new MessageChannel()
  const signal = new Int32Array(new SharedArrayBuffer(4))
  const main = pathToFileURL(fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url))).href
  const w = new Worker(new URL('./in-process-worker.mjs', import.meta.url), {
    workerData: { main, port: port2, signal },
    transferList: [port2],
  })
  w.unref()
  return { worker: w, port: port1, signal, asked: 0 }
}

/** `mecha …` refused as bad input: exit 2, nothing on stdout, one line on stderr (returned). */
export function refused(args: string[]): string {
  const r = mecha(args)
  expect(r.code, r.stderr).toBe(2)
  expect(r.stdout).toBe('')
  const lines = r.stderr.trimEnd().split('\n')
  expect(lines).toHaveLength(1)
  return lines[0]
}

/** Run and parse the JSON on stdout. */
export function mechaJson(args: string[], opts: { input?: string } = {}): any {
  const r = mecha([...args, '--json'], opts)
  if (r.code !== 0) throw new Error(`mecha ${args.join(' ')} exited ${r.code}: ${r.stderr}`)
  return JSON.parse(r.stdout)
}

/**
 * The arguments of a command line as a shell would pass them, when it is one plain `mecha …` (or
 * `node bin/mecha.js …`) with words and quotes only; undefined when a shell does more with it
 * (pipes, redirections, variables, globs, comments), so that it must go through one.
 */
export function argvOf(line: string): string[] | undefined {
  const words: string[] = []
  let word: string | undefined
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (c === ' ') {
      if (word !== undefined) words.push(word)
      word = undefined
    } else if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1)
      const quoted = line.slice(i + 1, end)
      if (end < 0 || (c === '"' && /[$`\\!]/.test(quoted))) return undefined
      word = (word ?? '') + quoted
      i = end
    } else if (/[|&;<>()$`\\*?[\]#~{}!]/.test(c)) return undefined
    else word = (word ?? '') + c
  }
  if (word !== undefined) words.push(word)
  const start = words[0] === 'mecha' ? 1 : words[0] === 'node' && words[1] === 'bin/mecha.js' ? 2 : -1
  return start < 0 ? undefined : words.slice(start)
}
