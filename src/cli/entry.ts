import { handleError, main, setQuiet } from './main.js'
import { setModuleImporter } from './prompt.js'

/**
 * What bin/mecha.js runs: the CLI on this process's arguments. `warm` is for the build only: it
 * runs each command line once with output discarded, so the V8 code cache written afterwards
 * holds their compiled code (see build.mjs and bin/mecha.js).
 */
export function run(argv: string[], importModule?: (specifier: string) => Promise<unknown>): Promise<void> {
  if (importModule) setModuleImporter(importModule)
  return main(argv).catch((e) => handleError(e, argv))
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
