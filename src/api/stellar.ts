/**
 * MechaStellar's commands in the library, each by its CLI name (camelCase: titanThrow,
 * stunRecover). Each is built once, marked pure, so a bundler keeps only those a page imports.
 */
import { behaviorSpec } from '../commands/stellar/behavior.js'
import { coverSpec } from '../commands/stellar/cover.js'
import { fallSpec } from '../commands/stellar/fall.js'
import { initiativeSpec } from '../commands/stellar/initiative.js'
import { matrixSpec } from '../commands/stellar/matrix.js'
import { meleeSpec } from '../commands/stellar/melee.js'
import { momentumSpec } from '../commands/stellar/momentum.js'
import { outmaneuverSpec } from '../commands/stellar/outmaneuver.js'
import { planSpec } from '../commands/stellar/plan.js'
import { saveSpec } from '../commands/stellar/save.js'
import { secondarySpec } from '../commands/stellar/secondary.js'
import { shootSpec } from '../commands/stellar/shoot.js'
import { stunRecoverSpec } from '../commands/stellar/stun-recover.js'
import { titanThrowSpec } from '../commands/stellar/titan-throw.js'
import { traitsSpec } from '../commands/stellar/traits.js'
import { vpSpec } from '../commands/stellar/vp.js'
import { matrixRequest } from '../engine/matrix-units.js'
import { unitsRequest } from '../engine/named-units.js'
import { planRequest } from '../engine/plan-units.js'
import { needWords } from '../engine/named-units.js'
import type { BehaviorAnswer, BehaviorOdds } from './pending.js'
import type { CoverAnswer, CoverOdds } from './pending.js'
import type { FallAnswer, FallOdds } from './pending.js'
import type { InitiativeAnswer, InitiativeOdds } from './pending.js'
import type { MatrixAnswer } from './pending.js'
import type { MeleeAnswer, MeleeCompare, MeleeOdds } from './pending.js'
import type { MomentumAnswer } from './pending.js'
import type { OutmaneuverAnswer, OutmaneuverOdds } from './pending.js'
import type { PlanAnswer, PlanCompare, PlanOdds } from './pending.js'
import type { SaveAnswer, SaveOdds } from './pending.js'
import type { SecondaryAnswer } from './pending.js'
import type { ShootAnswer, ShootCompare, ShootOdds } from './pending.js'
import type { StunRecoverAnswer, StunRecoverOdds } from './pending.js'
import type { TitanThrowAnswer, TitanThrowOdds } from './pending.js'
import type { TraitsAnswer } from './pending.js'
import type { VpAnswer } from './pending.js'
import { calculation, compared, rolled } from './front.js'
import type * as R from './requests.js'
import type { Calculation, Compared, Rolled } from './types.js'
import { byName } from './units.js'

export const shoot: Compared<R.ShootRequest, ShootAnswer, ShootOdds, ShootCompare> = /* @__PURE__ */ compared(
  shootSpec,
  /* @__PURE__ */ byName('shoot', unitsRequest),
)
export const melee: Compared<R.MeleeRequest, MeleeAnswer, MeleeOdds, MeleeCompare> = /* @__PURE__ */ compared(
  meleeSpec,
  /* @__PURE__ */ byName('melee', unitsRequest),
)
export const matrix: Calculation<R.MatrixRequest, MatrixAnswer> = /* @__PURE__ */ calculation(
  matrixSpec,
  /* @__PURE__ */ byName('matrix', (spec, roster, refs, given, form) =>
    matrixRequest(spec, roster, needWords('matrix', refs), given, form),
  ),
)
export const plan: Compared<R.PlanRequest, PlanAnswer, PlanOdds, PlanCompare> = /* @__PURE__ */ compared(
  planSpec,
  /* @__PURE__ */ byName('plan', (spec, roster, refs, given, form) =>
    planRequest(spec, roster, needWords('plan', refs), given, form),
  ),
)
export const save: Rolled<R.SaveRequest, SaveAnswer, SaveOdds> = /* @__PURE__ */ rolled(
  saveSpec,
  /* @__PURE__ */ byName('save', unitsRequest),
)
export const cover: Rolled<R.CoverRequest, CoverAnswer, CoverOdds> = /* @__PURE__ */ rolled(coverSpec)
export const outmaneuver: Rolled<R.OutmaneuverRequest, OutmaneuverAnswer, OutmaneuverOdds> =
  /* @__PURE__ */ rolled(outmaneuverSpec, /* @__PURE__ */ byName('outmaneuver', unitsRequest))
export const initiative: Rolled<R.InitiativeRequest, InitiativeAnswer, InitiativeOdds> =
  /* @__PURE__ */ rolled(initiativeSpec)
export const titanThrow: Rolled<R.TitanThrowRequest, TitanThrowAnswer, TitanThrowOdds> =
  /* @__PURE__ */ rolled(titanThrowSpec)
export const stunRecover: Rolled<R.StunRecoverRequest, StunRecoverAnswer, StunRecoverOdds> =
  /* @__PURE__ */ rolled(stunRecoverSpec)
export const fall: Rolled<R.FallRequest, FallAnswer, FallOdds> = /* @__PURE__ */ rolled(fallSpec)
export const behavior: Rolled<R.BehaviorRequest, BehaviorAnswer, BehaviorOdds> =
  /* @__PURE__ */ rolled(behaviorSpec)
export const vp: Calculation<R.VpRequest, VpAnswer> = /* @__PURE__ */ calculation(
  vpSpec,
  /* @__PURE__ */ byName('vp', unitsRequest),
)
export const secondary: Calculation<R.SecondaryRequest, SecondaryAnswer> =
  /* @__PURE__ */ calculation(secondarySpec)
export const momentum: Calculation<R.MomentumRequest, MomentumAnswer> =
  /* @__PURE__ */ calculation(momentumSpec)
export const traits: Calculation<R.TraitsRequest, TraitsAnswer> = /* @__PURE__ */ calculation(traitsSpec)
