import { describe, expect, it } from 'vitest'
import { PhysicalDice } from '../../../src/core/physical.js'
import {
  aim,
  laterFlowOutlook,
  laterOutlook,
  resolveShot,
  shotFlow,
} from '../../../src/rules/stellar/shoot.js'
import {
  rankDefenses,
  shotDamageOdds,
  shotDamagePercentile,
  shotExpected,
} from '../../../src/rules/stellar/shoot-odds.js'
import { type PlainShot, bruteShot } from './evade-brute.js'
import { ruleShot, shot } from './shot-fixture.js'

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

describe('reads of the flow without its results built', () => {
  // Blocks, Momentum (a warship pays two a hit), saves with rerolls and "It's not over yet!",
  // Persevere, HP, a Solo Operative's evade rerolls, an Ace downing remote weapons.
  const shots = [
    shot(),
    shot({
      weapon: { shots: 6, dmg: 300, pen: { value: 4, kind: 'damage' } },
      target: { armSv: 2, hp: 700 },
    }),
    shot({
      weapon: { shots: 8, dmg: 200, pen: { value: 2, kind: 'stun' } },
      target: { armSv: 3, shield: 1, momentum: 3, reroll: true, defPilot: 1, notOverYet: 1 },
      defense: 'guard',
    }),
    shot({
      weapon: { acc: 12, shots: 7, dmg: 500, pen: { value: 5, kind: 'damage' } },
      target: { warship: true, momentum: 3, armSv: 2, persevere: true, evadeRerolls: 2, hp: 1500 },
      situation: { cover: true, round: 4 },
    }),
    shot({ weapon: { shots: 5, dmg: 100 }, situation: { remoteShootDown: true, blindside: true } }),
  ]
  it.each(shots.map((s, i) => [i, s] as const))(
    'shot %i: the luck of every damage is the percentile of the fold of the whole flow',
    (_i, s) => {
      const damage = shotDamageOdds(s)
      const probes = [...damage.outcomes(), -1, 0, 50, 10 ** 6]
      for (const x of probes) expect(shotDamagePercentile(s, x)).toBe(damage.percentile(x))
    },
  )
  it.each(shots.map((s, i) => [i, s] as const))(
    'shot %i: the luck read from what the automatic choice weighed is the same number',
    (_i, s) => {
      const damage = shotDamageOdds(s)
      // The reaction ranked with the shot's own bonus: the option taken carries what it was weighed over.
      const taken = rankDefenses(s, [s.defense])[0]
      expect(taken.value).toBe(s.defense)
      for (const x of [...damage.outcomes(), 0, 10 ** 6])
        expect(shotDamagePercentile(s, x, taken.weighed)).toBe(damage.percentile(x))
    },
  )
  it.each(shots.map((s, i) => [i, s] as const))(
    "shot %i: the later stages' outlook per hits is their flow's fold, term for term",
    (_i, s) => {
      for (let hits = 0; hits <= 24; hits++) expect(laterOutlook(s)(hits)).toEqual(laterFlowOutlook(s, hits))
    },
  )
})
