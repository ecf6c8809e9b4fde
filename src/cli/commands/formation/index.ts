import type { CommandSpec } from '../../spec.js'

/** `mecha formation …`: see the registry for the rule set's summary. */
export const formationCommands: CommandSpec[] = []
