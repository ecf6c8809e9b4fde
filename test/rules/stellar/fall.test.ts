import { describe, expect, it } from 'vitest'
import { exactDist } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import { Rational } from '../../../src/core/rational.js'
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
    const d = exactDist((x) => resolveFall(x), (r) => String(r.fell))
    expect(d.prob('true').compare(Rational.of(2, 5))).toBe(0)
    expect(d.total().compare(Rational.ONE)).toBe(0)
    let fell = 0
    for (let i = 0; i < 4000; i++) if (resolveFall(new SeededDice(`fall-${i}`)).fell) fell++
    expect(Math.abs(fell / 4000 - 0.4)).toBeLessThan(0.032)
  })
})
