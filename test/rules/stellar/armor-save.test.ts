import { describe, expect, it } from 'vitest'
import { NeedDecision } from '../../../src/core/errors.js'
import { walkMaps } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import { fraction } from '../../../src/core/distribution.js'
import { SeededDice } from '../../../src/core/seeded.js'
import {
  type SaveSpec,
  resolveArmorSaves,
  saveCap,
  saveTargetNumber,
  savesOwed,
} from '../../../src/rules/stellar/armor-save.js'
import { type Penetration, parsePen } from '../../../src/rules/stellar/weapon.js'

const pen = (t: string): Penetration => parsePen(t)
const save = (spec: Partial<SaveSpec> & { pen: Penetration; hits: number }): SaveSpec => ({
  armSv: 0,
  ...spec,
})

describe('armor saves: worked examples', () => {
  it.each([
    // Laughing Joker (ARM Sv+2): hit twice by PEN 5, saves on 3+, rolls [3,5] and passes both.
    {
      name: 'Laughing Joker vs PEN 5',
      spec: save({ pen: pen('5'), armSv: 2, hits: 2 }),
      rolls: [3, 5],
      tn: 3,
      owed: 2,
      failed: 0,
      damage: 0,
    },
    // Hit four times by PEN 4: capped at three saves on 2+, rolls [1,6,7] and fails one.
    {
      name: 'Laughing Joker vs PEN 4',
      spec: save({ pen: pen('4'), armSv: 2, hits: 4 }),
      rolls: [1, 6, 7],
      tn: 2,
      owed: 3,
      failed: 1,
      damage: 1000,
    },
    // Green Viking's machine gun at PEN 0+3 hits the Saronic Cruiser 9 times: five saves vs PEN 3.
    {
      name: 'Saronic Cruiser vs PEN 3 (warship cap 5)',
      spec: save({ pen: pen('3'), hits: 9, warship: true }),
      rolls: [3, 3, 2, 9, 1],
      tn: 3,
      owed: 5,
      failed: 2,
      damage: 2000,
    },
    // Musarl Cruiser hit three times by PEN 6: fails on 1-5.
    {
      name: 'Musarl Cruiser vs PEN 6',
      spec: save({ pen: pen('6'), hits: 3, warship: true }),
      rolls: [5, 6, 1],
      tn: 6,
      owed: 3,
      failed: 2,
      damage: 2000,
    },
  ])('$name', ({ spec, rolls, tn, owed, failed, damage }) => {
    const dice = new PhysicalDice(rolls)
    const r = resolveArmorSaves(dice, spec)
    dice.assertAllUsed()
    expect(r.targetNumber).toBe(tn)
    expect(r.owed).toBe(owed)
    expect(r.failedSaves).toBe(failed)
    expect(r.damage).toBe(damage)
    expect(r.saves.map((s) => s.roll)).toEqual(rolls)
  })
})

describe('armor saves: caps, target numbers and weapon kinds', () => {
  it.each([
    { hits: 5, warship: false, aoe: false, cap: 3 },
    { hits: 5, warship: false, aoe: true, cap: 3 }, // reading: the 10 cap vs AOE is for warships only
    { hits: 9, warship: true, aoe: false, cap: 5 },
    { hits: 12, warship: true, aoe: true, cap: 10 },
  ])('cap for warship=$warship aoe=$aoe is $cap', ({ hits, warship, aoe, cap }) => {
    expect(saveCap({ warship, aoe })).toBe(cap)
    expect(savesOwed(save({ pen: pen('5'), hits, warship, aoe }))).toBe(Math.min(hits, cap))
  })

  it.each([
    { pen: '5', armSv: 2, size: 0, bonus: 0, tn: 3 },
    { pen: '5P', armSv: 0, size: 1, bonus: 0, tn: 3 }, // push/pull: +2 x Size
    { pen: '5S', armSv: 0, size: 1, bonus: 0, tn: 5 }, // Size only helps against push/pull
    { pen: '6', armSv: 1, size: 0, bonus: 2, tn: 3 }, // Anti-Beam Coating
  ])(
    'target number PEN $pen, ARM Sv $armSv, Size $size, bonus $bonus = $tn',
    ({ pen: p, armSv, size, bonus, tn }) => {
      expect(saveTargetNumber({ pen: pen(p), armSv, size, armSvBonus: bonus })).toBe(tn)
    },
  )

  it('PEN under 2 calls for no saves and rolls nothing', () => {
    const dice = new PhysicalDice([])
    const r = resolveArmorSaves(dice, save({ pen: pen('1'), hits: 4 }))
    expect(r).toMatchObject({ owed: 0, saves: [], failedSaves: 0, damage: 0 })
  })

  it('a target number of 1 or less passes without dice', () => {
    const dice = new PhysicalDice([])
    const r = resolveArmorSaves(dice, save({ pen: pen('3'), armSv: 2, hits: 3 }))
    expect(r).toMatchObject({ targetNumber: 1, owed: 3, saves: [], failedSaves: 0 })
  })

  it.each([
    { p: '5S', failed: 2, actions: 2, pushes: 0, damage: 0 },
    { p: '5P', failed: 2, actions: 0, pushes: 2, damage: 0 },
    { p: '5', failed: 2, actions: 0, pushes: 0, damage: 2000 },
  ])(
    'failed saves of PEN $p: actions $actions, pushes $pushes, damage $damage',
    ({ p, failed, actions, pushes, damage }) => {
      const r = resolveArmorSaves(new PhysicalDice([1, 2, 9]), save({ pen: pen(p), hits: 3 }))
      expect(r).toMatchObject({ failedSaves: failed, actionsLost: actions, pushes, damage })
    },
  )
})

describe('armor saves: Unyielding and "It\'s not over yet!"', () => {
  it('Unyielding rerolls each failed save once, after the first dice', () => {
    const dice = new PhysicalDice([1, 2, 9, 4, 1])
    const r = resolveArmorSaves(dice, save({ pen: pen('5'), hits: 3, reroll: true }))
    dice.assertAllUsed()
    expect(r.rerolls).toEqual([
      { roll: 4, passed: false },
      { roll: 1, passed: false },
    ])
    expect(r.failedSaves).toBe(2)
  })

  it('a passed reroll cancels the failure', () => {
    const r = resolveArmorSaves(
      new PhysicalDice([1, 9, 9, 5]),
      save({ pen: pen('5'), hits: 3, reroll: true }),
    )
    expect(r.failedSaves).toBe(0)
  })

  it('no rerolls are rolled when every save passes', () => {
    const dice = new PhysicalDice([9, 9])
    const r = resolveArmorSaves(dice, save({ pen: pen('5'), hits: 2, reroll: true }))
    expect(r.rerolls).toEqual([])
  })

  it.each([
    { momentum: 0, failed: 2, negated: 0 },
    { momentum: 1, failed: 1, negated: 1 },
    { momentum: 5, failed: 0, negated: 2 },
  ])('Momentum $momentum negates $negated of 2 failed saves', ({ momentum, failed, negated }) => {
    const r = resolveArmorSaves(
      new PhysicalDice([1, 2, 9]),
      save({ pen: pen('5'), hits: 3, notOverYet: momentum }),
    )
    expect(r).toMatchObject({ failedSaves: failed, negated, damage: failed * 1000 })
  })

  it('never against push/pull weapons', () => {
    const r = resolveArmorSaves(new PhysicalDice([1, 2, 9]), save({ pen: pen('5P'), hits: 3, notOverYet: 3 }))
    expect(r).toMatchObject({ failedSaves: 2, negated: 0, pushes: 2 })
  })

  it('asks mid-way when a person can answer, and uses the answer', () => {
    const spec = save({ pen: pen('5'), hits: 3, notOverYet: 0, askDecisions: true })
    expect(() => resolveArmorSaves(new PhysicalDice([1, 2, 9]), spec)).toThrow(NeedDecision)
    const r = resolveArmorSaves(new PhysicalDice([1, 2, 9]), { ...spec, decisions: { 'not-over-yet': 1 } })
    expect(r.failedSaves).toBe(1)
  })
})

describe('armor saves: exact odds', () => {
  const dists = (s: SaveSpec) =>
    walkMaps((d) => resolveArmorSaves(d, s), { failed: (r) => r.failedSaves, damage: (r) => r.damage })

  it('Laughing Joker vs PEN 5: both pass with (8/10)^2', () => {
    const d = dists(save({ pen: pen('5'), armSv: 2, hits: 2 }))
    expect(d.failed.fraction(0)).toBe(fraction(16n, 25n))
    expect(d.failed.fraction(2)).toBe(fraction(1n, 25n))
  })

  it('Laughing Joker vs PEN 4: three saves at 2+, P(one failure) = 3 x 0.1 x 0.81', () => {
    const d = dists(save({ pen: pen('4'), armSv: 2, hits: 4 }))
    expect(d.failed.fraction(1)).toBe(fraction(243n, 1000n))
    expect(d.damage.expected()).toBeCloseTo(300, 12)
  })

  it('Unyielding squares the failure chance: 2/10 becomes 1/25 per save', () => {
    const d = dists(save({ pen: pen('5'), armSv: 2, hits: 1, reroll: true }))
    expect(d.failed.fraction(1)).toBe(fraction(1n, 25n))
  })

  it('"It\'s not over yet!" with 1 Momentum: one failure of three is free', () => {
    // PEN 7 vs 0: each fails with 6/10. Two or more failures leave one or two standing.
    const d = dists(save({ pen: pen('7'), hits: 3, notOverYet: 1 }))
    const p = 6 / 10
    expect(d.failed.prob(0)).toBeCloseTo((1 - p) ** 3 + 3 * p * (1 - p) ** 2, 12)
    expect(d.failed.prob(2)).toBeCloseTo(p ** 3, 12)
  })

  it.each([
    save({ pen: pen('6'), armSv: 1, hits: 3 }),
    save({ pen: pen('8'), hits: 12, warship: true, aoe: true, reroll: true }),
    save({ pen: pen('7S'), hits: 5, notOverYet: 2, reroll: true }),
    save({ pen: pen('9P'), size: 1, hits: 3 }),
  ])('exact matches Monte Carlo, sampled results lie in the support (%#)', (spec) => {
    const d = dists(spec)
    expect(d.failed.waysWhere(() => true)).toBe(d.failed.den)
    const n = 4000
    const counts = new Map<number | string, number>()
    for (let i = 0; i < n; i++) {
      const r = resolveArmorSaves(new SeededDice(`save-${i}`), spec)
      expect(d.failed.prob(r.failedSaves)).toBeGreaterThan(0)
      counts.set(r.failedSaves, (counts.get(r.failedSaves) ?? 0) + 1)
    }
    // 4000 samples: standard error at most 0.008; allow 4 of them.
    for (const [k, w] of d.failed.sorted()) expect(Math.abs((counts.get(k) ?? 0) / n - w)).toBeLessThan(0.032)
  })
})
