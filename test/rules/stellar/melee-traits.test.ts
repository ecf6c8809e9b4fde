import { describe, expect, it } from 'vitest'
import { walk, walkMaps } from '../../../src/core/exact.js'
import { NeedDecision } from '../../../src/core/errors.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import {
  type Melee,
  OVERWATCH_START,
  attackStrike,
  counterStrike,
  countAttack,
  desperationFaces,
  overwatchShot,
  tallyStrike,
} from '../../../src/rules/stellar/melee.js'
import { resolveMelee } from '../../../src/rules/stellar/melee-flow.js'
import { rolledHitsOdds, strikeFold, unblockedOdds } from '../../../src/rules/stellar/melee-odds.js'
import { meleeOdds } from '../../../src/rules/stellar/melee-flow.js'
import { chooseTraits, applyMeleeTraits } from '../../../src/rules/stellar/traits.js'
import { allFaces, melee, roll, side } from './melee-fixture.js'
import { parsePen } from '../../../src/rules/stellar/weapon.js'

/** A brute-force map: value -> chance, from weighted outcomes. */
function tally(entries: Iterable<[number, number]>): Map<number, number> {
  const out = new Map<number, number>()
  for (const [k, p] of entries) out.set(k, (out.get(k) ?? 0) + p)
  return out
}

/** The same map of chances (to `digits` decimals: a brute force adds up many small terms). */
function expectSameMap(got: Array<[number, number]>, want: Map<number, number>, digits = 12) {
  const g = new Map(got)
  for (const [k, p] of want) if (p > 1e-15) expect(g.get(k) ?? 0, `P(${k})`).toBeCloseTo(p, digits)
  for (const [k, p] of g) expect(want.get(k) ?? 0, `P(${k})`).toBeCloseTo(p, digits)
}

/** Desperation Attack read directly from the faces: a face 5+ on three or more dice makes each a critical. */
function bruteHits(faces: number[], hitOn: number): number {
  let hits = 0
  for (const f of faces) {
    let same = 0
    for (const g of faces) if (g === f) same++
    if (f >= 9 || (f >= 5 && same >= 3)) hits += 2
    else if (f >= hitOn) hits += 1
  }
  return hits
}

/** The clash's exact odds give the expected damage both ways of the whole clash walked die by die. */
function expectClashWalked(m: Melee) {
  const o = meleeOdds(m)
  const w = walkMaps((dice) => resolveMelee(dice, m), {
    defender: (r) => r.defender.damageTaken,
    attacker: (r) => r.attacker.damageTaken,
  })
  expect(o.defenderDamage.expected()).toBeCloseTo(w.defender.expected(), 9)
  expect(o.attackerDamage.expected()).toBeCloseTo(w.attacker.expected(), 9)
}

describe('Desperation Attack: three of a kind of 5+ on the attack dice are critical hits', () => {
  it.each([
    // faces, hit on, criticals, rolled hits
    [[7, 7, 7, 2], 5, 3, 6],
    [[7, 7, 7, 7], 5, 4, 8], // every die of the kind, not three and a hit
    [[6, 6, 6, 8, 8, 8], 5, 6, 12], // two kinds
    [[4, 4, 4, 9], 4, 1, 5], // 4s are not eligible, even when they hit (Bold Leader)
    [[5, 5, 5, 1], 6, 3, 6], // 5s count against a Swordsman, where a 5 alone misses
    [[5, 5, 1, 10], 6, 1, 2],
    [[9, 9, 9, 3], 5, 3, 6], // natural criticals anyway
  ])('%j hitting on %i+: %i criticals, %i hits', (faces, on, crits, hits) => {
    const c = countAttack({ hitOn: on, desperation: true }, faces)
    expect(c.crits).toBe(crits)
    expect(c.rolledHits).toBe(hits)
    expect(c.rolledHits).toBe(bruteHits(faces, on))
  })

  it('without the trait three of a kind is what the faces are', () => {
    expect(countAttack({ hitOn: 5, desperation: false }, [7, 7, 7]).rolledHits).toBe(3)
    expect(desperationFaces([5, 5, 5, 6, 6, 9, 9, 9])).toEqual([5])
  })

  it('rolled: the dice of the kind show as criticals, marked', () => {
    const m = melee({
      atk: side({ mods: { desperation: true } }),
      atkSplit: { attack: 4, defense: 0 },
      defSplit: { attack: 0, defense: 1 },
    })
    // attack 6 6 6 2, defense 1: 6 criticals-worth of hits + attacker bonus 1 = 7 hits.
    const r = roll(m, [6, 6, 6, 2, 1])
    expect(r.attack!.crits).toBe(3)
    expect(r.attack!.hits).toBe(7)
    expect(r.attack!.attackDice.map((d) => d.desperation ?? false)).toEqual([true, true, true, false])
  })

  it.each([
    [4, 5],
    [5, 6],
    [6, 4],
  ])('exact rolled hits of %i dice hitting on %i+ equal the walk of every face (10^n)', (n, on) => {
    const s = attackStrike(
      melee({
        atk: side({ mods: { desperation: true, boldLeader: on === 4 } }),
        def: side({ mods: { skilledSwordsman: on === 6 } }),
        atkSplit: { attack: n, defense: 0 },
      }),
    )
    expect(s.hitOn).toBe(on)
    const want = tally(
      (function* () {
        for (const f of allFaces(n)) yield [bruteHits(f, on), 10 ** -n] as [number, number]
      })(),
    )
    expectSameMap(rolledHitsOdds(s).sorted(), want)
  })

  it('a pool of 10 is counted by faces, not die by die, and sums to 1', () => {
    const s = attackStrike(
      melee({ atk: side({ mods: { desperation: true } }), atkSplit: { attack: 10, defense: 0 } }),
    )
    const d = rolledHitsOdds(s)
    const total = d.sorted().reduce((a, [, p]) => a + p, 0)
    expect(total).toBeCloseTo(1, 12)
    const plain = rolledHitsOdds({ ...s, desperation: false })
    expect(d.expected()).toBeGreaterThan(plain.expected())
  })

  it("the defender's counter-attack dice count too; the whole clash odds equal the clash walked", () => {
    const m = melee({
      atk: side({ unit: { hp: 1500 }, mods: { desperation: true }, pen: '5' }),
      def: side({ unit: { hp: 1500 }, mods: { desperation: true }, pen: '4' }),
      atkSplit: { attack: 3, defense: 1 },
      defSplit: { attack: 3, defense: 0 },
    })
    expect(counterStrike(m, 0).desperation).toBe(true)
    expectClashWalked(m)
  })
})

// ---------------------------------------------------------------------------------------------
// Improvise, checked against an independent brute force of the optimal picks

/** The expected damage of `u` unblocked hits: DMG each, then saves (at most 3) failing at (t-1)/10, 1000 each. */
function damageOf(u: number, dmg: number, pen: number, armSv: number): number {
  const owed = pen >= 2 ? Math.min(u, 3) : 0
  const t = pen - armSv
  const fail = t <= 1 ? 0 : Math.min(1, (t - 1) / 10)
  return u * dmg + owed * fail * 1000
}

/** Every set of at most `k` of the indexes in `from`, smallest first. */
function subsets(from: number[], k: number): number[][] {
  const out: number[][] = [[]]
  for (const i of from) for (const s of out.slice()) if (s.length < k) out.push([...s, i])
  return out.sort((a, b) => a.length - b.length)
}

/**
 * The best way to reroll at most 2 of `faces` (those `may` allows), every reroll face by face:
 * the [score of the faces, chance] pairs of the pick whose expected `worth` of the score is the
 * highest (`least`: the lowest). Ties go to the pick found first, the one with the fewest dice.
 */
function bestReroll(
  faces: number[],
  may: (face: number) => boolean,
  score: (faces: number[]) => number,
  worth: (score: number) => number,
  least = false,
): Array<[number, number]> {
  let best: Array<[number, number]> = []
  let bestV = -Infinity
  for (const pick of subsets(
    faces.map((_, i) => i).filter((i) => may(faces[i])),
    2,
  )) {
    const outs: Array<[number, number]> = []
    const f = faces.slice()
    for (const again of allFaces(pick.length)) {
      pick.forEach((i, k) => (f[i] = again[k]))
      outs.push([score(f), 10 ** -pick.length])
    }
    const v = outs.reduce((a, [x, p]) => a + p * worth(x), 0) * (least ? -1 : 1)
    if (v > bestV + 1e-9) [best, bestV] = [outs, v]
  }
  return best
}

/**
 * The optimal Improvise picks by brute force: the attacker (3 attack dice) rerolls up to 2 that
 * are not criticals, the defender (2 defense dice) up to 2 that did not block, each die by index
 * and every reroll face by face; ties go to fewer dice. Returns the distribution of unblocked
 * hits. Bonus hits: `bonus`; blocks on 5+; the damage objective as damageOf.
 */
function bruteImprovise(opts: { bonus: number; dmg: number; pen: number; armSv: number }) {
  const value = (u: number) => damageOf(u, opts.dmg, opts.pen, opts.armSv)
  const hitsOf = (f: number[]) => f.reduce((a, x) => a + (x >= 9 ? 2 : x >= 5 ? 1 : 0), 0)
  const blocksOf = (f: number[]) => f.filter((x) => x >= 5).length
  const unblocked = (h: number, b: number) => Math.max(0, h + opts.bonus - b)
  /** The defender's best pick against h rolled hits with defense faces d: the distribution of blocks. */
  const defense = (h: number, d: number[]) =>
    bestReroll(
      d,
      (x) => x < 5,
      blocksOf,
      (b) => value(unblocked(h, b)),
      true,
    )
  // Once per count of rolled hits h (the defender sees only h and its own dice): the chance of
  // each number of unblocked hits, over every defense face and the defender's best pick.
  const answers = new Map<number, Map<number, number>>()
  const answer = (h: number) => {
    let got = answers.get(h)
    if (!got) {
      got = new Map()
      for (const d of allFaces(2))
        for (const [b, q] of defense(h, d)) {
          const u = unblocked(h, b)
          got.set(u, (got.get(u) ?? 0) + 0.01 * q)
        }
      answers.set(h, got)
    }
    return got
  }
  /** What the attacker expects from h rolled hits: the damage, after the defender's best answer. */
  const worths = new Map<number, number>()
  const worth = (h: number) => {
    if (!worths.has(h))
      worths.set(
        h,
        [...answer(h)].reduce((a, [u, p]) => a + p * value(u), 0),
      )
    return worths.get(h)!
  }
  // The attacker's best pick for every attack face: the chance of each count of rolled hits.
  const rolled = new Map<number, number>()
  for (const a of allFaces(3))
    for (const [h, p] of bestReroll(a, (x) => x < 9, hitsOf, worth))
      rolled.set(h, (rolled.get(h) ?? 0) + 0.001 * p)
  const result = new Map<number, number>()
  for (const [h, p] of rolled) for (const [u, q] of answer(h)) result.set(u, (result.get(u) ?? 0) + p * q)
  return result
}

describe('Improvise in melee: the attacker rerolls attack dice, the defender defense dice, each its best pick', () => {
  const clash = (pen: string) =>
    melee({
      atk: side({ weapon: { dmg: 300 }, mods: { improvise: true }, pen }),
      def: side({ unit: { armSv: 1 }, mods: { improvise: true } }),
      atkSplit: { attack: 3, defense: 0 },
      defSplit: { attack: 0, defense: 2 },
    })

  it.each(['0', '5'])(
    'PEN %s: exact unblocked hits equal a brute force of both players optimal picks',
    (pen) => {
      const s = attackStrike(clash(pen))
      const want = bruteImprovise({ bonus: 1, dmg: 300, pen: Number(pen), armSv: 1 })
      expectSameMap(unblockedOdds(s).sorted(), want, 9)
      const plain = unblockedOdds({ ...s, attackRerolls: 0, defenseRerolls: 0 })
      expect(unblockedOdds({ ...s, defenseRerolls: 0 }).expected()).toBeGreaterThan(plain.expected())
      expect(unblockedOdds({ ...s, attackRerolls: 0 }).expected()).toBeLessThan(plain.expected())
    },
    // The brute force walks every pick of both players over every face: seconds, more when shared.
    120_000,
  )

  it('rolled: attack dice, the attack rerolls, defense dice, the defense rerolls, in that order', () => {
    // Attack 2 6 9: the 2 is rerolled (the 9 never is) into 8. Defense 3 5: the 3 rerolled into 7.
    const r = roll(clash('0'), [2, 6, 9, 8, 3, 5, 7])
    expect(r.attack!.attackDice.map((d) => [d.roll, d.rerolledFrom])).toEqual([
      [8, 2],
      [6, undefined],
      [9, undefined],
    ])
    expect(r.attack!.improvise?.attack).toMatchObject({ allowed: 2, pick: [2], dice: [0], faces: [8] })
    expect(r.attack!.improvise?.defense).toMatchObject({ pick: [3], faces: [7] })
    expect(r.attack!.rolledHits).toBe(4)
    expect(r.attack!.rolledBlocks).toBe(2)
  })

  it('a pick given beforehand takes what the dice allow; asked, the question lists the picks best first', () => {
    const m = clash('0')
    // The attacker keeps its dice (none), the defender rerolls a die like its 1.
    const r = roll({ ...m, decisions: { 'atk-reroll': [], 'def-reroll': [4] } }, [2, 6, 9, 1, 5, 8])
    expect(r.attack!.improvise?.attack?.dice).toEqual([])
    expect(r.attack!.improvise?.defense).toMatchObject({ pick: [1], faces: [8] })
    try {
      resolveMelee(new PhysicalDice([2, 3, 9]), { ...m, askDecisions: ['atk-reroll'] })
      expect.unreachable()
    } catch (e) {
      expect(e).toBeInstanceOf(NeedDecision)
      const q = (e as NeedDecision).context as { options: Array<{ pick: number[] }>; faces: number[] }
      expect(q.faces).toEqual([2, 3, 9])
      // Two misses of one kind: none, one, two rerolled; the most first.
      expect(q.options.map((o) => o.pick)).toEqual([[2, 2], [2], []])
    }
  })

  it('once a round: the counter-attack has no Improvise rerolls', () => {
    const m = clash('0')
    expect(counterStrike(m, 0)).toMatchObject({ attackRerolls: 0, defenseRerolls: 0 })
  })

  it('with Unbeaten, the defense dice Unbeaten rerolled are not rerolled again', () => {
    const m = melee({
      atk: side(),
      def: side({ mods: { improvise: true, unbeaten: true } }),
      atkSplit: { attack: 3, defense: 0 },
      defSplit: { attack: 0, defense: 2 },
    })
    // Defense 1 2, both rerolled by Unbeaten into 3 4: Improvise has nothing left to reroll.
    const r = roll(m, [5, 6, 7, 1, 2, 3, 4])
    expect(r.attack!.rolledBlocks).toBe(0)
    expect(r.attack!.improvise?.defense?.dice).toEqual([])
  })

  it('with Desperation Attack the pick reads the faces: a hit is rerolled to chase the kind', () => {
    const m = melee({
      atk: side({ mods: { improvise: true, desperation: true } }),
      atkSplit: { attack: 3, defense: 0 },
      defSplit: { attack: 0, defense: 0 },
    })
    try {
      resolveMelee(new PhysicalDice([7, 7, 6]), { ...m, askDecisions: ['atk-reroll'] })
      expect.unreachable()
    } catch (e) {
      const q = (e as NeedDecision).context as {
        options: Array<{ pick: number[]; expected: { damage: number } }>
      }
      // Rerolling the 6: 10% a third 7 (6 hits), 20% a critical (4), 30% a hit (3), 40% a miss (2) = 3.1 > 3.
      expect(q.options[0].pick).toEqual([6])
      expect(q.options[0].expected.damage).toBeCloseTo((3.1 + 1) * 300, 9)
    }
    const s = attackStrike({ ...m, atkSplit: { attack: 4, defense: 0 } })
    const w = walk(
      (dice) => resolveMelee(dice, { ...m, atkSplit: { attack: 4, defense: 0 } }).attack!.rolledHits,
    )
    expectSameMap(rolledHitsOdds(s).sorted(), new Map(w.sorted()))
  })

  it('with Desperation Attack: exact rolled hits of 4 dice equal a brute force of every pick of every face', () => {
    // No defense dice and no HP: the best pick is the one with the most hits expected.
    const m = melee({
      atk: side({ mods: { improvise: true, desperation: true } }),
      atkSplit: { attack: 4, defense: 0 },
      defSplit: { attack: 0, defense: 0 },
    })
    const want = new Map<number, number>()
    const hits = (f: number[]) => bruteHits(f, 5)
    for (const a of allFaces(4))
      for (const [h, p] of bestReroll(
        a,
        (x) => x < 9,
        hits,
        (x) => x,
      ))
        want.set(h, (want.get(h) ?? 0) + 1e-4 * p)
    expectSameMap(rolledHitsOdds(attackStrike(m)).sorted(), want, 9)
  })

  it('the whole clash with Improvise on both sides: the odds equal the clash walked', () => {
    // The charge: 2 attack dice against 2 defense dice, each side rerolling up to 2 (all it may);
    // the counter-attack (no Improvise left) 1 die against 1; HP both sides, saves at PEN 5.
    const m = melee({
      atk: side({ unit: { hp: 1200, armSv: 1 }, mods: { improvise: true }, pen: '5' }),
      def: side({ unit: { hp: 1200, armSv: 1 }, mods: { improvise: true }, pen: '5' }),
      atkSplit: { attack: 2, defense: 1 },
      defSplit: { attack: 1, defense: 2 },
    })
    expectClashWalked(m)
  })
})

describe('Giant Slayer: +1 PEN, and a bonus +2 in melee against a larger Size (+3 in all)', () => {
  it.each([
    ['giant-slayer', 5, [{ source: 'Giant Slayer', amount: 1 }]],
    [
      'giant-slayer=larger',
      7,
      [
        { source: 'Giant Slayer', amount: 1 },
        { source: 'Giant Slayer, larger Size', amount: 2 },
      ],
    ],
  ])('%s: the strike is PEN %i', (text, pen, bonuses) => {
    const atk = side({ pen: '4' })
    applyMeleeTraits(
      atk,
      chooseTraits([text], 'melee', 'attacker', { attacker: 'a', defender: 'd' }),
      'attacker',
    )
    const s = attackStrike(melee({ atk }))
    expect(s.pen).toEqual({ value: pen, kind: 'damage' })
    expect(s.penBonuses).toEqual(bonuses)
  })
})

describe('a warship in melee: saves capped at 5, Skill Defense 2 Momentum a hit, a failed save 1000 DMG', () => {
  it('a warship charging is shot at by overwatch as a warship', () => {
    const ow = { attacks: 1, acc: 8, shots: 3, dmg: 200, pen: parsePen('5'), targetLock: false }
    expect(
      overwatchShot(melee({ atk: side({ unit: { warship: true } }) }), ow, OVERWATCH_START).target.warship,
    ).toBe(true)
    expect(overwatchShot(melee(), ow, OVERWATCH_START).target.warship).toBe(false)
  })

  it('Momentum 3 negates one hit, spending 2', () => {
    const s = attackStrike(melee({ def: side({ unit: { warship: true, momentum: 3 } }) }))
    expect(tallyStrike(s, 4, 0)).toMatchObject({ hitsLeft: 5, momentumSpent: 2, unblockedHits: 4 })
    const plain = attackStrike(melee({ def: side({ unit: { momentum: 3 } }) }))
    expect(tallyStrike(plain, 4, 0)).toMatchObject({ momentumSpent: 3, unblockedHits: 2 })
  })

  it('six unblocked hits at PEN 5 call for 5 saves, each failure 1000 DMG', () => {
    const m = melee({
      atk: side({ weapon: { dmg: 100 }, pen: '5' }),
      def: side({ unit: { warship: true } }),
      atkSplit: { attack: 5, defense: 0 },
      defSplit: { attack: 0, defense: 0 },
    })
    // Attack 5 6 7 8 9: 6 rolled hits + 1 = 7 through; saves on 5+: 1 2 5 6 7 -> 2 failed.
    const r = roll(m, [5, 6, 7, 8, 9, 1, 2, 5, 6, 7])
    expect(r.attack!.save.owed).toBe(5)
    expect(r.attack!.save.failedSaves).toBe(2)
    expect(r.attack!.damage).toBe(7 * 100 + 2000)
    const o = strikeFold(attackStrike(m))
    const w = walk((dice) => resolveMelee(dice, m).attack!.damage)
    expectSameMap(o.map((x) => x.damage).sorted(), new Map(w.sorted()))
  })
})
