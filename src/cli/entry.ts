import { handleError, main } from './main.js'
import { setModuleImporter } from './prompt.js'

/**
 * What bin/mecha.js runs: the CLI on this process's arguments. `importModule` imports an ES
 * module from outside the CommonJS bundle (the prompt library, only when a prompt is shown).
 */
export function run(argv: string[], importModule?: (specifier: string) => Promise<unknown>): Promise<void> {
  if (importModule) setModuleImporter(importModule)
  return main(argv).catch((e) => handleError(e, argv))
}
