/**
 * mecha as a library: every command by its CLI name (camelCase: titanThrow, stunRecover; a
 * group's commands under its name: wargroup.shoot, formation.strike, mining.shoot). Each takes
 * the request a batch line would carry (the command's options by their camelCase names, typed in
 * requests.ts) and answers with exactly the object `--json` prints. Every open choice is made
 * automatically, as without a terminal; bad input throws MechaError with the CLI's message.
 * See docs/api.md. No node: module is imported here or below (lint-enforced): it can run in a page.
 */
import { loadAllSpecs } from '../commands/registry.js'
import type { CommandSpec } from '../engine/spec.js'
import { calculation, compared, rolled } from './command.js'
import type { Calculation, Compared, Rolled } from './types.js'
import type * as R from './requests.js'

export type { Answer, Calculation, Compared, DiceSource, Rolled, RosterSource } from './types.js'
export { MechaError } from './errors.js'
export { game } from './game.js'
export type * from './game.js'
export type * from './requests.js'

// Every command, loaded once (the CLI loads only the one it runs).
const specs = new Map((await loadAllSpecs()).map((s) => [s.name, s] as const))

function spec(name: string): CommandSpec {
  const s = specs.get(name)
  if (!s)
    throw new Error(`mecha: no command ${name} (src/api/index.ts and src/commands/registry.ts disagree)`)
  return s
}

export const shoot: Compared<R.ShootRequest> = compared(spec('shoot'))
export const melee: Compared<R.MeleeRequest> = compared(spec('melee'))
export const matrix: Calculation<R.MatrixRequest> = calculation(spec('matrix'))
export const plan: Compared<R.PlanRequest> = compared(spec('plan'))
export const save: Rolled<R.SaveRequest> = rolled(spec('save'))
export const cover: Rolled<R.CoverRequest> = rolled(spec('cover'))
export const outmaneuver: Rolled<R.OutmaneuverRequest> = rolled(spec('outmaneuver'))
export const initiative: Rolled<R.InitiativeRequest> = rolled(spec('initiative'))
export const titanThrow: Rolled<R.TitanThrowRequest> = rolled(spec('titan-throw'))
export const stunRecover: Rolled<R.StunRecoverRequest> = rolled(spec('stun-recover'))
export const fall: Rolled<R.FallRequest> = rolled(spec('fall'))
export const behavior: Rolled<R.BehaviorRequest> = rolled(spec('behavior'))
export const vp: Calculation<R.VpRequest> = calculation(spec('vp'))
export const secondary: Calculation<R.SecondaryRequest> = calculation(spec('secondary'))
export const momentum: Calculation<R.MomentumRequest> = calculation(spec('momentum'))
export const traits: Calculation<R.TraitsRequest> = calculation(spec('traits'))
export const roll: Rolled<R.RollRequest> = rolled(spec('roll'))

export const wargroup = {
  shoot: rolled(spec('wargroup shoot')) as Rolled<R.WargroupShootRequest>,
  burn: rolled(spec('wargroup burn')) as Rolled<R.WargroupBurnRequest>,
  void: rolled(spec('wargroup void')) as Rolled<R.WargroupVoidRequest>,
  smoke: rolled(spec('wargroup smoke')) as Rolled<R.WargroupSmokeRequest>,
  building: rolled(spec('wargroup building')) as Rolled<R.WargroupBuildingRequest>,
  initiative: rolled(spec('wargroup initiative')) as Rolled<R.WargroupInitiativeRequest>,
  length: rolled(spec('wargroup length')) as Rolled<R.WargroupLengthRequest>,
}

export const formation = {
  strike: rolled(spec('formation strike')) as Rolled<R.FormationStrikeRequest>,
  ams: rolled(spec('formation ams')) as Rolled<R.FormationAmsRequest>,
  knockdown: rolled(spec('formation knockdown')) as Rolled<R.FormationKnockdownRequest>,
  jam: rolled(spec('formation jam')) as Rolled<R.FormationJamRequest>,
  destroyCheck: rolled(spec('formation destroy-check')) as Rolled<R.FormationDestroyCheckRequest>,
  initiative: rolled(spec('formation initiative')) as Rolled<R.FormationInitiativeRequest>,
}

export const mining = {
  shoot: rolled(spec('mining shoot')) as Rolled<R.MiningShootRequest>,
  ap: rolled(spec('mining ap')) as Rolled<R.MiningApRequest>,
  plan: calculation(spec('mining plan')) as Calculation<R.MiningPlanRequest>,
  repair: rolled(spec('mining repair')) as Rolled<R.MiningRepairRequest>,
  resolve: rolled(spec('mining resolve')) as Rolled<R.MiningResolveRequest>,
}
