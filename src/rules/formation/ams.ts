import type { Dice } from '../../core/dice.js'
import type { Distribution } from '../../core/distribution.js'
import { Flow, type Stage } from '../../core/flow.js'

/**
 * ANTI-MISSILE SYSTEMS (formation rules, weapon traits "AMS" and "Missile").
 *
 * An AMS fires one d6 at an incoming salvo: a result of at least its AMS number destroys one
 * missile, and every point over the number destroys one more. Long-range missiles (those with
 * more than 12 damage) are big and tough: -1 to the AMS roll.
 *
 * Readings:
 * - No natural 1 or 6 rule is written for AMS, so none applies.
 * - Several AMS shots (`shots`) at one salvo are rolled one after another and stop as soon as the
 *   salvo is gone; a die never destroys more missiles than are left.
 */
export interface Ams {
  ams: number
  missiles: number
  longRange: boolean
  shots: number
}

export interface AmsRoll {
  roll: number
  modified: number
  destroyed: number
}

export interface AmsResult {
  /** The natural d6 needed to destroy one missile. */
  needed: number
  modifier: number
  rolls: AmsRoll[]
  destroyed: number
  remaining: number
}

/** Long-range missiles (over 12 damage) give the AMS -1. */
export const LONG_RANGE_DMG = 12

export function amsModifier(a: Pick<Ams, 'longRange'>): number {
  return a.longRange ? -1 : 0
}

/** Missiles one AMS die destroys, before the cap of what is left. */
export function amsKills(a: Pick<Ams, 'ams' | 'longRange'>, roll: number): number {
  const modified = roll + amsModifier(a)
  return modified >= a.ams ? 1 + modified - a.ams : 0
}

/** The salvo between AMS shots: the missiles left, and the dice so far. */
export interface Salvo {
  left: number
  rolls: AmsRoll[]
}

/**
 * One AMS shot (the `shot`-th) as a stage: if it is fired (shots remain and so do missiles), its
 * die, then what the die destroys of the missiles left. Later shots read only the missiles left.
 */
function shotStage(a: Ams, shot: number): Stage<Salvo, Salvo> {
  return {
    name: `AMS shot ${shot}`,
    run(salvo, dice) {
      if (!firesAgain(a, shot - 1, salvo.left)) return salvo
      const r = amsShotFrom(a, amsDie(dice, a, shot), salvo.left)
      return { left: leftAfter(salvo.left, r), rolls: [...salvo.rolls, r] }
    },
    key: (salvo) => salvo.left,
  }
}

/** The AMS fire at a salvo: one stage per shot. */
export function amsFlow(a: Ams): Flow<Ams, Salvo> {
  let flow = Flow.from<Ams>(() => 0).then<Salvo>({
    name: 'salvo',
    run: (x) => ({ left: x.missiles, rolls: [] }),
    key: (salvo) => salvo.left,
  })
  for (let shot = 1; shot <= a.shots; shot++) flow = flow.then(shotStage(a, shot))
  return flow
}

/** The AMS shot's die. Every face is its own class: the result shows the modified roll. */
function amsDie(dice: Dice, a: Ams, shot: number): number {
  return dice.roll(6, a.shots > 1 ? `AMS shot ${shot}` : 'AMS')
}

/** What one AMS die does to the missiles left: it never destroys more than are left. */
function amsShotFrom(a: Ams, roll: number, left: number): AmsRoll {
  return { roll, modified: roll + amsModifier(a), destroyed: Math.min(left, amsKills(a, roll)) }
}

/** Missiles left after a shot that destroyed some of the `left`. */
function leftAfter(left: number, shot: Pick<AmsRoll, 'destroyed'>): number {
  return left - shot.destroyed
}

/** Missiles destroyed in all, with `remaining` left of the salvo. */
function destroyedOf(a: Pick<Ams, 'missiles'>, remaining: number): number {
  return a.missiles - remaining
}

/** Whether another shot is fired: shots remain and so do missiles. */
function firesAgain(a: Ams, fired: number, remaining: number): boolean {
  return fired < a.shots && remaining > 0
}

export function resolveAms(dice: Dice, a: Ams): AmsResult {
  const { left, rolls } = amsFlow(a).run(a, dice)
  return {
    needed: a.ams - amsModifier(a),
    modifier: amsModifier(a),
    rolls,
    destroyed: destroyedOf(a, left),
    remaining: left,
  }
}

/** Exact odds of the missiles destroyed: the AMS flow folded over the missiles left between shots. */
export function amsOdds(a: Ams): Distribution<number> {
  return amsFlow(a).odds(a, (salvo) => destroyedOf(a, salvo.left))
}
