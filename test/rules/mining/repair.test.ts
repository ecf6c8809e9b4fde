import { describe, expect, it } from 'vitest'
import { PhysicalDice } from '../../../src/core/physical.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { repairOdds } from '../../../src/rules/mining/odds.js'
import { repairAllowed, resolveRepair } from '../../../src/rules/mining/repair.js'

describe('mining repair: with 2+ damage, 4+ on a d6 removes one point', () => {
  it.each([
    // damage, roll, repaired, after
    [2, 4, true, 1],
    [2, 3, false, 2],
    [3, 6, true, 2],
    [3, 1, false, 3],
    [3, 4, true, 2],
  ])('damage %i rolling %i: repaired %s, damage after %i', (damage, roll, repaired, after) => {
    const dice = new PhysicalDice([roll])
    const r = resolveRepair(dice, { damage })
    dice.assertAllUsed()
    expect(r).toEqual({ damage, allowed: true, roll, repaired, damageAfter: after })
  })

  it.each([0, 1])('with %i damage no repair is allowed and no die is rolled', (damage) => {
    const dice = new PhysicalDice([])
    const r = resolveRepair(dice, { damage })
    expect(dice.used).toBe(0)
    expect(r).toEqual({ damage, allowed: false, roll: null, repaired: false, damageAfter: damage })
  })

  it('the rulebook example: 2 damage may repair 1, 1 damage cannot', () => {
    expect(repairAllowed(2)).toBe(true)
    expect(repairAllowed(1)).toBe(false)
    expect(repairAllowed(4)).toBe(false)
  })

  it('exact odds: a half when allowed, none otherwise', () => {
    const o = repairOdds({ damage: 3 })
    expect(o.repaired.fraction('true')).toBe('1/2')
    expect(o.damageAfter.toJSON()).toEqual({ 2: 0.5, 3: 0.5 })
    expect(o.expected.damageAfter).toBe(2.5)
    const none = repairOdds({ damage: 1 })
    expect(none.repaired.toJSON()).toEqual({ false: 1, true: 0 })
    expect(none.damageAfter.toJSON()).toEqual({ 1: 1 })
  })

  it('seeded repairs match the exact chance within 0.015', () => {
    let ok = 0
    const n = 20000
    for (let i = 0; i < n; i++) if (resolveRepair(new SeededDice(`repair-${i}`), { damage: 2 }).repaired) ok++
    expect(Math.abs(ok / n - 0.5)).toBeLessThan(0.015)
  })
})
