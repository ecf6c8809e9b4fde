/** The d6 action-point skirmish's commands in the library: `mining.shoot`, `mining.ap`, … */
import { miningApSpec } from '../commands/mining/ap.js'
import { miningPlanSpec } from '../commands/mining/plan.js'
import { miningRepairSpec } from '../commands/mining/repair.js'
import { miningResolveSpec } from '../commands/mining/resolve.js'
import { miningShootSpec } from '../commands/mining/shoot.js'
import type { MiningApAnswer, MiningApOdds } from './answers.js'
import type { MiningPlanAnswer } from './answers.js'
import type { MiningRepairAnswer, MiningRepairOdds } from './answers.js'
import type { MiningResolveAnswer, MiningResolveOdds } from './answers.js'
import type { MiningShootAnswer, MiningShootOdds } from './answers.js'
import { calculation, rolled } from './front.js'
import type * as R from './requests.js'
import type { Calculation, Rolled } from './types.js'

export const mining: {
  shoot: Rolled<R.MiningShootRequest, MiningShootAnswer, MiningShootOdds>
  ap: Rolled<R.MiningApRequest, MiningApAnswer, MiningApOdds>
  plan: Calculation<R.MiningPlanRequest, MiningPlanAnswer>
  repair: Rolled<R.MiningRepairRequest, MiningRepairAnswer, MiningRepairOdds>
  resolve: Rolled<R.MiningResolveRequest, MiningResolveAnswer, MiningResolveOdds>
} = {
  shoot: /* @__PURE__ */ rolled(miningShootSpec),
  ap: /* @__PURE__ */ rolled(miningApSpec),
  plan: /* @__PURE__ */ calculation(miningPlanSpec),
  repair: /* @__PURE__ */ rolled(miningRepairSpec),
  resolve: /* @__PURE__ */ rolled(miningResolveSpec),
}
