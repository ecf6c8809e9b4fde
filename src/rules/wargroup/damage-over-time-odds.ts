import { Distribution, type Outcome, absorb, probability } from '../../core/distribution.js'
import { walk } from '../../core/exact.js'
import {
  BURNING_START,
  type Burning,
  type DamageOverTime,
  EFFECT_DIE,
  afterTurn,
  burnsOn,
  diceRolled,
  effectTurn,
  fallen,
  leastTurnDamage,
  rollTurn,
} from './damage-over-time.js'

/**
 * Exact odds of fire and void (damage-over-time.ts). The exact driver cannot walk the loop
 * "roll until a 1" (it never has to end), and even a bounded run of N turns has 5^N leaves, so
 * the odds are computed two other ways, both from the rule's own stages (its state Burning, the
 * turn's die rollTurn through afterTurn, and its stop condition burnsOn):
 *
 * 1. Bounded (`turns` and/or `dam` given): the turn repeated over Burning, as `absorb` would,
 *    until burnsOn says stop (the turns run out, the damage reaches `dam`, or the 1), the states
 *    that stop read straight into the maps (boundedOdds). With only `dam`
 *    the walk is still finite: each damaging turn adds at least 2 (leastTurnDamage), so at most
 *    ceil(dam / 2) turns deal damage. Not a Flow of that many turn stages: a flow's list of
 *    stages is fixed, so every state that stopped would be carried through each later stage
 *    (6.7x slower at `--turns 50 --dam 100`); this steps only the states still burning.
 *
 * 2. Unbounded (neither given): closed forms.
 *    - duration D (damaging turns) is geometric: P(D = k) = (1/6)(5/6)^k, E[D] = 5;
 *    - total damage S: its generating function is (1/6) / (1 - (z^2 + ... + z^6) / 6), so
 *      P(S = 0) = 1/6 and P(S = s) = (P(S = s-2) + ... + P(S = s-6)) / 6 for s >= 1, exactly;
 *      E[S] = E[D] x 4 = 20 (Wald: each damaging die averages (2 + ... + 6) / 5 = 4).
 *    Both maps are listed value by value up to a horizon, the first value H where the mass left
 *    beyond is at most 1e-9, and that remaining mass is reported exactly under the key "H+"
 *    (so every map sums to exactly 1): the duration by `absorb` over the turn, the damage by the
 *    recurrence. Expectations are the closed forms, not the truncated sums.
 */

export interface DamageOverTimeOdds {
  /** Damage dealt; unbounded: keys 0..H-1 and a tail key "H+". */
  damage: Distribution<number | string>
  /** Turns (passes) that dealt damage; unbounded: with a tail key too. */
  duration: Distribution<number | string>
  /** Whether a 1 ended the effect within the turns followed ("false"/"true"). */
  expired: Distribution<string>
  /** Whether the target's Dam reached 0 (when `dam` is given). */
  destroyed?: Distribution<string>
  /** Where the tail keys start, and their mass (unbounded only). */
  tail?: { damage: { from: number; mass: number }; duration: { from: number; mass: number } }
  expected: { damage: number; duration: number; dice: number }
}

/** Tail mass allowed beyond the listed values of an unbounded map. */
export const TAIL_MASS = 1e-9

export function damageOverTimeOdds(e: DamageOverTime): DamageOverTimeOdds {
  return e.turns === undefined && e.dam === undefined ? unboundedOdds(e) : boundedOdds(e)
}

/** The most dice a bounded effect can roll: its turns, or (with `dam`) ceil(dam / 2) at 2+ damage each. */
export function maxDice(e: DamageOverTime): number {
  const byTurns = e.turns ?? Infinity
  const byDam = e.dam !== undefined ? Math.ceil(e.dam / leastTurnDamage()) : Infinity
  return Math.min(byTurns, byDam)
}

/** A yes/no map ("false" and "true" always listed) of a condition on the outcome. */
function yesNo<K extends Outcome>(d: Distribution<K>, holds: (v: K) => boolean): Distribution<string> {
  return d.map((v) => String(holds(v))).including(['false', 'true'])
}

/** The effect's die, face by face. */
const FACES = Array.from({ length: EFFECT_DIE }, (_, i) => i + 1)

const burningKey = (b: Burning) => `${b.damage} ${b.turns} ${b.ended}`

/**
 * One more turn of the effect: the turn's die (rollTurn, walked once: it is the same die from
 * every state) through afterTurn. Walking the die again from each state, as a flow's stage is,
 * gave the same maps 2.4x slower (`--turns 50 --dam 100`).
 */
function turns(e: DamageOverTime): (b: Burning) => Distribution<Burning> {
  const die = walk((dice) => rollTurn(dice, e, BURNING_START))
  return (b) => die.map((face) => afterTurn(b, face), burningKey)
}

/** Whole-number weights of outcomes, over one denominator, in the order they first came. */
class Tally<K extends number | string> {
  readonly counts = new Map<K, bigint>()
  add(k: K, count: bigint): void {
    this.counts.set(k, (this.counts.get(k) ?? 0n) + count)
  }
  /** Over a denominator `factor` times larger. */
  scale(factor: bigint): void {
    for (const [k, c] of this.counts) this.counts.set(k, c * factor)
  }
}

/**
 * The turn repeated over the states still burning (as absorb would, see below), reading only
 * the four maps asked for. Every state still burning after k dice has dealt damage k times, so
 * at most one per damage below `dam` is carried, all over the one denominator 6^k. A state that
 * stops is added straight to the maps (brought to the next denominator with them each turn):
 * the joint map of every stopped (damage, turns, ended), ~6,000 outcomes at
 * `--turns 50 --dam 100`, is never built, nor its keys, nor one distribution per state and turn.
 * Same maps, same denominators, same order of first appearance as absorb's walk gave.
 */
function boundedOdds(e: DamageOverTime): DamageOverTimeOdds {
  const die = walk((dice) => rollTurn(dice, e, BURNING_START))
  const damage = new Tally<number>()
  const duration = new Tally<number>()
  const expired = new Tally<string>()
  let dice = 0n
  const stop = (b: Burning, count: bigint) => {
    damage.add(b.damage, count)
    duration.add(b.turns, count)
    expired.add(String(b.ended), count)
    dice += count * BigInt(diceRolled(b))
  }
  let den = 1n
  let running = new Map<string, [Burning, bigint]>()
  if (burnsOn(e, BURNING_START)) running.set(burningKey(BURNING_START), [BURNING_START, 1n])
  else stop(BURNING_START, 1n)
  while (running.size > 0) {
    den *= die.den
    for (const t of [damage, duration, expired]) t.scale(die.den)
    dice *= die.den
    const next = new Map<string, [Burning, bigint]>()
    for (const [b, count] of running.values()) {
      for (const [face, c] of die.entries()) {
        const after = afterTurn(b, face)
        if (!burnsOn(e, after)) stop(after, count * c)
        else {
          const key = burningKey(after)
          const at = next.get(key)
          if (at) at[1] += count * c
          else next.set(key, [after, count * c])
        }
      }
    }
    running = next
  }
  const damageMap = Distribution.weighted([...damage.counts])
  const durationMap = Distribution.weighted([...duration.counts])
  const odds: DamageOverTimeOdds = {
    damage: damageMap,
    duration: durationMap,
    expired: Distribution.weighted([...expired.counts]).including(['false', 'true']),
    expected: {
      damage: damageMap.expected(),
      duration: durationMap.expected(),
      dice: probability(dice, den),
    },
  }
  if (e.dam !== undefined) odds.destroyed = yesNo(damageMap, (d) => fallen(d, e.dam))
  return odds
}

/**
 * Numerators of P(S = s) = a(s) / 6^(s+1), s = 0, 1, 2 …, for the unbounded total damage:
 * a(0) = 1 and a(s) = sum over damaging faces f of a(s-f) * 6^(f-1), the recurrence above
 * multiplied through by 6^(s+1) (6: the effect's die, EFFECT_DIE).
 */
const SIDES = BigInt(EFFECT_DIE)

class DamageNumerators {
  private readonly a: bigint[] = []
  private readonly steps: Array<{ damage: number; scale: bigint }> = []

  constructor() {
    for (const face of FACES) {
      const t = effectTurn(face)
      if (!t.ends) this.steps.push({ damage: t.damage, scale: SIDES ** BigInt(t.damage - 1) })
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

/** Neither `turns` nor `dam`: followed until the 1. */
function unboundedOdds(e: DamageOverTime): DamageOverTimeOdds {
  // Duration: the turn repeated until its 1, listed while more than TAIL_MASS is still burning
  // (the damage is forgotten at each step: only the turns are read, and burnsOn ignores it here).
  const next = turns(e)
  const duration = absorb<Burning, number | string>(Distribution.point(BURNING_START, burningKey), {
    step: (b) => next({ damage: 0, turns: b.turns, ended: b.ended }),
    stopped: (b) => !burnsOn(e, b),
    result: (b) => b.turns,
    rest: (b) => `${b.turns}+`,
    tail: TAIL_MASS,
  })
  const durationFrom = Number(String(duration.outcomes().find((k) => typeof k === 'string')).replace('+', ''))

  // Damage: p(s) = a(s) / 6^(s+1); the listed mass so far is cum / 6^(s+1), in whole numbers;
  // stop at the first s whose remaining mass 1 - cum / 6^(s+1) is at most TAIL_MASS.
  const a = new DamageNumerators()
  const listed: Array<[number, bigint]> = []
  let cum = 0n
  let den = 1n
  for (let s = 0; probability(den - cum, den) > TAIL_MASS || s === 0; s++) {
    const as = a.next()
    den *= SIDES
    cum = cum * SIDES + as
    listed.push([s, as])
  }
  // Every listed a(s) is over 6^(s+1): bring them to the last, common denominator.
  const damage = Distribution.weighted<number | string>([
    ...listed
      .filter(([, as]) => as !== 0n)
      .map(([s, as]): [number, bigint] => [s, as * SIDES ** BigInt(listed.length - 1 - s)]),
    [`${listed.length}+`, den - cum],
  ])

  // E[D] = go / stop; E[S] = E[D] x mean damage of a damaging die; dice rolled: diceRolled,
  // linear in D (every branch ends on its 1).
  const turn = FACES.map(effectTurn)
  const stops = turn.filter((t) => t.ends).length
  const meanDuration = (FACES.length - stops) / stops
  const meanDamage = turn.reduce((t, x) => t + x.damage, 0) / (FACES.length - stops)
  return {
    damage,
    duration,
    expired: Distribution.point('true').including(['false']),
    tail: {
      damage: { from: listed.length, mass: damage.prob(`${listed.length}+`) },
      duration: { from: durationFrom, mass: duration.prob(`${durationFrom}+`) },
    },
    expected: {
      damage: meanDuration * meanDamage,
      duration: meanDuration,
      dice: diceRolled({ turns: meanDuration, ended: true }),
    },
  }
}
