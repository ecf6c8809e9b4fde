import {
  RECOVERY_DICE,
  RECOVERY_TARGET,
  type StunRecovery,
  type StunRecoveryResult,
} from '../../rules/stellar/stun-recover.js'
import { type CommandSpec, defineCommand, intOpt, requires } from '../../runtime/spec.js'
import { stunRecoverModel } from '../../models/stellar/stun-recover.js'

export const stunRecoverSpec: CommandSpec<StunRecovery, StunRecoveryResult> = defineCommand({
  name: 'stun-recover',
  summary: `MechaStellar stun recovery: roll ${RECOVERY_DICE}d10 at the end of the turn, each ${RECOVERY_TARGET}+ removes a -1 Action penalty`,
  diceOrder: `${RECOVERY_DICE} d10s`,
  examples: [
    'mecha stun-recover --penalty 2 --actions 1 --rolls 2,5,7',
    'mecha stun-recover --penalty 2 --odds',
  ],
  options: [
    intOpt('penalty', '-1 Action penalties on the unit (one per failed stun save)', { min: 0, max: 20 }),
    requires(
      intOpt('actions', "the unit's Actions stat, to report what it has left (needs --penalty)", {
        min: 0,
        max: 10,
      }),
      {
        penalty: 'what the unit has left depends on its -1 Action penalties; give how many, e.g. --penalty 2',
      },
    ),
  ],
  build(v) {
    return { penalty: v.penalty, actions: v.actions }
  },
  model: stunRecoverModel,
})
