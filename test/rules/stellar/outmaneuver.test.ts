import { describe, expect, it } from 'vitest'
import { NeedDecision } from '../../../src/core/errors.js'
import { walk } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import { SeededDice } from '../../../src/core/seeded.js'
import {
  type Outmaneuver,
  type Side,
  buildPools,
  countSuccesses,
  outmaneuverOdds,
  outmaneuverOutcome,
  resolveOutmaneuver,
  speedBonus,
} from '../../../src/rules/stellar/outmaneuver.js'

const side = (dice: number, s: Partial<Side> = {}): Side => ({ dice, level: 0, momentum: 0, reroll: 0, ...s })
const om = (a: Side, d: Side, bridge = false): Outmaneuver => ({ bridge, attacker: a, defender: d })

describe("outmaneuver: Green Viking's bridge attack", () => {
  it('pools: a Battler rolls 6d10, a cruiser with another cruiser nearby 6d10', () => {
    const p = buildPools({ atkRole: 'battler', allyWarship: true, meleeVsWarship: false })
    expect(p.attacker.dice).toBe(6)
    expect(p.defender.dice).toBe(6)
  })

  it('[3,4,6,8,9,10] = 5 against [1,2,4,7,7,10] = 4: the attack run succeeds', () => {
    // The example agrees with "5+ succeeds, 10 counts double": 6, 8, 9 and a double 10; 7, 7 and a double 10.
    const dice = new PhysicalDice([3, 4, 6, 8, 9, 10, 1, 2, 4, 7, 7, 10])
    const r = resolveOutmaneuver(dice, om(side(6), side(6), true))
    dice.assertAllUsed()
    expect(r.attacker.successes).toBe(5)
    expect(r.defender.successes).toBe(4)
    expect(r).toMatchObject({ winner: 'attacker', margin: 1, outcome: 'bridge-hit' })
    expect(r.effects).toMatchObject({ blindside: true, penBonus: 3, shipAccPenalty: 2 })
  })
})

describe('outmaneuver: pools', () => {
  it.each([
    { mine: 15, theirs: 10, bonus: 1 },
    { mine: 14, theirs: 10, bonus: 0 },
    { mine: 20, theirs: 10, bonus: 2 },
    { mine: 10, theirs: 20, bonus: 0 },
    { mine: undefined, theirs: 10, bonus: 0 },
  ])('speed bonus for Move $mine vs $theirs: +$bonus', ({ mine, theirs, bonus }) => {
    expect(speedBonus(mine, theirs)).toBe(bonus)
  })

  it.each([
    { m: { allyWarship: false, meleeVsWarship: false }, atk: 5, def: 5 },
    {
      m: {
        atkRole: 'melee' as const,
        defRole: 'interceptor' as const,
        allyWarship: false,
        meleeVsWarship: false,
      },
      atk: 6,
      def: 6,
    },
    { m: { atkRole: 'other' as const, allyWarship: false, meleeVsWarship: false }, atk: 5, def: 5 },
    { m: { atkMove: 10, defMove: 16, allyWarship: false, meleeVsWarship: false }, atk: 5, def: 6 },
    { m: { atkRole: 'melee' as const, allyWarship: true, meleeVsWarship: true }, atk: 4, def: 6 },
  ])('pools %#: attacker $atk, defender $def', ({ m, atk, def }) => {
    const p = buildPools(m)
    expect([p.attacker.dice, p.defender.dice]).toEqual([atk, def])
  })
})

describe('outmaneuver: outcomes', () => {
  it.each([
    { bridge: false, a: 5, d: 3, winner: 'attacker', margin: 2, outcome: 'tactical-advantage' },
    { bridge: false, a: 6, d: 3, winner: 'attacker', margin: 3, outcome: 'blindside' },
    { bridge: false, a: 2, d: 4, winner: 'defender', margin: 2, outcome: 'overwatch-shots' },
    { bridge: false, a: 4, d: 4, winner: 'tie', margin: 0, outcome: 'none' },
    { bridge: true, a: 9, d: 1, winner: 'attacker', margin: 8, outcome: 'bridge-hit' },
    { bridge: true, a: 1, d: 2, winner: 'defender', margin: 1, outcome: 'overwatch-hits' },
    { bridge: true, a: 0, d: 0, winner: 'tie', margin: 0, outcome: 'none' },
  ])('bridge $bridge, $a vs $d: $outcome', ({ bridge, a, d, winner, margin, outcome }) => {
    expect(outmaneuverOutcome(bridge, a, d)).toMatchObject({ winner, margin, outcome })
  })

  it('Overwatch effects: +3 shots in open space, +3 hits against a bridge attack', () => {
    expect(outmaneuverOutcome(false, 1, 2).effects.overwatchShots).toBe(3)
    expect(outmaneuverOutcome(true, 1, 2).effects.overwatchHits).toBe(3)
  })

  it.each([
    { faces: [1, 4, 5, 9, 10], n: 4 },
    { faces: [10, 10, 10], n: 6 },
    { faces: [], n: 0 },
  ])('successes of $faces = $n', ({ faces, n }) => expect(countSuccesses(faces)).toBe(n))
})

describe('outmaneuver: Momentum and rerolls', () => {
  it('level 1+ sides add one success per Momentum, at most 3', () => {
    const r = resolveOutmaneuver(
      new PhysicalDice([1, 1, 1, 1, 1]),
      om(side(3, { level: 1, momentum: 5 }), side(2)),
    )
    expect(r.attacker).toMatchObject({ diceSuccesses: 0, momentum: 3, successes: 3 })
    expect(r.winner).toBe('attacker')
  })

  it('level 0 sides cannot buy successes', () => {
    const r = resolveOutmaneuver(new PhysicalDice([1, 1]), om(side(1, { momentum: 2 }), side(1)))
    expect(r.attacker.momentum).toBe(0)
    expect(r.winner).toBe('tie')
  })

  it('rerolls come after both pools, attacker first, and only replace failures', () => {
    const dice = new PhysicalDice([
      1, 5, 4, /* defender */ 2, 2, /* attacker rerolls */ 10, 6, /* defender reroll */ 9,
    ])
    const r = resolveOutmaneuver(dice, om(side(3, { reroll: 5 }), side(2, { reroll: 1 })))
    dice.assertAllUsed()
    expect(r.attacker).toMatchObject({ rerolls: [10, 6], successes: 4 })
    expect(r.defender).toMatchObject({ rerolls: [9], successes: 1 })
  })

  it('asks the attacker, then the defender, when a person can answer', () => {
    const o: Outmaneuver = {
      ...om(side(1, { level: 1, momentumOpen: true }), side(1, { level: 2, momentumOpen: true })),
      askDecisions: true,
    }
    let err: unknown
    try {
      resolveOutmaneuver(new PhysicalDice([5, 6]), o)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(NeedDecision)
    expect((err as NeedDecision).id).toBe('atk-momentum')
    const r = resolveOutmaneuver(new PhysicalDice([5, 6]), {
      ...o,
      decisions: { 'atk-momentum': 2, 'def-momentum': 1 },
    })
    expect([r.attacker.successes, r.defender.successes, r.winner]).toEqual([3, 2, 'attacker'])
  })
})

describe('outmaneuver: exact odds', () => {
  it('one die each: attacker 29%, defender 29%, tie 42%', () => {
    // A die is worth 0 (4/10), 1 (5/10) or 2 (1/10).
    const o = outmaneuverOdds(om(side(1), side(1)))
    expect(o.winner.fraction('attacker')).toBe('29/100')
    expect(o.winner.fraction('defender')).toBe('29/100')
    expect(o.winner.fraction('tie')).toBe('21/50') // 42/100
    expect(o.margin.fraction(2)).toBe('1/25') // 4/100
  })

  it('a reroll on one die: it fails only when both throws fail (16/100)', () => {
    const o = outmaneuverOdds(om(side(1, { reroll: 1 }), side(0)))
    expect(o.attackerSuccesses.fraction(0)).toBe('4/25') // 16/100
  })

  it.each([
    om(side(6), side(5)),
    om(side(5, { reroll: 2, level: 1, momentum: 1 }), side(6, { reroll: 1 }), true),
    om(side(3), side(7)),
  ])('composed odds match the full resolution, exactly and by Monte Carlo (%#)', (o) => {
    const odds = outmaneuverOdds(o)
    for (const d of [odds.winner, odds.margin, odds.outcome]) expect(d.waysWhere(() => true)).toBe(d.den)
    // The same rule walked as one resolution gives the same distribution.
    const full = walk((dice) => resolveOutmaneuver(dice, o))
    const margin = full.map((r) => r.attacker.successes - r.defender.successes)
    const outcome = full.map((r) => r.outcome)
    for (const [k] of margin.entries()) expect(odds.margin.fraction(k)).toBe(margin.fraction(k))
    for (const [k] of outcome.entries()) expect(odds.outcome.fraction(k)).toBe(outcome.fraction(k))
    const n = 3000
    const counts = new Map<string, number>()
    for (let i = 0; i < n; i++) {
      const r = resolveOutmaneuver(new SeededDice(`om-${i}`), o)
      expect(odds.margin.ways(r.attacker.successes - r.defender.successes)).not.toBe(0n)
      counts.set(r.winner, (counts.get(r.winner) ?? 0) + 1)
    }
    // 3000 samples: standard error under 0.0092; allow 4.
    for (const [k, w] of odds.winner.sorted())
      expect(Math.abs((counts.get(k) ?? 0) / n - w)).toBeLessThan(0.037)
  })

  it('odds for the largest pools (15 dice, 5 rerolls a side) are whole: each map sums to 1', () => {
    // Their speed is bench/run.mjs's row "odds: outmaneuver, 15 dice and 5 rerolls a side".
    const o = outmaneuverOdds(om(side(15, { reroll: 5 }), side(15, { reroll: 5 })))
    expect(o.winner.waysWhere(() => true)).toBe(o.winner.den)
    expect(o.margin.waysWhere(() => true)).toBe(o.margin.den)
    // Equal pools and rerolls: the attacker wins exactly as often as the defender.
    expect(o.winner.fraction('attacker')).toBe(o.winner.fraction('defender'))
  })
})
