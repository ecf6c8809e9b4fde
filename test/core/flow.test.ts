import { describe, expect, it } from 'vitest'
import { type Dice, atLeast } from '../../src/core/dice.js'
import { Flow, tallyOdds } from '../../src/core/flow.js'
import { PhysicalDice } from '../../src/core/physical.js'

// A toy fight: 3 attack dice hit on 4+ (a 6 is a critical worth two hits), then one save die per
// hit fails on 1-2. The state after the attack keeps its dice, which no later stage reads: the
// key merges on the hits alone.
interface Attack {
  faces: number[]
  hits: number
}
const attack = {
  name: 'attack',
  run: (n: number, dice: Dice) => atLeastHits(n, dice),
  key: (a: Attack) => a.hits,
}
function atLeastHits(n: number, dice: Dice): Attack {
  const faces = dice.pool(n, 6, 'attack', (f) => (f === 6 ? 2 : f >= 4 ? 1 : 0))
  return { faces, hits: faces.reduce((t, f) => t + (f === 6 ? 2 : f >= 4 ? 1 : 0), 0) }
}
const saves = {
  name: 'saves',
  run: (a: Attack, dice: Dice) => dice.pool(a.hits, 6, 'save', atLeast(3)).filter((f) => f < 3).length,
  key: (failed: number) => failed,
}
const fight = Flow.from<number>().then(attack).then(saves)

/** Every ordered roll of the attack dice and then the save dice, counted by hand. */
function bruteForce(n: number): Map<number, number> {
  const out = new Map<number, number>()
  const rolls = (k: number): number[][] =>
    k === 0 ? [[]] : rolls(k - 1).flatMap((r) => [1, 2, 3, 4, 5, 6].map((f) => [...r, f]))
  for (const a of rolls(n)) {
    const hits = a.reduce((t, f) => t + (f === 6 ? 2 : f >= 4 ? 1 : 0), 0)
    const p = 1 / 6 ** n
    for (const s of rolls(hits)) {
      const failed = s.filter((f) => f < 3).length
      out.set(failed, (out.get(failed) ?? 0) + p / 6 ** hits)
    }
  }
  return out
}

describe('Flow', () => {
  it('plays its stages in turn with the dice it is handed', () => {
    // Attack 6, 4, 1: three hits; saves 1, 5, 2: two fail.
    expect(fight.run(3, new PhysicalDice([6, 4, 1, 1, 5, 2]))).toBe(2)
    expect(fight.names).toEqual(['attack', 'saves'])
  })

  it('gives the exact odds of the last state, equal to every roll counted by hand', () => {
    const exact = fight.odds(3)
    const brute = bruteForce(3)
    expect(exact.outcomes().sort()).toEqual([...brute.keys()].sort())
    for (const [failed, p] of brute) expect(exact.prob(failed)).toBeCloseTo(p, 12)
  })

  it('merges states on the stage key and reads one field of the last state', () => {
    const attackOnly = Flow.from<number>().then(attack)
    // Hits 0..6 for three dice: each merged state keeps one stand-in for its dice.
    expect(attackOnly.odds(3).size).toBe(7)
    const hits = attackOnly.odds(3, (a) => a.hits)
    expect(hits.prob(6)).toBeCloseTo(1 / 216, 12)
    expect(hits.expected()).toBeCloseTo(3 * (2 / 6 + 2 / 6), 12)
  })
})

// Tallies: a number no later stage reads, kept per merged state (Flow.fold, tallyOdds).
describe('Flow.fold with a tally', () => {
  // Two d6: the first's face is a tally; the second stage reads only whether it was 4+ (its key),
  // and adds a second d6 then. The total (first + second) is exact although states merge on 4+.
  interface Toss {
    first: number
    second: number
  }
  const first = {
    name: 'first',
    run: (_: number, dice: Dice): Toss => ({ first: dice.roll(6, 'first'), second: 0 }),
    key: (t: Toss) => (t.first >= 4 ? 1 : 0),
    tallies: (t: Toss) => [t.first],
  }
  const second = {
    name: 'second',
    run: (t: Toss, dice: Dice): Toss => ({
      first: t.first,
      second: t.first >= 4 ? dice.roll(6, 'second') : 0,
    }),
    key: (t: Toss) => `${t.first >= 4} ${t.second}`,
  }
  const flow = Flow.from<number>().then(first).then(second)

  it('merges on the key alone, and the tally plus what follows is the brute force', () => {
    const fold = flow.fold(0)
    expect(fold.states.size).toBe(7) // 'below 4', and 4+ with each second face
    const want = new Map<number, number>()
    for (let a = 1; a <= 6; a++) {
      if (a < 4) want.set(a, (want.get(a) ?? 0) + 6)
      else for (let b = 1; b <= 6; b++) want.set(a + b, (want.get(a + b) ?? 0) + 1)
    }
    const total = tallyOdds(fold, 0, (t) => t.second)
    for (const [x, ways] of want) expect(total.prob(x)).toBeCloseTo(ways / 36, 15)
    expect(tallyOdds(fold, 0).prob(5)).toBeCloseTo(1 / 6, 15)
    // The play is the same stages.
    const r = flow.run(0, new PhysicalDice([5, 2]))
    expect(r).toEqual({ first: 5, second: 2 })
  })

  it('takes a marginal where its stage makes it, equal to the tally read over the whole fold', () => {
    // The second face as a marginal too: 0 below 4 (half the time), else each face 1/12.
    const marked = Flow.from<number>()
      .then(first)
      .then({ ...second, marginals: (t: Toss) => [t.second] })
    const fold = marked.fold(0)
    expect(fold.marginals).toHaveLength(1)
    const seconds = fold.marginals[0]
    expect(seconds.fraction(0)).toBe('1/2')
    for (let b = 1; b <= 6; b++) expect(seconds.fraction(b)).toBe('1/12')
    // The marginal does not split the merged states, and the tallies are as without it.
    expect(fold.states.size).toBe(7)
    expect(tallyOdds(fold, 0, (t) => t.second).toJSON()).toEqual(
      tallyOdds(flow.fold(0), 0, (t) => t.second).toJSON(),
    )
  })
})
