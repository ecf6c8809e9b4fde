import { stellarCommands } from './commands/stellar/index.js'
import type { CommandSpec } from './spec.js'

/** A rule set: its commands sit under `mecha <name> …`, or at the top level when name is null. */
export interface CommandGroup {
  name: string | null
  summary: string
  commands: CommandSpec[]
}

export const groups: CommandGroup[] = [{ name: null, summary: 'MechaStellar', commands: stellarCommands }]

/** Look a command up by its full name ('shoot', 'wargroup shoot'). */
export function findSpec(name: string): CommandSpec | undefined {
  for (const g of groups) for (const c of g.commands) if (c.name === name) return c
  return undefined
}

export function allSpecs(): CommandSpec[] {
  return groups.flatMap((g) => g.commands)
}
