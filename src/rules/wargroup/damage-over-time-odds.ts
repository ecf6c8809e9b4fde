import { Dist, geometricDist } from '../../core/dist.js'
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

/** The most dice a bounded effect can roll: its turns, or (with `dam`) ceil(dam / 2) at 2+ damage each. */
export function maxDice(e: DamageOverTime): number {
  const byTurns = e.turns ?? Infinity
  const byDam = e.dam !== undefined ? Math.ceil(e.dam / 2) : Infinity
  return Math.min(byTurns, byDam)
}

function addTo(m: Map<number, bigint>, k: number, v: bigint): void {
  m.set(k, (m.get(k) ?? 0n) + v)
}

function boundedOdds(e: DamageOverTime): DamageOverTimeOdds {
  // Every weight is kept as a whole number of chances out of 6^K (K = the most dice rolled),
  // so no fraction is reduced until the end.
  const K = maxDice(e)
  const pow: bigint[] = [1n]
  for (let i = 1; i <= K; i++) pow.push(pow[i - 1] * 6n)
  const damageWays = new Map<number, bigint>()
  const durationWays = new Map<number, bigint>()
  let expiredWays = 0n
  let destroyedWays = 0n
  let diceWays = 0n
  // alive[s]: ways out of 6^k to have dealt s damage, every branch having dealt damage on all
  // k turns so far (so k is each live branch's duration).
  let alive: bigint[] = [1n]
  for (let k = 0; alive.length > 0; k++) {
    const next: bigint[] = []
    let endedWays = 0n
    for (let s = 0; s < alive.length; s++) {
      const ways = alive[s]
      if (ways === undefined || ways === 0n) continue
      const fallen = e.dam !== undefined && s >= e.dam
      if (fallen || k === e.turns) {
        // No more dice: the effect is still active (turns ran out) or the target is down.
        const w = ways * pow[K - k]
        addTo(damageWays, s, w)
        addTo(durationWays, k, w)
        if (fallen) destroyedWays += w
        diceWays += w * BigInt(k)
        continue
      }
      for (let face = 1; face <= 6; face++) {
        const t = effectTurn(face)
        if (t.ends) {
          addTo(damageWays, s, ways * pow[K - k - 1])
          endedWays += ways
        } else next[s + t.damage] = (next[s + t.damage] ?? 0n) + ways
      }
    }
    if (endedWays > 0n) {
      const w = endedWays * pow[K - k - 1]
      addTo(durationWays, k, w)
      expiredWays += w
      diceWays += w * BigInt(k + 1)
    }
    alive = next
  }
  const total = pow[K]
  const toDist = (m: Map<number, bigint>): Dist<number | string> => {
    const d = new Dist<number | string>()
    for (const k of [...m.keys()].sort((a, b) => a - b)) d.add(k, Rational.of(m.get(k)!, total))
    return d
  }
  const damage = toDist(damageWays)
  const duration = toDist(durationWays)
  const expectedExact = {
    damage: Rational.of(sumProducts(damageWays), total),
    duration: Rational.of(sumProducts(durationWays), total),
    dice: Rational.of(diceWays, total),
  }
  const odds: DamageOverTimeOdds = { damage, duration, expired: Rational.of(expiredWays, total), expectedExact, expected: toNumbers(expectedExact) }
  if (e.dam !== undefined) odds.destroyed = Rational.of(destroyedWays, total)
  return odds
}

function sumProducts(m: Map<number, bigint>): bigint {
  let t = 0n
  for (const [k, w] of m) t += BigInt(k) * w
  return t
}

/**
 * Numerators of P(S = s) = a(s) / 6^(s+1), s = 0, 1, 2 …, for the unbounded total damage:
 * a(0) = 1 and a(s) = sum over damaging faces f of a(s-f) * 6^(f-1), the recurrence above
 * multiplied through by 6^(s+1).
 */
class DamageNumerators {
  private readonly a: bigint[] = []
  private readonly steps: Array<{ damage: number; scale: bigint }> = []

  constructor() {
    for (let face = 1; face <= 6; face++) {
      const t = effectTurn(face)
      if (!t.ends) this.steps.push({ damage: t.damage, scale: 6n ** BigInt(t.damage - 1) })
    }
  }

  next(): bigint {
    const s = this.a.length
    let v = s === 0 ? 1n : 0n
    for (const st of this.steps) if (s - st.damage >= 0) v += this.a[s - st.damage] * st.scale
    this.a.push(v)
    return v
  }
}

export function unboundedDamageNumerators(n: number): bigint[] {
  const a = new DamageNumerators()
  return Array.from({ length: n }, () => a.next())
}

/** P(S = s) for the unbounded total damage, s = 0..n-1. */
export function unboundedDamageProbabilities(n: number): Rational[] {
  return unboundedDamageNumerators(n).map((v, s) => Rational.of(v, 6n ** BigInt(s + 1)))
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
  const { dist: duration, tailFrom: durationFrom, tailMass: tailD } = geometricDist(stop, { first: 0, tailMass: TAIL_MASS })

  // Damage: p(s) = a(s) / 6^(s+1); the listed mass so far is cum / 6^(s+1), kept in whole
  // numbers; stop at the first s whose remaining mass 1 - cum / 6^(s+1) is at most TAIL_MASS.
  const damage = new Dist<number | string>()
  const a = new DamageNumerators()
  let cum = 0n
  let den = 1n
  let s = 0
  for (;;) {
    const as = a.next()
    den *= 6n
    cum = cum * 6n + as
    if (as !== 0n) damage.add(s, Rational.of(as, den))
    s++
    if ((den - cum) * TAIL_MASS.den <= den * TAIL_MASS.num) break
  }
  const tailS = Rational.of(den - cum, den)
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
