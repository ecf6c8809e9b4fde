import { describe, expect, it } from 'vitest'
import { Distribution } from '../../../src/core/distribution.js'
import { walk } from '../../../src/core/exact.js'
import { SeededDice } from '../../../src/core/seeded.js'
import {
  type ClashChoice,
  type DefChoice,
  type Melee,
  type Split,
  OVERWATCH_START,
  nextOverwatchShot,
} from '../../../src/rules/stellar/melee.js'
import { resolveMelee } from '../../../src/rules/stellar/melee-flow.js'
import { meleeOdds } from '../../../src/rules/stellar/melee-flow.js'
import { compareScores } from '../../../src/rules/stellar/choice.js'
import { resolveShot } from '../../../src/rules/stellar/shoot.js'
import { type Level, parsePen } from '../../../src/rules/stellar/weapon.js'
import { melee, side } from './melee-fixture.js'

/**
 * Q, Charge into Melee: the defender's Overwatch is rolled "before entering the Melee Clash",
 * then "both sides clash": the splits and Counter/Guard are chosen knowing what the overwatch did.
 * The odds choose them per overwatch outcome; the oracle here enumerates the overwatch's outcomes
 * (one attack's dice, walked), finds each outcome's best choice by brute force (every option's
 * clash walked die by die with the charger's HP and Momentum left, then the minimax the automatic
 * choice is documented to make), and combines.
 */

/** A small charge whose best choices differ by overwatch outcome: one overwatch attack of 3 shots. */
function charge(o: { melee: number; hp: number; momentum: number; pilot: Level; armSv: number }): Melee {
  const m = melee({
    atk: side({
      unit: { melee: o.melee, hp: o.hp, momentum: o.momentum, pilot: o.pilot, armSv: o.armSv, evade: 2 },
    }),
    def: side({
      unit: { melee: o.melee, hp: 1200, pilot: o.pilot, armSv: o.armSv },
      weapon: { dmg: 400 },
      pen: '4',
    }),
    situation: {
      overwatch: { attacks: 1, acc: 8, shots: 3, dmg: 300, pen: parsePen('0', 'pen'), targetLock: false },
    },
  })
  return { ...m, openChoices: { atkSplit: true, defSplit: true, defChoice: true } }
}

const splits = (n: number): Split[] =>
  Array.from({ length: n + 1 }, (_, i) => ({ attack: n - i, defense: i }))
const REACTIONS: DefChoice[] = ['counter', 'guard']

/** The clash alone after an overwatch outcome: the charger with the HP and Momentum it has left. */
function clashAfter(m: Melee, damage: number, spent: number, c: ClashChoice): Melee {
  const unit = { ...m.atk.unit, hp: m.atk.unit.hp! - damage, momentum: m.atk.unit.momentum - spent }
  return {
    ...m,
    ...c,
    atk: { ...m.atk, unit },
    situation: { ...m.situation, overwatch: null },
    openChoices: undefined,
  }
}

/** One option's score for the attacker, from the clash walked die by die (the documented objective). */
function score(clash: Melee): number[] {
  const d = walk((dice) => resolveMelee(dice, clash))
  const e = (f: (r: ReturnType<typeof resolveMelee>) => number) => d.map(f).expected()
  const cap = (x: number, hp: number) => Math.min(x, hp)
  return [
    e((r) => cap(r.defender.damageTaken, clash.def.unit.hp!)) -
      e((r) => cap(r.attacker.damageTaken, clash.atk.unit.hp!)),
    e((r) => (r.defender.destroyed ? 1 : 0)) - e((r) => (r.attacker.destroyed ? 1 : 0)),
    e((r) => r.attack?.save.failedSaves ?? 0) - e((r) => r.counter?.save.failedSaves ?? 0),
    e((r) => r.attack?.unblockedHits ?? 0) - e((r) => r.counter?.unblockedHits ?? 0),
  ]
}

/**
 * The best choice after an overwatch outcome by brute force: the attacker's split that does best
 * against the defender's best answer (earlier splits, reactions and answers first on ties), then
 * the defender's best reaction and split against it.
 */
function bestChoice(m: Melee, damage: number, spent: number): ClashChoice {
  const answers = REACTIONS.flatMap((defChoice) =>
    splits(m.def.unit.melee!).map((defSplit) => ({ defSplit, defChoice })),
  )
  const scored = splits(m.atk.unit.melee!).map((atkSplit) =>
    answers.map((a) => ({ ...a, atkSplit, score: score(clashAfter(m, damage, spent, { atkSplit, ...a })) })),
  )
  // The defender's best answer to a split: the lowest score, the first of equals.
  const reply = (options: (typeof scored)[number]) =>
    options.reduce((best, o) => (compareScores(o.score, best.score) < 0 ? o : best))
  const best = scored.map(reply).reduce((b, o) => (compareScores(o.score, b.score) > 0 ? o : b))
  return { atkSplit: best.atkSplit, defSplit: best.defSplit, defChoice: best.defChoice }
}

const text = (c: ClashChoice) =>
  `${c.atkSplit.attack}/${c.atkSplit.defense} ${c.defSplit.attack}/${c.defSplit.defense} ${c.defChoice}`

describe('the clash chosen after the overwatch, per its outcome (Q, Charge into Melee)', () => {
  it.each([
    [
      'Melee 2, HP 900, 2 Momentum (the Momentum overwatch spends changes the choice)',
      { melee: 2, hp: 900, momentum: 2, pilot: 1 as const, armSv: 3 },
    ],
    [
      "Melee 3, HP 1500 (the attacker's split changes with its HP left)",
      { melee: 3, hp: 1500, momentum: 0, pilot: 1 as const, armSv: 0 },
    ],
  ])('%s: the odds equal the brute force', (_name, o) => {
    const m = charge(o)
    // Every outcome of the one overwatch attack: its damage and the Momentum it made the charger spend.
    const overwatch = walk((dice) => {
      const r = resolveShot(dice, nextOverwatchShot(m, OVERWATCH_START))
      return { damage: r.damage, spent: r.momentumSpent }
    })
    const chosen = new Map<string, ClashChoice | null>()
    const outcome = (ow: { damage: number; spent: number }) => {
      const k = `${ow.damage} ${ow.spent}`
      if (!chosen.has(k))
        chosen.set(k, ow.damage >= m.atk.unit.hp! ? null : bestChoice(m, ow.damage, ow.spent))
      return chosen.get(k)!
    }
    type Leaf = { attacker: number; defender: number; choice: string }
    const oracle: Distribution<Leaf> = overwatch.bind((ow) => {
      const c = outcome(ow)
      if (!c)
        return Distribution.point<Leaf>({ attacker: ow.damage, defender: 0, choice: '-' }, JSON.stringify)
      return walk((dice) => {
        const r = resolveMelee(dice, clashAfter(m, ow.damage, ow.spent, c))
        return {
          attacker: ow.damage + r.attacker.damageTaken,
          defender: r.defender.damageTaken,
          choice: text(c),
        }
      }, JSON.stringify)
    }, JSON.stringify)
    const odds = meleeOdds(m)
    const fractions = (d: Distribution<number>) =>
      Object.fromEntries(d.outcomes().map((x) => [x, d.fraction(x)]))
    expect(fractions(odds.attackerDamage)).toEqual(fractions(oracle.map((l) => l.attacker)))
    expect(fractions(odds.defenderDamage)).toEqual(fractions(oracle.map((l) => l.defender)))
    // Each choice made, with its chance.
    const want = oracle
      .map((l) => l.choice)
      .sorted()
      .filter(([c]) => c !== '-')
    const got = odds.choices!.map((x) => [text(x.choice), x.chance] as const)
    expect(Object.fromEntries(got.map(([c, p]) => [c, p.toFixed(12)]))).toEqual(
      Object.fromEntries(want.map(([c, p]) => [c, p.toFixed(12)])),
    )
    // The point of the case: the best choice is not the same after every outcome.
    expect(new Set(want.map(([c]) => c)).size).toBeGreaterThan(1)
  })

  it('a roll makes the choice its own overwatch outcome calls for (the same as the odds after it)', () => {
    const m = charge({ melee: 3, hp: 1500, momentum: 0, pilot: 1, armSv: 0 })
    const made = new Set<string>()
    const best = new Map<number, string>()
    for (let i = 0; i < 30; i++) {
      const r = resolveMelee(new SeededDice(`after-ow-${i}`), m)
      const ow = r.overwatch!
      if (ow.destroyed) continue
      if (!best.has(ow.damage)) best.set(ow.damage, text(bestChoice(m, ow.damage, ow.momentumSpent)))
      expect(text(r.choice)).toBe(best.get(ow.damage))
      made.add(text(r.choice))
    }
    expect(made.size).toBeGreaterThan(1)
  })

  it('choices given stay as given whatever the overwatch did', () => {
    const m: Melee = {
      ...charge({ melee: 2, hp: 900, momentum: 2, pilot: 1, armSv: 3 }),
      openChoices: undefined,
    }
    const o = meleeOdds(m)
    expect(o.choices).toBeUndefined()
    const only = { ...m, openChoices: { atkSplit: false, defSplit: false, defChoice: false } }
    expect(meleeOdds(only).choices!.map((x) => text(x.choice))).toEqual([text(m)])
    expect(meleeOdds(only).attackerDamage.toJSON()).toEqual(o.attackerDamage.toJSON())
  })
})
