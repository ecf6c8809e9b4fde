/**
 * Where batch's worker threads come from: bin/mecha.js passes itself (run with WORKER_FLAG, it
 * becomes a worker). Kept apart from batch-pool.ts so that every start does not load
 * node:worker_threads; without a script (tests calling runBatch, `npm run dev`) batch uses no
 * workers.
 */

/** The argument bin/mecha.js recognises as "run as a batch worker". */
export const WORKER_FLAG = '--batch-worker'

let workerScript: string | undefined

export function setWorkerScript(path: string | undefined): void {
  workerScript = path
}

export function getWorkerScript(): string | undefined {
  return workerScript
}
