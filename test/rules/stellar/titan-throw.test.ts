import { describe, expect, it } from 'vitest'
import { throwNumber, throwReach, throwSpend } from '../../../src/rules/stellar/titan-throw.js'
import { upgradeCost } from '../../../src/rules/stellar/upgrades.js'

describe('Titan Throw prices (upgradeCost, the cost function shoot uses)', () => {
  it.each([
    // Koji spends 2 Power on a Titan Throw: a target up to his size.
    ['power', ['size'], 2],
    ['power', ['larger'], 4],
    ['power', ['again'], 2],
    ['power', ['size', 'again'], 4],
    ['power', ['larger', 'again', 'again'], 8],
    ['havoc', ['size'], 1],
    ['havoc', ['larger'], 2],
    ['havoc', ['again'], 1],
    ['havoc', ['larger', 'again'], 3],
  ] as const)('%s %j costs %i', (pool, ups, cost) => {
    expect(upgradeCost(pool, ups, 'titan-throw')).toBe(cost)
    expect(throwSpend({ pool, upgrades: [...ups] })).toEqual({ upgrades: [...ups], cost })
  })

  it('the free throw costs nothing and reports no spend', () => {
    expect(throwSpend({ pool: null, upgrades: [] })).toBeNull()
  })

  it("shoot's prices are unchanged: Power 1 then 2 for a repeat, Havoc 1 each", () => {
    expect(upgradeCost('power', ['pen', 'pen'])).toBe(3)
    expect(upgradeCost('havoc', ['impact', 'push'])).toBe(2)
    expect(upgradeCost('power', ['barriers', 'barriers'], 'defender')).toBe(3)
  })
})

describe('Titan Throw reach: sizes larger than the thrower its target may be', () => {
  it.each([
    [null, [], -2],
    ['power', ['again'], -2],
    ['power', ['size'], 0],
    ['power', ['larger'], 2],
    ['havoc', ['size'], 0],
    ['havoc', ['larger', 'again'], 3],
  ] as const)('%s %j reaches %i', (pool, ups, reach) => {
    expect(throwReach(pool, ups)).toBe(reach)
  })

  it('each again is one more throw this round', () => {
    expect(throwNumber([])).toBe(1)
    expect(throwNumber(['size', 'again', 'again'])).toBe(3)
  })
})
