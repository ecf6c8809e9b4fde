import { describe, expect, it } from 'vitest'
import { walk } from '../../../src/core/exact.js'
import type { PlanQuery, PlanResult } from '../../../src/models/stellar/plan.js'
import { planModel } from '../../../src/models/stellar/plan.js'
import { planQuery, planRoster } from './plan-fixture.js'

/**
 * A plan carries the defender's once-a-round Improvise (issue 27): spent on one attack, it is gone
 * for the attacks after it. The exact odds (the fold over HP left and traits spent) against a brute
 * force: the ROLLED plan walked over every die it can roll (core/exact.ts `walk`), each attack
 * settled and its Improvise spent as a roll decides it. Small shots keep the walk short.
 */
const roster = planRoster({
  target: { evade: 4, armSv: 3, size: 1, hp: 1200, traits: ['improvise'] },
  plain: { evade: 4, armSv: 3, size: 1, hp: 1200 },
})

const query = (words: string[], given: Record<string, unknown> = {}) => planQuery(roster, words, given)

/** The rolled plan, every die walked: the chance of each (HP left, damage dealt). */
function bruteForce(q: PlanQuery): Map<string, number> {
  const d = walk(
    (dice) => {
      const r = planModel.resolve(dice, q) as PlanResult
      const last = r.steps[r.steps.length - 1]
      return `${last.hpLeft} ${r.steps.reduce((n, s) => n + s.damage, 0)}`
    },
    (k) => k,
  )
  return new Map(d.sorted())
}

/** The fold's answer as the same pairs: HP left and damage are read jointly from the odds JSON. */
function folded(q: PlanQuery): { destroyed: number; damage: Record<string, number> } {
  const o = planModel.odds!(q)
  const j = o.json as { damage: Record<string, number>; destroyed: { true: number } }
  return { destroyed: j.destroyed.true, damage: j.damage }
}

function marginalDamage(m: Map<string, number>): Record<string, number> {
  const out: Record<string, number> = {}
  for (const [k, p] of m) {
    const dmg = k.split(' ')[1]
    out[dmg] = (out[dmg] ?? 0) + p
  }
  return out
}

const destroyedOf = (m: Map<string, number>) =>
  [...m].filter(([k]) => k.startsWith('0 ')).reduce((n, [, p]) => n + p, 0)

function expectSame(q: PlanQuery): void {
  const brute = bruteForce(q)
  const fold = folded(q)
  expect(fold.destroyed).toBeCloseTo(destroyedOf(brute), 12)
  const bd = marginalDamage(brute)
  expect(Object.keys(fold.damage).sort()).toEqual(Object.keys(bd).sort())
  for (const [k, p] of Object.entries(bd)) expect(fold.damage[k]).toBeCloseTo(p, 12)
}

describe('a plan carries the defender’s Improvise (once a round)', () => {
  it('rolled: the first attack that rerolls spends it, the next one meets it spent', async () => {
    const q = await query(['target', 'gunner:rifle', 'gunner:rifle', 'gunner:rifle'], { seed: 'x' })
    expect(q.attacks.every((a) => a.carried?.uses.includes('improvise'))).toBe(true)
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const { SeededDice } = await import('../../../src/core/seeded.js')
      const r = planModel.resolve(new SeededDice(seed), q) as PlanResult
      let spent = false
      for (const s of r.steps) {
        const shot = s.result as { reroll?: { dice: number[] } }
        // Once spent, the defender rerolls nothing more (Improvise was its only reroll).
        if (spent) expect(shot.reroll).toBeUndefined()
        expect(s.spends === 'improvise').toBe(!spent && (shot.reroll?.dice.length ?? 0) > 0)
        spent ||= s.spends === 'improvise'
      }
    }
  })

  it('--odds: the fold over HP left and Improvise spent equals every die walked', async () => {
    expectSame(await query(['target', 'gunner:rifle', 'gunner:gun']))
  })

  it('with a free reroll besides (Spread M-Particles): Improvise spent only past it', async () => {
    expectSame(await query(['target', 'gunner:gun', 'gunner:gun'], { mParticles: true }))
  })

  it('differs from the plan where Improvise comes back on every attack', async () => {
    const q = await query(['target', 'gunner:rifle', 'gunner:gun'])
    const carried = folded(q).destroyed
    // Each attack with its own Improvise: the attacks as if nothing carried.
    const fresh = folded({ ...q, attacks: q.attacks.map((a) => ({ ...a, carried: undefined })) }).destroyed
    const none = folded(await query(['plain', 'gunner:rifle', 'gunner:gun'])).destroyed
    expect(carried).toBeGreaterThan(fresh)
    expect(carried).toBeLessThan(none)
  })
})
