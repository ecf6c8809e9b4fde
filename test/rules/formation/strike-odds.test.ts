import { describe, expect, it } from 'vitest'
import { type Distribution, fraction } from '../../../src/core/distribution.js'
import { walkMaps } from '../../../src/core/exact.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { type Strike, resolveStrike } from '../../../src/rules/formation/strike.js'
import { strikeOdds } from '../../../src/rules/formation/strike-odds.js'
import { strike } from './fixture.js'

/** Every outcome's exact chance, as reduced fractions. */
const exact = (d: Distribution<number | string>) =>
  Object.fromEntries(d.sortedWays().map(([k, w]) => [String(k), fraction(w, d.den)]))

function expectOne(d: Distribution<number> | Distribution<string>): void {
  expect((d as Distribution<number | string>).waysWhere(() => true)).toBe(d.den)
}

describe('strike odds: exact values by hand', () => {
  it('STR 0, DMG 4, no answer: hits on 2-6', () => {
    const o = strikeOdds(strike())
    expect(o.damage.fraction(4)).toBe('5/6')
    expect(o.damage.fraction(0)).toBe('1/6')
    expect(o.hit.fraction('true')).toBe('5/6')
    expect(o.defended.fraction('true')).toBe('0')
  })

  it('STR 2 against dodge +1: defended 5/18, full damage 5/9', () => {
    // attack face f (2-5) totals f + 2; the dodge needs d6 >= f + 1: (6 - f)/6. A 6 (total 8) cannot be dodged.
    // P(defended) = (4 + 3 + 2 + 1 + 0) / 36 = 10/36
    const o = strikeOdds(strike({ str: 2, answer: 'dodge', defender: { dod: 1 } }))
    expect(o.defended.fraction('true')).toBe('5/18')
    expect(o.damage.fraction(4)).toBe('5/9')
    expect(o.dodges.fraction(1)).toBe('5/6')
  })

  it('roll with damage +0 against STR 0: halves with chance 15/36', () => {
    // face f (2-6) totals f; rolling with it needs d6 >= f: (7 - f)/6 -> 5+4+3+2+1 = 15 of 36
    const o = strikeOdds(strike({ dmg: 4, answer: 'roll-with', defender: { rol: 0, rollWithAllowed: true } }))
    expect(o.damage.fraction(2)).toBe('5/12')
    expect(o.damage.fraction(4)).toBe(fraction(5n * 6n - 15n, 36n)) // 5/6 - 15/36
    expect(o.expected.damage).toBeCloseTo(2 * (15 / 36) + 4 * (15 / 36), 12)
  })

  it('knockdown: half of the hits cost an action', () => {
    const o = strikeOdds(strike({ knockdown: true }))
    expect(o.knockdowns.fraction(1)).toBe('5/12')
  })

  it('a * box on a 4-damage hit: destroyed 5/36', () => {
    const o = strikeOdds(strike({ starBoxes: [2] }))
    expect(o.destroyed.fraction(1)).toBe('5/36')
  })

  it('Burst 3 at 3 targets with no answer: all or nothing, 2 each', () => {
    const o = strikeOdds(strike({ dmg: 6, mode: 'burst', spread: 3, targets: 3 }))
    expect(o.damage.toJSON()).toEqual({ '0': 1 / 6, '6': 5 / 6 })
    expect(o.targetsHit.fraction(3)).toBe('5/6')
  })

  it('Split fire 2 at 2 targets with no answer: each hits 5/6 on its own', () => {
    const o = strikeOdds(strike({ dmg: 6, mode: 'split', spread: 2, targets: 2 }))
    expect(o.damage.fraction(6)).toBe('25/36')
    expect(o.damage.fraction(3)).toBe('5/18') // 2 x 5/6 x 1/6
    expect(o.damage.fraction(0)).toBe('1/36')
  })
})

/** The composed odds must equal a direct walk of resolveStrike over every die. */
function direct(s: Strike) {
  return walkMaps((dice) => resolveStrike(dice, s), {
    damage: (r) => r.damage,
    hit: (r) => String(r.hit),
    defended: (r) => String(r.defended),
    knockdowns: (r) => r.targets.filter((t) => t.knockdown?.actionLost).length,
    destroyed: (r) => r.targets.filter((t) => t.destroyed).length,
    infantry: (r) => r.targets.filter((t) => t.infantry).length,
    targetsHit: (r) => r.targets.filter((t) => t.hit).length,
  })
}

const defenderAll = { dod: 1, par: 2, rol: 2, autoDodge: 0, parryAllowed: true, rollWithAllowed: true }

const CASES: Array<[string, Strike]> = [
  [
    'single, auto answer, everything on',
    strike({
      str: 1,
      dmg: 5,
      answer: 'auto',
      knockdown: true,
      boxes: 4,
      zentraedi: true,
      starBoxes: [1, 3],
      defender: defenderAll,
    }),
  ],
  [
    'burst 3 at 2 targets, auto',
    strike({
      str: 1,
      dmg: 6,
      mode: 'burst',
      spread: 3,
      targets: 2,
      answer: 'auto',
      knockdown: true,
      starBoxes: [2],
      defender: defenderAll,
    }),
  ],
  [
    'burst 3 at 3 targets, dodge',
    strike({
      str: 2,
      dmg: 6,
      mode: 'burst',
      spread: 3,
      targets: 3,
      answer: 'dodge',
      boxes: 2,
      zentraedi: true,
      defender: { dod: 1 },
    }),
  ],
  [
    'split 2 at 2 targets, auto',
    strike({
      str: 0,
      dmg: 4,
      mode: 'split',
      spread: 2,
      targets: 2,
      answer: 'auto',
      knockdown: true,
      boxes: 2,
      defender: defenderAll,
    }),
  ],
  [
    'melee 4+, parry',
    strike({
      str: 1,
      meleePlus: 4,
      melee: true,
      dmg: 0,
      answer: 'parry',
      defender: { par: 1, parryAllowed: true },
    }),
  ],
  [
    'jammed, vulnerable, infantry',
    strike({
      str: 1,
      jamCounters: 2,
      vulnerable: -1,
      dmg: 5,
      vsInfantry: true,
      answer: 'auto',
      defender: { dod: 0 },
    }),
  ],
  [
    'HARM at a non-radar target, auto answer, boxes',
    strike({
      str: 1,
      dmg: 4,
      harmStray: true,
      missile: true,
      volley: 2,
      answer: 'auto',
      boxes: 6,
      starBoxes: [2],
      defender: defenderAll,
    }),
  ],
]

describe('strike odds: composition by target equals the direct walk', () => {
  it.each(CASES)('%s', (_name, s) => {
    const o = strikeOdds(s)
    const d = direct(s)
    for (const key of ['damage', 'knockdowns', 'destroyed', 'infantry', 'targetsHit'] as const) {
      expect(exact(o[key]), key).toEqual(exact(d[key]))
    }
    expect(exact(o.hit)).toEqual(exact(d.hit))
    expect(exact(o.defended)).toEqual(exact(d.defended))
    for (const dist of [
      o.damage,
      o.hit,
      o.defended,
      o.targetsHit,
      o.targetsDefended,
      o.knockdowns,
      o.dodges,
      o.destroyed,
      o.infantry,
    ])
      expectOne(dist)
  })
})

describe('strike odds: exact against Monte Carlo', () => {
  // 6,000 seeded strikes: a probability's standard error is at most 0.0065, so 0.03 is over 4.5 sigma.
  const N = 6000
  const TOL = 0.03
  it.each(CASES)('%s', (_name, s) => {
    const o = strikeOdds(s)
    const counts = new Map<number, number>()
    let hits = 0
    let defended = 0
    for (let i = 0; i < N; i++) {
      const r = resolveStrike(new SeededDice(`mc-${i}`), s)
      counts.set(r.damage, (counts.get(r.damage) ?? 0) + 1)
      if (r.hit) hits++
      if (r.defended) defended++
      // every sampled result lies in the exact support
      expect(o.damage.prob(r.damage)).toBeGreaterThan(0)
    }
    for (const [dmg, w] of o.damage.sorted())
      expect(Math.abs((counts.get(dmg) ?? 0) / N - w)).toBeLessThan(TOL)
    expect(Math.abs(hits / N - o.expected.hit)).toBeLessThan(TOL)
    expect(Math.abs(defended / N - o.expected.defended)).toBeLessThan(TOL)
  })
})

describe('strike odds: the largest strike', () => {
  // Its speed is bench/run.mjs's row "odds: formation strike, Burst 10 at 10 targets".
  it('Burst 10 at 10 targets with every option: the damage odds are whole', () => {
    const s = strike({
      str: 1,
      dmg: 30,
      mode: 'burst',
      spread: 10,
      targets: 10,
      answer: 'auto',
      knockdown: true,
      boxes: 3,
      zentraedi: true,
      starBoxes: [1, 2],
      defender: defenderAll,
    })
    expectOne(strikeOdds(s).damage)
  })
})

describe('strike odds: HARM at a target that is not a radar', () => {
  it('half the time it flies off (4+ on a d6): every outcome is half the plain strike, plus nothing', () => {
    const plain = strike({ str: 2, dmg: 4, answer: 'dodge', defender: { dod: 1 } })
    const stray = strikeOdds({ ...plain, harmStray: true })
    const o = strikeOdds(plain)
    expect(stray.harmRetargeted).toBe(0.5)
    expect(o.harmRetargeted).toBeNull()
    // exactly: P'(4) = P(4) / 2 and P'(0) = P(0) / 2 + 1/2 (cross-multiplied counts)
    expect(2n * stray.damage.ways(4) * o.damage.den).toBe(o.damage.ways(4) * stray.damage.den)
    expect(2n * stray.damage.ways(0) * o.damage.den).toBe(
      (o.damage.ways(0) + o.damage.den) * stray.damage.den,
    )
    expect(stray.damage.fraction(4)).toBe('5/18') // half of the 5/9 worked out by hand above
    expect(stray.expected.hit).toBeCloseTo(o.expected.hit / 2, 15)
    expect(stray.expected.dodges).toBeCloseTo(o.expected.dodges / 2, 15)
  })
})
