import { handleError, main, setQuiet } from './main.js'
import { setModuleImporter } from './prompt.js'
import { setWorkerScript } from './worker-script.js'

/**
 * What bin/mecha.js runs: the CLI on this process's arguments. `warm` is for the build only: it
 * runs each command line once with output discarded, so the V8 code cache written afterwards
 * holds their compiled code (see build.mjs and bin/mecha.js).
 */
export function run(argv: string[], importModule?: (specifier: string) => Promise<unknown>, workerScript?: string): Promise<void> {
  if (importModule) setModuleImporter(importModule)
  setWorkerScript(workerScript)
  return main(argv).catch((e) => handleError(e, argv))
}

/** A batch worker thread (bin/mecha.js started with --batch-worker by batch itself). */
export function batchWorker(): Promise<void> {
  return import('./batch.js').then((b) => b.batchWorker()).catch((e) => handleError(e))
}

export async function warm(commands: string[][]): Promise<void> {
  setQuiet(true)
  try {
    for (const argv of commands) await run(argv)
  } finally {
    setQuiet(false)
    process.exitCode = 0
  }
}
