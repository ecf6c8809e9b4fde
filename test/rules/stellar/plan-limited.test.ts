import { describe, expect, it } from 'vitest'
import { walk } from '../../../src/core/exact.js'
import { SeededDice } from '../../../src/core/seeded.js'
import type { PlanQuery, PlanResult } from '../../../src/models/stellar/plan.js'
import { planModel } from '../../../src/models/stellar/plan.js'
import { planQuery, planRoster } from './plan-fixture.js'

/**
 * A plan carries the defender's limited uses (issue 27; rules-notes, "Limited uses"): Invincible
 * and Untouchable once a round (taken by a Guard, a Dodge), Unyielding's +2 blocks once a round and
 * Superior Instincts' +3 blocks twice a game (taken by any attack), Solo Operative once a round
 * (taken by Dodge and Guard together). The exact odds against the rolled plan walked over every
 * die (core/exact.ts `walk`); small shots keep the walks short.
 */
const roster = planRoster({
  knight: { evade: 4, armSv: 3, size: 1, hp: 1000, traits: ['invincible', 'unyielding'] },
  sage: { evade: 4, armSv: 3, size: 1, hp: 2000, traits: ['superior-instincts'] },
  loner: { evade: 4, armSv: 3, size: 1, hp: 1000, traits: ['solo-operative', 'untouchable'] },
})

const query = (words: string[], given: Record<string, unknown> = {}) => planQuery(roster, words, given)

/** The rolled plan, every die walked: the chance of each damage dealt in all. */
function bruteForce(q: PlanQuery): Record<string, number> {
  const d = walk(
    (dice) => (planModel.resolve(dice, q) as PlanResult).steps.reduce((n, s) => n + s.damage, 0),
    (k) => k,
  )
  return Object.fromEntries(d.sorted().map(([k, p]) => [String(k), p]))
}

function expectFoldIsBruteForce(q: PlanQuery): void {
  const fold = (planModel.odds!(q).json as { damage: Record<string, number> }).damage
  const brute = bruteForce(q)
  expect(Object.keys(fold).sort()).toEqual(Object.keys(brute).sort())
  for (const [k, p] of Object.entries(brute)) expect(fold[k]).toBeCloseTo(p, 12)
}

const destroyed = (q: PlanQuery) =>
  (planModel.odds!(q).json as { destroyed: { true: number } }).destroyed.true

describe('a plan carries the defender’s limited uses', () => {
  it('rolled: Invincible and Unyielding taken by the first attack (a Guard), then read as spent', async () => {
    const q = await query(['knight', 'gunner:rifle', 'gunner:rifle', 'gunner:rifle'], { defense: 'guard' })
    for (const seed of ['a', 'b', 'c']) {
      const r = planModel.resolve(new SeededDice(seed), q) as PlanResult
      const json = planModel.json(r, q) as { steps: Array<{ spent?: string[]; answer: any }> }
      const [first, ...rest] = json.steps
      expect(first.spent).toEqual(['invincible', 'unyielding'])
      expect(first.answer.traits.defender).toEqual(['invincible=crits-as-hits', 'unyielding=blocks'])
      for (const s of rest) {
        expect(s.spent).toBeUndefined()
        expect(s.answer.traits.defender).toEqual(['invincible=spent', 'unyielding=rerolls'])
      }
    }
  })

  it('rolled: Invincible waits for a Guard (none taken while the defender does not guard)', async () => {
    const q = await query(['knight', 'gunner:rifle', 'gunner:rifle'], { defense: 'none' })
    const r = planModel.resolve(new SeededDice('a'), q) as PlanResult
    const json = planModel.json(r, q) as { steps: Array<{ spent?: string[]; answer: any }> }
    expect(json.steps.map((s) => s.spent)).toEqual([['unyielding'], undefined])
    expect(json.steps[1].answer.traits.defender).toEqual(['invincible=crits-as-hits', 'unyielding=rerolls'])
  })

  it('rolled: Superior Instincts’ blocks taken once for gunner’s turn, held by all its attacks', async () => {
    // One unit's attacks in a row are its one turn; "+3 Blocks this Turn" (plan-turns.test.ts).
    const q = await query(['sage', 'gunner:rifle', 'gunner:rifle', 'gunner:rifle'])
    const r = planModel.resolve(new SeededDice('a'), q) as PlanResult
    const json = planModel.json(r, q) as { steps: Array<{ spent?: string[]; answer: any }> }
    expect(json.steps.map((s) => s.spent)).toEqual([['superior-instincts'], undefined, undefined])
    expect(json.steps.map((s) => s.answer.traits.defender)).toEqual([
      ['superior-instincts=blocks'],
      ['superior-instincts=blocks'],
      ['superior-instincts=blocks'],
    ])
  })

  it('rolled: Superior Instincts’ blocks at most twice a game, then immunity only', async () => {
    // A game's plan that begins with one use taken already: this turn takes the second.
    const q = { ...(await query(['sage', 'gunner:rifle', 'gunner:rifle'])), spent: 'superior-instincts' }
    const r = planModel.resolve(new SeededDice('a'), q) as PlanResult
    const json = planModel.json(r, q) as { steps: Array<{ spent?: string[]; answer: any }> }
    expect(json.steps.map((s) => s.spent)).toEqual([['superior-instincts'], undefined])
    const spentBoth = { ...q, spent: 'superior-instincts,superior-instincts' }
    const again = planModel.json(
      planModel.resolve(new SeededDice('a'), spentBoth) as PlanResult,
      spentBoth,
    ) as {
      steps: Array<{ spent?: string[]; answer: any }>
    }
    expect(again.steps.map((s) => s.answer.traits.defender)).toEqual([
      ['superior-instincts=immune'],
      ['superior-instincts=immune'],
    ])
  })

  it('--odds: Invincible and Unyielding carried, the reaction chosen at each HP, equal every die walked', async () => {
    expectFoldIsBruteForce(await query(['knight', 'gunner:gun', 'gunner:gun']))
  })

  it('--odds: Superior Instincts over three attacks equals every die walked', async () => {
    expectFoldIsBruteForce(await query(['sage', 'gunner:rifle', 'gunner:rifle', 'gunner:rifle']))
  })

  it('--odds: Solo Operative and Untouchable (taken by Dodge and Guard together) equal every die walked', async () => {
    expectFoldIsBruteForce(await query(['loner', 'gunner:gun', 'gunner:gun']))
  })

  it('carried uses lie between the plan where they come back on every attack and none at all', async () => {
    const q = await query(['knight', 'gunner:gun', 'gunner:gun', 'gunner:gun'], { defense: 'guard' })
    const carried = destroyed(q)
    const fresh = destroyed({ ...q, attacks: q.attacks.map((a) => ({ ...a, carried: undefined })) })
    const spentAll = destroyed({
      ...q,
      attacks: q.attacks.map((a) => ({ ...a, query: a.carried!.spent('invincible,unyielding') }) as typeof a),
    })
    expect(carried).toBeGreaterThan(fresh)
    expect(carried).toBeLessThan(spentAll)
  })
})
