import type { CommandSpec } from '../../spec.js'
import { miningApSpec } from './ap.js'
import { miningPlanSpec } from './plan.js'
import { miningRepairSpec } from './repair.js'
import { miningResolveSpec } from './resolve.js'
import { miningShootSpec } from './shoot.js'

/** `mecha mining …`: see the registry for the rule set's summary. */
export const miningCommands: CommandSpec[] = [miningShootSpec, miningApSpec, miningPlanSpec, miningRepairSpec, miningResolveSpec]
