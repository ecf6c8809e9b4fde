import { describe, expect, it } from 'vitest'
import { Distribution, fraction } from '../../../src/core/distribution.js'
import { parseExpression } from '../../../src/rules/roll/expression.js'
import { expressionOdds, oddsCost, termOdds } from '../../../src/rules/roll/odds.js'

/** Every ordered roll of the expression's dice, totalled by hand: the slow, obvious answer. */
function bruteForce(text: string): Map<number, bigint> {
  const e = parseExpression(text)
  let totals = new Map<number, bigint>([[0, 1n]])
  for (const t of e.terms) {
    const values = new Map<number, bigint>()
    if (t.kind === 'const') values.set(t.sign * t.value, 1n)
    else {
      const faces = new Array<number>(t.count).fill(1)
      for (;;) {
        const sorted = [...faces].sort((a, b) => b - a)
        let kept = sorted
        if (t.keep?.mode === 'kh') kept = sorted.slice(0, t.keep.n)
        if (t.keep?.mode === 'kl') kept = sorted.slice(t.count - t.keep.n)
        if (t.keep?.mode === 'dh') kept = sorted.slice(t.keep.n)
        if (t.keep?.mode === 'dl') kept = sorted.slice(0, t.count - t.keep.n)
        const c = t.count_if
        const hit = (f: number) =>
          c!.op === '>='
            ? f >= c!.n
            : c!.op === '>'
              ? f > c!.n
              : c!.op === '<='
                ? f <= c!.n
                : c!.op === '<'
                  ? f < c!.n
                  : f === c!.n
        const v = t.sign * (c ? kept.filter(hit).length : kept.reduce((a, b) => a + b, 0))
        values.set(v, (values.get(v) ?? 0n) + 1n)
        let i = 0
        while (i < faces.length && faces[i] === t.sides) faces[i++] = 1
        if (i === faces.length) break
        faces[i]++
      }
    }
    const next = new Map<number, bigint>()
    for (const [a, wa] of totals)
      for (const [b, wb] of values) next.set(a + b, (next.get(a + b) ?? 0n) + wa * wb)
    totals = next
  }
  return totals
}

describe('roll odds by multiset evaluation', () => {
  it.each([
    ['4d6kh3', 18, '7/432'],
    ['4d6kh3', 3, '1/1296'],
    ['4d6dl1', 18, '7/432'],
    ['3d20kl1', 1, '1141/8000'],
    ['3d20kl1', 20, '1/8000'],
    ['5d10>=7', 5, '32/3125'], // (4/10)^5
    ['5d10>=7', 0, '243/3125'], // (6/10)^5
    ['2d6', 7, '1/6'],
    ['8d20kh1', 20, '1-(19/20)^8'],
  ])('%s: P(%i) = %s', (text, value, exact) => {
    const d = expressionOdds(parseExpression(text))
    const want = exact === '1-(19/20)^8' ? fraction(20n ** 8n - 19n ** 8n, 20n ** 8n) : exact
    expect(d.fraction(value)).toBe(want)
  })

  it.each([
    '4d6kh3',
    '3d20kl1',
    '5d10>=7',
    '5d6dh2',
    '4d8dl3',
    '6d4kh2>=3',
    '3d6+2-1d4',
    '4d6kl0',
    '1d20kh1',
    '3d10<4',
    '4d6=6',
    'd%',
    '2d6-3d4+5',
    '6d3',
    '2d20',
    '3d7+1d3',
    '4d2-1d5',
    '1d2',
    '5d5-2',
  ])('%s agrees exactly with every roll enumerated', (text) => {
    const d = expressionOdds(parseExpression(text))
    const brute = bruteForce(text)
    let den = 0n
    for (const w of brute.values()) den += w
    expect(d.size).toBe(brute.size)
    for (const [v, w] of brute) expect(d.fraction(v)).toBe(fraction(w, den))
  })

  it.each(['8d20kh1', '10d20kh3', '12d10kh3', '20d6kh3', '100d100', '40d1000', '100d1000', '100d1000kh3'])(
    '%s is exact: the chances sum to 1 over a whole number of rolls',
    (text) => {
      // The speed of the largest is bench/run.mjs's rows "odds: roll 12d10kh3", "8d20kh1", "100d100",
      // "100d1000".
      const e = parseExpression(text)
      const d = expressionOdds(e)
      let sum = 0n
      for (const [, w] of d.entries()) sum += w
      expect(sum).toBe(d.den)
      const t = e.terms[0]
      if (t.kind === 'dice') expect(d.den).toBe(BigInt(t.sides) ** BigInt(t.count))
      // every chance finite, none lost to underflow (the least likely total of 100d1000 is 1e-300)
      const chances = Object.values(d.toJSON())
      expect(chances.filter((p) => !(p > 0 && Number.isFinite(p)))).toEqual([])
      expect(chances.reduce((a, p) => a + p, 0)).toBeCloseTo(1, 9)
    },
  )

  it.each([
    [30, 12],
    [25, 2],
    [7, 7],
    [12, 100],
  ])('%id%i totalled: the same counts as adding one die at a time', (n, sides) => {
    // The plain way: convolve with one die n times (each total of k dice is the sum of the ways
    // to reach the `sides` totals below it with k - 1 dice), against the recurrence of odds.ts.
    let ways = [1n]
    for (let k = 0; k < n; k++) {
      const next = new Array<bigint>(ways.length + sides - 1).fill(0n)
      ways.forEach((w, i) => {
        for (let f = 0; f < sides; f++) next[i + f] += w
      })
      ways = next
    }
    const d = expressionOdds(parseExpression(`${n}d${sides}`))
    expect(d.size).toBe(ways.length)
    ways.forEach((w, i) => expect(d.ways(n + i)).toBe(w))
  })

  it.each(['30d20-6d8+3', '40d12+2d6-2d20kh1', '25d10-25d4', '2d6+3d4'])(
    '%s: the terms added as by the distributions of each (product in the core algebra)',
    (text) => {
      const e = parseExpression(text)
      let want = Distribution.point(0)
      for (const t of e.terms) {
        const term = t.kind === 'const' ? Distribution.point(t.value) : termOdds(t)
        want = want.product(term, (a, b) => a + t.sign * b)
      }
      const d = expressionOdds(e)
      expect(d.den).toBe(want.den)
      expect(d.sortedWays()).toEqual(want.sortedWays())
    },
  )

  it('12d10kh3: the chance of 30 is the chance of three or more 10s', () => {
    // P(at least three 10s among 12 d10) = 1 - sum_{j<3} C(12,j) 9^(12-j) / 10^12
    const none = 9n ** 12n + 12n * 9n ** 11n + 66n * 9n ** 10n
    expect(expressionOdds(parseExpression('12d10kh3')).fraction(30)).toBe(
      fraction(10n ** 12n - none, 10n ** 12n),
    )
  })

  it('prices a request before doing it: big keeps cost far more than small ones', () => {
    expect(oddsCost(parseExpression('12d10kh3'))).toBeLessThan(1e5)
    expect(oddsCost(parseExpression('100d1000kh50'))).toBeGreaterThan(1e9)
  })
})
