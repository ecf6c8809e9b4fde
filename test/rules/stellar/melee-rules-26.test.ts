import { describe, expect, it } from 'vitest'
import {
  type Melee,
  type MeleeSide,
  type SideParts,
  attackStrike,
  counterStrike,
  meleeAttacks,
} from '../../../src/rules/stellar/melee.js'
import { rolledHitsOdds, strikeFold } from '../../../src/rules/stellar/melee-odds.js'
import { meleeOdds } from '../../../src/rules/stellar/melee-flow.js'
import { applyMeleeUpgrades } from '../../../src/rules/stellar/melee-upgrades.js'
import { applyMeleeTraits, chooseTraits } from '../../../src/rules/stellar/traits.js'
import { allFaces, melee, roll, side } from './melee-fixture.js'

/**
 * Issue 26, items 4, 6, 7, 8 and 10: warships in melee, the weapon-bonus traits in melee,
 * Invincible guarding, Pinpoint Air Defenses' block, Havoc Impact in melee. Each exact odds is
 * held to a brute force written from the quickstart's melee clash: every face of every die.
 */

const FLAGS = { attacker: '--atk-trait', defender: '--def-trait' }

/** A side with the traits named, applied as the command applies them. */
function withTraits(s: MeleeSide, who: 'attacker' | 'defender', names: string[]): MeleeSide {
  applyMeleeTraits(s, chooseTraits(names, 'melee', who, FLAGS), who)
  return s
}

function choose(n: number, k: number): number {
  let c = 1
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1)
  return c
}

interface Brute {
  atkDice: number
  defDice: number
  /** Hits a natural 9-10 is worth: 2, or 1 against Invincible guarding. */
  critHits: number
  bonusHits: number
  bonusBlocks: number
  dmg: number
  pen: number
  armSv: number
}

/**
 * One strike's damage, from the rules' text: an attack die 5+ hits, 9-10 is a critical; a defense
 * die 5+ blocks; each unblocked hit deals DMG; PEN 2+ asks a d10 save per unblocked hit (at most
 * 3), failed under PEN - ARM Sv, each failure 1000 DMG.
 */
function bruteDamage(b: Brute): Map<number, number> {
  const out = new Map<number, number>()
  const add = (k: number, p: number) => out.set(k, (out.get(k) ?? 0) + p)
  const pAtk = 10 ** -b.atkDice
  const pDef = 10 ** -b.defDice
  for (const a of allFaces(b.atkDice)) {
    let hits = b.bonusHits
    for (const f of a) hits += f >= 9 ? b.critHits : f >= 5 ? 1 : 0
    for (const d of allFaces(b.defDice)) {
      let blocks = b.bonusBlocks
      for (const f of d) if (f >= 5) blocks++
      const u = Math.max(0, hits - blocks)
      const saves = b.pen >= 2 ? Math.min(u, 3) : 0
      const target = b.pen - b.armSv
      const fail = target <= 1 ? 0 : Math.min(1, (target - 1) / 10)
      for (let k = 0; k <= saves; k++) {
        const p = choose(saves, k) * fail ** k * (1 - fail) ** (saves - k)
        if (p > 0) add(u * b.dmg + 1000 * k, pAtk * pDef * p)
      }
    }
  }
  return out
}

function expectSameMap(got: Array<[number, number]>, want: Map<number, number>, digits = 12) {
  const g = new Map(got)
  for (const [k, p] of want) if (p > 1e-15) expect(g.get(k) ?? 0, `P(${k})`).toBeCloseTo(p, digits)
  for (const [k, p] of g) expect(want.get(k) ?? 0, `P(${k})`).toBeCloseTo(p, digits)
}

const damageOf = (m: Melee, which: 'attack' | 'counter') => {
  const s = which === 'attack' ? attackStrike(m) : counterStrike(m, m.atk.unit.momentum)
  return strikeFold(s)
    .map((o) => o.damage)
    .sorted()
}

describe('item 4: a warship without a Melee stat only defends, with its AA DEF dice', () => {
  // The command fixes its split (0/AA DEF) and Guard; the rules give its counter-attack no hits.
  const ship = (more: SideParts = {}) =>
    side({
      ...more,
      unit: { warship: true, ...more.unit },
      mods: {
        advantage: true,
        extraHits: 2,
        hitBonuses: [{ source: 'Hot Blooded', amount: 1 }],
        ...more.mods,
      },
    })
  const m = (def: MeleeSide) =>
    melee({
      atk: side({ weapon: { dmg: 300 } }),
      def,
      atkSplit: { attack: 2, defense: 1 },
      defSplit: { attack: 0, defense: 3 },
      defChoice: 'guard',
    })

  it('attacks only with a Melee stat: a warship without one never counter-attacks', () => {
    expect(meleeAttacks(side())).toBe(true)
    expect(meleeAttacks(side({ unit: { warship: true } }))).toBe(false)
    expect(meleeAttacks(side({ unit: { warship: true, shipMelee: true } }))).toBe(true)
    // Tactical Advantage, trait hits, extra hits and Counter would all be hits of a counter-attack.
    const c = counterStrike({ ...m(ship()), defChoice: 'counter' }, 0)
    expect(c.attackDice).toBe(0)
    expect(c.bonusHits).toEqual([])
    expect(meleeOdds(m(ship())).counter.damage.sorted()).toEqual([[0, 1]])
    expect(meleeOdds(m(ship())).counterChance).toBe(0)
    expect(meleeOdds(m(ship({ unit: { shipMelee: true } }))).counterChance).toBeGreaterThan(0)
    // With a Melee stat the same ship strikes back with them.
    const withStat = counterStrike({ ...m(ship({ unit: { shipMelee: true } })), defChoice: 'counter' }, 0)
    expect(withStat.bonusHits.map((b) => b.amount)).toEqual([1, 2, 1, 2])
  })

  it('the attack against its AA DEF 3 dice and Guard: exact odds equal the brute force', () => {
    const want = bruteDamage({
      atkDice: 2,
      defDice: 3,
      critHits: 2,
      bonusHits: 1,
      bonusBlocks: 1,
      dmg: 300,
      pen: 0,
      armSv: 0,
    })
    expectSameMap(damageOf(m(ship()), 'attack'), want, 10)
  })

  it('worked example: 9 6 against 2 7 4 and Guard: 3 + 1 hits - 2 blocks = 600; no counter-attack damage', () => {
    const r = roll(m(ship()), [9, 6, 2, 7, 4])
    expect(r.attack!.hits).toBe(4)
    expect(r.attack!.blocks).toBe(2)
    expect(r.attack!.damage).toBe(600)
    // No dice rolled for the counter-attack: not even the attacker's 1 defense die.
    expect(r.counter?.hits ?? 0).toBe(0)
    expect(r.attacker.damageTaken).toBe(0)
  })
})

describe('item 6: Mechanics Expert, Mastermind and Expert Engineering Division in melee', () => {
  const clash = (names: string[]) =>
    melee({
      atk: withTraits(side({ weapon: { dmg: 300 }, pen: '4' }), 'attacker', names),
      def: side({ unit: { armSv: 1 } }),
      atkSplit: { attack: 2, defense: 0 },
      defSplit: { attack: 0, defense: 1 },
    })

  it('+1 PEN (Mechanics Expert), +2 PEN (Mastermind), +100 / +200 DMG: on the strike', () => {
    expect(attackStrike(clash(['mechanics-expert=pen'])).pen.value).toBe(5)
    expect(attackStrike(clash(['expert-engineering-division=dmg'])).dmg).toBe(400)
    expect(attackStrike(clash(['mastermind=pen'])).pen.value).toBe(6)
    const s = attackStrike(clash(['mastermind=dmg']))
    expect(s.dmg).toBe(500)
    expect(s.dmgBonuses).toEqual([{ source: 'Mastermind', amount: 200 }])
  })

  it('the defender cannot take them: chosen when the unit activates, for its own turn', () => {
    expect(() => chooseTraits(['mastermind'], 'melee', 'defender', FLAGS)).toThrow(
      /mastermind is the attacker's trait in melee, not the defender's; give it with --atk-trait/,
    )
  })

  it.each([
    ['mechanics-expert=pen', 300, 5],
    ['mechanics-expert=dmg', 400, 4],
    ['mastermind=pen', 300, 6],
    ['mastermind=dmg', 500, 4],
  ])('%s: exact strike damage equals the brute force at DMG %i, PEN %i', (name, dmg, pen) => {
    const want = bruteDamage({
      atkDice: 2,
      defDice: 1,
      critHits: 2,
      bonusHits: 1,
      bonusBlocks: 0,
      dmg,
      pen,
      armSv: 1,
    })
    expectSameMap(damageOf(clash([name]), 'attack'), want)
  })

  it('worked example: Mastermind +2 PEN, 9 and 5 against a 3: 4 hits, saves on 5+ (PEN 6 - ARM Sv 1)', () => {
    const r = roll(clash(['mastermind=pen']), [9, 5, 3, 4, 6, 1])
    expect(r.attack!.unblockedHits).toBe(4)
    expect(r.attack!.save.targetNumber).toBe(5)
    // Saves 4, 6, 1: two fail.
    expect(r.attack!.damage).toBe(4 * 300 + 2000)
  })
})

describe('item 7: Invincible guarding in melee, criticals against it are plain hits', () => {
  const clash = (choice: 'counter' | 'guard', names = ['invincible'], advantage = false) =>
    melee({
      atk: side({ mods: { advantage } }),
      def: withTraits(side(), 'defender', names),
      atkSplit: { attack: 3, defense: 0 },
      defSplit: { attack: 0, defense: 2 },
      defChoice: choice,
    })

  it('guarding, the strike reads its criticals as hits; countering, or spent, they stand', () => {
    expect(attackStrike(clash('guard')).critsAsHits).toBe(true)
    expect(attackStrike(clash('counter')).critsAsHits).toBe(false)
    expect(attackStrike(clash('guard', ['invincible=spent'])).critsAsHits).toBe(false)
    // Tactical Advantage's critical is a plain hit too.
    expect(attackStrike(clash('guard', ['invincible'], true)).bonusHits.at(-1)).toEqual({
      source: 'Tactical Advantage critical, a hit (Invincible)',
      amount: 1,
    })
  })

  it('exact rolled hits equal the brute force (a 9-10 is 1 hit)', () => {
    const want = new Map<number, number>()
    for (const f of allFaces(3)) {
      const h = f.filter((x) => x >= 5).length
      want.set(h, (want.get(h) ?? 0) + 1e-3)
    }
    expectSameMap(rolledHitsOdds(attackStrike(clash('guard'))).sorted(), want)
    const full = bruteDamage({
      atkDice: 3,
      defDice: 2,
      critHits: 1,
      bonusHits: 1,
      bonusBlocks: 1,
      dmg: 300,
      pen: 0,
      armSv: 0,
    })
    expectSameMap(damageOf(clash('guard'), 'attack'), full)
  })

  it('worked example: 9 10 5 against Guard: 3 hits, not 5', () => {
    const r = roll(clash('guard'), [9, 10, 5, 1, 1])
    expect(r.attack!.rolledHits).toBe(3)
    expect(r.attack!.crits).toBe(0)
    expect(r.attack!.attackDice.map((d) => d.outcome)).toEqual(['hit', 'hit', 'hit'])
  })

  it('with Desperation Attack, three of a kind are plain hits too', () => {
    const m = clash('guard')
    m.atk.mods.desperation = true
    const r = roll(m, [6, 6, 6, 1, 1])
    expect(r.attack!.rolledHits).toBe(3)
  })
})

describe('item 8: Pinpoint Air Defenses, +1 block with AA DEF or ship Melee', () => {
  const ship = (who: 'attacker' | 'defender', more: SideParts = {}) =>
    withTraits(side({ ...more, unit: { warship: true, ...more.unit } }), who, ['pinpoint-air-defenses'])

  it('the defending ship blocks one more (AA DEF), and as a charger with a Melee stat against the counter-attack', () => {
    const m = melee({
      atk: ship('attacker', { unit: { shipMelee: true } }),
      def: ship('defender'),
      atkSplit: { attack: 2, defense: 1 },
      defSplit: { attack: 0, defense: 3 },
      defChoice: 'guard',
    })
    expect(attackStrike(m).bonusBlocks).toContainEqual({ source: 'Pinpoint Air Defenses', amount: 1 })
    const ship2 = {
      ...m,
      def: side({ unit: { melee: 3 } }),
      defChoice: 'counter' as const,
      defSplit: { attack: 2, defense: 1 },
    }
    expect(counterStrike(ship2, 0).bonusBlocks).toContainEqual({ source: 'Pinpoint Air Defenses', amount: 1 })
  })

  it('exact strike damage against AA DEF 3 with Guard and Pinpoint equals the brute force', () => {
    const m = melee({
      atk: side({ weapon: { dmg: 300 } }),
      def: ship('defender'),
      atkSplit: { attack: 2, defense: 0 },
      defSplit: { attack: 0, defense: 3 },
      defChoice: 'guard',
    })
    const want = bruteDamage({
      atkDice: 2,
      defDice: 3,
      critHits: 2,
      bonusHits: 1,
      bonusBlocks: 2,
      dmg: 300,
      pen: 0,
      armSv: 0,
    })
    expectSameMap(damageOf(m, 'attack'), want, 10)
  })
})

describe('item 10: Havoc Impact in melee, +1 hit each and PEN+1 for a push/pull weapon', () => {
  const havoc = (s: MeleeSide, text: string, flag = '--atk-havoc') => {
    applyMeleeUpgrades(s, 'havoc', text, flag)
    return s
  }

  it('each Havoc is +1 hit on the side strike; a push/pull weapon also gains PEN+1 each', () => {
    const atk = havoc(side({ pen: '3P' }), 'impact,impact')
    expect(atk.mods.hitBonuses).toEqual([{ source: 'Havoc Impact x2', amount: 2 }])
    const m = melee({ atk, def: havoc(side({ pen: '4' }), 'impact', '--def-havoc') })
    expect(attackStrike(m).pen).toEqual({ value: 5, kind: 'push' })
    // The defender's Havoc counts on its counter-attack; its PEN 4 is not push/pull.
    const c = counterStrike(m, 0)
    expect(c.bonusHits).toContainEqual({ source: 'Havoc Impact', amount: 1 })
    expect(c.pen).toEqual({ value: 4, kind: 'damage' })
  })

  it('refuses what melee does not take: Power, and Havoc upgrades that are not melee ones', () => {
    expect(() => havoc(side(), 'push')).toThrow(/--atk-havoc: no havoc upgrade "push" in melee; give impact/)
    expect(() => applyMeleeUpgrades(side(), 'power', 'dmg', '--atk-power')).toThrow(
      /--atk-power: Power's weapon upgrades may not be chosen for a melee weapon/,
    )
  })

  it('exact strike damage with Havoc 2 equals the brute force', () => {
    const m = melee({
      atk: havoc(side({ weapon: { dmg: 300 }, pen: '5' }), 'impact,impact'),
      def: side({ unit: { armSv: 2 } }),
      atkSplit: { attack: 2, defense: 0 },
      defSplit: { attack: 0, defense: 2 },
    })
    const want = bruteDamage({
      atkDice: 2,
      defDice: 2,
      critHits: 2,
      bonusHits: 3,
      bonusBlocks: 0,
      dmg: 300,
      pen: 5,
      armSv: 2,
    })
    expectSameMap(damageOf(m, 'attack'), want, 10)
  })
})
