import { describe, expect, it } from 'vitest'
import { Distribution } from '../../src/core/distribution.js'

describe('Distribution.step and keyed map/product', () => {
  const die = Distribution.uniform([1, 2, 3, 4, 5, 6])
  const coin = Distribution.uniform([0, 1])

  it('step is bind of a map: the same exact counts, small and past 2^53', () => {
    const next = (v: number) => (v % 2 === 0 ? coin : die)
    for (const start of [die, die.repeat(25, (a, b) => a + b, 0)]) {
      const got = start.step(next, (v, r) => v * 10 + r)
      const want = start.bind((v) => next(v).map((r) => v * 10 + r))
      expect(got.den).toBe(want.den)
      expect(got.sortedWays()).toEqual(want.sortedWays())
    }
    expect(die.repeat(25, (a, b) => a + b, 0).den > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true)
  })

  it('past 2^53, an outcome with no ways (including) reaches nothing, in step and bind', () => {
    const big = die.repeat(25, (a, b) => a + b, 0)
    const start = big.including([1000])
    const next = (v: number) => (v === 1000 ? die : coin.including([7]))
    const got = start.step(next, (v, r) => `${v}:${r}`)
    const want = start.bind((v) => next(v).map((r) => `${v}:${r}`))
    expect(got.den).toBe(want.den)
    expect(got.sortedWays()).toEqual(want.sortedWays())
    // Neither 1000 with a face nor a sum with 7 has any ways: none is listed.
    for (const d of [got, want])
      expect(d.outcomes().filter((o) => o.startsWith('1000:') || o.endsWith(':7'))).toEqual([])
    expect(got.size).toBe(2 * big.size)
  })

  it('a key merges outcomes in map, product and step, the first standing for the rest', () => {
    const parity = (o: { v: number }) => o.v % 2
    expect(die.map((v) => ({ v }), parity).sortedWays()).toEqual([
      [{ v: 2 }, 3n],
      [{ v: 1 }, 3n],
    ])
    expect(die.product(coin, (a, b) => ({ v: a + b }), parity).size).toBe(2)
    expect(
      coin
        .step(
          () => die,
          (_c, r) => ({ v: r }),
          parity,
        )
        .fraction({ v: 1 }),
    ).toBe('1/2')
  })
})
