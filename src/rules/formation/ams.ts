import type { Dice } from '../../core/dice.js'
import { Distribution } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'

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

/** One AMS shot at what is left of the salvo: its die, then what the die destroys. */
export function amsShot(dice: Dice, a: Ams, shot: number, left: number): AmsRoll {
  return amsShotFrom(a, amsDie(dice, a, shot), left)
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
  let remaining = a.missiles
  const rolls: AmsRoll[] = []
  while (firesAgain(a, rolls.length, remaining)) {
    const r = amsShot(dice, a, rolls.length + 1, remaining)
    remaining = leftAfter(remaining, r)
    rolls.push(r)
  }
  return {
    needed: a.ams - amsModifier(a),
    modifier: amsModifier(a),
    rolls,
    destroyed: destroyedOf(a, remaining),
    remaining,
  }
}

/**
 * Exact odds of the missiles destroyed: the salvo's state between shots is only the missiles
 * left, so the shots are walked one at a time over that state: the die (amsDie, walked once),
 * then what it does to each number left (amsShotFrom), shots x missiles x 6 steps instead of
 * 6^shots branches.
 */
export function amsOdds(a: Ams): Distribution<number> {
  const die = walk((dice) => amsDie(dice, a, 1))
  const none = Distribution.point(0)
  let remaining = Distribution.point(a.missiles)
  for (let fired = 0; fired < a.shots; fired++) {
    const firing = (left: number) => firesAgain(a, fired, left)
    remaining = remaining.step(
      (left) => (firing(left) ? die : none),
      (left, roll) => (firing(left) ? leftAfter(left, amsShotFrom(a, roll, left)) : left),
    )
  }
  return remaining.map((left) => destroyedOf(a, left))
}
