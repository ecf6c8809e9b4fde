import { describe, expect, it } from 'vitest'
import { PhysicalDice } from '../../../src/core/physical.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { resolveActionPoints } from '../../../src/rules/mining/action-points.js'
import { actionPointsOdds } from '../../../src/rules/mining/odds.js'

describe('mining action points: active units + d6', () => {
  it.each([
    [5, 3, 8],
    [4, 1, 5],
    [6, 6, 12],
    [1, 2, 3],
  ])('%i units rolling %i: %i points', (units, roll, ap) => {
    expect(resolveActionPoints(new PhysicalDice([roll]), { units })).toEqual({
      units,
      roll,
      actionPoints: ap,
    })
  })

  it('exact odds: units+1 to units+6, 1/6 each, mean units + 3.5', () => {
    const o = actionPointsOdds({ units: 4 })
    expect(o.actionPoints.sortedWays().map(([k]) => `${k}:${o.actionPoints.fraction(k)}`)).toEqual([
      '5:1/6',
      '6:1/6',
      '7:1/6',
      '8:1/6',
      '9:1/6',
      '10:1/6',
    ])
    expect(o.expected.actionPoints).toBe(7.5)
    expect(o.actionPoints.waysWhere(() => true)).toBe(o.actionPoints.den)
  })

  it('seeded rolls lie in the exact support and match its mean within 0.05', () => {
    const o = actionPointsOdds({ units: 5 })
    let sum = 0
    const n = 10000
    for (let i = 0; i < n; i++) {
      const r = resolveActionPoints(new SeededDice(`ap-${i}`), { units: 5 })
      expect(o.actionPoints.prob(r.actionPoints)).toBeGreaterThan(0)
      sum += r.actionPoints
    }
    // sd of one roll is 1.71, of the mean of 10000 is 0.017: 0.05 is about 3 sd
    expect(Math.abs(sum / n - 8.5)).toBeLessThan(0.05)
  })
})
