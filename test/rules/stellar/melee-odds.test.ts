import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { exactDists } from '../../../src/core/exact.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { type Melee, type MeleeResult, resolveMelee } from '../../../src/rules/stellar/melee.js'
import { ClashSearch, type WaysDist, compareValue, meleeOdds, ratio, splitsOf } from '../../../src/rules/stellar/melee-odds.js'
import { melee, side } from './melee-fixture.js'

const sum = (d: WaysDist<string | number>) => Object.values(d.toJSON()).reduce((a, b) => a + b, 0)

/** Plain exact walk over the whole resolution: slow, only for small pools. */
function brute(m: Melee) {
  return exactDists((dice) => resolveMelee(dice, m), {
    attack: (r: MeleeResult) => r.attack?.damage ?? 0,
    counter: (r: MeleeResult) => r.counter?.damage ?? 0,
    attackUnblocked: (r: MeleeResult) => r.attack?.unblockedHits ?? 0,
    counterFailed: (r: MeleeResult) => r.counter?.save.failedSaves ?? 0,
    defender: (r: MeleeResult) => r.defender.damageTaken,
    attacker: (r: MeleeResult) => r.attacker.damageTaken,
    fb: (r: MeleeResult) => r.finishingBlow?.by ?? 'none',
    overwatch: (r: MeleeResult) => r.overwatch?.damage ?? 0,
  })
}

function expectSameDist(got: Record<string, number>, want: Record<string, number>) {
  expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort())
  for (const k of Object.keys(want)) expect(got[k]).toBeCloseTo(want[k], 14)
}

describe('exact values worked by hand', () => {
  it('one attack die, Guard blocks the attacker bonus: damage 0 / 100 / 200 with 2/5, 2/5, 1/5', () => {
    const m = melee({ atk: side({ dmg: 100 }), atkSplit: { attack: 1, defense: 0 }, defSplit: { attack: 0, defense: 0 }, defChoice: 'guard' })
    const o = meleeOdds(m)
    expect(o.attack.damage.toJSON()).toEqual({ '0': 0.4, '100': 0.4, '200': 0.2 })
    expect(o.counter.damage.toJSON()).toEqual({ '0': 1 })
    expect(o.expected.attack.damage).toBeCloseTo(80, 12)
    expect(o.counterChance).toBe(1)
  })

  it('a counter-attack of 1 die +1 against 1 defense die: 0.24 / 0.40 / 0.28 / 0.08', () => {
    // Hits 1 (miss, 0.4), 2 (hit, 0.4) or 3 (crit, 0.2); the attacker blocks on 5+ (0.6).
    const m = melee({ atk: side({ dmg: 100 }), def: side({ dmg: 100 }), atkSplit: { attack: 0, defense: 1 }, defSplit: { attack: 1, defense: 0 }, defChoice: 'counter' })
    const o = meleeOdds(m)
    expect(o.attack.damage.toJSON()).toEqual({ '100': 1 })
    expect(o.counter.damage.toJSON()).toEqual({ '0': 0.24, '100': 0.4, '200': 0.28, '300': 0.08 })
    expect(o.expected.counter.damage).toBeCloseTo(120, 12)
  })

  it('a level 1 attacker strikes a Finishing Blow exactly when the counter deals nothing: 0.24', () => {
    const m = melee({ atk: side({ dmg: 100, pilot: 1 }), def: side({ dmg: 100 }), atkSplit: { attack: 0, defense: 1 }, defSplit: { attack: 1, defense: 0 }, defChoice: 'counter' })
    const o = meleeOdds(m)
    expect(o.finishingBlow.toJSON()).toEqual({ attacker: 0.24, none: 0.76 })
    // 2 bonus hits x 100, plus 1000 with probability 0.24.
    expect(o.expected.defenderDamage).toBeCloseTo(200 + 240, 10)
  })

  it('ratio converts exact weights to the nearest float', () => {
    expect(ratio(3n, 5n)).toBe(0.6)
    expect(ratio(8192n, 10n ** 8n)).toBe(0.00008192)
    expect(ratio(-1n, 3n)).toBeCloseTo(-1 / 3, 16)
    expect(ratio(0n, 7n)).toBe(0)
  })
})

describe('composed odds equal the exact walk over the whole resolution', () => {
  const cases: Array<[string, Melee]> = [
    ['plain, saves both ways', melee({ atk: side({ pen: '5', armSv: 1 }), def: side({ pen: '4', dmg: 200 }) })],
    ['HP, Momentum, push weapon, levels', melee({ atk: side({ pilot: 1, pen: '5', armSv: 1, hp: 1500, shield: 1, momentum: 1 }), def: side({ pilot: 2, pen: '4P', hp: 1300, dmg: 200, size: 1 }), atkSplit: { attack: 3, defense: 2 }, defSplit: { attack: 2, defense: 2 } })],
    ['stun weapon, Guard, traits, Finisher', melee({ atk: side({ pilot: 2, pen: '5S', finisher: 1, boldLeader: true }), def: side({ pilot: 1, masterSwordsman: true, closeCombatExpert: true, pen: '6' }), defChoice: 'guard' })],
    ['blindside, defender destroyed often', melee({ blindside: true, atk: side({ pilot: 1, pen: '6' }), def: side({ hp: 900, shield: 2, pilot: 1 }), atkSplit: { attack: 3, defense: 1 }, defSplit: { attack: 2, defense: 2 } })],
    ['DMG 0 push weapons: both may qualify for a Finishing Blow', melee({ atk: side({ dmg: 0, pen: '5P', pilot: 1 }), def: side({ dmg: 0, pen: '5P', pilot: 1 }), atkSplit: { attack: 2, defense: 1 }, defSplit: { attack: 2, defense: 1 } })],
    [
      'overwatch, Momentum shared with the counter, charger may die',
      melee({
        atk: side({ evade: 2, shield: 1, momentum: 2, hp: 900, pilot: 1 }),
        def: side({ pilot: 1, hp: 1200 }),
        overwatch: { attacks: 2, acc: 8, shots: 2, dmg: 300, pen: { value: 4, kind: 'damage' }, targetLock: false },
        atkSplit: { attack: 2, defense: 1 },
        defSplit: { attack: 1, defense: 2 },
      }),
    ],
  ]
  it.each(cases)('%s', (_name, m) => {
    const o = meleeOdds(m)
    const b = brute(m)
    expectSameDist(o.attack.damage.toJSON(), b.attack.toJSON() as Record<string, number>)
    expectSameDist(o.counter.damage.toJSON(), b.counter.toJSON() as Record<string, number>)
    expectSameDist(o.attack.unblockedHits.toJSON(), b.attackUnblocked.toJSON() as Record<string, number>)
    expectSameDist(o.counter.failedSaves.toJSON(), b.counterFailed.toJSON() as Record<string, number>)
    expectSameDist(o.defenderDamage.toJSON(), b.defender.toJSON() as Record<string, number>)
    expectSameDist(o.attackerDamage.toJSON(), b.attacker.toJSON() as Record<string, number>)
    expectSameDist(o.finishingBlow.toJSON(), b.fb.toJSON() as Record<string, number>)
    if (o.overwatch) expectSameDist(o.overwatch.damage.toJSON(), b.overwatch.toJSON() as Record<string, number>)
    for (const d of [o.attack.damage, o.counter.damage, o.defenderDamage, o.attackerDamage, o.finishingBlow, o.attack.failedSaves, o.counter.unblockedHits]) {
      expect(Math.abs(sum(d) - 1)).toBeLessThan(1e-12)
    }
  })

  it('the exact weights convert to exactly the rationals of the exact driver', () => {
    const m = cases[1][1]
    const got = meleeOdds(m).defenderDamage.toDist()
    const want = brute(m).defender
    for (const [k, w] of want.weights) expect(got.prob(k as number).toString()).toBe(w.toString())
  })
})

describe('exact odds against Monte Carlo (10 vs 10 dice, saves both ways)', () => {
  const m = melee({
    atk: side({ pilot: 1, pen: '5', armSv: 1, hp: 3000, shield: 1 }),
    def: side({ pilot: 2, pen: '5', armSv: 1, hp: 3000, momentum: 1 }),
    atkSplit: { attack: 6, defense: 4 },
    defSplit: { attack: 5, defense: 5 },
    defChoice: 'counter',
  })
  const o = meleeOdds(m)
  const N = 20000
  const samples: MeleeResult[] = []
  for (let i = 0; i < N; i++) samples.push(resolveMelee(new SeededDice(`mc-${i}`), m))

  it('every sampled result lies in the exact support', () => {
    for (const r of samples) {
      expect(o.attack.damage.prob(r.attack!.damage)).toBeGreaterThan(0)
      expect(o.counter.damage.prob(r.counter?.damage ?? 0)).toBeGreaterThan(0)
      expect(o.defenderDamage.prob(r.defender.damageTaken)).toBeGreaterThan(0)
      expect(o.attackerDamage.prob(r.attacker.damageTaken)).toBeGreaterThan(0)
    }
  })

  it('means and key probabilities agree within 4 standard errors', () => {
    const mean = (f: (r: MeleeResult) => number) => samples.reduce((a, r) => a + f(r), 0) / N
    for (const [d, f] of [
      [o.attack.damage, (r: MeleeResult) => r.attack!.damage],
      [o.counter.damage, (r: MeleeResult) => r.counter?.damage ?? 0],
      [o.attackerDamage, (r: MeleeResult) => r.attacker.damageTaken],
    ] as const) {
      const mu = d.expected()
      let variance = 0
      for (const [k, w] of d.toDist().weights) variance += w.toNumber() * (Number(k) - mu) ** 2
      expect(Math.abs(mean(f) - mu)).toBeLessThan((4 * Math.sqrt(variance)) / Math.sqrt(N))
    }
    for (const [p, f] of [
      [o.destroyed.defender!, (r: MeleeResult) => (r.defender.destroyed ? 1 : 0)],
      [o.destroyed.attacker!, (r: MeleeResult) => (r.attacker.destroyed ? 1 : 0)],
      [o.finishingBlow.prob('attacker'), (r: MeleeResult) => (r.finishingBlow?.by === 'attacker' ? 1 : 0)],
      [o.counterChance, (r: MeleeResult) => (r.counter ? 1 : 0)],
    ] as const) {
      const se = Math.sqrt((p * (1 - p)) / N)
      expect(Math.abs(mean(f) - p)).toBeLessThan(4 * se + 1e-9)
    }
  })
})

describe('the choice search', () => {
  const cap = (d: number, hp?: number) => (hp === undefined ? d : Math.min(d, hp))
  const exactValue = (m: Melee) => {
    const o = meleeOdds(m)
    return {
      capDiff: o.defenderDamage.toDist().expected((d) => cap(d, m.def.hp)) - o.attackerDamage.toDist().expected((d) => cap(d, m.atk.hp)),
      dealt: o.expected.defenderDamage,
      taken: o.expected.attackerDamage,
      defDestroyed: o.destroyed.defender ?? 0,
      atkDestroyed: o.destroyed.attacker ?? 0,
    }
  }

  it.each([
    ['no HP', melee({ atk: side({ pen: '5', pilot: 1 }), def: side({ pen: '4', pilot: 2, momentum: 1 }) })],
    ['HP both sides, Finisher, push', melee({ atk: side({ pilot: 2, hp: 1500, finisher: 1, pen: '5P' }), def: side({ pilot: 1, hp: 1200, dmg: 400, pen: '6' }), defChoice: 'guard' })],
    ['stun, traits', melee({ atk: side({ pen: '4S', berserker: true }), def: side({ pilot: 1, pen: '5', skilledSwordsman: true, shield: 1 }) })],
  ])('its values equal the exact odds of the same clash (%s)', (_name, base) => {
    const search = new ClashSearch(base)
    for (const atkSplit of splitsOf(5)) {
      for (const defSplit of splitsOf(5)) {
        for (const defChoice of ['counter', 'guard'] as const) {
          const m = { ...base, atkSplit, defSplit, defChoice }
          const v = search.value(atkSplit, defSplit, defChoice)
          const e = exactValue(m)
          expect(v.score[0]).toBeCloseTo(e.capDiff, 8)
          expect(v.dealt).toBeCloseTo(e.dealt, 8)
          expect(v.taken).toBeCloseTo(e.taken, 8)
          expect(v.defDestroyed).toBeCloseTo(e.defDestroyed, 12)
          expect(v.atkDestroyed).toBeCloseTo(e.atkDestroyed, 12)
        }
      }
    }
  })

  it.each([
    ['plain 10 vs 10', melee({ atk: side({ pen: '6', armSv: 1 }), def: side({ pen: '6', armSv: 1 }) }), 10, 10],
    ['aces with HP and finishers', melee({ atk: side({ pilot: 2, pen: '5', hp: 2000, finisher: 1 }), def: side({ pilot: 2, pen: '5', dmg: 400, hp: 2400 }) }), 9, 8],
    ['shields and traits', melee({ atk: side({ shield: 2, boldLeader: true, dmg: 200 }), def: side({ shield: 1, masterSwordsman: true, momentum: 2 }) }), 7, 12],
    ['stun and push weapons', melee({ atk: side({ pen: '7S', pilot: 1 }), def: side({ pen: '6P', size: 2, hp: 900 }) }), 6, 6],
    ['one side outmatched', melee({ atk: side({ dmg: 1000, hp: 500 }), def: side({ dmg: 100, armSv: 3 }) }), 4, 14],
  ])('bestAttacker (pruned) picks exactly what the full ranking puts first: %s', (_name, base, atkPool, defPool) => {
    const space = { atkSplits: splitsOf(atkPool), defSplits: splitsOf(defPool), defChoices: ['counter', 'guard'] as Array<'counter' | 'guard'> }
    const ranked = new ClashSearch(base).rankAttacker(space)
    const best = new ClashSearch(base).bestAttacker(space)
    expect({ atk: best.atkSplit, def: best.defSplit, choice: best.defChoice }).toEqual({ atk: ranked[0].atkSplit, def: ranked[0].defSplit, choice: ranked[0].defChoice })
    expect(best.value.score).toEqual(ranked[0].value.score)
  })

  it('bestAttacker matches the full ranking on random match-ups (pools, traits, HP, finishers, weapons)', () => {
    fc.assert(
      fc.property(
        fc.record({
          atkPool: fc.integer({ min: 1, max: 20 }),
          defPool: fc.integer({ min: 1, max: 20 }),
          atkPilot: fc.constantFrom(0 as const, 1 as const, 2 as const),
          defPilot: fc.constantFrom(0 as const, 1 as const, 2 as const),
          atkPen: fc.constantFrom('0', '4', '6', '6S', '5P'),
          defPen: fc.constantFrom('0', '5', '7', '7S'),
          atkDmg: fc.constantFrom(100, 300, 600),
          defDmg: fc.constantFrom(100, 300, 600),
          atkArmSv: fc.integer({ min: 0, max: 3 }),
          defArmSv: fc.integer({ min: 0, max: 3 }),
          atkHp: fc.option(fc.constantFrom(300, 900, 2400), { nil: undefined }),
          defHp: fc.option(fc.constantFrom(300, 900, 2400), { nil: undefined }),
          finisher: fc.integer({ min: 0, max: 1 }),
          shield: fc.integer({ min: 0, max: 2 }),
          bold: fc.boolean(),
        }),
        (r) => {
          const base = melee({
            atk: side({ pilot: r.atkPilot, pen: r.atkPen, dmg: r.atkDmg, armSv: r.atkArmSv, hp: r.atkHp, finisher: r.finisher, boldLeader: r.bold }),
            def: side({ pilot: r.defPilot, pen: r.defPen, dmg: r.defDmg, armSv: r.defArmSv, hp: r.defHp, shield: r.shield }),
          })
          const space = { atkSplits: splitsOf(r.atkPool), defSplits: splitsOf(r.defPool), defChoices: ['counter', 'guard'] as Array<'counter' | 'guard'> }
          const ranked = new ClashSearch(base).rankAttacker(space)
          const best = new ClashSearch(base).bestAttacker(space)
          expect({ atk: best.atkSplit, def: best.defSplit, choice: best.defChoice }).toEqual({ atk: ranked[0].atkSplit, def: ranked[0].defSplit, choice: ranked[0].defChoice })
          expect(best.value.score).toEqual(ranked[0].value.score)
        },
      ),
      { numRuns: 60, seed: 20261121 },
    )
  })

  it('the attacker gets the best split against the defender\'s best answer (checked by exhaustion)', () => {
    const base = melee({ atk: side({ pilot: 1, pen: '5', hp: 2000 }), def: side({ pilot: 2, pen: '5', dmg: 400, hp: 2400 }) })
    const space = { atkSplits: splitsOf(6), defSplits: splitsOf(5), defChoices: ['counter', 'guard'] as Array<'counter' | 'guard'> }
    const ranked = new ClashSearch(base).rankAttacker(space)
    // Exhaustive maximin on exact values.
    let best = -Infinity
    for (const atkSplit of space.atkSplits) {
      let worst = Infinity
      for (const defSplit of space.defSplits) for (const defChoice of space.defChoices) worst = Math.min(worst, exactValue({ ...base, atkSplit, defSplit, defChoice }).capDiff)
      best = Math.max(best, worst)
    }
    expect(ranked[0].value.score[0]).toBeCloseTo(best, 8)
    // Ranked best first; each answer is the defender's best against that split.
    for (let i = 1; i < ranked.length; i++) expect(compareValue(ranked[i - 1].value, ranked[i].value)).toBeGreaterThanOrEqual(0)
  })

  it('splits list every way to share the pool, at most 10 per pool', () => {
    expect(splitsOf(3)).toEqual([
      { attack: 3, defense: 0 },
      { attack: 2, defense: 1 },
      { attack: 1, defense: 2 },
      { attack: 0, defense: 3 },
    ])
    expect(splitsOf(14)).toHaveLength(7)
    expect(splitsOf(14)[0]).toEqual({ attack: 10, defense: 4 })
    expect(splitsOf(25)).toEqual([{ attack: 10, defense: 10 }])
  })
})
