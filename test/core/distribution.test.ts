import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SUM } from '../../src/core/dice.js'
import { Distribution, absorb, bitLength, probability } from '../../src/core/distribution.js'
import { classCounts, walk } from '../../src/core/exact.js'

const d6 = Distribution.uniform([1, 2, 3, 4, 5, 6])
const add = (a: number, b: number) => a + b
const sumTo1 = (d: Distribution<any>) => d.sortedWays().reduce((t, [, w]) => t + w, 0n) === d.den

describe('Distribution', () => {
  it('2d6 by product and by repeat have the triangle distribution', () => {
    const a = d6.product(d6, add)
    const b = d6.repeat(2, add, 0)
    for (const d of [a, b]) {
      expect(d.fraction(7)).toBe('1/6')
      expect(d.fraction(2)).toBe('1/36')
      expect(d.size).toBe(11)
      expect(d.expected()).toBe(7)
      expect(sumTo1(d)).toBe(true)
    }
  })

  it('bind weights each next stage by its chance, over mixed denominators', () => {
    // a d4 says how many d2 to roll; total of the d2s
    const d4 = Distribution.uniform([1, 2, 3, 4])
    const d2 = Distribution.uniform([1, 2])
    const d = d4.bind((n) => d2.repeat(n, add, 0))
    expect(d.fraction(1)).toBe('1/8')
    expect(d.expected()).toBeCloseTo(3.75, 14)
    // a coin, then a d6 or a d10: denominators 2*lcm(6,10)
    const coin = Distribution.uniform(['a', 'b'])
    const mixed = coin.bind((c) => (c === 'a' ? d6 : Distribution.uniform([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])))
    // 1/2 * 1/6 + 1/2 * 1/10 = 8/60
    expect(mixed.fraction(1)).toBe('2/15')
    expect(mixed.fraction(10)).toBe('1/20')
    expect(sumTo1(mixed)).toBe(true)
  })

  it('mixture, map, cap and where', () => {
    const m = Distribution.mixture([
      [1, Distribution.point(0)],
      [3, d6],
    ])
    expect(m.fraction(0)).toBe('1/4')
    expect(m.fraction(6)).toBe('1/8')
    expect(d6.cap(4).fraction(4)).toBe('1/2')
    expect(d6.where((v) => v >= 5)).toBeCloseTo(1 / 3, 15)
    expect(d6.map((v) => (v % 2 ? 'odd' : 'even')).toJSON()).toEqual({ even: 0.5, odd: 0.5 })
  })

  it('object outcomes (stage states) merge by value', () => {
    const d = d6.map((v) => ({ even: v % 2 === 0, big: v > 3 }))
    expect(d.size).toBe(4)
    expect(d.fraction({ even: true, big: true })).toBe('1/3')
  })

  it('means are exact sums, also where counts times outcomes pass 2^53', () => {
    const d20 = Distribution.uniform([...Array(20).keys()].map((i) => i + 1))
    // 20^12 ways below 2^53, their sum times the totals above it: 12 x 10.5 exactly.
    expect(d20.repeat(12, add, 0).expected()).toBe(126)
    expect(d6.repeat(20, add, 0).expected()).toBe(70)
  })

  it('percentile is mid-rank', () => {
    expect(d6.percentile(1)).toBeCloseTo(1 / 12, 15)
    expect(d6.percentile(6)).toBeCloseTo(11 / 12, 15)
  })

  it('keeps tiny chances and never overflows', () => {
    // 200 d10, all showing 10: 1e-200
    const tens = Distribution.uniform([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]).repeat(200, add, 0)
    expect(tens.prob(200)).toBeCloseTo(1e-200, 210)
    expect(tens.prob(200) / 1e-200).toBeCloseTo(1, 12)
    expect(sumTo1(tens)).toBe(true)
    // chances past the double range of each part, and below the smallest normal double
    expect(probability(1n, 10n ** 400n)).toBe(0)
    expect(probability(1n, 10n ** 310n) / 1e-310).toBeCloseTo(1, 6)
    expect(probability(10n ** 400n, 3n * 10n ** 400n)).toBeCloseTo(1 / 3, 16)
    expect(probability(-(10n ** 400n), 4n * 10n ** 400n)).toBe(-0.25)
    const huge = Distribution.weighted([
      ['a', 10n ** 500n],
      ['b', 1n],
    ])
    expect(Object.values(huge.toJSON()).every(Number.isFinite)).toBe(true)
    expect(huge.prob('a')).toBe(1)
    expect(huge.prob('b')).toBe(0) // 1e-500 is below the smallest double
  })

  it('probability is exact to the last bit for small counts and monotone for large ones', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 60n }),
        fc.bigInt({ min: 1n, max: 10n ** 60n }),
        (a, b) => {
          const [lo, hi] = a < b ? [a, b] : [b, a]
          const p = probability(lo, hi)
          expect(Number.isFinite(p)).toBe(true)
          expect(p).toBeGreaterThan(0)
          expect(p).toBeLessThanOrEqual(1)
          expect(Math.abs(p - Number(lo) / Number(hi))).toBeLessThanOrEqual((Number(lo) / Number(hi)) * 1e-15)
        },
      ),
    )
  })

  it('absorb: a burning that goes out on a 1 lasts 1/(1/6) turns on average', () => {
    const turns = absorb<number, number | string>(Distribution.point(0), {
      step: (n) => d6.map((f) => (f === 1 ? -(n + 1) : n + 1)),
      stopped: (n) => n < 0,
      result: (n) => -n,
      rest: (n, steps) => `${steps + 1}+`,
      tail: 1e-9,
    })
    expect(turns.fraction(1)).toBe('1/6')
    expect(turns.fraction(2)).toBe('5/36')
    const listed = turns.sorted().filter(([k]) => typeof k === 'number')
    const mean = listed.reduce((t, [k, p]) => t + (k as number) * p, 0)
    expect(mean).toBeCloseTo(6, 6)
    expect(sumTo1(turns)).toBe(true)
  })
})

describe('the exact driver over Distribution', () => {
  it('walks pools on class counts, exactly', () => {
    const d = walk((dice) => dice.pool(3, 10, 'x', (f) => (f >= 5 ? 1 : 0)).filter((f) => f >= 5).length)
    expect(d.fraction(2)).toBe('54/125')
    expect(d.fraction(3)).toBe('27/125')
    expect(d.den).toBe(1000n)
  })

  it('SUM pools give every total with its ways', () => {
    const d = walk((dice) => dice.pool(3, 6, 's', SUM).reduce(add, 0))
    expect(d.fraction(10)).toBe('1/8')
    expect(d.size).toBe(16)
    const big = walk((dice) => dice.pool(40, 1000, 's', SUM).reduce(add, 0))
    expect(big.size).toBe(40 * 999 + 1)
    expect(big.expected()).toBeCloseTo(40 * 500.5, 6)
  })

  it('sequential pools whose size depends on earlier dice', () => {
    const d = walk((dice) => {
      const n = dice.roll(4, 'n', SUM)
      return dice.pool(n, 2, 'k', SUM).reduce(add, 0)
    })
    expect(d.fraction(1)).toBe('1/8')
    expect(d.expected()).toBeCloseTo(3.75, 14)
  })

  it('classCounts gives the multinomial over classes', () => {
    const d = classCounts(10, 10, (f) => (f <= 2 ? 'c' : f <= 4 ? 'h' : 'm'))
    expect(d.size).toBe(66)
    // all ten misses: (6/10)^10 = 3^10/5^10
    expect(d.fraction([0, 0, 10])).toBe('59049/9765625')
  })
})

describe('bitLength', () => {
  const binary = (x: bigint) => (x === 0n ? 0 : x.toString(2).length)
  it('is the length of the number in binary, next to powers of two and past a double', () => {
    for (const k of [0, 1, 2, 52, 53, 54, 63, 64, 1000, 1023, 1024, 1025, 3000]) {
      const p = 1n << BigInt(k)
      for (const x of [p - 1n, p, p + 1n, p + p / 3n])
        if (x >= 0n) expect(bitLength(x), `2^${k} ~ ${x}`).toBe(binary(x))
    }
  })
  it('agrees with binary on any number', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 1n << 2000n }), (x) => bitLength(x) === binary(x)))
  })
})
