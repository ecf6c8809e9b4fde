import { describe, expect, it } from 'vitest'
import { PhysicalDice } from '../../../src/core/physical.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { initiativeOdds, resolveInitiative } from '../../../src/rules/stellar/initiative.js'

describe('initiative', () => {
  it.each([
    { rolls: [7, 2], winner: 1, rollOffs: [[7, 2]] },
    { rolls: [3, 9], winner: 2, rollOffs: [[3, 9]] },
    {
      rolls: [4, 4, 7, 2],
      winner: 1,
      rollOffs: [
        [4, 4],
        [7, 2],
      ],
    },
    {
      rolls: [10, 10, 1, 1, 5, 6],
      winner: 2,
      rollOffs: [
        [10, 10],
        [1, 1],
        [5, 6],
      ],
    },
  ])('$rolls: side $winner wins', ({ rolls, winner, rollOffs }) => {
    const dice = new PhysicalDice(rolls)
    const r = resolveInitiative(dice)
    dice.assertAllUsed()
    expect(r).toEqual({ winner, rollOffs })
  })

  it('exact odds by conditioning on one roll-off: 1/2 each; roll-offs geometric with q = 1/10', () => {
    const o = initiativeOdds()
    expect(o.winner.fraction(1)).toBe('1/2')
    expect(o.winner.fraction(2)).toBe('1/2')
    expect(o.tie).toBe(1 / 10)
    expect(o.rollOffs.fraction('1')).toBe('9/10')
    expect(o.rollOffs.fraction('2')).toBe('9/100')
    expect(o.rollOffs.fraction('6+')).toBe('1/100000')
    expect(o.rollOffs.waysWhere(() => true)).toBe(o.rollOffs.den)
    expect(o.expected.rollOffs).toBeCloseTo(10 / 9, 12)
  })

  it('Monte Carlo agrees: about 1 in 10 roll-offs ties, each side wins half', () => {
    const n = 5000
    let wins1 = 0
    let extra = 0
    for (let i = 0; i < n; i++) {
      const r = resolveInitiative(new SeededDice(`init-${i}`))
      if (r.winner === 1) wins1++
      if (r.rollOffs.length > 1) extra++
    }
    // Standard errors: 0.0071 and 0.0042; allow 4.
    expect(Math.abs(wins1 / n - 0.5)).toBeLessThan(0.029)
    expect(Math.abs(extra / n - 0.1)).toBeLessThan(0.017)
  })
})
