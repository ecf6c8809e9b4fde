/** Every command's answer types, as the models declare them (src/report): re-exported whole. */
export type { FormationAmsAnswer, FormationAmsOdds } from '../report/formation/ams.js'
export type {
  FormationDestroyCheckAnswer,
  FormationDestroyCheckOdds,
} from '../report/formation/destroy-check.js'
export type { FormationInitiativeAnswer, FormationInitiativeOdds } from '../report/formation/initiative.js'
export type { FormationJamAnswer, FormationJamOdds } from '../report/formation/jam.js'
export type { FormationKnockdownAnswer, FormationKnockdownOdds } from '../report/formation/knockdown.js'
export type { FormationStrikeAnswer, FormationStrikeOdds } from '../report/formation/strike.js'
export type { MiningApAnswer, MiningApOdds } from '../report/mining/ap.js'
export type { MiningPlanAnswer } from '../report/mining/plan.js'
export type { MiningRepairAnswer, MiningRepairOdds } from '../report/mining/repair.js'
export type { MiningResolveAnswer, MiningResolveOdds } from '../report/mining/resolve.js'
export type { MiningShootAnswer, MiningShootOdds } from '../report/mining/shoot.js'
export type { RollAnswer, RollOdds } from '../report/roll.js'
export type { BehaviorAnswer, BehaviorOdds } from '../report/stellar/behavior.js'
export type { CoverAnswer, CoverOdds } from '../report/stellar/cover.js'
export type { FallAnswer, FallOdds } from '../report/stellar/fall.js'
export type { InitiativeAnswer, InitiativeOdds } from '../report/stellar/initiative.js'
export type { MatrixAnswer } from '../report/stellar/matrix.js'
export type { MeleeAnswer, MeleeCompare, MeleeOdds } from '../report/stellar/melee.js'
export type { MomentumAnswer } from '../report/stellar/momentum.js'
export type { OutmaneuverAnswer, OutmaneuverOdds } from '../report/stellar/outmaneuver.js'
export type { PlanAnswer, PlanCompare, PlanOdds } from '../report/stellar/plan.js'
export type { SecondaryAnswer } from '../report/stellar/secondary.js'
export type { SaveAnswer, SaveOdds } from '../report/stellar/save.js'
export type { ShootCompare, ShotAnswer, ShotOdds } from '../report/stellar/shoot.js'
export type {
  ShootAnswer,
  ShootOdds,
  ShootTargetsAnswer,
  ShootTargetsOdds,
} from '../report/stellar/shoot-targets.js'
export type { StunRecoverAnswer, StunRecoverOdds } from '../report/stellar/stun-recover.js'
export type { TitanThrowAnswer, TitanThrowOdds } from '../report/stellar/titan-throw.js'
export type { TraitsAnswer } from '../report/stellar/traits.js'
export type { VpAnswer } from '../report/stellar/vp.js'
export type { WargroupBuildingAnswer, WargroupBuildingOdds } from '../report/wargroup/building.js'
export type {
  WargroupBurnAnswer,
  WargroupBurnOdds,
  WargroupVoidAnswer,
  WargroupVoidOdds,
} from '../report/wargroup/damage-over-time.js'
export type {
  WargroupInitiativeAnswer,
  WargroupInitiativeOdds,
  WargroupLengthAnswer,
  WargroupLengthOdds,
  WargroupSmokeAnswer,
  WargroupSmokeOdds,
} from '../report/wargroup/rolls.js'
export type { WargroupShootAnswer, WargroupShootOdds } from '../report/wargroup/shoot.js'
