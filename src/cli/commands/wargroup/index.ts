import type { CommandSpec } from '../../spec.js'

/** `mecha wargroup …`: see the registry for the rule set's summary. */
export const wargroupCommands: CommandSpec[] = []
