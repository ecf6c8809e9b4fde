import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Distribution, Outcome } from '../../../src/core/distribution.js'
import { walk } from '../../../src/core/exact.js'
import { SeededDice } from '../../../src/core/seeded.js'
import {
  type Melee,
  type MeleeSituation,
  type MeleeResult,
  OVERWATCH_START,
  nextOverwatchShot,
} from '../../../src/rules/stellar/melee.js'
import { resolveMelee } from '../../../src/rules/stellar/melee-flow.js'
import { splitsOf } from '../../../src/rules/stellar/melee-odds.js'
import { meleeOdds } from '../../../src/rules/stellar/melee-flow.js'
import { MeleeChoice } from '../../../src/rules/stellar/melee-choice.js'
import { compareScores } from '../../../src/rules/stellar/choice.js'
import { resolveShot } from '../../../src/rules/stellar/shoot.js'
import { shotResultOdds } from '../../../src/rules/stellar/shoot-odds.js'
import { melee, side } from './melee-fixture.js'

const sum = (d: Distribution<Outcome>) => Object.values(d.toJSON()).reduce((a, b) => a + b, 0)

const bruteWalks = new Map<Melee, ReturnType<typeof bruteWalk>>()
/** The brute-force oracle (once per case): the exact walk of resolveMelee itself, every die of the whole charge. */
function brute(m: Melee) {
  let b = bruteWalks.get(m)
  if (!b) bruteWalks.set(m, (b = bruteWalk(m)))
  return b
}

function bruteWalk(m: Melee) {
  const all = walk((dice) => {
    const r = resolveMelee(dice, m)
    return {
      attack: r.attack?.damage ?? 0,
      counter: r.counter?.damage ?? 0,
      attackUnblocked: r.attack?.unblockedHits ?? 0,
      attackFailed: r.attack?.save.failedSaves ?? 0,
      counterUnblocked: r.counter?.unblockedHits ?? 0,
      counterFailed: r.counter?.save.failedSaves ?? 0,
      defender: r.defender.damageTaken,
      attacker: r.attacker.damageTaken,
      fb: r.finishingBlow?.by ?? 'none',
      overwatch: r.overwatch?.damage ?? 0,
      clash: r.clash ? 1 : 0,
      countered: r.counter ? 1 : 0,
      defDestroyed: r.defender.destroyed ? 1 : 0,
      atkDestroyed: r.attacker.destroyed ? 1 : 0,
    }
  })
  type Leaf = typeof all extends Distribution<infer L> ? L : never
  const of = <K extends keyof Leaf>(k: K) => all.map((l) => l[k])
  return { of, all }
}

/** Two distributions are the same exact fractions, outcome by outcome. */
function expectSameFractions<K extends Outcome>(got: Distribution<K>, want: Distribution<K>) {
  const keys = (d: Distribution<K>) =>
    d
      .sortedWays()
      .filter(([, w]) => w > 0n)
      .map(([k]) => JSON.stringify(k))
  expect(keys(got)).toEqual(keys(want))
  for (const k of want.outcomes()) expect(got.fraction(k)).toBe(want.fraction(k))
}

describe('exact values worked by hand', () => {
  it('one attack die, Guard blocks the attacker bonus: damage 0 / 100 / 200 with 2/5, 2/5, 1/5', () => {
    const m = melee({
      atk: side({ weapon: { dmg: 100 } }),
      atkSplit: { attack: 1, defense: 0 },
      defSplit: { attack: 0, defense: 0 },
      defChoice: 'guard',
    })
    const o = meleeOdds(m)
    expect(o.attack.damage.toJSON()).toEqual({ '0': 0.4, '100': 0.4, '200': 0.2 })
    expect(o.counter.damage.toJSON()).toEqual({ '0': 1 })
    expect(o.expected.attack.damage).toBeCloseTo(80, 12)
    expect(o.counterChance).toBe(1)
  })

  it('a counter-attack of 1 die +1 against 1 defense die: 0.24 / 0.40 / 0.28 / 0.08', () => {
    // Hits 1 (miss, 0.4), 2 (hit, 0.4) or 3 (crit, 0.2); the attacker blocks on 5+ (0.6).
    const m = melee({
      atk: side({ weapon: { dmg: 100 } }),
      def: side({ weapon: { dmg: 100 } }),
      atkSplit: { attack: 0, defense: 1 },
      defSplit: { attack: 1, defense: 0 },
      defChoice: 'counter',
    })
    const o = meleeOdds(m)
    expect(o.attack.damage.toJSON()).toEqual({ '100': 1 })
    expect(o.counter.damage.toJSON()).toEqual({ '0': 0.24, '100': 0.4, '200': 0.28, '300': 0.08 })
    expect(o.expected.counter.damage).toBeCloseTo(120, 12)
  })

  it('a level 1 attacker strikes a Finishing Blow exactly when the counter deals nothing: 0.24', () => {
    const m = melee({
      atk: side({ unit: { pilot: 1 }, weapon: { dmg: 100 } }),
      def: side({ weapon: { dmg: 100 } }),
      atkSplit: { attack: 0, defense: 1 },
      defSplit: { attack: 1, defense: 0 },
      defChoice: 'counter',
    })
    const o = meleeOdds(m)
    expect(o.finishingBlow.toJSON()).toEqual({ attacker: 0.24, none: 0.76 })
    // 2 bonus hits x 100, plus 1000 with probability 0.24.
    expect(o.expected.defenderDamage).toBeCloseTo(200 + 240, 10)
  })
})

describe('composed odds equal the exact walk over the whole resolution', () => {
  const cases: Array<[string, Melee]> = [
    [
      'plain, saves both ways',
      melee({ atk: side({ unit: { armSv: 1 }, pen: '5' }), def: side({ weapon: { dmg: 200 }, pen: '4' }) }),
    ],
    [
      'HP, Momentum, push weapon, levels',
      melee({
        atk: side({ unit: { pilot: 1, armSv: 1, hp: 1500, shield: 1, momentum: 1 }, pen: '5' }),
        def: side({ unit: { pilot: 2, hp: 1300, size: 1 }, weapon: { dmg: 200 }, pen: '4P' }),
        atkSplit: { attack: 3, defense: 2 },
        defSplit: { attack: 2, defense: 2 },
      }),
    ],
    [
      'stun weapon, Guard, traits, Finisher',
      melee({
        atk: side({ unit: { pilot: 2 }, weapon: { finisher: 1 }, mods: { boldLeader: true }, pen: '5S' }),
        def: side({ unit: { pilot: 1 }, mods: { masterSwordsman: true, closeCombatExpert: true }, pen: '6' }),
        defChoice: 'guard',
      }),
    ],
    [
      'blindside, defender destroyed often',
      melee({
        situation: { blindside: true },
        atk: side({ unit: { pilot: 1 }, pen: '6' }),
        def: side({ unit: { hp: 900, shield: 2, pilot: 1 } }),
        atkSplit: { attack: 3, defense: 1 },
        defSplit: { attack: 2, defense: 2 },
      }),
    ],
    [
      'DMG 0 push weapons: both may qualify for a Finishing Blow',
      melee({
        atk: side({ unit: { pilot: 1 }, weapon: { dmg: 0 }, pen: '5P' }),
        def: side({ unit: { pilot: 1 }, weapon: { dmg: 0 }, pen: '5P' }),
        atkSplit: { attack: 2, defense: 1 },
        defSplit: { attack: 2, defense: 1 },
      }),
    ],
    [
      'overwatch, Momentum shared with the counter, charger may die',
      melee({
        situation: {
          overwatch: {
            attacks: 2,
            acc: 8,
            shots: 2,
            dmg: 300,
            pen: { value: 4, kind: 'damage' },
            targetLock: false,
          },
        },
        atk: side({ unit: { evade: 2, shield: 1, momentum: 2, hp: 900, pilot: 1 } }),
        def: side({ unit: { pilot: 1, hp: 1200 } }),
        atkSplit: { attack: 2, defense: 1 },
        defSplit: { attack: 1, defense: 2 },
      }),
    ],
    [
      'overwatch with PEN, Target Lock and a push weapon in the clash; HP both sides',
      melee({
        situation: {
          // Two attacks: the walk below rolls every die of every attack (a third made it ~30 s).
          overwatch: {
            attacks: 2,
            acc: 7,
            shots: 2,
            dmg: 200,
            pen: { value: 5, kind: 'damage' },
            targetLock: true,
          },
        },
        atk: side({
          unit: { evade: 1, momentum: 3, hp: 1400, pilot: 2 },
          weapon: { dmg: 200, finisher: 2 },
          pen: '5P',
        }),
        def: side({ unit: { pilot: 1, hp: 800, size: 1 }, weapon: { finisher: 1 }, pen: '5' }),
        atkSplit: { attack: 2, defense: 1 },
        defSplit: { attack: 2, defense: 1 },
        defChoice: 'guard',
      }),
    ],
    [
      'Solo Operative, traits, no HP, overwatch that never kills',
      melee({
        situation: {
          overwatch: {
            attacks: 2,
            acc: 6,
            shots: 1,
            dmg: 100,
            pen: { value: 0, kind: 'damage' },
            targetLock: false,
          },
        },
        atk: side({
          unit: { momentum: 1, shield: 1 },
          mods: { berserker: true, advantage: true },
          pen: '4S',
        }),
        def: side({
          unit: { pilot: 2 },
          weapon: { dmg: 150 },
          mods: { killerInstinct: true, extraBlocks: 1 },
          pen: '6',
        }),
        atkSplit: { attack: 2, defense: 2 },
        defSplit: { attack: 2, defense: 1 },
        defChoice: 'both',
      }),
    ],
  ]
  it.each(cases)(
    '%s',
    (_name, m) => {
      const o = meleeOdds(m)
      const b = brute(m)
      expectSameFractions(o.attack.damage, b.of('attack'))
      expectSameFractions(o.attack.unblockedHits, b.of('attackUnblocked'))
      expectSameFractions(o.attack.failedSaves, b.of('attackFailed'))
      expectSameFractions(o.counter.damage, b.of('counter'))
      expectSameFractions(o.counter.unblockedHits, b.of('counterUnblocked'))
      expectSameFractions(o.counter.failedSaves, b.of('counterFailed'))
      expectSameFractions(o.defenderDamage, b.of('defender'))
      expectSameFractions(o.attackerDamage, b.of('attacker'))
      expectSameFractions(o.finishingBlow as Distribution<string>, b.of('fb'))
      if (o.overwatch) expectSameFractions(o.overwatch.damage, b.of('overwatch'))
      else expect(b.of('overwatch').fraction(0)).toBe('1')
      expect(o.clashChance).toBeCloseTo(b.of('clash').prob(1), 15)
      expect(o.counterChance).toBeCloseTo(b.of('countered').prob(1), 15)
      if (m.def.unit.hp !== undefined)
        expect(o.destroyed.defender).toBeCloseTo(b.of('defDestroyed').prob(1), 15)
      if (m.atk.unit.hp !== undefined)
        expect(o.destroyed.attacker).toBeCloseTo(b.of('atkDestroyed').prob(1), 15)
      expect(o.expected.defenderDamage).toBeCloseTo(b.of('defender').expected(), 9)
      for (const d of [
        o.attack.damage,
        o.counter.damage,
        o.defenderDamage,
        o.attackerDamage,
        o.finishingBlow,
        o.attack.failedSaves,
        o.counter.unblockedHits,
      ]) {
        expect(Math.abs(sum(d) - 1)).toBeLessThan(1e-12)
      }
      // A brute force over every die of a clash: ~9 s on a loaded machine, more under heavier load.
    },
    120_000,
  )

  it('the cases reach what they are about: a charger killed by overwatch, Finishing Blows both ways, push-outs', () => {
    const [, pushOw] = cases[6]
    const b = brute(pushOw)
    expect(b.of('clash').prob(0)).toBeGreaterThan(0)
    expect(b.of('fb').prob('attacker')).toBeGreaterThan(0)
    expect(b.of('fb').prob('defender')).toBeGreaterThan(0)
    expect(brute(cases[4][1]).of('fb').prob('defender')).toBeGreaterThan(0)
  })
})

describe("one overwatch attack: the shot's stages composed are the shot walked", () => {
  // The oracle: resolveShot walked as one function, every die branching (as the overwatch odds
  // did before they composed the shot's stages).
  const walked = (m: Melee, momentumSpent: number) =>
    walk(
      (dice) => {
        const r = resolveShot(
          dice,
          nextOverwatchShot(m, { damage: 0, momentumSpent, destroyed: false, improvised: false }),
        )
        return { damage: r.damage, momentumSpent: r.momentumSpent }
      },
      (r) => `${r.damage} ${r.momentumSpent}`,
    )
  const ow = (over: Partial<NonNullable<MeleeSituation['overwatch']>>) => ({
    attacks: 3,
    acc: 8,
    shots: 4,
    dmg: 200,
    pen: { value: 5, kind: 'damage' as const },
    targetLock: false,
    ...over,
  })
  it.each([
    ['saves, HP', melee({ situation: { overwatch: ow({}) }, atk: side({ unit: { armSv: 1, hp: 900 } }) }), 0],
    [
      'Skill Defense with Momentum left, shield, evade',
      melee({
        situation: { overwatch: ow({ shots: 5 }) },
        atk: side({ unit: { momentum: 3, shield: 1, evade: 2, armSv: 2 } }),
      }),
      1,
    ],
    [
      'save rerolls, Persevere, Target Lock, a stun weapon',
      melee({
        situation: { overwatch: ow({ targetLock: true, pen: { value: 6, kind: 'stun' } }) },
        atk: side({ unit: { armSv: 1, momentum: 1 }, mods: { reroll: true, persevere: true } }),
      }),
      0,
    ],
    [
      'a warship charger',
      melee({
        situation: { overwatch: ow({ acc: 10 }) },
        atk: side({ unit: { warship: true, momentum: 4, armSv: 2 } }),
      }),
      2,
    ],
  ])('%s', (_name, m, spent) => {
    const st = { damage: 0, momentumSpent: spent, destroyed: false, improvised: false }
    const composed = shotResultOdds(
      nextOverwatchShot(m, st),
      (r) => ({ damage: r.damage, momentumSpent: r.momentumSpent }),
      (r) => `${r.damage} ${r.momentumSpent}`,
    )
    expectSameFractions(composed, walked(m, spent))
    // A charger with Momentum left spends it on Skill Defense in some outcomes.
    if (m.atk.unit.momentum > spent) expect(composed.outcomes().some((r) => r.momentumSpent > 0)).toBe(true)
    // The loop starts from OVERWATCH_START: after one attack, its damages are the shot's.
    const one = meleeOdds({
      ...m,
      situation: { ...m.situation, overwatch: { ...m.situation.overwatch!, attacks: 1 } },
    })
    expectSameFractions(
      one.overwatch!.damage,
      walked(m, OVERWATCH_START.momentumSpent).map((r) => r.damage),
    )
  })
})

describe('exact odds against Monte Carlo (10 vs 10 dice, saves both ways)', () => {
  const m = melee({
    atk: side({ unit: { pilot: 1, armSv: 1, hp: 3000, shield: 1 }, pen: '5' }),
    def: side({ unit: { pilot: 2, armSv: 1, hp: 3000, momentum: 1 }, pen: '5' }),
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
      for (const [k, p] of d.sorted()) variance += p * (k - mu) ** 2
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
      capDiff:
        o.defenderDamage.expected((d) => cap(d, m.def.unit.hp)) -
        o.attackerDamage.expected((d) => cap(d, m.atk.unit.hp)),
      dealt: o.expected.defenderDamage,
      taken: o.expected.attackerDamage,
      defDestroyed: o.destroyed.defender ?? 0,
      atkDestroyed: o.destroyed.attacker ?? 0,
    }
  }

  it.each([
    [
      'no HP',
      melee({
        atk: side({ unit: { pilot: 1 }, pen: '5' }),
        def: side({ unit: { pilot: 2, momentum: 1 }, pen: '4' }),
      }),
    ],
    [
      'HP both sides, Finisher, push',
      melee({
        atk: side({ unit: { pilot: 2, hp: 1500 }, weapon: { finisher: 1 }, pen: '5P' }),
        def: side({ unit: { pilot: 1, hp: 1200 }, weapon: { dmg: 400 }, pen: '6' }),
        defChoice: 'guard',
      }),
    ],
    [
      // The weapons and targets of 'no HP' again: the attack's sums, kept across clashes by their
      // declared input, must not be read from that clash's (no HP there).
      'no HP weapons, the defender at 700 HP',
      melee({
        atk: side({ unit: { pilot: 1 }, pen: '5' }),
        def: side({ unit: { pilot: 2, momentum: 1, hp: 700 }, pen: '4' }),
      }),
    ],
    [
      'stun, traits',
      melee({
        atk: side({ mods: { berserker: true }, pen: '4S' }),
        def: side({ unit: { pilot: 1, shield: 1 }, mods: { skilledSwordsman: true }, pen: '5' }),
      }),
    ],
  ])('its values equal the exact odds of the same clash (%s)', (_name, base) => {
    const search = new MeleeChoice(base)
    for (const atkSplit of splitsOf(5)) {
      for (const defSplit of splitsOf(5)) {
        for (const defChoice of ['counter', 'guard'] as const) {
          const m = { ...base, atkSplit, defSplit, defChoice }
          const v = search.value(atkSplit, defSplit, defChoice)
          const e = exactValue(m)
          expect(v.score[0]).toBeCloseTo(e.capDiff, 8)
          expect(v.score[1]).toBeCloseTo(e.defDestroyed - e.atkDestroyed, 12)
          expect(v.dealt).toBeCloseTo(e.dealt, 8)
          expect(v.taken).toBeCloseTo(e.taken, 8)
          expect(v.defDestroyed).toBeCloseTo(e.defDestroyed, 12)
          expect(v.atkDestroyed).toBeCloseTo(e.atkDestroyed, 12)
        }
      }
    }
  })

  it.each([
    [
      'plain 10 vs 10',
      melee({ atk: side({ unit: { armSv: 1 }, pen: '6' }), def: side({ unit: { armSv: 1 }, pen: '6' }) }),
      10,
      10,
    ],
    [
      'aces with HP and finishers',
      melee({
        atk: side({ unit: { pilot: 2, hp: 2000 }, weapon: { finisher: 1 }, pen: '5' }),
        def: side({ unit: { pilot: 2, hp: 2400 }, weapon: { dmg: 400 }, pen: '5' }),
      }),
      9,
      8,
    ],
    [
      'shields and traits',
      melee({
        atk: side({ unit: { shield: 2 }, weapon: { dmg: 200 }, mods: { boldLeader: true } }),
        def: side({ unit: { shield: 1, momentum: 2 }, mods: { masterSwordsman: true } }),
      }),
      7,
      12,
    ],
    [
      'stun and push weapons',
      melee({
        atk: side({ unit: { pilot: 1 }, pen: '7S' }),
        def: side({ unit: { size: 2, hp: 900 }, pen: '6P' }),
      }),
      6,
      6,
    ],
    [
      'one side outmatched',
      melee({
        atk: side({ unit: { hp: 500 }, weapon: { dmg: 1000 } }),
        def: side({ unit: { armSv: 3 }, weapon: { dmg: 100 } }),
      }),
      4,
      14,
    ],
  ])(
    'bestAttacker (pruned) picks exactly what the full ranking puts first: %s',
    (_name, base, atkPool, defPool) => {
      const space = {
        atkSplits: splitsOf(atkPool),
        defSplits: splitsOf(defPool),
        defChoices: ['counter', 'guard'] as Array<'counter' | 'guard'>,
      }
      const ranked = new MeleeChoice(base).rankAttacker(space)
      const best = new MeleeChoice(base).bestAttacker(space)
      expect({ atk: best.atkSplit, def: best.defSplit, choice: best.defChoice }).toEqual({
        atk: ranked[0].atkSplit,
        def: ranked[0].defSplit,
        choice: ranked[0].defChoice,
      })
      expect(best.value.score).toEqual(ranked[0].value.score)
    },
  )

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
            atk: side({
              unit: { pilot: r.atkPilot, armSv: r.atkArmSv, hp: r.atkHp },
              weapon: { dmg: r.atkDmg, finisher: r.finisher },
              mods: { boldLeader: r.bold },
              pen: r.atkPen,
            }),
            def: side({
              unit: { pilot: r.defPilot, armSv: r.defArmSv, hp: r.defHp, shield: r.shield },
              weapon: { dmg: r.defDmg },
              pen: r.defPen,
            }),
          })
          const space = {
            atkSplits: splitsOf(r.atkPool),
            defSplits: splitsOf(r.defPool),
            defChoices: ['counter', 'guard'] as Array<'counter' | 'guard'>,
          }
          const ranked = new MeleeChoice(base).rankAttacker(space)
          const best = new MeleeChoice(base).bestAttacker(space)
          expect({ atk: best.atkSplit, def: best.defSplit, choice: best.defChoice }).toEqual({
            atk: ranked[0].atkSplit,
            def: ranked[0].defSplit,
            choice: ranked[0].defChoice,
          })
          expect(best.value.score).toEqual(ranked[0].value.score)
        },
      ),
      { numRuns: 60, seed: 20261121 },
    )
  })

  it("the attacker gets the best split against the defender's best answer (checked by exhaustion)", () => {
    const base = melee({
      atk: side({ unit: { pilot: 1, hp: 2000 }, pen: '5' }),
      def: side({ unit: { pilot: 2, hp: 2400 }, weapon: { dmg: 400 }, pen: '5' }),
    })
    const space = {
      atkSplits: splitsOf(6),
      defSplits: splitsOf(5),
      defChoices: ['counter', 'guard'] as Array<'counter' | 'guard'>,
    }
    const ranked = new MeleeChoice(base).rankAttacker(space)
    // Exhaustive maximin on exact values.
    let best = -Infinity
    for (const atkSplit of space.atkSplits) {
      let worst = Infinity
      for (const defSplit of space.defSplits)
        for (const defChoice of space.defChoices)
          worst = Math.min(worst, exactValue({ ...base, atkSplit, defSplit, defChoice }).capDiff)
      best = Math.max(best, worst)
    }
    expect(ranked[0].value.score[0]).toBeCloseTo(best, 8)
    // Ranked best first; each answer is the defender's best against that split.
    for (let i = 1; i < ranked.length; i++)
      expect(compareScores(ranked[i - 1].value.score, ranked[i].value.score)).toBeGreaterThanOrEqual(0)
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
