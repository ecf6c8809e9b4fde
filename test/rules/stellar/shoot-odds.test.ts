import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { SeededDice } from '../../../src/core/seeded.js'
import { fraction } from '../../../src/core/distribution.js'
import { walk } from '../../../src/core/exact.js'
import { type Shot, type ShotParts, resolveShot, shotWith } from '../../../src/rules/stellar/shoot.js'
import {
  expectedDamageFrom,
  rankBonuses,
  rankDefenses,
  shotExpected,
  shotOdds,
} from '../../../src/rules/stellar/shoot-odds.js'
import { parsePen } from '../../../src/rules/stellar/weapon.js'
import { shot, walkShot } from './shot-fixture.js'

describe('exact shooting odds', () => {
  it('one shot at 5+: crit 1/5 (2 hits), hit 1/5, miss 3/5', () => {
    const o = shotOdds(shot({ weapon: { shots: 1, dmg: 100 } }))
    expect(o.damage.fraction(200)).toBe('1/5')
    expect(o.damage.fraction(100)).toBe('1/5')
    expect(o.damage.fraction(0)).toBe('3/5')
    expect(o.expected.damage).toBeCloseTo(60, 12)
  })

  it('two shots with a save: hand-computed distribution', () => {
    // TN 5: per die crit 1/5 (2 hits), hit 1/5 (1), miss 3/5 (0).
    // PEN 4 vs ARM Sv 1: save on 3+, fails 1/5, one save per unblocked hit.
    const o = shotOdds(shot({ weapon: { shots: 2, dmg: 100, pen: parsePen('4') }, target: { armSv: 1 } }))
    const hits = [0, 0, 0, 0, 0] // P(total hits = k) * 25
    const per = [
      [2, 1],
      [1, 1],
      [0, 3],
    ]
    for (const [a, pa] of per) for (const [b, pb] of per) hits[a + b] += pa * pb
    // P(damage = 100k + 1000 f) = P(hits = k) * C(min(k,3), f) (1/5)^f (4/5)^(k-f)
    const expect4 = (k: number, f: number) => {
      const n = Math.min(k, 3)
      const c = [1, n, (n * (n - 1)) / 2, 1][f] ?? 0
      return (hits[k] / 25) * c * (1 / 5) ** f * (4 / 5) ** (n - f)
    }
    for (let k = 0; k <= 4; k++) {
      for (let f = 0; f <= Math.min(k, 3); f++) {
        const dmg = 100 * k + 1000 * f
        // different (k, f) pairs never share a damage value here
        expect(o.damage.prob(dmg)).toBeCloseTo(expect4(k, f), 12)
      }
    }
    expect(o.damage.waysWhere(() => true)).toBe(o.damage.den)
  })

  it('10 shots with saves: the distribution sums to 1 and the walk stays small', () => {
    const o = shotOdds(
      shot({
        weapon: { shots: 10, dmg: 300, pen: parsePen('6'), targetLock: true },
        target: { armSv: 1, shield: 1 },
      }),
    )
    expect(o.damage.waysWhere(() => true)).toBe(o.damage.den)
    expect(o.unblockedHits.waysWhere(() => true)).toBe(o.unblockedHits.den)
  })

  it('destruction chance is P(damage >= HP)', () => {
    const o = shotOdds(shot({ weapon: { shots: 1, dmg: 100 }, target: { hp: 200 } }))
    expect(o.destroyed!.fraction('true')).toBe('1/5')
    expect(o.destroyed!.fraction('false')).toBe('4/5')
  })

  it.each([
    ['plain', {}],
    [
      'saves and shield',
      { weapon: { shots: 6, dmg: 300, pen: parsePen('6') }, target: { armSv: 2, shield: 1 } },
    ],
    [
      'crit cap, target lock, advantage',
      {
        weapon: { shots: 10, targetLock: true, dmg: 100 },
        target: { evade: 0 },
        situation: { advantage: true },
      },
    ],
    [
      'indirect, cover, focus',
      {
        weapon: { shots: 5, indirect: true, dmg: 200, pen: parsePen('4') },
        attacker: { focus: 1 },
        target: { armSv: 0 },
        situation: { cover: true },
      },
    ],
    [
      'warship momentum AOE',
      {
        weapon: { shots: 8, aoe: true, pen: parsePen('7'), dmg: 500 },
        target: { evade: 2, warship: true, momentum: 3, armSv: 2 },
      },
    ],
    ['stun', { weapon: { shots: 5, pen: parsePen('6S') }, target: { armSv: 1 }, defense: 'guard' as const }],
  ])('Monte Carlo agrees with the exact odds: %s', (_n, over) => {
    const s = shot(over)
    const o = shotOdds(s)
    const runs = 20_000
    const counts = new Map<number, number>()
    let sum = 0
    for (let i = 0; i < runs; i++) {
      const r = resolveShot(new SeededDice(`mc-${i}`), s)
      counts.set(r.damage, (counts.get(r.damage) ?? 0) + 1)
      sum += r.damage
      // every sampled result lies in the exact support
      if (i < 2000) expect(o.damage.ways(r.damage)).not.toBe(0n)
    }
    for (const [dmg, p] of o.damage.sorted()) {
      const sd = Math.sqrt((p * (1 - p)) / runs)
      // 5 standard deviations, plus a little slack for very rare outcomes
      expect(Math.abs((counts.get(dmg) ?? 0) / runs - p)).toBeLessThan(5 * sd + 1e-3)
    }
    const mean = o.expected.damage
    const sdMean = Math.sqrt(o.damage.expected((d) => (d - mean) ** 2) / runs)
    expect(Math.abs(sum / runs - mean)).toBeLessThan(5 * sdMean + 1e-9)
  })
})

describe('automatic choices', () => {
  it.each([
    [{}],
    [{ weapon: { shots: 10, dmg: 100, pen: parsePen('3') }, target: { armSv: 2 } }],
    [{ weapon: { shots: 4, dmg: 700, pen: parsePen('6P') }, target: { armSv: 1, momentum: 2, shield: 1 } }],
    [
      {
        weapon: { shots: 8, dmg: 200, pen: parsePen('5S') },
        target: { armSv: 3, warship: true, momentum: 4 },
      },
    ],
  ])('shotExpected is the mean of shotOdds, from the same stages (%o)', (extra) => {
    const s = shot(extra)
    const e = shotExpected(s)
    const o = shotOdds(s)
    expect(e.damage).toBeCloseTo(o.damage.expected(), 9)
    expect(e.unblockedHits).toBeCloseTo(o.unblockedHits.expected(), 12)
    expect(e.failedSaves).toBeCloseTo(o.failedSaves.expected(), 12)
  })

  it('the defender picks the reaction with the least expected damage', () => {
    // One big-DMG shot against a shield-less target: Guard blocks the single hit outright
    // unless it is a crit; Dodge only moves the target number by one.
    const ranked = rankDefenses(shot({ weapon: { shots: 1, dmg: 1000 } }))
    const exp = ranked.map((r) => r.expected.damage)
    expect(exp).toEqual([...exp].sort((a, b) => a - b))
    expect(ranked[0].value).toBe('guard')
  })

  it('the attacker picks the bonus that is best against the best reply', () => {
    const s = shot({ weapon: { shots: 10, dmg: 100 } })
    const ranked = rankBonuses(s, false)
    // 10 shots are already the cap: Barrage adds nothing, Precision must win
    expect(ranked[0].value).toBe('precision')
    for (const r of ranked) {
      const best = rankDefenses({ ...s, bonus: r.value })[0]
      expect(r.expected.damage).toBeCloseTo(best.expected.damage, 12)
    }
  })

  it('with a fixed defence, the attacker scores against that defence', () => {
    const s = shot({ weapon: { shots: 3, dmg: 100 }, defense: 'dodge' })
    const ranked = rankBonuses(s, true)
    for (const r of ranked) expect(r.defense).toBe('dodge')
  })
})

describe('odds composed from the stages are the whole shot walked', () => {
  // The oracle: resolveShot walked as one function by the exact driver, every die branching.
  const whole = (s: Shot) =>
    walk((dice) => {
      const r = resolveShot(dice, { ...s, askDecisions: false })
      return {
        damage: r.damage,
        unblockedHits: r.unblockedHits,
        failedSaves: r.save.failedSaves,
        destroyed: String(r.destroyed),
      }
    })
  it.each([
    ['plain', {}],
    [
      'saves, shield, target lock',
      {
        weapon: { shots: 6, dmg: 300, pen: parsePen('6'), targetLock: true },
        target: { armSv: 1, shield: 1 },
      },
    ],
    [
      'crit cap and advantage',
      { weapon: { shots: 8, dmg: 100 }, target: { evade: 0 }, situation: { advantage: true } },
    ],
    [
      'indirect focus cover',
      {
        weapon: { shots: 5, indirect: true, dmg: 200, pen: parsePen('4') },
        attacker: { focus: 1 },
        situation: { cover: true },
      },
    ],
    [
      'warship AOE Momentum HP',
      {
        weapon: { shots: 7, aoe: true, pen: parsePen('8'), dmg: 500 },
        target: { evade: 2, warship: true, momentum: 5, armSv: 2, hp: 3000 },
      },
    ],
    [
      'push',
      {
        weapon: { shots: 4, pen: parsePen('9P') },
        attacker: { extraHits: 2 },
        target: { size: 2 },
        defense: 'guard' as const,
      },
    ],
    [
      'stun, blindside, bullseye',
      {
        weapon: { shots: 5, pen: parsePen('6S') },
        attacker: { bullseye: true },
        target: { armSv: 1, shield: 3, hp: 100 },
        situation: { blindside: true },
      },
    ],
  ])('%s', (_n, over) => {
    const s = shot(over)
    const o = shotOdds(s)
    const w = whole(s)
    const exact = (d: { sortedWays(): Array<[unknown, bigint]>; den: bigint }) =>
      d.sortedWays().map(([k, n]) => [k, fraction(n, d.den)])
    expect(exact(o.damage)).toEqual(exact(w.map((r) => r.damage)))
    expect(exact(o.unblockedHits)).toEqual(exact(w.map((r) => r.unblockedHits)))
    expect(exact(o.failedSaves)).toEqual(exact(w.map((r) => r.failedSaves)))
    if (s.target.hp !== undefined) expect(exact(o.destroyed!)).toEqual(exact(w.map((r) => r.destroyed)))
  })

  it('odds follow the automatic Momentum policy: answers already given and prompts do not enter them', () => {
    const s = shot({ weapon: { shots: 6, dmg: 300 }, target: { momentum: 3 } })
    const json = (x: Shot) => shotOdds(x).damage.toJSON()
    expect(json({ ...s, decisions: { momentum: 0 }, askDecisions: true })).toEqual(json(s))
    expect(json(shotWith(s, { target: { momentum: 0 } }))).not.toEqual(json(s))
  })

  it('expectedDamageFrom is the rest of the shot from a number of hits', () => {
    // 3 hits, 1 blocked by the shield, PEN 5 vs ARM Sv 2: 2 saves on 3+, each fails 1/5.
    const s = shot({ weapon: { dmg: 300, pen: parsePen('5') }, target: { shield: 1, armSv: 2 } })
    expect(expectedDamageFrom(s, 3)).toBeCloseTo(600 + 2 * 0.2 * 1000, 9)
    expect(expectedDamageFrom(shotWith(s, { target: { momentum: 1 } }), 3)).toBeCloseTo(300 + 0.2 * 1000, 9)
  })
})

describe('remembered stages never answer for a different shot', () => {
  // Random shots one after another in one process, so the stage tables (evade by EvadeInput,
  // saves by weapon and defender) are full of near neighbours: every composed map must still be
  // the whole shot walked, and the means the choices compare must be its means.
  const penText = fc.constantFrom('0', '2', '4', '5', '6S', '7P', '8', '9')
  const shots = fc
    .record({
      acc: fc.integer({ min: 0, max: 14 }),
      evade: fc.integer({ min: 0, max: 8 }),
      shots: fc.integer({ min: 0, max: 6 }),
      rapidFire: fc.integer({ min: -2, max: 2 }),
      dmg: fc.constantFrom(100, 200, 300, 500, 800),
      pen: penText.map((p) => parsePen(p)),
      armSv: fc.integer({ min: 0, max: 4 }),
      bonus: fc.constantFrom('precision' as const, 'barrage' as const, 'none' as const),
      pilot: fc.constantFrom(0 as const, 1 as const, 2 as const),
      defense: fc.constantFrom('dodge' as const, 'guard' as const, 'none' as const),
      defPilot: fc.constantFrom(0 as const, 1 as const, 2 as const),
      shield: fc.integer({ min: 0, max: 2 }),
      cover: fc.boolean(),
      blindside: fc.boolean(),
      targetLock: fc.boolean(),
      indirect: fc.boolean(),
      advantage: fc.boolean(),
      focus: fc.integer({ min: 0, max: 3 }),
      bullseye: fc.boolean(),
      extraHits: fc.integer({ min: 0, max: 2 }),
      momentum: fc.integer({ min: 0, max: 4 }),
      warship: fc.boolean(),
      aoe: fc.boolean(),
      size: fc.integer({ min: 0, max: 2 }),
      hp: fc.option(fc.constantFrom(300, 1000, 2500), { nil: undefined }),
    })
    .map((o): ShotParts => ({
      weapon: {
        acc: o.acc,
        shots: o.shots,
        rapidFire: o.rapidFire,
        dmg: o.dmg,
        pen: o.pen,
        targetLock: o.targetLock,
        indirect: o.indirect,
        aoe: o.aoe,
      },
      attacker: { pilot: o.pilot, focus: o.focus, bullseye: o.bullseye, extraHits: o.extraHits },
      target: {
        evade: o.evade,
        armSv: o.armSv,
        defPilot: o.defPilot,
        shield: o.shield,
        momentum: o.momentum,
        warship: o.warship,
        size: o.size,
        hp: o.hp,
      },
      situation: { cover: o.cover, blindside: o.blindside, advantage: o.advantage },
      bonus: o.bonus,
      defense: o.defense,
    }))
  it('composed odds equal the walk of resolveShot, and shotExpected their means', () => {
    fc.assert(
      fc.property(shots, (over) => {
        const s = shot(over)
        const o = shotOdds(s)
        const w = walkShot(s)
        const exact = (d: { sortedWays(): Array<[unknown, bigint]>; den: bigint }) =>
          d.sortedWays().map(([k, n]) => [k, fraction(n, d.den)])
        expect(exact(o.damage)).toEqual(exact(w.damage))
        expect(exact(o.failedSaves)).toEqual(exact(w.failedSaves))
        expect(exact(o.unblockedHits)).toEqual(exact(w.unblockedHits))
        const e = shotExpected(s)
        expect(e.damage).toBeCloseTo(o.expected.damage, 6)
        expect(e.failedSaves).toBeCloseTo(o.expected.failedSaves, 9)
        expect(e.unblockedHits).toBeCloseTo(o.expected.unblockedHits, 9)
      }),
      { numRuns: 300, seed: 20261124 },
    )
  })

  it('rankings share the later stages between options (they read only AfterEvadeInput): each option scores as the walk of that shot', () => {
    const walkedMeans = (s: Shot) => {
      const w = walkShot(s)
      return {
        damage: w.damage.expected(),
        failedSaves: w.failedSaves.expected(),
        unblockedHits: w.unblockedHits.expected(),
      }
    }
    type Means = { damage: number; failedSaves: number; unblockedHits: number }
    const close = (got: Means, want: Means) => {
      expect(got.damage).toBeCloseTo(want.damage, 6)
      expect(got.failedSaves).toBeCloseTo(want.failedSaves, 9)
      expect(got.unblockedHits).toBeCloseTo(want.unblockedHits, 9)
    }
    fc.assert(
      fc.property(shots, fc.boolean(), (over, defenseFixed) => {
        const s = shot(over)
        for (const o of rankBonuses(
          s,
          defenseFixed,
          ['precision', 'barrage', 'none'],
          ['dodge', 'guard', 'none'],
        ))
          close(o.expected, walkedMeans({ ...s, bonus: o.value, defense: o.defense }))
        for (const o of rankDefenses(s, ['dodge', 'guard', 'none']))
          close(o.expected, walkedMeans({ ...s, defense: o.value }))
      }),
      { numRuns: 60, seed: 20261125 },
    )
  })
})
