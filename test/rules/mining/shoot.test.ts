import { describe, expect, it } from 'vitest'
import type { Distribution } from '../../../src/core/distribution.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { miningShotOdds } from '../../../src/rules/mining/odds.js'
import {
  type MiningShot,
  hitNeeds,
  resolveMiningShot,
  shootModifier,
} from '../../../src/rules/mining/shoot.js'

const base: MiningShot = {
  cover: false,
  highGround: false,
  lock: false,
  drone: false,
  sentry: false,
  suppress: false,
  markers: 0,
}
const shot = (over: Partial<MiningShot> = {}): MiningShot => ({ ...base, ...over })

describe('mining shoot: d6 + modifiers, 4+ hits for 1 damage', () => {
  it.each([
    // flags, roll, modifier, hit
    [{}, 4, 0, true],
    [{}, 3, 0, false],
    [{ cover: true }, 4, -1, false],
    [{ cover: true }, 5, -1, true],
    [{ highGround: true }, 3, 1, true],
    [{ highGround: true }, 2, 1, false],
    [{ lock: true }, 3, 1, true],
    [{ drone: true }, 4, -1, false],
    [{ sentry: true }, 5, -1, true],
    [{ cover: true, drone: true }, 5, -2, false],
    [{ cover: true, drone: true }, 6, -2, true],
    [{ highGround: true, lock: true }, 2, 2, true],
    [{ highGround: true, lock: true }, 1, 2, false],
    [{ cover: true, highGround: true, lock: true, sentry: true }, 4, 0, true],
    [{ cover: true, highGround: true, lock: true, sentry: true }, 3, 0, false],
  ] as Array<[Partial<MiningShot>, number, number, boolean]>)(
    '%o rolling %i: modifier %i, hit %s',
    (flags, roll, modifier, hit) => {
      const r = resolveMiningShot(new PhysicalDice([roll]), shot(flags))
      expect(r.modifier).toBe(modifier)
      expect(r.total).toBe(roll + modifier)
      expect(r.hit).toBe(hit)
      expect(r.damage).toBe(hit ? 1 : 0)
      expect(r.suppression).toBe(0)
      expect(r.needs).toBe(4 - modifier)
      expect(r.resolve).toBeNull()
    },
  )

  it('lists each modifier with its reason', () => {
    const r = resolveMiningShot(new PhysicalDice([4]), shot({ cover: true, lock: true, drone: true }))
    expect(r.modifiers).toEqual([
      { reason: 'cover', value: -1 },
      { reason: 'target lock', value: 1 },
      { reason: 'drone', value: -1 },
    ])
  })

  it.each([true, false])('a target lock is used up by the shot it boosts (roll hits: %s)', (hits) => {
    const r = resolveMiningShot(new PhysicalDice([hits ? 6 : 1]), shot({ lock: true }))
    expect(r.lockUsed).toBe(true)
    expect(r.hit).toBe(hits)
  })

  it('no lock, nothing used up', () => {
    expect(resolveMiningShot(new PhysicalDice([6]), shot()).lockUsed).toBe(false)
  })
})

describe('suppressive fire: a hit places a marker instead of damage', () => {
  it.each([
    // markers before, roll, placed, after
    [0, 4, 1, 1],
    [1, 6, 1, 2],
    [0, 3, 0, 0],
    [1, 1, 0, 1],
  ])('markers %i, roll %i: %i placed, %i after', (markers, roll, placed, after) => {
    const r = resolveMiningShot(new PhysicalDice([roll]), shot({ suppress: true, markers }))
    expect(r.damage).toBe(0)
    expect(r.suppression).toBe(placed)
    expect(r.markersAfter).toBe(after)
  })

  it('uses the same modifiers as shooting', () => {
    const r = resolveMiningShot(new PhysicalDice([5]), shot({ suppress: true, cover: true, drone: true }))
    expect(r.hit).toBe(false)
    expect(r.suppression).toBe(0)
  })

  it('never puts a third marker on a unit', () => {
    const r = resolveMiningShot(new PhysicalDice([6]), shot({ suppress: true, markers: 2 }))
    expect(r.markersAfter).toBe(2)
    expect(r.suppression).toBe(0)
  })

  it('suppressive fire never eliminates', () => {
    const r = resolveMiningShot(new PhysicalDice([6]), shot({ suppress: true, targetDamage: 3, lost: 5 }))
    expect(r.eliminated).toBe(false)
    expect(r.targetDamageAfter).toBe(3)
    expect(r.resolve).toBeNull()
  })
})

describe('elimination at 4 damage and the resolve test that follows', () => {
  it.each([
    // target damage, roll, damage after, eliminated
    [3, 4, 4, true],
    [2, 4, 3, false],
    [3, 3, 3, false],
    [0, 6, 1, false],
  ])(
    'target with %i damage rolling %i, no losses given: damage %i, eliminated %s, no resolve die',
    (targetDamage, roll, after, eliminated) => {
      const dice = new PhysicalDice([roll])
      const r = resolveMiningShot(dice, shot({ targetDamage }))
      dice.assertAllUsed()
      expect(r.targetDamageAfter).toBe(after)
      expect(r.eliminated).toBe(eliminated)
      expect(r.resolve).toBeNull()
    },
  )

  it.each([
    // lost before, to-hit, resolve die, score, retreat
    [0, 5, 1, 2, false],
    [1, 5, 1, 1, false],
    [2, 5, 1, 0, true],
    [2, 5, 2, 1, false],
    [4, 4, 3, 0, true],
    [4, 4, 4, 1, false],
    [7, 6, 6, 0, true],
  ])(
    'a kill with %i units lost before: resolve d6 %i then %i gives score %i, retreat %s',
    (lost, hit, die, score, retreat) => {
      const dice = new PhysicalDice([hit, die])
      const r = resolveMiningShot(dice, shot({ targetDamage: 3, lost }))
      dice.assertAllUsed()
      expect(r.eliminated).toBe(true)
      expect(r.resolve).toEqual({ roll: die, eliminated: lost + 1, score, retreat })
    },
  )

  it('a miss rolls no resolve die', () => {
    const dice = new PhysicalDice([1])
    const r = resolveMiningShot(dice, shot({ targetDamage: 3, lost: 3 }))
    dice.assertAllUsed()
    expect(r.eliminated).toBe(false)
    expect(r.resolve).toBeNull()
  })
})

describe('mining shoot exact odds', () => {
  it.each([
    [{}, '1/2', 3 / 6],
    [{ cover: true }, '1/3', 2 / 6],
    [{ cover: true, drone: true }, '1/6', 1 / 6],
    [{ highGround: true }, '2/3', 4 / 6],
    [{ highGround: true, lock: true }, '5/6', 5 / 6],
    [{ sentry: true, lock: true }, '1/2', 3 / 6],
  ] as Array<[Partial<MiningShot>, string, number]>)('%o hits with chance %s', (flags, p, mean) => {
    const o = miningShotOdds(shot(flags))
    expect(o.hit.fraction('true')).toBe(p)
    expect(o.damage.fraction(1)).toBe(p)
    expect(o.hit.waysWhere(() => true)).toBe(o.hit.den)
    expect(o.expected.damage).toBeCloseTo(mean, 12)
  })

  it('suppressive fire: markers instead of damage', () => {
    const o = miningShotOdds(shot({ suppress: true, markers: 1, cover: true }))
    expect(o.damage.toJSON()).toEqual({ 0: 1 })
    expect(o.suppression.fraction(1)).toBe('1/3')
    expect(o.markersAfter.fraction(2)).toBe('1/3')
    expect(o.markersAfter.fraction(1)).toBe('2/3')
  })

  it.each([
    // flags, lost before, P(eliminated), P(retreat)
    [{}, 0, '1/2', '0'],
    [{}, 1, '1/2', '0'],
    [{}, 2, '1/2', '1/12'], // hit 1/2 x resolve 1 of 6 (score 1+2-3)
    [{ highGround: true }, 2, '2/3', '1/9'],
    [{ cover: true }, 4, '1/3', '1/6'], // 1/3 x 3/6
    [{ lock: true }, 7, '2/3', '2/3'], // 8 lost: every resolve roll fails
  ] as Array<[Partial<MiningShot>, number, string, string]>)(
    '%o at a 3-damage target, %i lost: eliminated %s, retreat %s',
    (flags, lost, pe, pr) => {
      const o = miningShotOdds(shot({ ...flags, targetDamage: 3, lost }))
      expect(o.eliminated!.fraction('true')).toBe(pe)
      expect(o.retreat!.fraction('true')).toBe(pr)
      expect(o.retreat!.waysWhere(() => true)).toBe(o.retreat!.den)
      expect(o.eliminated!.waysWhere(() => true)).toBe(o.eliminated!.den)
    },
  )

  it('no retreat map without the losses, no elimination map without the damage', () => {
    expect(miningShotOdds(shot({ targetDamage: 1 })).retreat).toBeUndefined()
    expect(miningShotOdds(shot()).eliminated).toBeUndefined()
  })

  const cases: MiningShot[] = [
    shot(),
    shot({ cover: true, sentry: true }),
    shot({ highGround: true, lock: true, targetDamage: 3, lost: 3 }),
    shot({ suppress: true, markers: 1, lock: true }),
  ]
  it.each(cases)('exact odds match 20000 seeded shots within 0.015 (%o)', (s) => {
    const o = miningShotOdds(s)
    const n = 20000
    let hits = 0
    let retreats = 0
    const damages = new Set<number>()
    const markers = new Set<number>()
    for (let i = 0; i < n; i++) {
      const r = resolveMiningShot(new SeededDice(`mining-shoot-${i}`), s)
      if (r.hit) hits++
      if (r.resolve?.retreat) retreats++
      damages.add(r.damage)
      markers.add(r.markersAfter)
    }
    // every sampled result lies in the exact support
    for (const d of damages) expect(o.damage.prob(d)).toBeGreaterThan(0)
    for (const m of markers) expect(o.markersAfter.prob(m)).toBeGreaterThan(0)
    if (retreats) expect(o.retreat!.prob('true')).toBeGreaterThan(0)
    // 0.015 is over 4 standard deviations for any p at n = 20000 (sd <= 0.0036)
    expect(Math.abs(hits / n - o.hitChance)).toBeLessThan(0.015)
    if (o.retreat) expect(Math.abs(retreats / n - o.retreat.prob('true'))).toBeLessThan(0.015)
  })

  it('modifier helpers agree with the rule', () => {
    expect(shootModifier(shot({ cover: true, highGround: true, lock: true, drone: true }))).toBe(0)
    expect(hitNeeds(shot({ cover: true, drone: true }))).toBe(6)
    expect(hitNeeds(shot({ highGround: true, lock: true }))).toBe(2)
  })
})

describe('mining shoot: the folded flow against every pair of dice counted by hand', () => {
  // The to-hit d6 f, then the resolve d6 g (rolled only by a killing shot with the losses known):
  // each of the 36 pairs 1/36, counted from the rules text, not through the rule code.
  function byHand(s: MiningShot): Record<string, Map<string | number, number>> {
    const maps: Record<string, Map<string | number, number>> = {}
    const add = (name: string, v: string | number) => {
      const m = (maps[name] ??= new Map())
      m.set(v, (m.get(v) ?? 0) + 1)
    }
    const mod = (s.cover ? -1 : 0) + (s.highGround ? 1 : 0) + (s.lock ? 1 : 0) - (s.drone || s.sentry ? 1 : 0)
    for (let f = 1; f <= 6; f++)
      for (let g = 1; g <= 6; g++) {
        const hit = f + mod >= 4
        const damage = hit && !s.suppress ? 1 : 0
        const suppression = hit && s.suppress && s.markers < 2 ? 1 : 0
        add('hit', String(hit))
        add('damage', damage)
        add('suppression', suppression)
        add('markersAfter', s.markers + suppression)
        if (s.targetDamage === undefined) continue
        const eliminated = s.targetDamage + damage >= 4
        add('targetDamageAfter', s.targetDamage + damage)
        add('eliminated', String(eliminated))
        if (s.lost !== undefined) add('retreat', String(eliminated && g + 2 - (s.lost + 1) < 1))
      }
    return maps
  }
  it.each([
    shot(),
    shot({ cover: true, drone: true }),
    shot({ suppress: true, markers: 1, highGround: true }),
    shot({ suppress: true, markers: 2 }),
    shot({ targetDamage: 2 }),
    shot({ highGround: true, lock: true, targetDamage: 3, lost: 3 }),
    shot({ cover: true, targetDamage: 3, lost: 6 }),
  ])('%o', (s) => {
    const o = miningShotOdds(s)
    const got: Record<string, Distribution<number> | Distribution<string> | undefined> = {
      hit: o.hit,
      damage: o.damage,
      suppression: o.suppression,
      markersAfter: o.markersAfter,
      targetDamageAfter: o.targetDamageAfter,
      eliminated: o.eliminated,
      retreat: o.retreat,
    }
    const want = byHand(s)
    expect(Object.keys(got).filter((k) => got[k] !== undefined)).toEqual(Object.keys(want))
    for (const [name, m] of Object.entries(want)) {
      const d = got[name] as Distribution<number | string>
      for (const [v, n] of m) expect(d.prob(v)).toBeCloseTo(n / 36, 15)
      // Nothing else: the exact support (yes/no maps list both answers, one of them maybe 0).
      expect(d.size).toBe(['hit', 'eliminated', 'retreat'].includes(name) ? 2 : m.size)
    }
  })
})
