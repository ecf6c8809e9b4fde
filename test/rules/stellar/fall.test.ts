import { describe, expect, it } from 'vitest'
import { walk } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import { fraction } from '../../../src/core/distribution.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { resolveFall } from '../../../src/rules/stellar/fall.js'

describe('low-gravity fall', () => {
  it.each([
    { roll: 1, fell: true },
    { roll: 4, fell: true },
    { roll: 5, fell: false },
    { roll: 10, fell: false },
  ])('a $roll: fell $fell, no damage', ({ roll, fell }) => {
    expect(resolveFall(new PhysicalDice([roll]))).toEqual({ roll, fell, damage: 0 })
  })

  it('exact odds: falls 2/5 of the time; Monte Carlo agrees', () => {
    const d = walk((x) => {
      const r = resolveFall(x)
      return String(r.fell)
    })
    expect(d.fraction('true')).toBe(fraction(2n, 5n))
    expect(d.waysWhere(() => true)).toBe(d.den)
    let fell = 0
    for (let i = 0; i < 4000; i++) if (resolveFall(new SeededDice(`fall-${i}`)).fell) fell++
    expect(Math.abs(fell / 4000 - 0.4)).toBeLessThan(0.032)
  })
})
