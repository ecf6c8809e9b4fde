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
import { matrixRequest } from '../runtime/matrix-units.js'
import { unitsRequest } from '../runtime/named-units.js'
import { planRequest } from '../runtime/plan-units.js'
import { needWords } from '../runtime/named-units.js'
import type { BehaviorAnswer, BehaviorOdds } from './answers.js'
import type { CoverAnswer, CoverOdds } from './answers.js'
import type { FallAnswer, FallOdds } from './answers.js'
import type { InitiativeAnswer, InitiativeOdds } from './answers.js'
import type { MatrixAnswer } from './answers.js'
import type { MeleeAnswer, MeleeCompare, MeleeOdds } from './answers.js'
import type { MomentumAnswer } from './answers.js'
import type { OutmaneuverAnswer, OutmaneuverOdds } from './answers.js'
import type { PlanAnswer, PlanCompare, PlanOdds } from './answers.js'
import type { SaveAnswer, SaveOdds } from './answers.js'
import type { SecondaryAnswer } from './answers.js'
import type { ShootAnswer, ShootCompare, ShootOdds, ShotAnswer, ShotOdds } from './answers.js'
import type { StunRecoverAnswer, StunRecoverOdds } from './answers.js'
import type { TitanThrowAnswer, TitanThrowOdds } from './answers.js'
import type { TraitsAnswer } from './answers.js'
import type { VpAnswer } from './answers.js'
import { calculation, compared, rolled } from './front.js'
import type * as R from './requests.js'
import type { Calculation, Compared, DiceSource, Rolled } from './types.js'
import { byName } from './units.js'

/** A shoot request at one target: no list of defenders and no `targets` above 1. */
export type OneTargetShootRequest = R.ShootRequest & { defender?: string; targets?: 1 }

/**
 * shoot answers one target's fields when the request has one target (typed so: `.remainingHp`
 * reads without narrowing), and ShootAnswer's union otherwise (narrow with `'targets' in a`).
 */
export interface ShootCommand extends Omit<
  Compared<R.ShootRequest, ShootAnswer, ShootOdds, ShootCompare>,
  'resolve' | 'odds'
> {
  resolve(request: OneTargetShootRequest, dice?: DiceSource): ShotAnswer
  resolve(request: R.ShootRequest, dice?: DiceSource): ShootAnswer
  odds(request: OneTargetShootRequest): ShotOdds
  odds(request: R.ShootRequest): ShootOdds
}

// The one-target overloads are the same function: its answer's kind follows the request.
export const shoot = /* @__PURE__ */ compared<R.ShootRequest, ShootAnswer, ShootOdds, ShootCompare>(
  shootSpec,
  /* @__PURE__ */ byName('shoot', unitsRequest),
) as ShootCommand
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
