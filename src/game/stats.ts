/**
 * Each side's luck, roll by roll (`mecha game stats`): for every shot and charge in effect, the
 * damage a side dealt against the exact distribution of that request's damage, replayed from
 * the event (src/cli/game-play.ts resolves it again). Pure: distributions in, numbers out.
 */

import { byName } from './log.js'

/** A distribution of damage as the odds give it: probability by value (the JSON's keys). */
export type DamageOdds = Record<string, number>

/** One side's damage in one resolution, against its odds. */
export interface LuckRoll {
  /** The event's number. */
  n: number
  round: number
  command: string
  /** The side that dealt it, the unit that dealt it and the unit that took it. */
  side: string
  by: string
  against: string
  dealt: number
  expected: number
  /** Mid-rank percentile, P(less) + P(equal)/2: 0.5 is an average roll. */
  percentile: number
  /** P(at least this damage). */
  atLeast: number
}

export interface SideLuck {
  rolls: number
  dealt: number
  expected: number
  /** The mean of the rolls' percentiles (0.5 when none). */
  meanPercentile: number
}

/** Where `dealt` falls in `odds`: its percentile, P(at least it), and the mean. */
export function luckOf(
  odds: DamageOdds,
  dealt: number,
): { percentile: number; atLeast: number; expected: number } {
  let below = 0
  let at = 0
  let above = 0
  let expected = 0
  for (const [k, p] of Object.entries(odds)) {
    const v = Number(k)
    expected += v * p
    if (v < dealt) below += p
    else if (v === dealt) at += p
    else above += p
  }
  return { percentile: below + at / 2, atLeast: at + above, expected }
}

/** Per side (every side listed, in order): its rolls, damage dealt and expected, mean percentile. */
export function sideLuck(rolls: readonly LuckRoll[], sides: readonly string[]): Record<string, SideLuck> {
  const out = byName<SideLuck>()
  for (const side of sides) {
    const own = rolls.filter((r) => r.side === side)
    out[side] = {
      rolls: own.length,
      dealt: own.reduce((s, r) => s + r.dealt, 0),
      expected: own.reduce((s, r) => s + r.expected, 0),
      meanPercentile: own.length ? own.reduce((s, r) => s + r.percentile, 0) / own.length : 0.5,
    }
  }
  return out
}
