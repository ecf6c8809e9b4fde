import type { CommandSpec } from '../../spec.js'

/** `mecha mining …`: see the registry for the rule set's summary. */
export const miningCommands: CommandSpec[] = []
