import { describe, expect, it } from 'vitest'
import { NeedDecision } from '../../../src/core/errors.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import {
  type Melee,
  type SideParts,
  attackStrike,
  blockOn,
  bonusTotal,
  counterStrike,
  finishingBlow,
  hitOn,
  resolveStrike,
  tallyStrike,
} from '../../../src/rules/stellar/melee.js'
import { resolveMelee } from '../../../src/rules/stellar/melee-flow.js'
import { melee, side } from './melee-fixture.js'

/** The fixed part of hits minus blocks: bonus hits - bonus blocks - Momentum (the oracle of the tally identity). */
const strikeShift = (s: ReturnType<typeof attackStrike>) =>
  bonusTotal(s.bonusHits) - bonusTotal(s.bonusBlocks) - s.momentum

const roll = (m: Melee, dice: number[]) => {
  const d = new PhysicalDice(dice)
  const r = resolveMelee(d, m)
  d.assertAllUsed()
  return r
}

/**
 * The quickstart's worked example. Blue Djinn (Ace, shield 1, Heat Sword) charges White Asura
 * (Skilled, shield 1, Beam Saber). Where the example does not add up we read it this way:
 * - Blue Djinn is "Melee 7d10" but splits 6 attack + 3 defense = 9 dice: we roll the dice as the
 *   example rolls them, so the split is given without a Melee stat (with --atk-melee 7 the CLI
 *   rejects 6/3).
 * - Its crit counting adds up: 7, 7, 8 are 3 hits and the 10 a critical worth 2, so 5, +2 = 7.
 * - The counter-attack's 3 hits against 1 block leave 2 unblocked hits, though the text says
 *   Blue Djinn "has to take the last hit" (singular): we count both.
 * - The example does not give the weapons' PEN or the save dice, only that White Asura passes
 *   its saves: we give the Heat Sword PEN 4 against ARM Sv 1 (saves on 3+) with passing dice
 *   6, 4, 9, and the Beam Saber (DMG 400, our value) PEN 6 against ARM Sv 1 with saves 5 and 3.
 */
const djinn = side({ unit: { pilot: 2, shield: 1, armSv: 1 }, weapon: { dmg: 300 }, pen: '4' })
const asura = side({ unit: { pilot: 1, shield: 1, armSv: 1 }, weapon: { dmg: 400 }, pen: '6' })
const example = melee({
  atk: djinn,
  def: asura,
  atkSplit: { attack: 6, defense: 3 },
  defSplit: { attack: 3, defense: 4 },
  defChoice: 'counter',
})
const EXAMPLE_DICE = [3, 3, 7, 7, 8, 10, 2, 5, 8, 10, 6, 4, 9, 2, 8, 8, 2, 4, 4, 5, 3]

describe('the Blue Djinn / White Asura example', () => {
  const r = roll(example, EXAMPLE_DICE)
  it('attack: 3 hits and 1 critical = 5, +2 ace bonus = 7 hits; 3 blocks + shield = 4; 3 through = 900 DMG', () => {
    expect(r.attack).toMatchObject({
      rolledHits: 5,
      crits: 1,
      hits: 7,
      rolledBlocks: 3,
      blocks: 4,
      unblockedHits: 3,
      hitDamage: 900,
      damage: 900,
    })
    expect(r.attack!.save.saves).toEqual([
      { roll: 6, passed: true },
      { roll: 4, passed: true },
      { roll: 9, passed: true },
    ])
  })
  it('counter: 2 hits + Counter 1 = 3; 0 blocks + shield = 1; 2 hits through (the text says "the last hit")', () => {
    expect(r.counter).toMatchObject({
      rolledHits: 2,
      hits: 3,
      rolledBlocks: 0,
      blocks: 1,
      unblockedHits: 2,
      hitDamage: 800,
    })
    expect(r.counter!.save.failedSaves).toBe(1)
    expect(r.counter!.damage).toBe(1800)
  })
  it('both sides took damage: no Finishing Blow', () => {
    expect(r.finishingBlow).toBeNull()
    expect(r.attacker.damageTaken).toBe(1800)
    expect(r.defender.damageTaken).toBe(900)
  })
  it('with Guard instead, the defender blocks one more and the counter loses its bonus hit', () => {
    const g = roll(
      { ...example, defChoice: 'guard' },
      [3, 3, 7, 7, 8, 10, 2, 5, 8, 10, 6, 4, 2, 8, 8, 2, 4, 4, 5],
    )
    expect(g.attack).toMatchObject({ hits: 7, blocks: 5, unblockedHits: 2 })
    expect(g.counter).toMatchObject({ hits: 2, blocks: 1, unblockedHits: 1 })
  })
})

describe('hit and block numbers', () => {
  const s = (o: SideParts = {}) => side(o)
  it.each([
    ['plain', s(), s(), 5, 5],
    ['Bold Leader commander attacks', s({ mods: { boldLeader: true } }), s(), 4, 5],
    ['Bold Leader ally attacks', s({ mods: { boldAlly: true } }), s(), 4, 5],
    ['target is a Skilled Swordsman', s(), s({ mods: { skilledSwordsman: true } }), 6, 5],
    ['target is a Master Swordsman', s(), s({ mods: { masterSwordsman: true } }), 6, 5],
    ['Master Swordsman attacks', s({ mods: { masterSwordsman: true } }), s(), 5, 6],
    ['Bold Leader target blocks on 4+', s(), s({ mods: { boldLeader: true } }), 5, 4],
    [
      'Bold Leader vs Master Swordsman',
      s({ mods: { boldLeader: true, masterSwordsman: true } }),
      s({ mods: { boldLeader: true, skilledSwordsman: true } }),
      5,
      5,
    ],
  ])('%s: hits on %#', (_name, striker, target, hit, block) => {
    expect(hitOn(striker, target)).toBe(hit)
    expect(blockOn(target, striker)).toBe(block)
  })

  it('a Swordsman target turns 5s into misses; 9-10 still crit', () => {
    const m = melee({
      def: side({ mods: { skilledSwordsman: true } }),
      atkSplit: { attack: 4, defense: 0 },
      defSplit: { attack: 0, defense: 0 },
      defChoice: 'guard',
    })
    const r = roll(m, [5, 6, 9, 10])
    expect(r.attack!.attackDice.map((d) => d.outcome)).toEqual(['miss', 'hit', 'crit', 'crit'])
    expect(r.attack!.rolledHits).toBe(5)
  })
})

describe('bonus hits and blocks', () => {
  const bonusOf = (m: Melee) => ({
    hits: bonusTotal(attackStrike(m).bonusHits),
    blocks: bonusTotal(attackStrike(m).bonusBlocks),
    counterHits: bonusTotal(counterStrike(m, 0).bonusHits),
    counterBlocks: bonusTotal(counterStrike(m, 0).bonusBlocks),
  })
  it.each([
    [
      'level 0, Counter',
      melee({ defChoice: 'counter' }),
      { hits: 1, blocks: 0, counterHits: 1, counterBlocks: 0 },
    ],
    [
      'level 1 attacker, Guard',
      melee({ atk: side({ unit: { pilot: 1 } }), defChoice: 'guard' }),
      { hits: 2, blocks: 1, counterHits: 0, counterBlocks: 0 },
    ],
    [
      'level 2 defender, Guard',
      melee({ atk: side({ unit: { pilot: 2 } }), def: side({ unit: { pilot: 2 } }), defChoice: 'guard' }),
      { hits: 2, blocks: 2, counterHits: 0, counterBlocks: 0 },
    ],
    [
      'level 1 defender: Counter still +1',
      melee({ def: side({ unit: { pilot: 1 } }), defChoice: 'counter' }),
      { hits: 1, blocks: 0, counterHits: 1, counterBlocks: 0 },
    ],
    [
      'Solo Operative: Counter and Guard',
      melee({ def: side({ unit: { pilot: 2 } }), defChoice: 'both' }),
      { hits: 1, blocks: 2, counterHits: 2, counterBlocks: 0 },
    ],
    [
      'shields',
      melee({ atk: side({ unit: { shield: 1 } }), def: side({ unit: { shield: 2 } }) }),
      { hits: 1, blocks: 2, counterHits: 1, counterBlocks: 1 },
    ],
    [
      'Blindside: +1 critical, no defender shield',
      melee({
        situation: { blindside: true },
        atk: side({ unit: { shield: 1 } }),
        def: side({ unit: { shield: 2 } }),
      }),
      { hits: 3, blocks: 0, counterHits: 1, counterBlocks: 1 },
    ],
    [
      'Blindside and advantage do not stack',
      melee({ situation: { blindside: true }, atk: side({ mods: { advantage: true } }) }),
      { hits: 3, blocks: 0, counterHits: 1, counterBlocks: 0 },
    ],
    [
      'defender advantage on its counter',
      melee({ def: side({ mods: { advantage: true } }) }),
      { hits: 1, blocks: 0, counterHits: 3, counterBlocks: 0 },
    ],
    [
      'Close Combat Expert both sides',
      melee({
        atk: side({ mods: { closeCombatExpert: true } }),
        def: side({ mods: { closeCombatExpert: true } }),
      }),
      { hits: 2, blocks: 1, counterHits: 2, counterBlocks: 1 },
    ],
    [
      'Merciless Melee both sides',
      melee({ atk: side({ mods: { mercilessMelee: true } }), def: side({ mods: { mercilessMelee: true } }) }),
      { hits: 3, blocks: 1, counterHits: 3, counterBlocks: 1 },
    ],
    [
      'Berserker both sides',
      melee({ atk: side({ mods: { berserker: true } }), def: side({ mods: { berserker: true } }) }),
      { hits: 4, blocks: 1, counterHits: 4, counterBlocks: 1 },
    ],
    [
      'Killer Instinct, DMG 200 and 300',
      melee({
        atk: side({ weapon: { dmg: 200 }, mods: { killerInstinct: true } }),
        def: side({ weapon: { dmg: 300 }, mods: { killerInstinct: true } }),
      }),
      { hits: 3, blocks: 1, counterHits: 2, counterBlocks: 1 },
    ],
    [
      'extra hits and blocks',
      melee({
        atk: side({ mods: { extraHits: 2, extraBlocks: 1 } }),
        def: side({ mods: { extraHits: 1, extraBlocks: 3 } }),
      }),
      { hits: 3, blocks: 3, counterHits: 2, counterBlocks: 1 },
    ],
  ])('%s', (_name, m, want) => {
    expect(bonusOf(m)).toEqual(want)
  })
})

describe('tally and Skill Defense', () => {
  it.each([
    // rolled hits, rolled blocks, momentum, unblocked, spent
    [5, 2, 0, 4, 0],
    [5, 2, 2, 2, 2],
    [5, 2, 9, 0, 4],
    [1, 4, 3, 0, 0],
  ])('rolled %i hits vs %i blocks, Momentum %i: %i unblocked (%i spent)', (h, b, mom, unblocked, spent) => {
    const s = attackStrike(melee({ def: side({ unit: { momentum: mom } }) })) // +1 attacker bonus
    const t = tallyStrike(s, h, b)
    expect(t).toMatchObject({ unblockedHits: unblocked, momentumSpent: spent })
    // The identity the odds rely on: unblocked hits = max(0, hits - blocks + shift).
    expect(t.unblockedHits).toBe(Math.max(0, h - b + strikeShift(s)))
  })

  it('the identity holds for every difference and shift', () => {
    for (let shift = -6; shift <= 6; shift++) {
      for (let mom = 0; mom <= 4; mom++) {
        const m = melee({
          atk: side({ mods: { extraHits: Math.max(0, shift) } }),
          def: side({ unit: { momentum: mom }, mods: { extraBlocks: Math.max(0, -shift) } }),
        })
        const s = attackStrike(m)
        for (let x = -10; x <= 20; x++)
          expect(tallyStrike(s, x, 0).unblockedHits).toBe(Math.max(0, x + strikeShift(s)))
      }
    }
  })

  it('the defender spends Momentum after seeing the dice, and it shows in the result', () => {
    const m = melee({
      def: side({ unit: { momentum: 2 } }),
      atkSplit: { attack: 3, defense: 0 },
      defSplit: { attack: 0, defense: 0 },
    })
    const r = roll(m, [9, 9, 5])
    expect(r.attack).toMatchObject({ hits: 6, blocks: 0, momentumSpent: 2, unblockedHits: 4, damage: 1200 })
  })
})

describe('Skill Defense decided by a person', () => {
  const m: Melee = {
    ...melee({ atkSplit: { attack: 3, defense: 0 }, defSplit: { attack: 1, defense: 0 } }),
    momentumAsked: { atk: false, def: true },
    askDecisions: true,
  }
  it('stops for the decision once the dice are known, then spends the answer (held to the hits left)', () => {
    try {
      roll(m, [9, 9, 5, 1])
      expect.unreachable()
    } catch (e) {
      expect(e).toBeInstanceOf(NeedDecision)
      expect((e as NeedDecision<{ hitsLeft: number; side: string }>).context).toMatchObject({
        side: 'defender',
        hitsLeft: 6,
      })
    }
    expect(roll({ ...m, decisions: { 'def-momentum': 2 } }, [9, 9, 5, 1]).attack).toMatchObject({
      momentumSpent: 2,
      unblockedHits: 4,
    })
    expect(roll({ ...m, decisions: { 'def-momentum': 9 } }, [9, 9, 5, 1]).attack).toMatchObject({
      momentumSpent: 6,
      unblockedHits: 0,
    })
  })
  it('without anyone to ask, no Momentum is spent', () => {
    expect(roll({ ...m, askDecisions: false }, [9, 9, 5, 1]).attack).toMatchObject({
      momentumSpent: 0,
      unblockedHits: 6,
    })
  })
})

describe('armor saves (shared with shooting)', () => {
  it('PEN 5 vs ARM Sv 1: saves on 4+, capped at 3, 1000 DMG per failure', () => {
    const m = melee({
      atk: side({ pen: '5' }),
      def: side({ unit: { armSv: 1 } }),
      atkSplit: { attack: 3, defense: 0 },
      defSplit: { attack: 0, defense: 0 },
    })
    const r = roll(m, [9, 9, 9, 3, 4, 1])
    expect(r.attack).toMatchObject({ unblockedHits: 7, hitDamage: 2100, damage: 4100 })
    expect(r.attack!.save).toMatchObject({ targetNumber: 4, owed: 3, failedSaves: 2 })
  })
  it('stun (S) weapons cost actions, not damage', () => {
    const m = melee({
      atk: side({ pen: '4S' }),
      atkSplit: { attack: 1, defense: 0 },
      defSplit: { attack: 0, defense: 0 },
    })
    const r = roll(m, [5, 1, 2])
    expect(r.attack!.save).toMatchObject({ failedSaves: 2, damage: 0, actionsLost: 2 })
    expect(r.attack!.damage).toBe(600)
  })
  it('push (P) weapons: a failed save pushes the defender out of melee, so there is no counter-attack', () => {
    const m = melee({
      atk: side({ unit: { pilot: 1 }, pen: '6P' }),
      def: side({ unit: { size: 1 } }),
      atkSplit: { attack: 1, defense: 0 },
      defSplit: { attack: 3, defense: 0 },
    })
    const r = roll(m, [5, 3, 9, 9]) // 1 + 2 bonus = 3 hits; save target 6 - 2 x Size 1 = 4: 3 fails, 9s pass
    expect(r.attack).toMatchObject({ unblockedHits: 3, pushedOut: true, damage: 900 })
    expect(r.attack!.save).toMatchObject({ targetNumber: 4, failedSaves: 1, pushes: 1, damage: 0 })
    expect(r.counter).toBeNull()
    expect(r.counterSkipped).toBe('pushed out of melee')
    expect(r.finishingBlow).toEqual({ by: 'attacker', damage: 1000 })
  })
})

describe('the counter-attack and the Finishing Blow', () => {
  const base = (atk: SideParts, def: SideParts) =>
    melee({
      atk: side(atk),
      def: side(def),
      atkSplit: { attack: 1, defense: 1 },
      defSplit: { attack: 1, defense: 1 },
      defChoice: 'guard',
    })
  // Dice: attacker's attack die, defender's defense die, defender's attack die, attacker's defense die.
  it.each([
    [
      'level 1 attacker hurts and takes nothing',
      { unit: { pilot: 1 } },
      {},
      [5, 1, 1, 1],
      { by: 'attacker', damage: 1000 },
    ],
    [
      'Finisher+2 weapon',
      { unit: { pilot: 1 }, weapon: { finisher: 2 } },
      {},
      [5, 1, 1, 1],
      { by: 'attacker', damage: 3000 },
    ],
    ['level 0 never strikes one', { unit: { pilot: 0 } }, {}, [9, 1, 1, 1], null],
    ['both sides hurt', { unit: { pilot: 2 } }, { unit: { pilot: 2 } }, [5, 1, 5, 1], null],
    [
      'the attack is all blocked, the counter lands',
      { unit: { pilot: 0 } },
      { unit: { pilot: 1 } },
      [1, 5, 5, 1],
      { by: 'defender', damage: 1000 },
    ],
    [
      'the counter lands but the defender is level 0',
      { unit: { pilot: 2 } },
      { unit: { pilot: 0 } },
      [1, 5, 5, 1],
      null,
    ],
    ['nobody deals damage', { unit: { pilot: 2 } }, { unit: { pilot: 2 } }, [1, 5, 1, 5], null],
  ] as const)('%s', (_name, atk, def, dice, fb) => {
    const m = base(atk, def)
    // Guard +1 block: the attacker's 1 hit bonus is blocked by Guard unless a die hits.
    const r = roll(m, [...dice])
    expect(r.finishingBlow).toEqual(fb)
  })

  it('a destroyed defender does not counter-attack and gets no Finishing Blow', () => {
    const m = melee({
      atk: side({ unit: { pilot: 2 } }),
      def: side({ unit: { hp: 600 } }),
      atkSplit: { attack: 1, defense: 0 },
      defSplit: { attack: 3, defense: 0 },
    })
    const r = roll(m, [5]) // 1 + 2 ace bonus = 3 hits x 300 = 900 >= HP 600
    expect(r.counter).toBeNull()
    expect(r.counterSkipped).toBe('defender destroyed')
    expect(r.finishingBlow).toBeNull()
    expect(r.defender).toEqual({ damageTaken: 900, hp: 600, remainingHp: -300, destroyed: true })
  })

  it('a defender that survives counter-attacks; its Finishing Blow needs the attacker alive', () => {
    const alive = melee({
      atk: side({ unit: { hp: 1000 } }),
      def: side({ unit: { pilot: 1, hp: 700 }, weapon: { dmg: 300 } }),
      atkSplit: { attack: 0, defense: 0 },
      defSplit: { attack: 1, defense: 1 },
      defChoice: 'guard',
    })
    // The attacker's bonus hit is blocked by Guard; the counter's 2 hits deal 600 < 1000.
    expect(roll(alive, [5, 9]).finishingBlow).toEqual({ by: 'defender', damage: 1000 })
    const dead = { ...alive, atk: side({ unit: { hp: 600 } }) }
    const r = roll(dead, [5, 9])
    expect(r.finishingBlow).toBeNull()
    expect(r.attacker.destroyed).toBe(true)
  })

  it('finishingBlow reads the attack only through damage > 0, push-out and survival', () => {
    const ctx = {
      atkPilot: 1 as const,
      defPilot: 1 as const,
      atkFinisher: 0,
      defFinisher: 0,
      defHp: 5000,
      atkHpLeft: 5000,
    }
    for (const counter of [
      null,
      { damage: 0, pushedOut: false },
      { damage: 400, pushedOut: false },
      { damage: 0, pushedOut: true },
    ]) {
      const a = finishingBlow({ damage: 300, pushedOut: false }, counter, ctx)
      const b = finishingBlow({ damage: 4900, pushedOut: false }, counter, ctx)
      expect(a).toEqual(b)
    }
  })
})

describe('overwatch on the charge', () => {
  const ow = {
    attacks: 2,
    acc: 8,
    shots: 2,
    dmg: 200,
    pen: { value: 0, kind: 'damage' as const },
    targetLock: false,
  }
  const charge = (o: Parameters<typeof melee>[0] = {}, atk: SideParts = {}) =>
    melee({
      atk: side({ ...atk, unit: { evade: 3, shield: 1, ...atk.unit } }),
      atkSplit: { attack: 1, defense: 0 },
      defSplit: { attack: 0, defense: 1 },
      defChoice: 'guard',
      ...o,
      situation: { overwatch: ow, ...o.situation },
    })

  it('fires each attack before the clash: evade dice, the charger shield blocks, then the clash', () => {
    // evade on 8 - 3 = 5+: [1, 3] is a crit (2) + hit = 3 hits - shield 1 = 2 through; [5, 6] both evaded.
    const r = roll(charge(), [1, 3, 5, 6, 5, 1])
    expect(r.overwatch!.shots.map((s) => s.unblockedHits)).toEqual([2, 0])
    expect(r.overwatch!.damage).toBe(400)
    expect(r.attack).toMatchObject({ hits: 2, blocks: 1, damage: 300 })
    expect(r.attacker.damageTaken).toBe(400)
  })

  it('uses no Precision, Barrage, Dodge or Guard: target number is Acc - Evade', () => {
    const r = roll(charge(), [5, 5, 5, 5, 1, 1])
    expect(r.overwatch!.shots[0].targetNumber).toBe(5)
    expect(r.overwatch!.shots[0].shotsFired).toBe(2)
  })

  it('a blindsided defender cannot overwatch', () => {
    const r = roll(charge({ situation: { blindside: true } }), [1, 1])
    expect(r.overwatch).toBeNull()
  })

  it('Momentum spent on overwatch is gone for the counter-attack', () => {
    const m = charge(
      { defSplit: { attack: 1, defense: 0 }, defChoice: 'counter' },
      { unit: { momentum: 2, shield: 0 } },
    )
    // Overwatch 1: [1, 1] = 4 hits, 2 Momentum spent, 2 through; overwatch 2 evaded; counter: 1 hit + 1 = 2, no Momentum left.
    const r = roll(m, [1, 1, 5, 5, 1, 5])
    expect(r.overwatch!.momentumSpent).toBe(2)
    expect(r.counter).toMatchObject({ hits: 2, momentumSpent: 0, unblockedHits: 2 })
  })

  it('a charger destroyed by overwatch never reaches melee (and is shot no more)', () => {
    const r = roll(charge({}, { unit: { hp: 300, shield: 0 } }), [1, 7])
    expect(r.clash).toBe(false)
    expect(r.attack).toBeNull()
    expect(r.overwatch!.shots).toHaveLength(1)
    expect(r.attacker.destroyed).toBe(true)
  })
})

describe('dice order', () => {
  it('attacker attack, defender defense, saves vs defender, defender attack, attacker defense, saves vs attacker', () => {
    const m = melee({
      atk: side({ pen: '5' }),
      def: side({ pen: '5' }),
      atkSplit: { attack: 2, defense: 1 },
      defSplit: { attack: 1, defense: 2 },
    })
    const d = new PhysicalDice([9, 5, 1, 1, 4, 7, 7, 9, 3, 5, 6, 7])
    const r = resolveMelee(d, m)
    expect(d.log.map((x) => x.label)).toEqual([
      "attacker's attack dice",
      "attacker's attack dice",
      "defender's defense dice",
      "defender's defense dice",
      'armor saves',
      'armor saves',
      'armor saves',
      "defender's attack dice",
      "attacker's defense dice",
      'armor saves',
      'armor saves',
      'armor saves',
    ])
    expect(r.attack).toMatchObject({ hits: 4, blocks: 0, unblockedHits: 4 })
    expect(r.counter).toMatchObject({ hits: 3, blocks: 0, unblockedHits: 3 })
  })

  it('a strike alone is attack dice, defense dice, then saves', () => {
    const s = attackStrike(
      melee({
        atk: side({ pen: '3' }),
        atkSplit: { attack: 1, defense: 0 },
        defSplit: { attack: 0, defense: 1 },
      }),
    )
    const r = resolveStrike(new PhysicalDice([5, 1, 2, 3]), s)
    expect(r).toMatchObject({ hits: 2, blocks: 0, unblockedHits: 2, damage: 1600 })
  })
})
