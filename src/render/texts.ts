import type { CommandText } from './context.js'

/**
 * Each command's text by the command's name, loaded when it is drawn: the command line loads the
 * one it runs; batch and the library never load any. test/cli/registry.test.ts checks that every
 * command of src/commands/registry.ts has one.
 */
export const TEXTS: Record<string, () => Promise<CommandText>> = {
  shoot: () => import('./stellar/targets.js').then((m) => m.shootText),
  melee: () => import('./stellar/melee.js').then((m) => m.meleeText),
  matrix: () => import('./stellar/matrix.js').then((m) => m.matrixText),
  plan: () => import('./stellar/plan.js').then((m) => m.planText),
  save: () => import('./stellar/save.js').then((m) => m.saveText),
  cover: () => import('./stellar/cover.js').then((m) => m.coverText),
  outmaneuver: () => import('./stellar/outmaneuver.js').then((m) => m.outmaneuverText),
  initiative: () => import('./stellar/initiative.js').then((m) => m.initiativeText),
  'titan-throw': () => import('./stellar/titan-throw.js').then((m) => m.titanThrowText),
  'stun-recover': () => import('./stellar/stun-recover.js').then((m) => m.stunRecoverText),
  fall: () => import('./stellar/fall.js').then((m) => m.fallText),
  behavior: () => import('./stellar/behavior.js').then((m) => m.behaviorText),
  vp: () => import('./stellar/vp.js').then((m) => m.vpText),
  secondary: () => import('./stellar/secondary.js').then((m) => m.secondaryText),
  momentum: () => import('./stellar/momentum.js').then((m) => m.momentumText),
  traits: () => import('./stellar/traits.js').then((m) => m.traitsText),
  roll: () => import('./roll.js').then((m) => m.rollText),
  'wargroup shoot': () => import('./wargroup/shoot.js').then((m) => m.wargroupShootText),
  'wargroup burn': () => import('./wargroup/damage-over-time.js').then((m) => m.damageOverTimeText),
  'wargroup void': () => import('./wargroup/damage-over-time.js').then((m) => m.damageOverTimeText),
  'wargroup smoke': () => import('./wargroup/rolls.js').then((m) => m.wargroupSmokeText),
  'wargroup building': () => import('./wargroup/building.js').then((m) => m.wargroupBuildingText),
  'wargroup initiative': () => import('./wargroup/rolls.js').then((m) => m.wargroupInitiativeText),
  'wargroup length': () => import('./wargroup/rolls.js').then((m) => m.wargroupLengthText),
  'formation strike': () => import('./formation/strike.js').then((m) => m.strikeText),
  'formation ams': () => import('./formation/ams.js').then((m) => m.amsText),
  'formation knockdown': () => import('./formation/knockdown.js').then((m) => m.knockdownText),
  'formation jam': () => import('./formation/jam.js').then((m) => m.jamText),
  'formation destroy-check': () => import('./formation/destroy-check.js').then((m) => m.destroyCheckText),
  'formation initiative': () => import('./formation/initiative.js').then((m) => m.formationInitiativeText),
  'mining shoot': () => import('./mining/shoot.js').then((m) => m.miningShootText),
  'mining ap': () => import('./mining/action-points.js').then((m) => m.miningApText),
  'mining plan': () => import('./mining/plan.js').then((m) => m.miningPlanText),
  'mining repair': () => import('./mining/repair.js').then((m) => m.miningRepairText),
  'mining resolve': () => import('./mining/resolve.js').then((m) => m.miningResolveText),
}

/** The text of the command named. */
export function loadText(name: string): Promise<CommandText> {
  const load = TEXTS[name]
  if (!load) throw new Error(`no text for the command ${name} (src/render/texts.ts)`)
  return load()
}
