/** The d6 formation rules' commands in the library: `formation.strike`, `formation.ams`, … */
import { amsSpec } from '../commands/formation/ams.js'
import { destroyCheckSpec } from '../commands/formation/destroy-check.js'
import { initiativeSpec } from '../commands/formation/initiative.js'
import { jamSpec } from '../commands/formation/jam.js'
import { knockdownSpec } from '../commands/formation/knockdown.js'
import { strikeSpec } from '../commands/formation/strike.js'
import type { FormationAmsAnswer, FormationAmsOdds } from './answers.js'
import type { FormationDestroyCheckAnswer, FormationDestroyCheckOdds } from './answers.js'
import type { FormationInitiativeAnswer, FormationInitiativeOdds } from './answers.js'
import type { FormationJamAnswer, FormationJamOdds } from './answers.js'
import type { FormationKnockdownAnswer, FormationKnockdownOdds } from './answers.js'
import type { FormationStrikeAnswer, FormationStrikeOdds } from './answers.js'
import { rolled } from './front.js'
import type * as R from './requests.js'
import type { Rolled } from './types.js'

export const formation: {
  strike: Rolled<R.FormationStrikeRequest, FormationStrikeAnswer, FormationStrikeOdds>
  ams: Rolled<R.FormationAmsRequest, FormationAmsAnswer, FormationAmsOdds>
  knockdown: Rolled<R.FormationKnockdownRequest, FormationKnockdownAnswer, FormationKnockdownOdds>
  jam: Rolled<R.FormationJamRequest, FormationJamAnswer, FormationJamOdds>
  destroyCheck: Rolled<R.FormationDestroyCheckRequest, FormationDestroyCheckAnswer, FormationDestroyCheckOdds>
  initiative: Rolled<R.FormationInitiativeRequest, FormationInitiativeAnswer, FormationInitiativeOdds>
} = {
  strike: /* @__PURE__ */ rolled(strikeSpec),
  ams: /* @__PURE__ */ rolled(amsSpec),
  knockdown: /* @__PURE__ */ rolled(knockdownSpec),
  jam: /* @__PURE__ */ rolled(jamSpec),
  destroyCheck: /* @__PURE__ */ rolled(destroyCheckSpec),
  initiative: /* @__PURE__ */ rolled(initiativeSpec),
}
