/**
 * mecha as a library: every command by its CLI name (camelCase: titanThrow, stunRecover; a
 * group's commands under its name: wargroup.shoot, formation.strike, mining.shoot). Each takes
 * the request a batch line would carry (the command's options by their camelCase names, typed in
 * requests.ts) and answers with exactly the object `--json` prints, typed (ShootAnswer,
 * ShootOdds, …). Every open choice is made automatically, as without a terminal; bad input throws
 * MechaError with the CLI's message. See docs/api.md.
 *
 * Plain ES modules with no top-level await: `import` and `require` alike, and a bundler keeps
 * only the commands a page imports. No node: module is imported here or below (lint-enforced).
 */
export type {
  Answer,
  Calculation,
  CommandInfo,
  Compared,
  DiceSource,
  OptionInfo,
  Rolled,
  RosterSource,
  UnitWordInfo,
} from './types.js'
export type * from './answers.js'
export type * from './requests.js'
export { MechaError } from './errors.js'
export { game } from './game.js'
export type * from './game.js'
export { parseRoster, type RosterData } from './roster-text.js'
export { text, type Drawn, type TextOptions } from './text.js'
export { oddsTables, type OddsRow, type OddsTable } from './tables.js'
export {
  behavior,
  cover,
  fall,
  initiative,
  matrix,
  melee,
  momentum,
  outmaneuver,
  plan,
  save,
  secondary,
  shoot,
  stunRecover,
  titanThrow,
  traits,
  vp,
  type OneTargetShootRequest,
  type ShootCommand,
} from './stellar.js'
export { roll } from './roll.js'
export { wargroup } from './wargroup.js'
export { formation } from './formation.js'
export { mining } from './mining.js'
