/** Every command's answer types, as the models declare them (src/models): re-exported whole. */
export type { FormationAmsAnswer, FormationAmsOdds } from '../models/formation/ams.js'
export type {
  FormationDestroyCheckAnswer,
  FormationDestroyCheckOdds,
} from '../models/formation/destroy-check.js'
export type { FormationInitiativeAnswer, FormationInitiativeOdds } from '../models/formation/initiative.js'
export type { FormationJamAnswer, FormationJamOdds } from '../models/formation/jam.js'
export type { FormationKnockdownAnswer, FormationKnockdownOdds } from '../models/formation/knockdown.js'
export type { FormationStrikeAnswer, FormationStrikeOdds } from '../models/formation/strike.js'
export type { MiningApAnswer, MiningApOdds } from '../models/mining/ap.js'
export type { MiningPlanAnswer } from '../models/mining/plan.js'
export type { MiningRepairAnswer, MiningRepairOdds } from '../models/mining/repair.js'
export type { MiningResolveAnswer, MiningResolveOdds } from '../models/mining/resolve.js'
export type { MiningShootAnswer, MiningShootOdds } from '../models/mining/shoot.js'
export type { RollAnswer, RollOdds } from '../models/roll.js'
export type { BehaviorAnswer, BehaviorOdds } from '../models/stellar/behavior.js'
export type { CoverAnswer, CoverOdds } from '../models/stellar/cover.js'
export type { FallAnswer, FallOdds } from '../models/stellar/fall.js'
export type { InitiativeAnswer, InitiativeOdds } from '../models/stellar/initiative.js'
export type { MatrixAnswer } from '../models/stellar/matrix.js'
export type { MeleeAnswer, MeleeCompare, MeleeOdds } from '../models/stellar/melee.js'
export type { MomentumAnswer } from '../models/stellar/momentum.js'
export type { OutmaneuverAnswer, OutmaneuverOdds } from '../models/stellar/outmaneuver.js'
export type { PlanAnswer, PlanCompare, PlanOdds } from '../models/stellar/plan.js'
export type { SecondaryAnswer } from '../models/stellar/secondary.js'
export type { SaveAnswer, SaveOdds } from '../models/stellar/save.js'
export type { ShootCompare, ShotAnswer, ShotOdds } from '../models/stellar/shoot.js'
export type {
  ShootAnswer,
  ShootOdds,
  ShootTargetsAnswer,
  ShootTargetsOdds,
} from '../models/stellar/shoot-targets.js'
export type { StunRecoverAnswer, StunRecoverOdds } from '../models/stellar/stun-recover.js'
export type { TitanThrowAnswer, TitanThrowOdds } from '../models/stellar/titan-throw.js'
export type { TraitsAnswer } from '../models/stellar/traits.js'
export type { VpAnswer } from '../models/stellar/vp.js'
export type { WargroupBuildingAnswer, WargroupBuildingOdds } from '../models/wargroup/building.js'
export type {
  WargroupBurnAnswer,
  WargroupBurnOdds,
  WargroupVoidAnswer,
  WargroupVoidOdds,
} from '../models/wargroup/damage-over-time.js'
export type {
  WargroupInitiativeAnswer,
  WargroupInitiativeOdds,
  WargroupLengthAnswer,
  WargroupLengthOdds,
  WargroupSmokeAnswer,
  WargroupSmokeOdds,
} from '../models/wargroup/rolls.js'
export type { WargroupShootAnswer, WargroupShootOdds } from '../models/wargroup/shoot.js'
