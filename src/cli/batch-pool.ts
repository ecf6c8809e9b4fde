import { Worker } from 'node:worker_threads'
import { WORKER_FLAG } from './worker-script.js'

/**
 * Worker threads for long batches. The main thread keeps reading, numbering and writing; each
 * worker resolves whole blocks of lines (one input chunk, ~450 lines) with the same Batch code
 * and sends back their answers as one string, with the counts for the summary. Blocks are
 * written in input order however the workers finish, and at most a few blocks per worker are in
 * flight, so memory stays flat.
 */

/** One block of complete lines, numbered from firstLine. */
export interface Job {
  id: number
  firstLine: number
  text: string
}

/** What a worker sends back for a block: its answers and what the summary needs to know. */
export interface JobResult {
  id: number
  out: string
  delta: BatchDelta
}

/** Counts a Batch gathered since the last delta (see Batch.takeDelta / Batch.absorb). */
export interface BatchDelta {
  blank: number
  resolved: number
  errors: number
  errorCodes: Array<[string, number]>
  commands: Array<[string, { resolved: number; errors: number; fields: Array<[string, FieldStatData]> }]>
  firstBug?: { line: number; stack: string }
}

/** A summary field's statistics, mergeable across threads. */
export interface FieldStatData {
  n: number
  sum: number
  min: number
  max: number
  /** Booleans: how many were true (n counts them all). */
  trues: number
  kind: 'number' | 'boolean'
}

/** Options a worker's Batch needs (the ones that change answers). */
export interface WorkerOptions {
  seed?: string
  odds: boolean
  summary: boolean
  summaryJson: boolean
}

export class Pool {
  private readonly workers: Worker[] = []
  private readonly waiting = new Map<number, { resolve: (r: JobResult) => void; reject: (e: Error) => void }>()
  private nextId = 0
  private failure?: Error
  private closing = false

  constructor(script: string, size: number, opts: WorkerOptions) {
    for (let i = 0; i < size; i++) {
      const w = new Worker(script, { argv: [WORKER_FLAG], workerData: opts, stdout: false, stderr: false })
      w.on('message', (r: JobResult) => {
        const p = this.waiting.get(r.id)
        this.waiting.delete(r.id)
        p?.resolve(r)
      })
      w.on('error', (e) => this.fail(e))
      // A worker that ends before close() would leave its blocks, and later ones, waiting forever.
      w.on('exit', (code) => {
        if (!this.closing) this.fail(new Error(`a batch worker stopped (exit code ${code})`))
      })
      this.workers.push(w)
    }
  }

  get size(): number {
    return this.workers.length
  }

  /** Resolve a block on the next worker (round robin: blocks are alike in size). */
  run(firstLine: number, text: string): Promise<JobResult> {
    if (this.failure) return Promise.reject(this.failure)
    const id = this.nextId++
    const job: Job = { id, firstLine, text }
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject })
      this.workers[id % this.workers.length].postMessage(job)
    })
  }

  private fail(e: Error): void {
    this.failure ??= e
    for (const p of this.waiting.values()) p.reject(this.failure)
    this.waiting.clear()
  }

  async close(): Promise<void> {
    this.closing = true
    await Promise.all(this.workers.map((w) => w.terminate()))
  }
}
