import { describe, expect, it } from 'vitest'
import { PhysicalDice } from '../../../src/core/physical.js'
import { NeedDecision, NeedDice } from '../../../src/core/errors.js'
import { walk } from '../../../src/core/exact.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { type Ams, amsOdds, resolveAms } from '../../../src/rules/formation/ams.js'
import { resolveKnockdown } from '../../../src/rules/formation/knockdown.js'
import { type Jam, jamEffects, resolveJam } from '../../../src/rules/formation/jam.js'
import { resolveDestroyCheck } from '../../../src/rules/formation/destroy-check.js'
import {
  type Initiative,
  initiativeOdds,
  movementSplit,
  resolveInitiative,
  spreadFormations,
} from '../../../src/rules/formation/initiative.js'

function physical<R>(fn: (d: PhysicalDice) => R, dice: number[]): R {
  const d = new PhysicalDice(dice)
  const r = fn(d)
  d.assertAllUsed()
  return r
}

describe('AMS', () => {
  const ams = (over: Partial<Ams>): Ams => ({ ams: 4, missiles: 3, longRange: false, shots: 1, ...over })

  it.each([
    // [what, input, dice, destroyed, remaining]
    ['below the number: none', {}, [3], 0, 3],
    ['the number exactly: one', {}, [4], 1, 2],
    ['one over: two', {}, [5], 2, 1],
    ['two over: three', {}, [6], 3, 0],
    ['never more than the salvo', { missiles: 2 }, [6], 2, 0],
    ['long-range: -1, a 4 is not enough', { longRange: true }, [4], 0, 3],
    ['long-range: a 6 counts as 5, two', { longRange: true }, [6], 2, 1],
    ['AMS 2: a 6 destroys five', { ams: 2, missiles: 8 }, [6], 5, 3],
    ['two shots, one after another', { shots: 2, missiles: 5 }, [5, 4], 3, 2],
    ['the second shot is not needed once the salvo is gone', { shots: 2, missiles: 2 }, [5], 2, 0],
  ] as const)('%s', (_what, over, dice, destroyed, remaining) => {
    const r = physical((d) => resolveAms(d, ams(over)), [...dice])
    expect(r.destroyed).toBe(destroyed)
    expect(r.remaining).toBe(remaining)
  })

  it('exact odds: AMS 4 against 3 missiles', () => {
    const d = amsOdds(ams({}))
    expect(d.toJSON()).toEqual({ '0': 1 / 2, '1': 1 / 6, '2': 1 / 6, '3': 1 / 6 })
  })

  it('exact odds: two shots of AMS 3 at 6 missiles match Monte Carlo', () => {
    const a = ams({ ams: 3, missiles: 6, shots: 2 })
    const d = amsOdds(a)
    // one die kills 0 (faces 1-2), 1, 2, 3 or 4 (faces 3-6); two dice, capped at the 6 missiles.
    expect(d.fraction(0)).toBe('1/9') // both 1-2: 4 of 36
    expect(d.fraction(6)).toBe('1/6') // kills 2+4, 3+3, 3+4, 4+2, 4+3, 4+4: 6 of 36
    const N = 6000
    let mean = 0
    for (let i = 0; i < N; i++) mean += resolveAms(new SeededDice(`ams-${i}`), a).destroyed / N
    expect(Math.abs(mean - d.expected())).toBeLessThan(0.1) // sd about 1.9, se 0.025
  })
})

describe('AMS odds shot by shot', () => {
  it.each([
    { ams: 1, missiles: 7, longRange: false, shots: 4 },
    { ams: 3, missiles: 9, longRange: true, shots: 3 },
    { ams: 6, missiles: 2, longRange: false, shots: 5 },
  ])('equal the walk of the whole resolution: %o', (a) => {
    const whole = walk((dice) => resolveAms(dice, a).destroyed)
    const byShot = amsOdds(a)
    expect(byShot.size).toBe(whole.size)
    for (const [k] of whole.entries()) expect(byShot.fraction(k)).toBe(whole.fraction(k))
  })

  it('100 missiles and 10 shots (6^10 branches walked whole): every face counted', () => {
    // Its speed is bench/run.mjs's row "odds: formation ams, 100 missiles, 10 shots".
    const d = amsOdds({ ams: 1, missiles: 100, longRange: false, shots: 10 })
    expect(d.waysWhere(() => true)).toBe(d.den)
    expect(d.expected()).toBe(35) // every face kills its value at AMS 1: 10 x 3.5, never capped
  })
})

describe('knockdown', () => {
  it.each([
    [[4], 0],
    [[3], 1],
    [[1], 1],
    [[6], 0],
  ])('one hit, die %j: %d action(s) lost', (dice, lost) => {
    expect(physical((d) => resolveKnockdown(d, { hits: 1 }), dice).actionsLost).toBe(lost)
  })

  it('several hits: one action per failure, never more than the unit has', () => {
    expect(physical((d) => resolveKnockdown(d, { hits: 3 }), [1, 2, 5]).actionsLost).toBe(2)
    const r = physical((d) => resolveKnockdown(d, { hits: 3, actions: 1 }), [1, 2, 5])
    expect(r).toMatchObject({ actionsLost: 1, actionsLeft: 0, actionLost: true })
  })

  it('exact odds: two hits, 1/4 / 1/2 / 1/4', () => {
    expect(walk((dice) => resolveKnockdown(dice, { hits: 2 }).actionsLost).toJSON()).toEqual({
      '0': 0.25,
      '1': 0.5,
      '2': 0.25,
    })
  })
})

describe('jam / spoof', () => {
  const jam = (over: Partial<Jam>): Jam => ({
    attempts: 1,
    countered: false,
    counters: 0,
    vsMissiles: false,
    smart: false,
    ...over,
  })

  it.each([
    ['3+ places a counter', {}, [3], 1],
    ['2 does not', {}, [2], 0],
    ['countered: 4 is not enough', { countered: true }, [4], 0],
    ['countered: 5 is', { countered: true }, [5], 1],
    ['three attempts', { attempts: 3 }, [1, 3, 6], 2],
  ] as const)('%s', (_what, over, dice, placed) => {
    expect(physical((d) => resolveJam(d, jam(over)), [...dice]).countersPlaced).toBe(placed)
  })

  it.each([
    [0, { actionsLost: 0, strModifier: -0, noMissileFire: false, maxRangeInches: null }],
    [1, { actionsLost: 1, strModifier: -1, noMissileFire: false, maxRangeInches: null }],
    [2, { actionsLost: 1, strModifier: -2, noMissileFire: true, noSpotting: true, maxRangeInches: null }],
    [3, { actionsLost: 1, strModifier: -3, noMissileFire: true, maxRangeInches: 6 }],
    [5, { actionsLost: 1, strModifier: -3, noMissileFire: true, maxRangeInches: 6 }],
  ])('%d counters: effects', (n, effects) => {
    expect(jamEffects(n)).toMatchObject(effects)
  })

  it('new counters add to those already there, and the new effects are listed', () => {
    const r = physical((d) => resolveJam(d, jam({ counters: 1, attempts: 2 })), [4, 6])
    expect(r.counters).toBe(3)
    expect(r.newEffects).toEqual(['no missile fire or spotting', 'no fire beyond 6"', 'STR -3'])
  })

  it('against ordinary missile salvos: removed with no roll; smart ones on 4+', () => {
    expect(physical((d) => resolveJam(d, jam({ vsMissiles: true, attempts: 2 })), []).salvosRemoved).toBe(2)
    expect(
      physical((d) => resolveJam(d, jam({ vsMissiles: true, smart: true, attempts: 2 })), [4, 3])
        .salvosRemoved,
    ).toBe(1)
  })

  it('exact odds: countered, 2 attempts: 4/9, 4/9, 1/9', () => {
    const d = walk((dice) => resolveJam(dice, jam({ countered: true, attempts: 2 })).countersPlaced)
    expect(d.fraction(0)).toBe('4/9')
    expect(d.fraction(1)).toBe('4/9')
    expect(d.fraction(2)).toBe('1/9')
  })
})

describe('destruction roll on * boxes', () => {
  it.each([
    [1, 0, [6], true, 1],
    [1, 0, [5], false, null],
    [3, 0, [2, 6], true, 2],
    [2, 1, [1, 5], true, 2],
    [1, -1, [6], false, null],
    [3, 0, [1, 2, 3], false, null],
  ] as const)('%d box(es), modifier %d, dice %j', (stars, mod, dice, destroyed, on) => {
    const r = physical((d) => resolveDestroyCheck(d, { stars, mod }), [...dice])
    expect(r.destroyed).toBe(destroyed)
    expect(r.destroyedOn).toBe(on)
  })

  it('exact odds: three boxes, 1 - (5/6)^3 = 91/216', () => {
    const d = walk((dice) => String(resolveDestroyCheck(dice, { stars: 3, mod: 0 }).destroyed))
    expect(d.fraction('true')).toBe('91/216')
  })
})

describe('initiative', () => {
  const ini = (over: Partial<Initiative> = {}): Initiative => ({
    aMod: 0,
    bMod: 0,
    winnerMoves: 'auto',
    ...over,
  })

  it.each([
    ['A higher', {}, [5, 2], 'a', 1],
    ['B higher', {}, [1, 4], 'b', 1],
    ['a tie rolls again', {}, [3, 3, 2, 6], 'b', 2],
    ['modifiers count: 3 + 1 beats 4 - 1', { aMod: 1, bMod: -1 }, [3, 4], 'a', 1],
    ['a tie after modifiers rolls again', { aMod: 1 }, [3, 4, 6, 1], 'a', 2],
  ] as const)('%s', (_what, over, dice, winner, rounds) => {
    const r = physical((d) => resolveInitiative(d, ini(over)), [...dice])
    expect(r.winner).toBe(winner)
    expect(r.rounds).toHaveLength(rounds)
  })

  it('the winner moves last unless told; the other side then moves first', () => {
    const r = physical((d) => resolveInitiative(d, ini()), [5, 2])
    expect(r).toMatchObject({ winnerMoves: 'last', winnerMovesBy: 'auto', firstMover: 'b' })
    expect(physical((d) => resolveInitiative(d, ini({ winnerMoves: 'first' })), [5, 2]).firstMover).toBe('a')
  })

  it('a person can be asked after the dice', () => {
    expect(() => resolveInitiative(new PhysicalDice([5, 2]), ini({ askDecisions: true }))).toThrow(
      NeedDecision,
    )
    const r = resolveInitiative(
      new PhysicalDice([5, 2]),
      ini({ askDecisions: true, decisions: { 'winner-moves': 'first' } }),
    )
    expect(r).toMatchObject({ winnerMoves: 'first', winnerMovesBy: 'prompt', firstMover: 'a' })
  })

  it('a tie with too few dice asks for more', () => {
    expect(() => resolveInitiative(new PhysicalDice([3, 3]), ini())).toThrow(NeedDice)
  })

  it.each([
    [12, 7, [2, 2, 2, 2, 2, 1, 1], [1, 1, 1, 1, 1, 1, 1]],
    [7, 12, [1, 1, 1, 1, 1, 1, 1], [2, 2, 2, 2, 2, 1, 1]],
    [15, 7, [3, 2, 2, 2, 2, 2, 2], [1, 1, 1, 1, 1, 1, 1]],
    [4, 4, [1, 1, 1, 1], [1, 1, 1, 1]],
    [5, 1, [5], [1]],
  ])('%d formations against %d: A %j, B %j', (a, b, ma, mb) => {
    expect(movementSplit(a, b)).toEqual({ a: ma, b: mb })
  })

  it('the movements add up to the formations', () => {
    for (let f = 1; f <= 30; f++)
      for (let m = 1; m <= f; m++) expect(spreadFormations(f, m).reduce((x, y) => x + y, 0)).toBe(f)
  })

  it('the sequence alternates, starting with the side that moves first', () => {
    const r = physical(
      (d) => resolveInitiative(d, ini({ aFormations: 3, bFormations: 2, winnerMoves: 'first' })),
      [6, 1],
    )
    expect(r.sequence).toEqual([
      { side: 'a', formations: 2 },
      { side: 'b', formations: 1 },
      { side: 'a', formations: 1 },
      { side: 'b', formations: 1 },
    ])
  })

  it('exact odds by conditioning on no tie: even sides 1/2; A +1 wins 21/31', () => {
    expect(initiativeOdds(ini()).winner.fraction('a')).toBe('1/2')
    // one round with A +1: A ahead 21/36, tie 5/36, B ahead 10/36 -> 21/31
    const o = initiativeOdds(ini({ aMod: 1 }))
    expect(o.round.fraction('tie')).toBe('5/36')
    expect(o.winner.fraction('a')).toBe('21/31')
    expect(o.expectedRounds).toBeCloseTo(36 / 31, 12)
  })

  it('exact odds match Monte Carlo, ties re-rolled', () => {
    const s = ini({ aMod: -1, bMod: 1 })
    const p = initiativeOdds(s).winner.prob('a')
    const N = 6000
    let a = 0
    for (let i = 0; i < N; i++) if (resolveInitiative(new SeededDice(`ini-${i}`), s).winner === 'a') a++
    expect(Math.abs(a / N - p)).toBeLessThan(0.025) // se about 0.005
  })
})
