import { formationCommands } from './commands/formation/index.js'
import { miningCommands } from './commands/mining/index.js'
import { stellarCommands } from './commands/stellar/index.js'
import { wargroupCommands } from './commands/wargroup/index.js'
import type { CommandSpec } from './spec.js'

/** A rule set: its commands sit under `mecha <name> …`, or at the top level when name is null. */
export interface CommandGroup {
  name: string | null
  summary: string
  commands: CommandSpec[]
}

export const groups: CommandGroup[] = [
  { name: null, summary: 'MechaStellar', commands: stellarCommands },
  { name: 'wargroup', summary: 'd6 mech skirmish: opposed to-hit, strength vs armor, aimed shots, fire, void and smoke', commands: wargroupCommands },
  { name: 'formation', summary: 'd6 transforming-fighter formations: strike and dodge, burst, AMS, knockdown, jamming', commands: formationCommands },
  { name: 'mining', summary: 'd6 action-point skirmish on a mining world: action points, shooting, suppression, repairs, resolve', commands: miningCommands },
]

/** Look a command up by its full name ('shoot', 'wargroup shoot'). */
export function findSpec(name: string): CommandSpec | undefined {
  for (const g of groups) for (const c of g.commands) if (c.name === name) return c
  return undefined
}

export function allSpecs(): CommandSpec[] {
  return groups.flatMap((g) => g.commands)
}
