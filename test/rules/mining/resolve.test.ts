import { describe, expect, it } from 'vitest'
import { PhysicalDice } from '../../../src/core/physical.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { resolveTestOdds } from '../../../src/rules/mining/odds.js'
import { resolveResolveTest, retreatsOnOrBelow } from '../../../src/rules/mining/resolve.js'

describe('mining resolve test: d6 + 2 - eliminated, under 1 retreats', () => {
  it.each([
    // eliminated, roll, score, retreat
    [1, 1, 2, false],
    [2, 1, 1, false],
    [3, 1, 0, true],
    [3, 2, 1, false],
    [4, 2, 0, true],
    [4, 3, 1, false],
    [5, 3, 0, true],
    [6, 6, 2, false],
    [8, 6, 0, true],
    [10, 6, -2, true],
  ])('%i eliminated, roll %i: score %i, retreat %s', (eliminated, roll, score, retreat) => {
    expect(resolveResolveTest(new PhysicalDice([roll]), { eliminated })).toEqual({
      roll,
      eliminated,
      score,
      retreat,
    })
  })

  it.each([
    // eliminated, chance to retreat (independent: faces f with f + 2 - e < 1, i.e. f <= e - 2)
    [1, '0'],
    [2, '0'],
    [3, '1/6'],
    [4, '1/3'],
    [5, '1/2'],
    [6, '2/3'],
    [7, '5/6'],
    [8, '1'],
    [20, '1'],
  ])('%i eliminated: retreats with chance %s', (eliminated, p) => {
    const o = resolveTestOdds({ eliminated })
    expect(o.retreat.fraction('true')).toBe(p)
    expect(o.retreat.waysWhere(() => true)).toBe(o.retreat.den)
    expect(o.score.waysWhere(() => true)).toBe(o.score.den)
    expect(o.expected.score).toBeCloseTo(3.5 + 2 - eliminated, 12)
    expect(retreatsOnOrBelow(eliminated)).toBe(Math.max(0, Math.min(6, eliminated - 2)))
  })

  it('seeded tests match the exact retreat chance within 0.015, inside the support', () => {
    const o = resolveTestOdds({ eliminated: 5 })
    let retreats = 0
    const n = 20000
    for (let i = 0; i < n; i++) {
      const r = resolveResolveTest(new SeededDice(`resolve-${i}`), { eliminated: 5 })
      expect(o.score.prob(r.score)).toBeGreaterThan(0)
      if (r.retreat) retreats++
    }
    expect(Math.abs(retreats / n - 0.5)).toBeLessThan(0.015)
  })
})
