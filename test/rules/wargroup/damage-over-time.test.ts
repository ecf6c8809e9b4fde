import { describe, expect, it } from 'vitest'
import { walkMaps } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import { type Distribution, fraction, probability } from '../../../src/core/distribution.js'
import { SeededDice } from '../../../src/core/seeded.js'
import {
  BURNING_START,
  type DamageOverTime,
  afterTurn,
  burnsOn,
  diceRolled,
  resolveDamageOverTime,
} from '../../../src/rules/wargroup/damage-over-time.js'
import {
  TAIL_MASS,
  damageOverTimeOdds,
  maxDice,
  unboundedDamageNumerators,
} from '../../../src/rules/wargroup/damage-over-time-odds.js'

const run = (e: DamageOverTime, rolls: number[]) => {
  const dice = new PhysicalDice(rolls)
  const r = resolveDamageOverTime(dice, e)
  dice.assertAllUsed()
  return r
}

describe('fire and void with scripted dice', () => {
  it.each([
    {
      name: 'burns 4, then 6, then a 1 puts it out',
      e: { effect: 'burn' },
      rolls: [4, 6, 1],
      damage: 10,
      duration: 2,
      expired: true,
    },
    {
      name: 'a first 1 does nothing at all',
      e: { effect: 'burn' },
      rolls: [1],
      damage: 0,
      duration: 0,
      expired: true,
    },
    {
      name: 'a 6 is just 6 (no 1s-and-6s rule here)',
      e: { effect: 'void' },
      rolls: [6, 6, 2, 1],
      damage: 14,
      duration: 3,
      expired: true,
    },
    {
      name: 'followed for 2 turns, still burning',
      e: { effect: 'burn', turns: 2 },
      rolls: [3, 5],
      damage: 8,
      duration: 2,
      expired: false,
    },
    {
      name: 'a 1 inside the turns followed ends it early',
      e: { effect: 'void', turns: 3 },
      rolls: [2, 1],
      damage: 2,
      duration: 1,
      expired: true,
    },
    {
      name: 'Dam 5: a 6 destroys the target, no more dice',
      e: { effect: 'burn', dam: 5 },
      rolls: [6],
      damage: 6,
      duration: 1,
      expired: false,
      destroyed: true,
      remainingDam: 0,
    },
    {
      name: 'Dam 10: 4 + 3 + 2 = 9, then the 1',
      e: { effect: 'burn', dam: 10 },
      rolls: [4, 3, 2, 1],
      damage: 9,
      duration: 3,
      expired: true,
      destroyed: false,
      remainingDam: 1,
    },
    {
      name: 'Dam 10: 4 + 6 is exactly 10',
      e: { effect: 'burn', dam: 10 },
      rolls: [4, 6],
      damage: 10,
      duration: 2,
      expired: false,
      destroyed: true,
      remainingDam: 0,
    },
    {
      name: 'Dam 10 but only 1 turn followed',
      e: { effect: 'burn', dam: 10, turns: 1 },
      rolls: [5],
      damage: 5,
      duration: 1,
      expired: false,
      destroyed: false,
      remainingDam: 5,
    },
  ])('$name', ({ name: _name, e, rolls, ...want }) => {
    const r = run(e as DamageOverTime, rolls)
    expect(r).toMatchObject(want)
    expect(r.active).toBe(!r.expired)
    expect(r.dice.map((d) => d.roll)).toEqual(rolls)
  })
})

function sameDist(a: Distribution<any>, b: Distribution<any>): void {
  const str = (d: Distribution<any>) =>
    Object.fromEntries(
      d
        .sortedWays()
        .filter(([, w]) => w !== 0n)
        .map(([k, w]) => [String(k), fraction(w, d.den)]),
    )
  expect(str(a)).toEqual(str(b))
}

describe('fire and void odds', () => {
  it.each([
    { effect: 'burn', turns: 1 },
    { effect: 'burn', turns: 2 },
    { effect: 'void', turns: 4 },
    { effect: 'burn', dam: 7 },
    { effect: 'burn', dam: 1 },
    { effect: 'void', turns: 3, dam: 8 },
  ] as DamageOverTime[])('bounded odds equal the exact walk of the rule itself (%o)', (e) => {
    const w = walkMaps((dice) => resolveDamageOverTime(dice, e), {
      damage: (r) => r.damage,
      duration: (r) => r.duration,
      expired: (r) => String(r.expired),
      destroyed: (r) => String(r.destroyed ?? false),
      dice: (r) => r.dice.length,
    })
    const o = damageOverTimeOdds(e)
    sameDist(o.damage, w.damage)
    sameDist(o.duration, w.duration)
    expect(o.expired.fraction('true')).toBe(w.expired.fraction('true'))
    if (e.dam !== undefined) expect(o.destroyed!.fraction('true')).toBe(w.destroyed.fraction('true'))
    expect(o.expected.dice).toBeCloseTo(w.dice.expected(), 12)
    expect(o.damage.waysWhere(() => true)).toBe(o.damage.den)
    expect(o.duration.waysWhere(() => true)).toBe(o.duration.den)
    expect(o.tail).toBeUndefined()
  })

  it.each([1, 2, 3, 10, 50])(
    'bounded by %i turns: E[duration] = 5 (1 - (5/6)^N), E[damage] = 4 x that',
    (n) => {
      const o = damageOverTimeOdds({ effect: 'burn', turns: n })
      const duration = 5 * (1 - probability(5n ** BigInt(n), 6n ** BigInt(n)))
      expect(o.expected.duration).toBeCloseTo(duration, 12)
      expect(o.expected.damage).toBeCloseTo(4 * duration, 11)
      // Still burning after N turns: (5/6)^N.
      expect(o.expired.fraction('false')).toBe(fraction(5n ** BigInt(n), 6n ** BigInt(n)))
    },
  )

  it('hand-computed: two turns', () => {
    // A first 1: 0. A first f of 2-6 then a 1: f. Two damaging dice f, g: f + g. Each 1/36.
    const o = damageOverTimeOdds({ effect: 'burn', turns: 2 })
    expect(o.damage.fraction(0)).toBe('1/6')
    expect(o.damage.fraction(2)).toBe('1/36') // 2 then 1
    expect(o.damage.fraction(4)).toBe('1/18') // 4 then 1, or 2 and 2
    expect(o.damage.fraction(7)).toBe('1/9') // 2+5, 3+4, 4+3, 5+2
    expect(o.damage.fraction(12)).toBe('1/36')
    expect(o.duration.fraction(1)).toBe('5/36')
    expect(o.duration.fraction(2)).toBe('25/36')
  })

  it.each([
    { dam: 2, p: '5/6' }, // any first die but a 1
    { dam: 3, p: '29/36' }, // 3-6 first (4/6), or 2 then anything but a 1 (1/6 x 5/6)
  ])('chance to destroy Dam $dam is $p', ({ dam, p }) => {
    expect(damageOverTimeOdds({ effect: 'burn', dam }).destroyed!.fraction('true')).toBe(p)
  })

  it('maxDice bounds every walk', () => {
    expect(maxDice({ effect: 'burn', turns: 7 })).toBe(7)
    expect(maxDice({ effect: 'burn', dam: 7 })).toBe(4)
    expect(maxDice({ effect: 'burn', dam: 8, turns: 3 })).toBe(3)
  })
})

describe('unbounded fire and void odds', () => {
  const o = damageOverTimeOdds({ effect: 'burn' })

  it('closed-form expectations: 20 damage over 5 damaging turns, 6 dice', () => {
    expect(o.expected).toEqual({ damage: 20, duration: 5, dice: 6 })
    expect(o.expired.fraction('true')).toBe('1')
  })

  it('hand-computed first values', () => {
    expect(o.damage.fraction(0)).toBe('1/6')
    expect(o.damage.fraction(1)).toBe('0')
    expect(o.damage.fraction(2)).toBe('1/36')
    expect(o.damage.fraction(3)).toBe('1/36')
    expect(o.damage.fraction(4)).toBe('7/216') // a 4 (1/36), or 2 and 2 (1/216)
    for (let k = 0; k < 10; k++)
      expect(o.duration.fraction(k)).toBe(fraction(5n ** BigInt(k), 6n ** BigInt(k + 1)))
  })

  it('every map sums to exactly 1, with a tail entry of at most 1e-9', () => {
    expect(o.damage.waysWhere(() => true)).toBe(o.damage.den)
    expect(o.duration.waysWhere(() => true)).toBe(o.duration.den)
    const t = o.tail!
    expect(t.damage.mass).toBeLessThanOrEqual(TAIL_MASS)
    expect(t.duration.mass).toBeLessThanOrEqual(TAIL_MASS)
    expect(t.damage.mass).toBeGreaterThan(0)
    expect(o.damage.prob(`${t.damage.from}+`)).toBe(t.damage.mass)
    expect(o.duration.fraction(`${t.duration.from}+`)).toBe(
      fraction(5n ** BigInt(t.duration.from), 6n ** BigInt(t.duration.from)),
    )
    // The horizon is the first value past which at most 1e-9 is left: one value earlier, more was.
    const last = t.damage.from - 1
    const before =
      t.damage.mass + probability(unboundedDamageNumerators(t.damage.from)[last], 6n ** BigInt(last + 1))
    expect(before).toBeGreaterThan(TAIL_MASS)
    expect(o.expected.damage).toBe(20)
  })

  it('agrees with the exact walk of the rule for every damage it can reach in the turns walked', () => {
    // Within 6 turns, "ended with S = s" is the whole of P(S = s) for s < 12 (12 needs 6 damaging turns).
    const w = walkMaps((dice) => resolveDamageOverTime(dice, { effect: 'burn', turns: 6 }), {
      ended: (r) => (r.expired ? r.damage : 'active'),
    })
    for (let s = 0; s < 12; s++) expect(`${s}: ${o.damage.fraction(s)}`).toBe(`${s}: ${w.ended.fraction(s)}`)
  })

  it('matches Monte Carlo, and sampled results lie in the support', () => {
    // 20,000 fires: damage sd about 22 (se 0.16), duration sd about 5.5 (se 0.04); tolerance 5 se.
    const n = 20_000
    let damage = 0
    let duration = 0
    let zero = 0
    for (let i = 0; i < n; i++) {
      const r = resolveDamageOverTime(new SeededDice(`wg-burn-${i}`), { effect: 'burn' })
      damage += r.damage
      duration += r.duration
      if (r.damage === 0) zero++
      expect(r.expired).toBe(true)
      const inSupport = r.damage >= o.tail!.damage.from || o.damage.prob(r.damage) > 0
      expect(inSupport).toBe(true)
    }
    expect(Math.abs(damage / n - 20)).toBeLessThan(0.8)
    expect(Math.abs(duration / n - 5)).toBeLessThan(0.2)
    expect(Math.abs(zero / n - 1 / 6)).toBeLessThan(0.013)
  })

  it('the largest inputs (a void without end, a fire for 50 turns against Dam 100): every map whole', () => {
    // Their speed is bench/run.mjs's row "odds: wargroup burn, 50 turns against Dam 100".
    for (const o of [
      damageOverTimeOdds({ effect: 'void' }),
      damageOverTimeOdds({ effect: 'burn', turns: 50, dam: 100 }),
    ]) {
      for (const d of [o.damage, o.duration, o.expired, ...(o.destroyed ? [o.destroyed] : [])])
        expect(d.waysWhere(() => true)).toBe(d.den)
      for (const x of Object.values(o.expected)) expect(Number.isFinite(x)).toBe(true)
    }
  })
})

describe('fire and void: the stages the roll and the odds share', () => {
  const after = (rolls: number[]) => rolls.reduce(afterTurn, BURNING_START)

  it.each([
    // [what, rolls, state after them, dice rolled]
    ['a 1 puts it out and deals nothing', [1], { damage: 0, turns: 0, ended: true }, 1],
    ['each other face deals its value', [4, 6, 2], { damage: 12, turns: 3, ended: false }, 3],
    ['damage before the 1 stands', [5, 3, 1], { damage: 8, turns: 2, ended: true }, 3],
  ])('afterTurn: %s', (_what, rolls, state, dice) => {
    expect(after(rolls)).toEqual(state)
    expect(diceRolled(after(rolls))).toBe(dice)
  })

  it.each([
    // [what, effect, rolls so far, another die?]
    ['nothing stops a fresh fire', { effect: 'burn' }, [], true],
    ['the 1 ends it', { effect: 'burn' }, [3, 1], false],
    ['turns left to follow', { effect: 'burn', turns: 3 }, [3, 4], true],
    ['the turns ran out', { effect: 'void', turns: 2 }, [3, 4], false],
    ['Dam 7 still standing at 6', { effect: 'burn', dam: 7 }, [2, 4], true],
    ['Dam 7 reached: nothing left to burn', { effect: 'burn', dam: 7 }, [3, 4], false],
  ] as Array<[string, DamageOverTime, number[], boolean]>)('burnsOn: %s', (_what, e, rolls, more) => {
    expect(burnsOn(e, after(rolls))).toBe(more)
  })
})
