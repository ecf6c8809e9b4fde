import { describe, expect, it } from 'vitest'
import { walk } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import { fraction } from '../../../src/core/distribution.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { type CoverCheck, coverTargetNumber, resolveCover } from '../../../src/rules/stellar/cover.js'
import { pieceSurvival } from '../../../src/rules/stellar/cover-odds.js'

const cover = (c: Partial<CoverCheck> & { dmg: number }): CoverCheck => ({
  melee: false,
  direct: false,
  pieces: 1,
  ...c,
})

describe('cover: worked examples', () => {
  it.each([
    // A machine gun (DMG 200) needs a 2+.
    { name: 'machine gun DMG 200', c: cover({ dmg: 200 }), rolls: [2], tn: 2, checks: 1, survived: true },
    {
      name: 'machine gun DMG 200, a 1',
      c: cover({ dmg: 200 }),
      rolls: [1],
      tn: 2,
      checks: 1,
      survived: false,
    },
    // A bazooka (DMG 800) needs an 8+.
    { name: 'bazooka DMG 800', c: cover({ dmg: 800 }), rolls: [8], tn: 8, checks: 1, survived: true },
    // Targeting cover directly with the bazooka: 3d10, each 8+, otherwise destroyed.
    {
      name: 'bazooka at the cover itself',
      c: cover({ dmg: 800, direct: true }),
      rolls: [8, 9, 7],
      tn: 8,
      checks: 3,
      survived: false,
    },
    {
      name: 'bazooka at the cover itself, all 8+',
      c: cover({ dmg: 800, direct: true }),
      rolls: [8, 10, 9],
      tn: 8,
      checks: 3,
      survived: true,
    },
    // Melee (x2) Smash DMG 300: a 6+ on each of three dice.
    {
      name: 'melee Smash DMG 300',
      c: cover({ dmg: 300, melee: true }),
      rolls: [6, 6, 10],
      tn: 6,
      checks: 3,
      survived: true,
    },
    {
      name: 'melee Smash DMG 300, one 5',
      c: cover({ dmg: 300, melee: true }),
      rolls: [6, 5, 10],
      tn: 6,
      checks: 3,
      survived: false,
    },
    // Crash Through (x2) DMG 200: a 4+ on each of three dice.
    {
      name: 'Crash Through DMG 200',
      c: cover({ dmg: 200, melee: true }),
      rolls: [4, 4, 4],
      tn: 4,
      checks: 3,
      survived: true,
    },
  ])('$name', ({ c, rolls, tn, checks, survived }) => {
    const dice = new PhysicalDice(rolls)
    const r = resolveCover(dice, c)
    dice.assertAllUsed()
    expect(r).toMatchObject({ targetNumber: tn, checks, survived, rolls })
  })
})

describe('cover: target numbers and special cases', () => {
  it.each([
    { dmg: 0, melee: false, tn: 0 },
    { dmg: 100, melee: false, tn: 1 },
    { dmg: 150, melee: false, tn: 2 }, // rounded up: 1d10 x 100 must reach 150
    { dmg: 1000, melee: false, tn: 10 },
    { dmg: 600, melee: true, tn: 12 },
  ])('DMG $dmg (melee $melee) needs $tn+', ({ dmg, melee, tn }) => {
    expect(coverTargetNumber({ dmg, melee })).toBe(tn)
  })

  it('DMG 100 or less always survives, without dice', () => {
    expect(resolveCover(new PhysicalDice([]), cover({ dmg: 100 }))).toMatchObject({
      automatic: true,
      survived: true,
      rolls: [],
    })
  })

  it('over 1000 DMG against cover always destroys it, without dice', () => {
    expect(resolveCover(new PhysicalDice([]), cover({ dmg: 600, melee: true }))).toMatchObject({
      automatic: true,
      survived: false,
      destroyed: 1,
    })
  })

  it('AOE: two pieces, each checked on its own, in order', () => {
    const dice = new PhysicalDice([5, 6])
    const r = resolveCover(dice, cover({ dmg: 600, pieces: 2 }))
    dice.assertAllUsed()
    expect(r.pieces).toEqual([
      { rolls: [5], survived: false },
      { rolls: [6], survived: true },
    ])
    expect(r).toMatchObject({ survived: false, destroyed: 1, rolls: [5, 6] })
  })
})

describe('cover: exact odds', () => {
  const survive = (c: CoverCheck) =>
    walk((d) => {
      const r = resolveCover(d, c)
      return String(r.survived)
    })
  it.each([
    { c: cover({ dmg: 200 }), p: fraction(9n, 10n) },
    { c: cover({ dmg: 800 }), p: fraction(3n, 10n) },
    { c: cover({ dmg: 800, direct: true }), p: fraction(27n, 1000n) },
    { c: cover({ dmg: 300, melee: true }), p: fraction(125n, 1000n) },
    { c: cover({ dmg: 200, melee: true }), p: fraction(343n, 1000n) },
    { c: cover({ dmg: 500, pieces: 2 }), p: fraction(36n, 100n) },
  ])('survival chance %#', ({ c, p }) => {
    const d = survive(c)
    expect(d.fraction('true')).toBe(p)
    expect(d.waysWhere(() => true)).toBe(d.den)
  })

  it('exact matches Monte Carlo for two pieces targeted directly', () => {
    const c = cover({ dmg: 400, direct: true, pieces: 2 })
    const d = walk((x) => {
      const r = resolveCover(x, c)
      return r.destroyed
    })
    const n = 4000
    const counts = [0, 0, 0]
    for (let i = 0; i < n; i++) counts[resolveCover(new SeededDice(`cover-${i}`), c).destroyed]++
    // Standard error under 0.008 with 4000 samples; allow 4.
    for (const [k, w] of d.sorted()) expect(Math.abs(counts[k] / n - w)).toBeLessThan(0.032)
  })
})

describe('cover: the chance one piece survives (pieceSurvival, the rule walked)', () => {
  it.each([
    // [the quickstart's example, check, survives]
    ['Machine Gun DMG 200: a 2+', { dmg: 200 }, 9 / 10],
    ['Bazooka DMG 800: an 8+', { dmg: 800 }, 3 / 10],
    ['Bazooka at the cover directly: 3d10, each 8+', { dmg: 800, direct: true }, 27 / 1000],
    ['Melee Smash DMG 300: a 6+ on each of three dice', { dmg: 300, melee: true }, 125 / 1000],
    ['Crash Through DMG 200: a 4+ on each of three dice', { dmg: 200, melee: true }, 343 / 1000],
    ['DMG 100: any roll, no dice', { dmg: 100 }, 1],
    ['DMG 1100: no roll is enough', { dmg: 1100 }, 0],
    ['AOE: each of two pieces on its own', { dmg: 800, pieces: 2 }, 3 / 10],
  ])('%s', (_what, c, p) => {
    expect(pieceSurvival(cover(c))).toBe(p)
  })
})
