import type { CommandSpec } from '../../spec.js'
import { wargroupBuildingSpec } from './building.js'
import { wargroupBurnSpec, wargroupVoidSpec } from './damage-over-time.js'
import { wargroupInitiativeSpec, wargroupLengthSpec, wargroupSmokeSpec } from './rolls.js'
import { wargroupShootSpec } from './shoot.js'

/** `mecha wargroup …`: see the registry for the rule set's summary. */
export const wargroupCommands: CommandSpec[] = [
  wargroupShootSpec,
  wargroupBurnSpec,
  wargroupVoidSpec,
  wargroupSmokeSpec,
  wargroupBuildingSpec,
  wargroupInitiativeSpec,
  wargroupLengthSpec,
]
