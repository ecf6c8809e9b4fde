/** The d6 mech skirmish's commands in the library: `wargroup.shoot`, `wargroup.burn`, … */
import { wargroupBuildingSpec } from '../commands/wargroup/building.js'
import { wargroupBurnSpec, wargroupVoidSpec } from '../commands/wargroup/damage-over-time.js'
import { wargroupInitiativeSpec, wargroupLengthSpec, wargroupSmokeSpec } from '../commands/wargroup/rolls.js'
import { wargroupShootSpec } from '../commands/wargroup/shoot.js'
import type { WargroupBuildingAnswer, WargroupBuildingOdds } from './answers.js'
import type { WargroupBurnAnswer, WargroupBurnOdds, WargroupVoidAnswer, WargroupVoidOdds } from './answers.js'
import type {
  WargroupInitiativeAnswer,
  WargroupInitiativeOdds,
  WargroupLengthAnswer,
  WargroupLengthOdds,
  WargroupSmokeAnswer,
  WargroupSmokeOdds,
} from './answers.js'
import type { WargroupShootAnswer, WargroupShootOdds } from './answers.js'
import { rolled } from './front.js'
import type * as R from './requests.js'
import type { Rolled } from './types.js'

export const wargroup: {
  shoot: Rolled<R.WargroupShootRequest, WargroupShootAnswer, WargroupShootOdds>
  burn: Rolled<R.WargroupBurnRequest, WargroupBurnAnswer, WargroupBurnOdds>
  void: Rolled<R.WargroupVoidRequest, WargroupVoidAnswer, WargroupVoidOdds>
  smoke: Rolled<R.WargroupSmokeRequest, WargroupSmokeAnswer, WargroupSmokeOdds>
  building: Rolled<R.WargroupBuildingRequest, WargroupBuildingAnswer, WargroupBuildingOdds>
  initiative: Rolled<R.WargroupInitiativeRequest, WargroupInitiativeAnswer, WargroupInitiativeOdds>
  length: Rolled<R.WargroupLengthRequest, WargroupLengthAnswer, WargroupLengthOdds>
} = {
  shoot: /* @__PURE__ */ rolled(wargroupShootSpec),
  burn: /* @__PURE__ */ rolled(wargroupBurnSpec),
  void: /* @__PURE__ */ rolled(wargroupVoidSpec),
  smoke: /* @__PURE__ */ rolled(wargroupSmokeSpec),
  building: /* @__PURE__ */ rolled(wargroupBuildingSpec),
  initiative: /* @__PURE__ */ rolled(wargroupInitiativeSpec),
  length: /* @__PURE__ */ rolled(wargroupLengthSpec),
}
