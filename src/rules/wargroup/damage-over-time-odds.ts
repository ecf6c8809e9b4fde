import { Dist } from '../../core/dist.js'
import { Rational } from '../../core/rational.js'
import { type DamageOverTime, effectTurn } from './damage-over-time.js'

/**
 * Exact odds of fire and void (damage-over-time.ts). The exact driver cannot walk the loop
 * "roll until a 1" (it never has to end), and even a bounded run of N turns has 5^N leaves, so
 * the odds are computed two other ways, both from the same per-turn rule `effectTurn`:
 *
 * 1. Bounded (`turns` and/or `dam` given): a step-by-step distribution. After k turns every
 *    live branch has dealt damage on all k turns, so the state is just the damage so far,
 *    weighted by its number of ways out of 6^k. A branch stops when the turns run out, when its
 *    damage reaches `dam`, or on the 1. With only `dam` the walk is still finite: each damaging
 *    turn adds at least 2, so at most ceil(dam / 2) turns deal damage.
 *
 * 2. Unbounded (neither given): closed forms.
 *    - duration D (damaging turns) is geometric: P(D = k) = (1/6)(5/6)^k, E[D] = 5;
 *    - total damage S: its generating function is (1/6) / (1 - (z^2 + ... + z^6) / 6), so
 *      P(S = 0) = 1/6 and P(S = s) = (P(S = s-2) + ... + P(S = s-6)) / 6 for s >= 1, exactly;
 *      E[S] = E[D] x 4 = 20 (Wald: each damaging die averages (2 + ... + 6) / 5 = 4).
 *    Both maps are listed value by value up to a horizon, the first value H where the mass left
 *    beyond is at most 1e-9, and that remaining mass is reported exactly under the key "H+"
 *    (so every map sums to exactly 1). Expectations are the exact closed forms, not the
 *    truncated sums.
 */

export interface DamageOverTimeOdds {
  /** Damage dealt; unbounded: keys 0..H-1 and a tail key "H+". */
  damage: Dist<number | string>
  /** Turns (passes) that dealt damage; unbounded: with a tail key too. */
  duration: Dist<number | string>
  /** Chance a 1 ended the effect within the turns followed. */
  expired: Rational
  /** Chance the target's Dam reached 0 (when `dam` is given). */
  destroyed?: Rational
  /** Where the tail keys start, and their exact mass (unbounded only). */
  tail?: { damage: { from: number; mass: Rational }; duration: { from: number; mass: Rational } }
  expectedExact: { damage: Rational; duration: Rational; dice: Rational }
  expected: { damage: number; duration: number; dice: number }
}

/** Tail mass allowed beyond the listed values of an unbounded map. */
export const TAIL_MASS = Rational.of(1n, 1_000_000_000n)

export function damageOverTimeOdds(e: DamageOverTime): DamageOverTimeOdds {
  return e.turns === undefined && e.dam === undefined ? unboundedOdds() : boundedOdds(e)
}

function boundedOdds(e: DamageOverTime): DamageOverTimeOdds {
  const damage = new Dist<number | string>()
  const duration = new Dist<number | string>()
  let expired = Rational.ZERO
  let destroyed = Rational.ZERO
  let expectedDice = Rational.ZERO
  // alive: damage so far -> ways out of 6^k, every branch having dealt damage on all k turns.
  let alive = new Map<number, bigint>([[0, 1n]])
  let denom = 1n
  for (let k = 0; alive.size > 0; k++) {
    const next = new Map<number, bigint>()
    let endedWays = 0n
    for (const [s, ways] of alive) {
      const fallen = e.dam !== undefined && s >= e.dam
      if (fallen || k === e.turns) {
        // No more dice: the effect is still active (turns ran out) or the target is down.
        const w = Rational.of(ways, denom)
        damage.add(s, w)
        duration.add(k, w)
        if (fallen) destroyed = destroyed.add(w)
        expectedDice = expectedDice.add(w.mulInt(k))
        continue
      }
      for (let face = 1; face <= 6; face++) {
        const t = effectTurn(face)
        if (t.ends) {
          const w = Rational.of(ways, denom * 6n)
          damage.add(s, w)
          duration.add(k, w)
          endedWays += ways
          expectedDice = expectedDice.add(w.mulInt(k + 1))
        } else next.set(s + t.damage, (next.get(s + t.damage) ?? 0n) + ways)
      }
    }
    if (endedWays > 0n) expired = expired.add(Rational.of(endedWays, denom * 6n))
    alive = next
    denom *= 6n
  }
  const expectedExact = {
    damage: damage.expectedExact(),
    duration: duration.expectedExact(),
    dice: expectedDice,
  }
  const odds: DamageOverTimeOdds = { damage, duration, expired, expectedExact, expected: toNumbers(expectedExact) }
  if (e.dam !== undefined) odds.destroyed = destroyed
  return odds
}

/** P(S = s) for the unbounded total damage, s = 0..n-1, from the recurrence above. */
export function unboundedDamageProbabilities(n: number): Rational[] {
  // p(s) = a(s) / 6^(s+1) with a(0) = 1 and a(s) = sum over damaging faces f of a(s-f) * 6^(f-1).
  const a: bigint[] = []
  const out: Rational[] = []
  for (let s = 0; s < n; s++) {
    let v = s === 0 ? 1n : 0n
    for (let face = 1; face <= 6; face++) {
      const t = effectTurn(face)
      if (t.ends || s - t.damage < 0) continue
      v += a[s - t.damage] * 6n ** BigInt(t.damage - 1)
    }
    a.push(v)
    out.push(Rational.of(v, 6n ** BigInt(s + 1)))
  }
  return out
}

/** Faces that keep the effect going, and the chance of the ending face. */
function turnShape(): { stop: Rational; go: Rational; meanDamage: Rational } {
  let stops = 0
  let total = 0
  for (let face = 1; face <= 6; face++) {
    const t = effectTurn(face)
    if (t.ends) stops++
    else total += t.damage
  }
  return { stop: Rational.of(stops, 6), go: Rational.of(6 - stops, 6), meanDamage: Rational.of(total, 6 - stops) }
}

function unboundedOdds(): DamageOverTimeOdds {
  const { stop, go, meanDamage } = turnShape()
  // Duration: P(D = k) = stop * go^k; the tail P(D >= H) = go^H.
  const duration = new Dist<number | string>()
  let tailD = Rational.ONE
  let k = 0
  while (tailD.compare(TAIL_MASS) > 0) {
    const p = stop.mul(tailD)
    duration.add(k, p)
    tailD = tailD.sub(p)
    k++
  }
  duration.add(`${k}+`, tailD)
  const durationFrom = k

  const damage = new Dist<number | string>()
  let tailS = Rational.ONE
  let s = 0
  // Grow the table in chunks until the mass left beyond it is small enough.
  let probs = unboundedDamageProbabilities(256)
  while (tailS.compare(TAIL_MASS) > 0) {
    if (s >= probs.length) probs = unboundedDamageProbabilities(probs.length * 2)
    const p = probs[s]
    if (!p.isZero()) damage.add(s, p)
    tailS = tailS.sub(p)
    s++
  }
  damage.add(`${s}+`, tailS)

  // E[D] = go / stop; E[S] = E[D] x mean damage of a damaging die; dice rolled = D + 1.
  const meanDuration = go.mul(Rational.of(stop.den, stop.num))
  const expectedExact = { damage: meanDuration.mul(meanDamage), duration: meanDuration, dice: meanDuration.add(Rational.ONE) }
  return {
    damage,
    duration,
    expired: Rational.ONE,
    tail: { damage: { from: s, mass: tailS }, duration: { from: durationFrom, mass: tailD } },
    expectedExact,
    expected: toNumbers(expectedExact),
  }
}

function toNumbers(x: { damage: Rational; duration: Rational; dice: Rational }): { damage: number; duration: number; dice: number } {
  return { damage: x.damage.toNumber(), duration: x.duration.toNumber(), dice: x.dice.toNumber() }
}
