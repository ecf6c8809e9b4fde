import type { CommandSpec } from '../../spec.js'
import { rollSpec } from '../roll.js'
import { meleeSpec } from './melee.js'
import { shootSpec } from './shoot.js'

/** MechaStellar: the default rule set, registered at the top level. */
export const stellarCommands: CommandSpec[] = [shootSpec, meleeSpec, rollSpec]
