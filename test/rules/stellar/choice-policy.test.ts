import { describe, expect, it } from 'vitest'
import { PhysicalDice } from '../../../src/core/physical.js'
import { compareScores, outlookScore, preferFor } from '../../../src/rules/stellar/choice.js'
import { resolveShot } from '../../../src/rules/stellar/shoot.js'
import { shotExpected, shotOdds } from '../../../src/rules/stellar/shoot-odds.js'
import { type PlainShot, bruteShot } from './evade-brute.js'
import { ruleShot } from './shot-fixture.js'

describe('the automatic choices: one policy (choice.ts)', () => {
  it('the score reads the chance of destruction first, then capped damage, failed saves, hits', () => {
    const o = { destroyed: 0.2, damage: 900, capped: 500, failedSaves: 1, unblockedHits: 2 }
    expect(outlookScore(o)).toEqual([0.2, 500, 1, 2])
    const safer = { destroyed: 0.1, damage: 2000, capped: 590, failedSaves: 2, unblockedHits: 5 }
    // The defender takes less chance of destruction over less damage; the attacker the reverse.
    expect(preferFor('spare', safer, o)).toBeLessThan(0)
    expect(preferFor('harm', safer, o)).toBeGreaterThan(0)
    // One tolerance, relative: 1e-12 apart on a damage of 1000 is a tie, 1e-6 is not.
    expect(compareScores([0, 1000], [0, 1000 + 1e-10])).toBe(0)
    expect(compareScores([0, 1000], [0, 1000 + 1e-3])).toBeLessThan(0)
  })
})

describe('evade rerolls with the target HP known: least chance of destruction first', () => {
  // mecha shoot --acc 8 --evade 0 --shots 2 --dmg 300 --pen 4 --arm-sv 3 --bonus barrage
  //   --defense dodge --def-trait improvise --hp 600: 3 shots, evaded on 7+.
  const issue: PlainShot = {
    acc: 8,
    evade: 0,
    dodge: true,
    guard: false,
    shots: 3,
    dmg: 300,
    pen: 4,
    armSv: 3,
    shield: 0,
    hp: 600,
    rerolls: 2,
  }

  it('rolls 4, 7, 8: one hit for 300 of its 600 HP, so the defender keeps its dice and survives', () => {
    const r = resolveShot(new PhysicalDice([4, 7, 8]), ruleShot(issue))
    expect(r.reroll).toMatchObject({ crits: 0, hits: 0, dice: [] })
    expect(r.damage).toBe(300)
    expect(r.destroyed).toBe(false)
  })

  it('the odds: P(destroyed) 0.42656, not 0.46496 (the reroll spent on least expected damage)', () => {
    const o = shotOdds(ruleShot(issue))
    const p = o.destroyed!.where((d) => d === 'true')
    expect(p).toBeCloseTo(0.42656, 12)
    expect(p).toBeCloseTo(bruteShot(issue).destroyed, 12)
  })

  const cases: PlainShot[] = [
    issue,
    { ...issue, hp: undefined },
    { ...issue, hp: 900, shots: 3, rerolls: 3 },
    {
      acc: 9,
      evade: 3,
      dodge: false,
      guard: true,
      shots: 3,
      dmg: 200,
      pen: 6,
      armSv: 2,
      shield: 1,
      hp: 1000,
      rerolls: 2,
    },
    {
      acc: 10,
      evade: 2,
      dodge: true,
      guard: false,
      shots: 4,
      dmg: 400,
      pen: 0,
      armSv: 0,
      shield: 0,
      hp: 800,
      rerolls: 1,
    },
    {
      acc: 9,
      evade: 4,
      dodge: false,
      guard: false,
      shots: 3,
      dmg: 300,
      pen: 5,
      armSv: 1,
      shield: 0,
      hp: 1300,
      rerolls: 2,
    },
    {
      acc: 9,
      evade: 4,
      dodge: false,
      guard: false,
      shots: 3,
      dmg: 300,
      pen: 5,
      armSv: 1,
      shield: 0,
      rerolls: 2,
    },
  ]
  it.each(cases)('odds and outlook equal the brute force, every face enumerated (%o)', (p) => {
    const s = ruleShot(p)
    const brute = bruteShot(p)
    const o = shotOdds(s)
    // Without HP the damage distribution is the policy's; with HP, options that tie on the
    // chance of destruction and the capped damage may differ past the HP, so those two are read.
    if (p.hp === undefined) {
      const got = o.damage.outcomes().filter((d) => o.damage.prob(d) > 0)
      const want = [...brute.damage].filter(([, q]) => q > 1e-15)
      expect(got).toHaveLength(want.length)
      for (const [d, q] of want) expect(o.damage.prob(d)).toBeCloseTo(q, 12)
    }
    const e = shotExpected(s)
    expect(e.capped).toBeCloseTo(brute.capped, 9)
    if (p.hp !== undefined) {
      expect(o.destroyed!.where((d) => d === 'true')).toBeCloseTo(brute.destroyed, 12)
      expect(e.destroyed).toBeCloseTo(brute.destroyed, 12)
    }
  })
})
