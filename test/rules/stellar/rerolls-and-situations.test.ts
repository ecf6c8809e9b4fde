import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Dice } from '../../../src/core/dice.js'
import { fraction } from '../../../src/core/distribution.js'
import { walk } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import {
  type Shot,
  type ShotParts,
  evadeInput,
  shotWith,
  laterOutlook,
  evadeReroll,
  resolveShot,
} from '../../../src/rules/stellar/shoot.js'
import { rerollOptions } from '../../../src/rules/stellar/choice.js'
import { rankDefenses, shotExpected, shotOdds } from '../../../src/rules/stellar/shoot-odds.js'
import { attackStrike } from '../../../src/rules/stellar/melee.js'
import { resolveMelee } from '../../../src/rules/stellar/melee-flow.js'
import { rolledBlocksOdds } from '../../../src/rules/stellar/melee-odds.js'
import { meleeOdds } from '../../../src/rules/stellar/melee-flow.js'
import { melee, side } from './melee-fixture.js'
import { damagePerHit, parsePen } from '../../../src/rules/stellar/weapon.js'
import { shot, walkShot } from './shot-fixture.js'

/**
 * Evade rerolls (Improvise, Spread M-Particles, Three Times as Fast!, Blockade Runner): the
 * defender rerolls chosen evade dice once, as a new pool; Seeking Shot forbids it.
 */
describe('evade rerolls, rolled', () => {
  // Acc 9 vs Evade 4: evade on 5+; 1-2 criticals, 3-4 hits, 5-8 evaded, 9-10 always a miss.
  const base = shot({ weapon: { acc: 9, shots: 4, dmg: 300 }, target: { evade: 4, evadeRerolls: 2 } })
  it.each([
    // first roll, rerolls, the dice after, hits
    ['two criticals rerolled into evades', [1, 2, 6, 9], [7, 8], [7, 8, 6, 9], 0],
    ['a critical and a hit: the critical first in roll order', [3, 1, 1, 9], [5, 6], [3, 5, 6, 9], 1],
    ['nothing worth rerolling', [5, 6, 9, 10], [], [5, 6, 9, 10], 0],
  ])('%s', (_, first, again, after, hits) => {
    const r = resolveShot(new PhysicalDice([...first, ...again]), base)
    expect(r.dice.map((d) => d.roll)).toEqual(after)
    expect(r.hits).toBe(hits)
    expect(r.reroll?.faces).toEqual(again)
  })

  it('the dice a reroll replaced keep their first face; a pick given beforehand is held to the dice there are', () => {
    const r = resolveShot(new PhysicalDice([1, 3, 6, 9, 4]), {
      ...base,
      decisions: { 'evade-reroll': { crits: 3, hits: 0 } },
    })
    // Three criticals asked for, one rolled: the one critical is rerolled, into a hit.
    expect(r.reroll).toMatchObject({ crits: 1, hits: 0, faces: [4] })
    expect(r.dice.map((d) => [d.roll, d.rerolledFrom])).toEqual([
      [4, 1],
      [3, undefined],
      [6, undefined],
      [9, undefined],
    ])
    expect(r.hits).toBe(2)
  })

  it('Seeking Shot: no reroll, and a Dodge improves nothing', () => {
    const seeking = shotWith(base, { attacker: { seekingShot: true } })
    const r = resolveShot(new PhysicalDice([1, 2, 6, 9]), seeking)
    expect(r.reroll).toBeUndefined()
    expect(r.hits).toBe(4)
    expect(resolveShot(new PhysicalDice([1, 2, 6, 9]), { ...seeking, defense: 'dodge' }).targetNumber).toBe(5)
    expect(rankDefenses(seeking, ['dodge', 'guard', 'none']).map((o) => o.value)).toEqual(['guard', 'none'])
  })
})

/** The evade pool's faces handed over as given; every other pool from `inner`. */
function withEvadeFaces(inner: Dice, faces: number[]): Dice {
  return {
    pool: (n, sides, label, equiv) =>
      label === 'evade' ? faces.slice() : inner.pool(n, sides, label, equiv),
    roll: (sides, label, equiv) => inner.roll(sides, label, equiv),
  }
}

describe('the defender picks the best reroll, checked against every subset of its dice', () => {
  const shots = fc
    .record({
      acc: fc.integer({ min: 5, max: 13 }),
      evade: fc.integer({ min: 0, max: 5 }),
      shots: fc.integer({ min: 1, max: 5 }),
      dmg: fc.constantFrom(100, 300, 800),
      pen: fc.constantFrom('0', '4', '6S').map((p) => parsePen(p)),
      armSv: fc.integer({ min: 0, max: 3 }),
      shield: fc.integer({ min: 0, max: 1 }),
      momentum: fc.integer({ min: 0, max: 2 }),
      targetLock: fc.boolean(),
      evadeRerolls: fc.integer({ min: 1, max: 3 }),
    })
    .map((o): ShotParts => ({
      weapon: { acc: o.acc, shots: o.shots, dmg: o.dmg, pen: o.pen, targetLock: o.targetLock },
      target: {
        evade: o.evade,
        armSv: o.armSv,
        shield: o.shield,
        momentum: o.momentum,
        evadeRerolls: o.evadeRerolls,
      },
    }))
  it('the pick rerollOptions ranks first is as good as the best subset of faces rerolled', () => {
    fc.assert(
      fc.property(
        shots,
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 5, maxLength: 5 }),
        (over, d10s) => {
          const s: Shot = shot(over)
          const e = evadeInput(s)
          const faces = d10s.slice(0, e.dice)
          const plain: Shot = shotWith(s, { target: { evadeRerolls: 0 } })
          // Independently: the mean damage of the shot with these evade faces, the rest walked.
          const meanDamage = (f: number[]) =>
            walk((dice) => resolveShot(withEvadeFaces(dice, f), plain).damage).expected()
          let best = Infinity
          for (let mask = 0; mask < 1 << faces.length; mask++) {
            const chosen = faces.map((_, i) => i).filter((i) => mask & (1 << i))
            if (chosen.length > s.target.evadeRerolls) continue
            let total = 0
            for (let k = 0; k < 10 ** chosen.length; k++) {
              const f = faces.slice()
              chosen.forEach((i, j) => (f[i] = 1 + (Math.floor(k / 10 ** j) % 10)))
              total += meanDamage(f)
            }
            best = Math.min(best, total / 10 ** chosen.length)
          }
          const options = rerollOptions(faces, evadeReroll(e, s.target.evadeRerolls, laterOutlook(s)))
          expect(options[0].expected.damage).toBeCloseTo(best, 9)
        },
      ),
      { numRuns: 40, seed: 20261124 },
    )
  })
})

describe('exact odds with rerolls are the whole shot walked', () => {
  const shots = fc
    .record({
      acc: fc.integer({ min: 4, max: 14 }),
      evade: fc.integer({ min: 0, max: 6 }),
      shots: fc.integer({ min: 1, max: 6 }),
      dmg: fc.constantFrom(100, 200, 500),
      pen: fc.constantFrom('0', '5', '7S', '6P').map((p) => parsePen(p)),
      armSv: fc.integer({ min: 0, max: 3 }),
      bonus: fc.constantFrom('precision' as const, 'barrage' as const, 'none' as const),
      defense: fc.constantFrom('dodge' as const, 'guard' as const, 'none' as const),
      shield: fc.integer({ min: 0, max: 1 }),
      momentum: fc.integer({ min: 0, max: 2 }),
      advantage: fc.boolean(),
      targetLock: fc.boolean(),
      evadeRerolls: fc.integer({ min: 0, max: 3 }),
      seekingShot: fc.boolean(),
      hp: fc.option(fc.constantFrom(300, 1000), { nil: undefined }),
    })
    .map((o): ShotParts => ({
      weapon: { acc: o.acc, shots: o.shots, dmg: o.dmg, pen: o.pen, targetLock: o.targetLock },
      attacker: { seekingShot: o.seekingShot },
      target: {
        evade: o.evade,
        armSv: o.armSv,
        shield: o.shield,
        momentum: o.momentum,
        evadeRerolls: o.evadeRerolls,
        hp: o.hp,
      },
      situation: { advantage: o.advantage },
      bonus: o.bonus,
      defense: o.defense,
    }))
  it('damage, failed saves and hits through match the walk of resolveShot; the means match', () => {
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
        expect(shotExpected(s).damage).toBeCloseTo(o.expected.damage, 6)
      }),
      { numRuns: 120, seed: 20261126 },
    )
  })

  it('a reroll can only help the defender', () => {
    const s = shot({
      weapon: { acc: 10, shots: 6, dmg: 300, pen: parsePen('5') },
      target: { evade: 2, armSv: 1 },
    })
    const means = [0, 1, 2, 3].map(
      (n) => shotOdds(shotWith(s, { target: { evadeRerolls: n } })).expected.damage,
    )
    for (let i = 1; i < means.length; i++) expect(means[i]).toBeLessThan(means[i - 1])
  })
})

describe('Unbeaten: a side rerolls the melee defense dice that did not block', () => {
  it('the misses are rerolled once, in roll order; blocks are kept', () => {
    const m = melee({
      atkSplit: { attack: 3, defense: 0 },
      defSplit: { attack: 0, defense: 3 },
      def: side({ mods: { unbeaten: true } }),
    })
    // Attack dice 5 6 7 (3 hits); defense dice 2 8 4, then the two misses rerolled: 5, 1.
    const r = resolveMelee(new PhysicalDice([5, 6, 7, 2, 8, 4, 5, 1, 1, 1, 1]), m)
    expect(r.attack!.defenseDice.map((d) => [d.roll, d.outcome, d.rerolledFrom])).toEqual([
      [5, 'block', 2],
      [8, 'block', undefined],
      [1, 'miss', 4],
    ])
    expect(r.attack!.rolledBlocks).toBe(2)
  })

  it('exact odds of the blocks are the rule walked, and Unbeaten only adds blocks', () => {
    const m = melee({ atkSplit: { attack: 4, defense: 1 }, defSplit: { attack: 1, defense: 4 } })
    const blocks = (unbeaten: boolean) => {
      const s = attackStrike({ ...m, def: side({ mods: { unbeaten } }) })
      return rolledBlocksOdds(s)
    }
    // 4 dice on 5+ (6 faces of 10 block), the misses rerolled: each die blocks with 1 - 0.4^2.
    const p = 1 - 0.4 ** 2
    const want = [0, 1, 2, 3, 4].map((k) => [k, binomial(4, k) * p ** k * (1 - p) ** (4 - k)])
    blocks(true)
      .sorted()
      .forEach(([k, q], i) => {
        expect(k).toBe(want[i][0])
        expect(q).toBeCloseTo(want[i][1], 12)
      })
    expect(blocks(true).expected()).toBeGreaterThan(blocks(false).expected())
    const clash = meleeOdds({
      ...m,
      def: side({ unit: { hp: 1000 }, mods: { unbeaten: true } }),
      atk: side({ unit: { hp: 1000 } }),
    })
    const walked = walk((dice) =>
      resolveMelee(dice, {
        ...m,
        def: side({ unit: { hp: 1000 }, mods: { unbeaten: true } }),
        atk: side({ unit: { hp: 1000 } }),
      }),
    )
    expect(clash.defenderDamage.expected()).toBeCloseTo(
      walked.expected((r) => r.defender.damageTaken),
      9,
    )
  })
})

function binomial(n: number, k: number): number {
  let c = 1
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1)
  return c
}

describe('Persevere and the round', () => {
  it.each([
    // DMG, round, DMG taken per hit
    [300, 1, 100],
    [500, 3, 300],
    [500, 4, 200],
    [300, 4, 100], // never below 100
    [150, 1, 100],
    [80, 5, 80], // a DMG at or below 100 stays
  ])('DMG %i in round %i: %i a hit', (dmg, round, each) => {
    expect(damagePerHit(dmg, true, round)).toBe(each)
    expect(damagePerHit(dmg, false, round)).toBe(dmg)
    const s = shot({
      weapon: { acc: 9, shots: 3, dmg },
      target: { evade: 4, persevere: true },
      situation: { round },
    })
    expect(resolveShot(new PhysicalDice([3, 4, 9]), s).hitDamage).toBe(2 * each)
  })

  it("exact odds and the clash use it: the defender's damage taken shrinks", () => {
    const s = shot({
      weapon: { acc: 10, shots: 6, dmg: 400, pen: parsePen('5') },
      target: { evade: 2, armSv: 1 },
      situation: { round: 4 },
    })
    const o = shotOdds(shotWith(s, { target: { persevere: true } }))
    expect(o.expected.damage).toBeLessThan(shotOdds(s).expected.damage)
    const w = walk((dice) => resolveShot(dice, shotWith(s, { target: { persevere: true } })).damage)
    expect(o.damage.expected()).toBeCloseTo(w.expected(), 9)
    const m = melee({
      situation: { round: 4 },
      def: side({ mods: { persevere: true } }),
      atk: side({ weapon: { dmg: 500 } }),
    })
    expect(attackStrike(m).dmg).toBe(200)
  })
})

describe('bonus criticals (Dangerous Terrain thrown): they stack with Tactical Advantage, within the cap', () => {
  it.each([
    // evade dice, advantage, bonus crits, indirect: criticals and hits
    ['one die critical, +1 bonus', [1, 6, 9], false, 1, false, 2, 4],
    ['with Tactical Advantage too: both count', [5, 6, 9], true, 1, false, 2, 4],
    ['past the cap of 3 a bonus critical is a hit', [1, 2, 9], true, 1, false, 3, 7],
    ['Indirect Fire: criticals are hits, the bonus too', [1, 6, 9], false, 1, true, 0, 2],
  ])('%s', (_, faces, advantage, bonusCrits, indirect, crits, hits) => {
    const s = shot({
      weapon: { acc: 9, shots: 3, indirect },
      target: { evade: 4 },
      situation: { advantage, bonusCrits },
    })
    const r = resolveShot(new PhysicalDice(faces as number[]), s)
    expect([r.crits, r.hits]).toEqual([crits, hits])
  })

  it('exact odds equal the walk', () => {
    const s = shot({
      weapon: { acc: 9, shots: 5, dmg: 200, targetLock: true },
      target: { evade: 3 },
      situation: { bonusCrits: 2, advantage: true },
    })
    const w = walk((dice) => resolveShot(dice, s).damage)
    expect(shotOdds(s).damage.sortedWays()).toEqual(w.sortedWays())
  })
})

describe('Solo Operative: Dodge and Guard together when shot', () => {
  it('both: the Dodge raises the target number and the Guard blocks; the automatic reaction takes it', () => {
    const s = shot({
      weapon: { acc: 9, shots: 4, dmg: 300 },
      target: { evade: 4, soloOperative: true },
      defense: 'both',
    })
    const r = resolveShot(new PhysicalDice([3, 4, 5, 9]), s)
    expect(r.targetNumber).toBe(4) // 9 - 4 - Dodge 1
    expect(r.hits).toBe(1) // the 3; 4 is evaded now
    expect(r.blocks).toBe(1) // Guard
    const ranked = rankDefenses({ ...s, defense: 'dodge' }, ['dodge', 'guard'])
    expect(ranked[0].value).toBe('both')
    const w = walk((dice) => resolveShot(dice, s).damage)
    expect(shotOdds(s).damage.sortedWays()).toEqual(w.sortedWays())
  })
})
