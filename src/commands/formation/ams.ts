import { type Ams, type AmsResult, LONG_RANGE_DMG } from '../../rules/formation/ams.js'
import { type CommandSpec, boolOpt, defineCommand, intOpt, required } from '../../runtime/spec.js'
import { amsModel } from '../../models/formation/ams.js'

export const amsSpec: CommandSpec<Ams, AmsResult> = defineCommand({
  name: 'formation ams',
  summary:
    'anti-missile fire: roll the AMS number or more to destroy a missile, each point over destroys another',
  diceOrder: 'one d6 per AMS shot (--shots), in order, stopping once the salvo is destroyed',
  examples: [
    'mecha formation ams --ams 4 --missiles 3 --rolls 5',
    'mecha formation ams --ams 3 --missiles 6 --long-range --odds',
  ],
  options: [
    required(
      intOpt('ams', 'the AMS number: the d6 result that destroys one missile', { min: 1, max: 6 }),
      'the AMS number to roll, 1-6, e.g. --ams 4',
    ),
    required(
      intOpt('missiles', 'missiles in the incoming salvo', { min: 1, max: 100 }),
      'missiles in the incoming salvo, e.g. --missiles 4',
    ),
    boolOpt('long-range', 'long-range missiles (over 12 damage): -1 to the AMS roll'),
    intOpt('missile-dmg', 'damage of each missile: over 12 makes them long-range', { min: 0, max: 1000 }),
    intOpt('shots', 'AMS shots at this salvo (one d6 each)', { min: 1, max: 10, default: 1 }),
  ],
  build(v) {
    const dmg = v.missileDmg
    return {
      ams: v.ams,
      missiles: v.missiles,
      longRange: v.longRange || (dmg !== undefined && dmg > LONG_RANGE_DMG),
      shots: v.shots,
    }
  },
  model: amsModel,
})
