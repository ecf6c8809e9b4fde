import type { CommandSpec } from '../../spec.js'
import { amsSpec } from './ams.js'
import { destroyCheckSpec } from './destroy-check.js'
import { initiativeSpec } from './initiative.js'
import { jamSpec } from './jam.js'
import { knockdownSpec } from './knockdown.js'
import { strikeSpec } from './strike.js'

/** `mecha formation …`: see the registry for the rule set's summary. */
export const formationCommands: CommandSpec[] = [strikeSpec, amsSpec, knockdownSpec, jamSpec, destroyCheckSpec, initiativeSpec]
