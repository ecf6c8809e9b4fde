import { describe, expect, it } from 'vitest'
import { PhysicalDice } from '../../../src/core/physical.js'
import { aim, resolveShot, shotFlow } from '../../../src/rules/stellar/shoot.js'
import { shotDamageOdds, shotExpected } from '../../../src/rules/stellar/shoot-odds.js'
import { type PlainShot, bruteShot } from './evade-brute.js'
import { ruleShot } from './shot-fixture.js'

const plain: PlainShot = {
  acc: 9,
  evade: 3,
  dodge: false,
  guard: false,
  shots: 3,
  dmg: 300,
  pen: 5,
  armSv: 1,
  shield: 0,
  rerolls: 0,
}

describe('the shot is one flow: evade dice (with the reroll), blocks, saves', () => {
  it('has its three stages, and a roll is the flow played with the dice given', () => {
    expect(shotFlow.names).toEqual(['evade', 'blocks', 'saves'])
    // 1 (critical: 2 hits), 5 (hit), 9 (miss): 3 hits; PEN 5 vs ARM Sv 1 saves 3 dice: 10, 10, 1.
    const s = ruleShot(plain)
    const dice = [1, 5, 9, 10, 10, 1]
    expect(shotFlow.run(aim(s), new PhysicalDice(dice))).toEqual(resolveShot(new PhysicalDice(dice), s))
    expect(resolveShot(new PhysicalDice(dice), s).hits).toBe(3)
  })

  const cases: PlainShot[] = [
    plain,
    { ...plain, shots: 2, hp: 900 },
    { ...plain, dodge: true, shield: 1, pen: 0, armSv: 0 },
    { ...plain, guard: true, hp: 600, rerolls: 1 },
    { ...plain, acc: 8, evade: 0, dodge: true, dmg: 300, pen: 4, armSv: 3, hp: 600, rerolls: 2 },
    { ...plain, shots: 2, rerolls: 2 },
  ]
  it.each(cases)('its fold equals a brute force of every face of every die (%o)', (p) => {
    const s = ruleShot(p)
    const brute = bruteShot(p)
    const fold = shotFlow.odds(aim(s), (r) => r.damage)
    // The damage distribution is the policy's own without HP; with HP, options that tie on the
    // chance of destruction and the capped damage may differ past the HP.
    if (p.hp === undefined) {
      const want = [...brute.damage].filter(([, q]) => q > 1e-15)
      expect(fold.outcomes().filter((d) => fold.prob(d) > 0)).toHaveLength(want.length)
      for (const [d, q] of want) expect(fold.prob(d)).toBeCloseTo(q, 12)
    } else expect(fold.where((d) => d >= p.hp!)).toBeCloseTo(brute.destroyed, 12)
    // The reads of the same fold, and the choices' outlook through it.
    expect(shotDamageOdds(s).toJSON()).toEqual(fold.toJSON())
    expect(shotExpected(s).capped).toBeCloseTo(brute.capped, 9)
  })
})
