import { describe, expect, it } from 'vitest'
import { fraction } from '../../../src/core/distribution.js'
import { walk } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { buildingArm, buildingDam, resolveBuilding } from '../../../src/rules/wargroup/building.js'
import { initiativeOdds, resolveInitiative } from '../../../src/rules/wargroup/initiative.js'
import { resolveLength } from '../../../src/rules/wargroup/length.js'
import { resolveSmoke } from '../../../src/rules/wargroup/smoke.js'

const physical = (rolls: number[]) => new PhysicalDice(rolls)

describe('smoke', () => {
  it.each([1, 4, 6])('a d6 of %i: the tile blocks sight for that many turns', (roll) => {
    expect(resolveSmoke(physical([roll]))).toEqual({ roll, turns: roll })
  })
  it('odds: 1-6 turns, 1/6 each, 3.5 on average', () => {
    const d = walk((dice) => resolveSmoke(dice).turns)
    for (let k = 1; k <= 6; k++) expect(d.fraction(k)).toBe('1/6')
    expect(d.expected()).toBe(3.5)
  })
})

describe('game length', () => {
  it.each([
    { rolls: [3, 5, 2], turns: 10 },
    { rolls: [1, 1, 1], turns: 3 },
    { rolls: [6, 6, 6], turns: 18 },
  ])('3d6 $rolls: $turns turns', ({ rolls, turns }) => {
    expect(resolveLength(physical(rolls))).toEqual({ dice: rolls, turns })
  })
  it('odds: 3d6 (10 and 11 are 27/216 = 1/8; 3 is 1/216; mean 10.5)', () => {
    const d = walk((dice) => resolveLength(dice).turns)
    expect(d.fraction(3)).toBe('1/216')
    expect(d.fraction(10)).toBe('1/8')
    expect(d.fraction(11)).toBe('1/8')
    expect(d.expected()).toBe(10.5)
    expect(d.waysWhere(() => true)).toBe(d.den)
  })
})

describe('initiative', () => {
  it.each([
    { rolls: [5, 2], first: 'A', rounds: 1, winning: 5 },
    { rolls: [1, 2], first: 'B', rounds: 1, winning: 2 },
    { rolls: [4, 4, 2, 5], first: 'B', rounds: 2, winning: 5 },
    { rolls: [6, 6, 1, 1, 3, 2], first: 'A', rounds: 3, winning: 3 },
  ])('$rolls: player $first goes first after $rounds round(s)', ({ rolls, first, rounds, winning }) => {
    const dice = physical(rolls)
    const r = resolveInitiative(dice)
    dice.assertAllUsed()
    expect(r.goesFirst).toBe(first)
    expect(r.rounds).toHaveLength(rounds)
    expect(r.winningRoll).toBe(winning)
  })

  it('odds by conditioning: 1/2 each, winning die 2(m-1)/30, rounds geometric with ties 1/6', () => {
    const o = initiativeOdds()
    expect(o.goesFirst.fraction('A')).toBe('1/2')
    expect(o.goesFirst.fraction('B')).toBe('1/2')
    expect(o.tie).toBeCloseTo(1 / 6, 15)
    for (let m = 2; m <= 6; m++) expect(o.winningRoll.fraction(m)).toBe(fraction(BigInt(2 * (m - 1)), 30n))
    expect(o.rounds.fraction(1)).toBe('5/6')
    expect(o.rounds.fraction(2)).toBe('5/36')
    expect(o.expectedRounds).toBeCloseTo(6 / 5, 15)
    expect(o.rounds.waysWhere(() => true)).toBe(o.rounds.den)
    const tailKey = o.rounds.outcomes().find((k) => typeof k === 'string')!
    expect(tailKey).toBe('13+')
    expect(o.rounds.prob(tailKey)).toBeLessThanOrEqual(1e-9)
    expect(o.rounds.fraction(tailKey)).toBe(fraction(1n, 6n ** 12n))
  })

  it('matches Monte Carlo (20,000 roll-offs, tolerance 0.015)', () => {
    const o = initiativeOdds()
    const n = 20_000
    let a = 0
    let rounds = 0
    const wins = new Map<number, number>()
    for (let i = 0; i < n; i++) {
      const r = resolveInitiative(new SeededDice(`wg-init-${i}`))
      if (r.goesFirst === 'A') a++
      rounds += r.rounds.length
      wins.set(r.winningRoll, (wins.get(r.winningRoll) ?? 0) + 1)
      expect(o.winningRoll.prob(r.winningRoll)).toBeGreaterThan(0)
    }
    expect(Math.abs(a / n - 0.5)).toBeLessThan(0.015)
    expect(Math.abs(rounds / n - 1.2)).toBeLessThan(0.02)
    for (const [k, w] of o.winningRoll.sorted())
      expect(Math.abs((wins.get(k) ?? 0) / n - w)).toBeLessThan(0.015)
  })
})

describe('buildings', () => {
  it.each([1, 4, 10])('%i tiles: Arm and Dam are tiles + 2', (tiles) => {
    expect(buildingArm(tiles)).toBe(tiles + 2)
    expect(buildingDam(tiles)).toBe(tiles + 2)
    const r = resolveBuilding(physical([]), { tiles })
    expect(r).toMatchObject({
      arm: tiles + 2,
      maxDam: tiles + 2,
      dam: tiles + 2,
      damage: 0,
      destroyed: false,
      damageRoll: null,
    })
  })

  it.each([
    // Straight to the damage roll: Str + d6 against Arm + d6 (no to-hit roll).
    {
      name: '2 tiles (Arm 4, Dam 4): Str 6 + 5 = 11 vs 4 + 2 = 6: 5 damage, destroyed, 2 rubble tiles',
      b: { tiles: 2, str: 6 },
      rolls: [5, 2],
      damage: 5,
      remaining: 0,
      destroyed: true,
      rubble: 2,
    },
    {
      name: '4 tiles (Arm 6, Dam 6): Str 6 + 3 = 9 vs 6 + 2 = 8: 1 damage',
      b: { tiles: 4, str: 6 },
      rolls: [3, 2],
      damage: 1,
      remaining: 5,
      destroyed: false,
      rubble: 0,
    },
    {
      name: 'full power on a 6: Str 2 + 6 = 8 against a 10-tile building',
      b: { tiles: 10, str: 2 },
      rolls: [6, 5],
      damage: 8,
      remaining: 4,
      destroyed: false,
      rubble: 0,
    },
    {
      name: "the building's lone 6 stops it",
      b: { tiles: 1, str: 20 },
      rolls: [5, 6],
      damage: 0,
      remaining: 3,
      destroyed: false,
      rubble: 0,
    },
    {
      name: 'Dam left 1: any damage finishes it',
      b: { tiles: 3, str: 3, dam: 1 },
      rolls: [4, 1],
      damage: 7,
      remaining: 0,
      destroyed: true,
      rubble: 3,
    },
  ])('$name', ({ b, rolls, damage, remaining, destroyed, rubble }) => {
    const dice = physical(rolls)
    const r = resolveBuilding(dice, b)
    dice.assertAllUsed()
    expect(r).toMatchObject({ damage, remainingDam: remaining, destroyed, rubbleTiles: rubble })
  })

  it('odds of an attack: 36 pairs of dice', () => {
    // Str 0 against 1 tile (Arm 3): only automatic wins deal damage: 6 on 5 pairs, 2-5 once each.
    const d = walk((dice) => resolveBuilding(dice, { tiles: 1, str: 0 }).damage)
    expect(d.fraction(6)).toBe('5/36')
    expect(d.fraction(2)).toBe('1/36')
    expect(d.fraction(0)).toBe('3/4')
  })
})
