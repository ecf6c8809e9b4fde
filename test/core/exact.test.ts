import { describe, expect, it } from 'vitest'
import { SUM } from '../../src/core/dice.js'
import type { Distribution } from '../../src/core/distribution.js'
import { poolOutcomes, walk, walkMaps } from '../../src/core/exact.js'

const sumsTo1 = (d: Distribution<any>) => d.waysWhere(() => true) === d.den

describe('exact driver', () => {
  it('2d6 totals have the triangle distribution, exactly', () => {
    const d = walk((dice) => dice.pool(2, 6, '2d6', SUM).reduce((a, b) => a + b, 0))
    expect(d.fraction(7)).toBe('1/6')
    expect(d.fraction(2)).toBe('1/36')
    expect(d.fraction(12)).toBe('1/36')
    expect(d.size).toBe(11)
    expect(sumsTo1(d)).toBe(true)
  })

  it('a pool branches on class counts, not on every die', () => {
    // 10 d10 split crit (1-2) / hit (3-4) / miss (5-10): C(12,2) = 66 branches
    const outcomes = poolOutcomes(10, 10, (f) => (f <= 2 ? 'c' : f <= 4 ? 'h' : 'm'))
    expect(outcomes.length).toBe(66)
    expect(outcomes.reduce((t, o) => t + o.ways, 0n)).toBe(10n ** 10n)
    expect(outcomes.every((o) => o.waysN === Number(o.ways))).toBe(true)
  })

  it('counts successes with binomial weights', () => {
    // 3d10, success on 5+ (p = 3/5): P(2 successes) = 3 * (3/5)^2 * (2/5) = 54/125
    const d = walk((dice) => dice.pool(3, 10, 'x', (f) => (f >= 5 ? 1 : 0)).filter((f) => f >= 5).length)
    expect(d.fraction(2)).toBe('54/125')
    expect(d.fraction(3)).toBe('27/125')
    expect(sumsTo1(d)).toBe(true)
  })

  it('walks sequential pools whose size depends on earlier dice', () => {
    // roll a d4, then that many d2; total of the d2s
    const d = walk((dice) => {
      const n = dice.roll(4, 'n', SUM)
      return dice.pool(n, 2, 'k', SUM).reduce((a, b) => a + b, 0)
    })
    // P(total = 1) = P(n=1) * P(d2 = 1) = 1/4 * 1/2
    expect(d.fraction(1)).toBe('1/8')
    expect(sumsTo1(d)).toBe(true)
    // E = sum over n of (1/4) * 1.5n = 1.5 * 2.5
    expect(d.expected()).toBeCloseTo(3.75, 12)
  })

  it('sum outcomes hand back faces that add up to the total', () => {
    for (const o of poolOutcomes(3, 6, SUM)) {
      expect(o.faces).toHaveLength(3)
      for (const f of o.faces) expect(f >= 1 && f <= 6).toBe(true)
    }
    expect(poolOutcomes(3, 6, SUM).map((o) => o.faces.reduce((a, b) => a + b, 0))).toEqual(
      [...Array(16).keys()].map((i) => i + 3),
    )
  })

  it('walkMaps reads several maps off one walk', () => {
    const m = walkMaps((dice) => dice.pool(2, 6, 'x', SUM).reduce((a, b) => a + b, 0), {
      total: (t) => t,
      high: (t) => String(t >= 10),
    })
    expect(m.total.fraction(7)).toBe('1/6')
    expect(m.high.fraction('true')).toBe('1/6')
    expect(sumsTo1(m.high)).toBe(true)
  })
})
