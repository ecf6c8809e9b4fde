import { describe, expect, it } from 'vitest'
import { NeedDecision } from '../../../src/core/errors.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import {
  type Melee,
  type MeleeRerollQuestion,
  type OverwatchState,
  OVERWATCH_START,
  attackDiceInput,
  attackMade,
  attackRerollPool,
  attackStrike,
  askMeleeReroll,
  counterMomentum,
  counterStrike,
  mostHits,
  rollAttackDice,
  tallyStrike,
  unblockedByDifference,
  usableDice,
} from '../../../src/rules/stellar/melee.js'
import { resolveMelee } from '../../../src/rules/stellar/melee-flow.js'
import { chooseReroll } from '../../../src/rules/stellar/choice.js'
import { attackDiceOdds, defenseDiceOdds, splitsOf } from '../../../src/rules/stellar/melee-odds.js'
import { melee, side } from './melee-fixture.js'

// The stages resolveMelee and the odds share (melee.ts), each on the rules' worked example or a
// count made independently here.

/** The quickstart's Blue Djinn / White Asura example, as melee.test.ts reads it. */
const djinn = side({ unit: { pilot: 2, shield: 1, armSv: 1 }, weapon: { dmg: 300 }, pen: '4' })
const asura = side({ unit: { pilot: 1, shield: 1, armSv: 1 }, weapon: { dmg: 400 }, pen: '6' })
const example = (o: Partial<Melee> = {}) =>
  melee({
    atk: djinn,
    def: asura,
    atkSplit: { attack: 6, defense: 3 },
    defSplit: { attack: 3, defense: 4 },
    defChoice: 'counter',
    ...o,
  })

describe('which strikes a clash has: attackMade, counterMomentum', () => {
  const after = (damage: number, momentumSpent = 0, destroyed = false): OverwatchState => ({
    damage,
    momentumSpent,
    improvised: false,
    destroyed,
  })

  it('the example: the attack (900 DMG) leaves White Asura standing, so it counter-attacks', () => {
    expect(attackMade(OVERWATCH_START)).toBe(true)
    expect(counterMomentum(example(), OVERWATCH_START, { damage: 900, pushedOut: false })).toBe(0)
  })

  it.each([
    [
      'White Asura at 900 HP is destroyed by the 900 DMG',
      { def: { ...asura, unit: { ...asura.unit, hp: 900 } } },
      900,
      false,
    ],
    ['a defender pushed out of melee', {}, 0, true],
  ])('no counter-attack: %s', (_what, o, damage, pushedOut) => {
    expect(counterMomentum(example(o), OVERWATCH_START, { damage, pushedOut })).toBeNull()
  })

  it('a charger destroyed by overwatch makes no attack and takes no counter-attack', () => {
    expect(attackMade(after(600, 0, true))).toBe(false)
    expect(counterMomentum(example(), after(600, 0, true), { damage: 0, pushedOut: false })).toBeNull()
  })

  it('the counter-attack meets the Momentum overwatch left, as resolveMelee rolls it', () => {
    const m = melee({
      situation: {
        overwatch: {
          attacks: 1,
          acc: 8,
          shots: 2,
          dmg: 200,
          pen: { value: 0, kind: 'damage' },
          targetLock: false,
        },
      },
      atk: side({ unit: { momentum: 3, evade: 3 } }),
      atkSplit: { attack: 1, defense: 0 },
      defSplit: { attack: 1, defense: 0 },
      defChoice: 'counter',
    })
    // Overwatch [1, 1]: 2 criticals = 4 hits, 3 Momentum offered, 3 spent; attack 5; counter 1.
    const d = new PhysicalDice([1, 1, 5, 1])
    const r = resolveMelee(d, m)
    d.assertAllUsed()
    expect(r.overwatch!.momentumSpent).toBe(3)
    expect(counterMomentum(m, r.overwatch!, r.attack!)).toBe(0)
    expect(r.counter!.strike.momentum).toBe(0)
    expect(counterMomentum(m, after(200, 1), r.attack!)).toBe(2)
  })
})

describe('unblockedByDifference: the tally from rolled hits minus rolled blocks', () => {
  it('the example: attack 5 rolled hits vs 3 rolled blocks = 7 - 4 = 3 through', () => {
    const s = attackStrike(example())
    expect(unblockedByDifference(s, 5 - 3)).toBe(3)
    expect(tallyStrike(s, 5, 3).unblockedHits).toBe(3)
  })

  it('the example: counter-attack 2 rolled hits vs 0 rolled blocks = 3 - 1 = 2 through', () => {
    expect(unblockedByDifference(counterStrike(example(), 0), 2)).toBe(2)
  })

  it('a warship pays 2 Momentum a hit: 3 Momentum negates 1 of 6 hits', () => {
    const s = attackStrike(
      melee({ def: side({ unit: { warship: true, momentum: 3 } }), atkSplit: { attack: 5, defense: 0 } }),
    )
    expect(tallyStrike(s, 5, 0)).toMatchObject({ hits: 6, momentumSpent: 2, unblockedHits: 5 })
    expect(unblockedByDifference(s, 5)).toBe(5)
  })
})

describe('mostHits: every attack die a critical, every bonus hit', () => {
  it('the example: 6 attack dice and the ace bonus +2 make at most 14 hits, as six 10s roll', () => {
    const s = attackStrike(example({ defSplit: { attack: 3, defense: 0 } }))
    expect(mostHits(s)).toBe(14)
    const rolled = rollAttackDice(new PhysicalDice([10, 10, 10, 10, 10, 10]), s)
    expect(tallyStrike(s, rolled.rolledHits, 0).hits).toBe(14)
  })
})

describe('usableDice and splitsOf: each pool at most 10 dice', () => {
  it.each([
    [7, 7, 8],
    [14, 14, 7],
    [25, 20, 1],
  ])('Melee %i: %i dice split, %i ways', (melee, used, ways) => {
    expect(usableDice(melee)).toBe(used)
    const splits = splitsOf(melee)
    expect(splits).toHaveLength(ways)
    for (const s of splits) expect(s.attack + s.defense).toBe(used)
  })
})

describe('the dice stages read their declared inputs only', () => {
  /** Hits of attack dice counted die by die: 9-10 two, three of a kind of 5-8 two each (Desperation), hitOn+ one. */
  const bruteHits = (faces: number[], hitOn: number, desperation: boolean) => {
    let hits = 0
    for (const f of faces) {
      const set = desperation && f >= 5 && f <= 8 && faces.filter((x) => x === f).length >= 3
      hits += f >= 9 || set ? 2 : f >= hitOn ? 1 : 0
    }
    return hits
  }

  it.each([
    [5, false],
    [6, true],
  ])(
    'attack dice hitting on %i+ (Desperation %s): attackDiceOdds is every face of 3 dice counted',
    (hitOn, desperation) => {
      const want = new Map<number, number>()
      for (let a = 1; a <= 10; a++)
        for (let b = 1; b <= 10; b++)
          for (let c = 1; c <= 10; c++) {
            const h = bruteHits([a, b, c], hitOn, desperation)
            want.set(h, (want.get(h) ?? 0) + 1 / 1000)
          }
      const got = attackDiceOdds({ attackDice: 3, hitOn, desperation })
      for (const [h, p] of got.sorted()) expect(p).toBeCloseTo(want.get(h)!, 12)
      expect(got.sorted()).toHaveLength(want.size)
    },
  )

  it('Unbeaten defense dice: a die blocks 0.6 + 0.4 x 0.6 = 0.84 of the time', () => {
    const p = 0.84
    const d = defenseDiceOdds({ defenseDice: 2, blockOn: 5, defenseReroll: true })
    expect(d.prob(2)).toBeCloseTo(p * p, 12)
    expect(d.prob(1)).toBeCloseTo(2 * p * (1 - p), 12)
    expect(d.prob(0)).toBeCloseTo((1 - p) * (1 - p), 12)
  })

  it('strikes alike in their attack dice input roll alike, whatever else differs', () => {
    const a = attackStrike(melee({ atkSplit: { attack: 4, defense: 0 } }))
    const b = counterStrike(
      melee({
        atk: side({ unit: { shield: 2, momentum: 3 } }),
        def: side({ weapon: { dmg: 900 }, mods: { berserker: true } }),
      }),
      3,
      4,
    )
    expect(attackDiceInput(b)).toEqual(attackDiceInput(a))
    const faces = [9, 5, 4, 8]
    expect(rollAttackDice(new PhysicalDice(faces), b)).toEqual(rollAttackDice(new PhysicalDice(faces), a))
  })
})

describe('chooseReroll: the Improvise pick', () => {
  // Attack dice 1, 2, 9, 6 hitting on 5+, two rerolls: the critical may not be rerolled.
  const s = attackStrike(
    melee({
      atk: side({ mods: { improvise: true } }),
      atkSplit: { attack: 4, defense: 0 },
      defSplit: { attack: 0, defense: 0 },
    }),
  )
  const faces = [1, 2, 9, 6]
  const pool = attackRerollPool(s)

  it('unasked: the best pick rerolls both misses (each a 60% chance of a hit or more)', () => {
    expect(chooseReroll(faces, pool)).toEqual([0, 1])
  })

  it('a pick given takes what the dice allow: a second 6 is not there, the 1 is', () => {
    const by = { decisions: { 'atk-reroll': [6, 6, 1] } }
    const ask = askMeleeReroll({ by, side: 'attacker', pool: 'attack', strike: s }, faces, pool)
    expect(chooseReroll(faces, pool, ask)).toEqual([0, 3])
  })

  it('asked: the question offers the picks best first, the critical never among them', () => {
    let q: MeleeRerollQuestion | undefined
    try {
      const by = { askDecisions: true }
      chooseReroll(
        faces,
        pool,
        askMeleeReroll({ by, side: 'attacker', pool: 'attack', strike: s }, faces, pool),
      )
    } catch (e) {
      expect(e).toBeInstanceOf(NeedDecision)
      expect((e as NeedDecision).id).toBe('atk-reroll')
      q = (e as NeedDecision<MeleeRerollQuestion>).context
    }
    // A pick names each die by the face of the first die of its kind: both misses are [1, 1].
    expect(q!.options[0].pick).toEqual([1, 1])
    for (const o of q!.options) expect(o.pick).not.toContain(9)
  })
})
