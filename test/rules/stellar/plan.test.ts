import { describe, expect, it } from 'vitest'
import { Distribution } from '../../../src/core/distribution.js'
import {
  type PlanAttack,
  NEED_CAP,
  afterAttack,
  attacksNeeded,
  planStart,
  readPlan,
} from '../../../src/rules/stellar/plan.js'

/**
 * The plan's fold (src/rules/stellar/plan.ts) against brute force: every path of the attacks
 * enumerated one outcome at a time, with exact fractions, the defender's HP carried by hand.
 */

/** An attack whose damage odds are given per HP by a table of [damage, weight] (a d6-like toy). */
function attack(name: string, at: (hp: number) => Array<[number, number]>): PlanAttack {
  return { name, unit: name, damage: (hp) => Distribution.weighted(at(hp)) }
}

/** Every path, its chance as a fraction [num, den] of bigints, and the state it ends in. */
function brute(hp: number, attacks: PlanAttack[]): Map<string, [bigint, bigint]> {
  const out = new Map<string, [bigint, bigint]>()
  const add = (key: string, num: bigint, den: bigint) => {
    const [n, d] = out.get(key) ?? [0n, 1n]
    out.set(key, [n * den + num * d, d * den])
  }
  const walk = (k: number, left: number, dealt: number, num: bigint, den: bigint) => {
    if (k === attacks.length || left === 0) return add(`${left} ${dealt}`, num, den)
    const d = attacks[k].damage(left)
    for (const [x, ways] of d.sortedWays())
      walk(k + 1, Math.max(0, left - x), dealt + x, num * ways, den * d.den)
  }
  walk(0, hp, 0, 1n, 1n)
  return out
}

const chance = ([n, d]: [bigint, bigint]) => Number((n * 10n ** 15n) / d) / 1e15

describe('the plan fold against brute force', () => {
  const flat = attack('flat', () => [
    [0, 1],
    [2, 2],
    [3, 3],
  ])
  // A choice that depends on the HP: against 2 HP or less it goes for a sure 2, else it gambles.
  const choosy = attack('choosy', (hp) =>
    hp <= 2
      ? [[2, 1]]
      : [
          [0, 1],
          [5, 1],
        ],
  )

  it.each([
    ['independent attacks', 6, [flat, flat, flat]],
    ['an HP-dependent choice', 6, [flat, choosy, flat, choosy]],
    ['destroyed early, later attacks not made', 3, [choosy, flat, choosy]],
  ] as const)('%s: every state with its exact chance', (_, hp, attacks) => {
    let d = planStart(hp)
    for (const a of attacks) d = afterAttack(d, a)
    const want = brute(hp, [...attacks])
    // The fold merges states with one HP left (their damage dealt is then the same).
    const got = new Map(d.outcomes().map((s) => [`${s.hp} ${s.dealt}`, d.fraction(s)]))
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort())
    for (const [key, f] of want) {
      const [n, den] = got.get(key)!.split('/').map(BigInt)
      expect(n * f[1], key).toBe(f[0] * (den ?? 1n))
    }
    const destroyed = [...want].filter(([k]) => k.startsWith('0 ')).reduce((s, [, f]) => s + chance(f), 0)
    expect(readPlan(d).destroyed).toBeCloseTo(destroyed, 12)
  })

  it('attacksNeeded: the first count that reaches the chance, the curve of each', () => {
    const n = attacksNeeded(6, [flat], 0.9)
    let d = planStart(6)
    const curve: number[] = []
    for (let k = 0; k < n.attacks!; k++) curve.push(readPlan((d = afterAttack(d, flat))).destroyed)
    expect(n.curve).toEqual(curve)
    expect(curve[curve.length - 1]).toBeGreaterThanOrEqual(0.9)
    expect(curve[curve.length - 2]).toBeLessThan(0.9)
  })

  it('attacksNeeded: never, when a round deals nothing; not within the cap, said so', () => {
    const nothing = attack('nothing', () => [[0, 1]])
    expect(attacksNeeded(6, [nothing, nothing], 0.5)).toEqual({ curve: [0, 0] })
    const rarely = attack('rarely', () => [
      [0, 99],
      [1, 1],
    ])
    const capped = attacksNeeded(50, [rarely], 0.5)
    expect(capped.attacks).toBeUndefined()
    expect(capped.curve).toHaveLength(NEED_CAP)
  })
})
