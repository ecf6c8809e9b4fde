import { describe, expect, it } from 'vitest'
import { fraction } from '../../../src/core/distribution.js'
import { walk } from '../../../src/core/exact.js'
import { automaticResult, opposedChance, opposedRoll } from '../../../src/rules/wargroup/opposed.js'

/**
 * The 1s-and-6s rule, spelled out. Modifiers are chosen so the totals would say the opposite
 * of the automatic result wherever one applies.
 */
describe('the rule of 1s and 6s', () => {
  it.each([
    // roll, modifier, opposing roll, opposing modifier, attacker wins, automatic, reason
    {
      a: 6,
      am: 0,
      d: 5,
      dm: 10,
      won: true,
      auto: true,
      reason: 'attacker-6',
      why: 'a lone 6 wins against a far bigger total',
    },
    { a: 6, am: 0, d: 2, dm: 10, won: true, auto: true, reason: 'attacker-6', why: 'a lone 6 wins' },
    {
      a: 1,
      am: 10,
      d: 2,
      dm: 0,
      won: false,
      auto: true,
      reason: 'attacker-1',
      why: 'a lone 1 fails however big the total',
    },
    { a: 1, am: 10, d: 5, dm: 0, won: false, auto: true, reason: 'attacker-1', why: 'a lone 1 fails' },
    {
      a: 3,
      am: 0,
      d: 1,
      dm: 10,
      won: true,
      auto: true,
      reason: 'defender-1',
      why: "the opponent's lone 1 fails: the attacker wins",
    },
    {
      a: 3,
      am: 10,
      d: 6,
      dm: 0,
      won: false,
      auto: true,
      reason: 'defender-6',
      why: "the opponent's lone 6 wins for the opponent",
    },
    {
      a: 6,
      am: 0,
      d: 1,
      dm: 10,
      won: true,
      auto: true,
      reason: 'attacker-6-defender-1',
      why: 'a 6 against a 1: both automatic results agree',
    },
    {
      a: 1,
      am: 10,
      d: 6,
      dm: 0,
      won: false,
      auto: true,
      reason: 'attacker-1-defender-6',
      why: 'a 1 against a 6: both agree against the attacker',
    },
    {
      a: 6,
      am: 0,
      d: 6,
      dm: 0,
      won: false,
      auto: false,
      reason: 'totals',
      why: 'double 6, equal totals: a tie does not beat',
    },
    {
      a: 6,
      am: 1,
      d: 6,
      dm: 0,
      won: true,
      auto: false,
      reason: 'totals',
      why: 'double 6 worked out normally: 7 beats 6',
    },
    {
      a: 6,
      am: 0,
      d: 6,
      dm: 1,
      won: false,
      auto: false,
      reason: 'totals',
      why: 'double 6 worked out normally: 6 does not beat 7',
    },
    {
      a: 1,
      am: 1,
      d: 1,
      dm: 0,
      won: true,
      auto: false,
      reason: 'totals',
      why: 'double 1 worked out normally: 2 beats 1',
    },
    {
      a: 1,
      am: 0,
      d: 1,
      dm: 0,
      won: false,
      auto: false,
      reason: 'totals',
      why: 'double 1, equal totals: no',
    },
    {
      a: 1,
      am: 0,
      d: 1,
      dm: 3,
      won: false,
      auto: false,
      reason: 'totals',
      why: 'double 1 worked out normally: 1 does not beat 4',
    },
    { a: 4, am: 2, d: 4, dm: 2, won: false, auto: false, reason: 'totals', why: 'equal totals miss' },
    { a: 5, am: 0, d: 3, dm: 1, won: true, auto: false, reason: 'totals', why: '5 beats 4' },
    { a: 2, am: 3, d: 5, dm: 0, won: false, auto: false, reason: 'totals', why: '5 against 5: a tie' },
    {
      a: 5,
      am: -2,
      d: 2,
      dm: 0,
      won: true,
      auto: false,
      reason: 'totals',
      why: 'negative modifiers (aiming): 3 beats 2',
    },
    {
      a: 6,
      am: -5,
      d: 5,
      dm: 5,
      won: true,
      auto: true,
      reason: 'attacker-6',
      why: 'modifiers never undo a natural 6',
    },
  ])('$a+$am vs $d+$dm: $why', ({ a, am, d, dm, won, auto, reason }) => {
    const o = opposedRoll(a, am, d, dm)
    expect(o).toMatchObject({
      roll: a,
      total: a + am,
      opposingRoll: d,
      opposingTotal: d + dm,
      won,
      automatic: auto,
      reason,
    })
  })

  it('has an automatic result exactly when one die is a 1 or a 6 and the dice are not a matching 1-1 or 6-6', () => {
    for (let a = 1; a <= 6; a++) {
      for (let d = 1; d <= 6; d++) {
        const special = a === 1 || a === 6 || d === 1 || d === 6
        const same = a === d && (a === 1 || a === 6)
        expect(automaticResult(a, d) !== null).toBe(special && !same)
      }
    }
  })

  it.each([
    // Hand counts out of 36: 9 automatic wins, 9 automatic losses, 18 pairs by the totals.
    { m: 0, dm: 0, wins: 15 }, // equal: 9 automatic + 6 of the 16 pairs of 2-5 where a > d
    { m: 1, dm: 0, wins: 21 }, // a >= d among 2-5 (10), and both doubles (2)
    { m: 30, dm: 0, wins: 27 }, // every pair the totals decide: the most anyone can hit is 3 in 4
    { m: 0, dm: 30, wins: 9 }, // only the automatic wins: the least is 1 in 4
  ])('chance to win with +$m against +$dm is $wins/36', ({ m, dm, wins }) => {
    expect(opposedChance(m, dm).wins).toBe(wins)
    const d = walk((dice) => {
      const o = opposedRoll(dice.roll(6, 'a'), m, dice.roll(6, 'd'), dm)
      return String(o.won)
    })
    expect(d.fraction('true')).toBe(fraction(BigInt(wins), 36n))
  })
})
