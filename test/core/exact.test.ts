import { describe, expect, it } from 'vitest'
import { SUM } from '../../src/core/dice.js'
import { Dist } from '../../src/core/dist.js'
import { enumerate, exactDist, poolOutcomes } from '../../src/core/exact.js'
import { Rational } from '../../src/core/rational.js'

const total = (d: Dist<any>) => d.total().toString()

describe('exact driver', () => {
  it('2d6 totals have the triangle distribution, exactly', () => {
    const d = exactDist((dice) => dice.pool(2, 6, '2d6', SUM).reduce((a, b) => a + b, 0), (s) => s)
    expect(d.prob(7).toString()).toBe('1/6')
    expect(d.prob(2).toString()).toBe('1/36')
    expect(d.prob(12).toString()).toBe('1/36')
    expect(d.size).toBe(11)
    expect(total(d)).toBe('1')
  })

  it('a pool branches on class counts, not on every die', () => {
    // 10 d10 split crit (1-2) / hit (3-4) / miss (5-10): C(12,2) = 66 branches
    const outcomes = poolOutcomes(10, 10, (f) => (f <= 2 ? 'c' : f <= 4 ? 'h' : 'm'))
    expect(outcomes.length).toBe(66)
    const sum = outcomes.reduce((t, o) => t.add(o.weight), Rational.ZERO)
    expect(sum.toString()).toBe('1')
  })

  it('counts successes with binomial weights', () => {
    // 3d10, success on 5+ (p = 3/5): P(2 successes) = 3 * (3/5)^2 * (2/5) = 54/125
    const d = exactDist((dice) => dice.pool(3, 10, 'x', (f) => (f >= 5 ? 1 : 0)).filter((f) => f >= 5).length, (n) => n)
    expect(d.prob(2).toString()).toBe('54/125')
    expect(d.prob(3).toString()).toBe('27/125')
    expect(total(d)).toBe('1')
  })

  it('walks sequential pools whose size depends on earlier dice', () => {
    // roll a d4, then that many d2; total of the d2s
    const d = exactDist(
      (dice) => {
        const n = dice.roll(4, 'n', SUM)
        return dice.pool(n, 2, 'k', SUM).reduce((a, b) => a + b, 0)
      },
      (s) => s,
    )
    // P(total = 1) = P(n=1) * P(d2 = 1) = 1/4 * 1/2
    expect(d.prob(1).toString()).toBe('1/8')
    expect(total(d)).toBe('1')
    // E = sum over n of (1/4) * 1.5n = 1.5 * 2.5
    expect(d.expected()).toBeCloseTo(3.75, 12)
  })

  it('counts leaves', () => {
    let weight = Rational.ZERO
    const leaves = enumerate((dice) => dice.pool(2, 10, 'x', (f) => (f >= 5 ? 1 : 0)), (_r, w) => (weight = weight.add(w)))
    expect(leaves).toBe(3)
    expect(weight.toString()).toBe('1')
  })

  it('sum outcomes hand back faces that add up to the total', () => {
    for (const o of poolOutcomes(3, 6, SUM)) {
      expect(o.faces).toHaveLength(3)
      for (const f of o.faces) expect(f >= 1 && f <= 6).toBe(true)
    }
    expect(poolOutcomes(3, 6, SUM).map((o) => o.faces.reduce((a, b) => a + b, 0))).toEqual([...Array(16).keys()].map((i) => i + 3))
  })

  it('percentile is the mid-rank position of an outcome', () => {
    const d = new Dist<number>()
    d.add(0, Rational.of(1, 2))
    d.add(1, Rational.of(1, 2))
    expect(d.percentile(0)).toBe(0.25)
    expect(d.percentile(1)).toBe(0.75)
  })
})

describe('checkpoints', () => {
  it('branches reaching the same state share one walk, with the same distribution', () => {
    // two d6, then a d6 per point of (first die odd ? 1 : 2): the second stage depends only on it
    const rule = (withCheckpoint: boolean) => (dice: import('../../src/core/dice.js').Dice) => {
      const a = dice.roll(6, 'a')
      const n = a % 2 === 1 ? 1 : 2
      if (withCheckpoint) dice.checkpoint?.(`${n}`)
      return n + dice.pool(n, 6, 'b', SUM).reduce((x, y) => x + y, 0)
    }
    const plain = exactDist(rule(false), (s) => s)
    const merged = exactDist(rule(true), (s) => s)
    expect(merged.sorted().map(([k, w]) => [k, w.toString()])).toEqual(plain.sorted().map(([k, w]) => [k, w.toString()]))
    expect(merged.total().toString()).toBe('1')
  })
})

describe('geometricDist', () => {
  it('lists counts until the horizon, then folds the rest into "N+"', async () => {
    const { geometricDist } = await import('../../src/core/dist.js')
    const { dist, tailFrom, tailMass } = geometricDist(Rational.of(5, 6), { first: 1, horizon: 3 })
    expect(dist.prob(1).toString()).toBe('5/6')
    expect(dist.prob(2).toString()).toBe('5/36')
    expect(dist.prob(3).toString()).toBe('5/216')
    expect(dist.prob('4+').toString()).toBe('1/216')
    expect([tailFrom, tailMass.toString()]).toEqual([4, '1/216'])
    expect(dist.total().toString()).toBe('1')
  })

  it('or until the chance of going on is small enough', async () => {
    const { geometricDist } = await import('../../src/core/dist.js')
    const { dist, tailMass } = geometricDist(Rational.of(1, 2), { first: 0, tailMass: Rational.of(1, 1000) })
    expect(dist.prob(0).toString()).toBe('1/2')
    expect(tailMass.compare(Rational.of(1, 1000))).toBeLessThanOrEqual(0)
    expect(dist.prob('10+').toString()).toBe('1/1024')
    expect(dist.total().toString()).toBe('1')
  })
})
