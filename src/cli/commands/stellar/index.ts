import type { CommandSpec } from '../../spec.js'
import { rollSpec } from '../roll.js'
import { behaviorSpec } from './behavior.js'
import { coverSpec } from './cover.js'
import { fallSpec } from './fall.js'
import { initiativeSpec } from './initiative.js'
import { meleeSpec } from './melee.js'
import { momentumSpec } from './momentum.js'
import { outmaneuverSpec } from './outmaneuver.js'
import { saveSpec } from './save.js'
import { shootSpec } from './shoot.js'
import { stunRecoverSpec } from './stun-recover.js'
import { vpSpec } from './vp.js'

/** MechaStellar: the default rule set, registered at the top level. */
export const stellarCommands: CommandSpec[] = [
  shootSpec,
  meleeSpec,
  saveSpec,
  coverSpec,
  outmaneuverSpec,
  initiativeSpec,
  stunRecoverSpec,
  fallSpec,
  behaviorSpec,
  vpSpec,
  momentumSpec,
  rollSpec,
]
