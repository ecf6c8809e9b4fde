import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as api from '../../src/api/index.js'
import { mecha, mechaJson, refused } from './in-process.js'

/**
 * `mecha plan DEFENDER ATTACKER[:WEAPON]…` (issue 27): the attacks in order against one defender,
 * its HP carried over. Each step is checked against its own command asked alone (`shoot`,
 * `melee`), and the exact odds against compositions written here from those commands' answers.
 */
const R = ['--roster', 'examples/roster.yaml']
const plan = (...args: string[]) => mechaJson(['plan', ...args, ...R])
const without = (o: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)))

/** A distribution as the JSON gives it, as [outcome, chance] pairs. */
const pairs = (m: Record<string, number>) => Object.entries(m).map(([k, p]) => [Number(k), p] as const)

/** The independent convolution: the total damage of attacks that do not depend on each other. */
function convolve(dists: Array<Record<string, number>>): Map<number, number> {
  let total = new Map([[0, 1]])
  for (const d of dists) {
    const next = new Map<number, number>()
    for (const [s, p] of total) for (const [x, q] of pairs(d)) next.set(s + x, (next.get(s + x) ?? 0) + p * q)
    total = next
  }
  return total
}

const chanceAtLeast = (d: Map<number, number>, hp: number) =>
  [...d].filter(([x]) => x >= hp).reduce((n, [, p]) => n + p, 0)

describe('plan: rolled, each step and the HP left', () => {
  it('each step is its own command at the HP left, with the dice that follow the last step', () => {
    const p = plan('dervish', 'argonaut:cannon', 'blue-djinn:heat-sword', '--seed', 'demo')
    // Step 1 is `mecha shoot argonaut:cannon dervish --seed demo`, exactly (dervish: HP 2800).
    const shot = mechaJson(['shoot', 'argonaut:cannon', 'dervish', ...R, '--seed', 'demo'])
    expect(p.steps[0].answer).toEqual(without(shot, 'seed', 'inputs'))
    expect(p.steps[0]).toMatchObject({ step: 1, attack: 'argonaut:cannon', command: 'shoot', hp: 2800 })
    expect(p.steps[0].damage).toBe(shot.damage)
    expect(p.steps[0].hpLeft).toBe(2800 - shot.damage)
    expect(p.steps[0].destroyed).toBe(false)
    // Step 2 is the charge against the HP left.
    const charge = p.steps[1]
    expect(charge).toMatchObject({ attack: 'blue-djinn:heat-sword', command: 'melee', hp: p.steps[0].hpLeft })
    expect(charge.answer.defender.hp).toBe(p.steps[0].hpLeft)
    expect(charge.damage).toBe(charge.answer.defender.damageTaken)
    expect(charge.hpLeft).toBe(Math.max(0, charge.hp - charge.damage))
    expect(p.damage).toBe(p.steps[0].damage + charge.damage)
    expect(p.hpLeft).toBe(charge.hpLeft)
    expect(p.destroyed).toBe(charge.hpLeft === 0)
    expect(p.seed).toBe('demo')
  })

  it('the dice of a seeded plan, typed as --rolls, give the same plan (one stream, step by step)', () => {
    const p = plan('dervish', 'argonaut:cannon', 'argonaut:machine-gun', '--seed', 'r2')
    const rolls = p.steps.flatMap((s: any) => [
      ...s.answer.dice.map((d: any) => d.roll),
      ...s.answer.saves.map((d: any) => d.roll),
    ])
    const typed = plan('dervish', 'argonaut:cannon', 'argonaut:machine-gun', '--rolls', rolls.join(','))
    expect(typed.steps).toEqual(p.steps)
    expect(typed.rolls).toEqual(rolls)
  })

  it('stops when the defender is destroyed, and says which attacks were not made', () => {
    const p = plan('dervish', 'argonaut:cannon', 'argonaut:machine-gun', '--hp', '500', '--seed', 'q')
    expect(p.steps).toHaveLength(1)
    expect(p.steps[0].damage).toBeGreaterThanOrEqual(500)
    expect(p).toMatchObject({
      hp: 500,
      hpLeft: 0,
      destroyed: true,
      destroyedBy: 1,
      notMade: ['argonaut:machine-gun'],
    })
    const text = mecha([
      'plan',
      'dervish',
      'argonaut:cannon',
      'argonaut:machine-gun',
      '--hp',
      '500',
      '--seed',
      'q',
      ...R,
    ])
    expect(text.code).toBe(0)
    expect(text.stdout).toContain('dervish destroyed by attack 1 of 2')
    expect(text.stdout).toContain('not made: argonaut:machine-gun')
  })

  it('--explain walks through each step in turn', () => {
    const r = mecha([
      'plan',
      'dervish',
      'argonaut:cannon',
      'argonaut:machine-gun',
      '--seed',
      'demo',
      '--explain',
      ...R,
    ])
    expect(r.code).toBe(0)
    const one = r.stdout.indexOf('Attack 1: argonaut:cannon at HP 2800')
    const two = r.stdout.indexOf('Attack 2: argonaut:machine-gun at HP ')
    expect(one).toBeGreaterThan(0)
    expect(two).toBeGreaterThan(one)
  })
})

describe('plan --odds: composed exactly, HP carried', () => {
  it('with no HP-dependent choice, P(destroyed) and the HP left are the convolution of the single attacks', () => {
    // Choices fixed, no evade rerolls: each shot's damage odds are the same at every HP.
    const fixed = ['--bonus', 'none', '--defense', 'none']
    const attacks = ['argonaut:cannon', 'argonaut:machine-gun', 'argonaut:cannon']
    const hp = 2800
    const singles = attacks.map(
      (a) =>
        mechaJson(['shoot', a, 'dervish', ...R, '--odds', ...fixed]).odds.damage as Record<string, number>,
    )
    const total = convolve(singles)
    const p = plan('dervish', ...attacks, '--odds', ...fixed)
    expect(p.odds.destroyed.true).toBeCloseTo(chanceAtLeast(total, hp), 12)
    expect(p.odds.destroyed.true + p.odds.destroyed.false).toBeCloseTo(1, 12)
    // HP left h > 0: the attacks dealt hp - h in all.
    for (const [left, chance] of pairs(p.odds.hpLeft))
      if (left > 0) expect(chance).toBeCloseTo(total.get(hp - left) ?? 0, 12)
    // Each step's chance destroyed by then: the convolution of the attacks so far.
    p.steps.forEach((s: any, k: number) =>
      expect(s.destroyedBy).toBeCloseTo(chanceAtLeast(convolve(singles.slice(0, k + 1)), hp), 12),
    )
  })

  it("with the defender's evade reroll chosen at each HP, it differs from the convolution; composed by hand it agrees", () => {
    // M-Particles give the defender an evade reroll, chosen to keep it alive at the HP it has:
    // the second shot meets each HP the first leaves with its own reroll policy.
    const flags = ['--m-particles', '--bonus', 'barrage', '--defense', 'guard']
    const hp = 2800
    const shot = (h: number) =>
      mechaJson(['shoot', 'argonaut:cannon', 'dervish', ...R, '--odds', '--hp', String(h), ...flags])
    const first = shot(hp).odds.damage as Record<string, number>
    const p = plan('dervish', 'argonaut:cannon', 'argonaut:cannon', '--odds', ...flags)
    let byHand = 0
    for (const [d, chance] of pairs(first))
      byHand += chance * (d >= hp ? 1 : shot(hp - d).odds.destroyed.true)
    expect(p.odds.destroyed.true).toBeCloseTo(byHand, 12)
    const independent = chanceAtLeast(convolve([first, first]), hp)
    expect(p.odds.destroyed.true).toBeCloseTo(0.500079066527826, 12)
    expect(independent).toBeCloseTo(0.5092004115723059, 12)
  })

  it('a charge in the plan: each HP the shot leaves meets the charge at that HP (melee --odds --def-hp)', () => {
    const hp = 2800
    const first = mechaJson(['shoot', 'argonaut:cannon', 'dervish', ...R, '--odds']).odds.damage as Record<
      string,
      number
    >
    let byHand = 0
    for (const [d, chance] of pairs(first))
      byHand +=
        chance *
        (d >= hp
          ? 1
          : mechaJson([
              'melee',
              'blue-djinn:heat-sword',
              'dervish',
              ...R,
              '--odds',
              '--def-hp',
              String(hp - d),
            ]).odds.destroyed.defender.true)
    const p = plan('dervish', 'argonaut:cannon', 'blue-djinn:heat-sword', '--odds')
    expect(p.odds.destroyed.true).toBeCloseTo(byHand, 12)
    expect(p.steps[1].destroyedBy).toBeCloseTo(byHand, 12)
    expect(p.steps[0].destroyedAt + p.steps[1].destroyedAt).toBeCloseTo(byHand, 12)
  })

  it('every map sums to 1, and --csv and --plot draw the odds', () => {
    const p = plan('dervish', 'argonaut:cannon', 'argonaut:machine-gun', '--odds')
    for (const m of [p.odds.damage, p.odds.hpLeft, p.odds.destroyed])
      expect(Object.values(m as Record<string, number>).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9)
    expect(p.odds.expected.destroyed).toBe(p.odds.destroyed.true)
    const csv = mecha(['plan', 'dervish', 'argonaut:cannon', '--odds', '--csv', ...R])
    expect(csv.code).toBe(0)
    expect(csv.stdout).toMatch(/^distribution,outcome,chance,atLeast\n/)
    expect(csv.stdout).toContain('\nhpLeft,0,')
    const svg = mecha(['plan', 'dervish', 'argonaut:cannon', '--odds', '--plot', '-', ...R])
    expect(svg.code).toBe(0)
    expect(svg.stdout).toContain('<svg')
  })
})

describe('plan --need', () => {
  it('the fewest attacks that reach the chance, each count the odds of that plan', () => {
    const n = plan('dervish', 'argonaut:cannon', '--need', '0.8').need
    expect(n).toMatchObject({ chance: 0.8, attacks: 3, reached: true, cap: 100 })
    const two = plan('dervish', 'argonaut:cannon', 'argonaut:cannon', '--odds').odds.destroyed.true
    const three = plan('dervish', 'argonaut:cannon', 'argonaut:cannon', 'argonaut:cannon', '--odds').odds
      .destroyed.true
    expect(n.byAttack[1]).toBeCloseTo(two, 12)
    expect(two).toBeLessThan(0.8)
    expect(n.byAttack[2]).toBeCloseTo(three, 12)
    expect(three).toBeGreaterThanOrEqual(0.8)
    expect(plan('dervish', 'argonaut:cannon', '--need', '80%').need.attacks).toBe(3)
  })

  it('the listed attacks repeat in order', () => {
    const n = plan('dervish', 'argonaut:machine-gun', 'argonaut:cannon', '--need', '0.9').need
    const k = n.attacks
    const listed = Array.from({ length: k }, (_, i) => (i % 2 ? 'argonaut:cannon' : 'argonaut:machine-gun'))
    expect(plan('dervish', ...listed, '--odds').odds.destroyed.true).toBeCloseTo(n.destroyed, 12)
    expect(n.byAttack[k - 2]).toBeLessThan(0.9)
  })

  it('a chance never reached: said so, never a count', () => {
    const never = plan('dervish', 'argonaut:machine-gun', '--dmg', '0', '--need', '0.5').need
    expect(never).toMatchObject({ attacks: null, reached: false, destroyed: 0 })
    const capped = plan('dervish', 'argonaut:machine-gun', '--hp', '50000', '--need', '1').need
    expect(capped).toMatchObject({ attacks: null, reached: false })
    expect(capped.byAttack).toHaveLength(100)
    const text = mecha(['plan', 'dervish', 'argonaut:machine-gun', '--dmg', '0', '--need', '0.5', ...R])
    expect(text.code).toBe(0)
    expect(text.stdout).toContain('is never reached')
  })
})

describe('plan --compare', () => {
  it('ranks every distinct order by P(destroyed), each with the odds of that order', () => {
    const c = plan(
      'dervish',
      'argonaut:cannon',
      'argonaut:cannon',
      'argonaut:machine-gun',
      '--odds',
      '--compare',
    )
    const options = c.compare[0].options
    expect(options.map((o: any) => o.name).sort()).toEqual([
      'argonaut:cannon,argonaut:cannon,argonaut:machine-gun',
      'argonaut:cannon,argonaut:machine-gun,argonaut:cannon',
      'argonaut:machine-gun,argonaut:cannon,argonaut:cannon',
    ])
    for (let i = 1; i < options.length; i++)
      expect(options[i - 1].value).toBeGreaterThanOrEqual(options[i].value)
    expect(options[0].best).toBe(true)
    for (const o of options) {
      const alone = plan('dervish', ...o.order, '--odds')
      expect(o.value).toBeCloseTo(alone.odds.destroyed.true, 12)
      expect(o.odds).toEqual(alone.odds)
    }
  })

  it('more than 6 attacks: one line, exit 2', () => {
    const line = refused([
      'plan',
      'dervish',
      ...Array(7).fill('argonaut:cannon'),
      '--odds',
      '--compare',
      ...R,
    ])
    expect(line).toContain('compare at most 6 attacks')
  })

  it('more than 50 attacks: one line, exit 2, said before any work', () => {
    const line = refused(['plan', 'dervish', ...Array(51).fill('argonaut:cannon'), '--odds', ...R])
    expect(line).toBe(
      'mecha: plan: 51 attacks are more than a plan takes (at most 50); to ask how many attacks destroy the defender, list them once and give --need',
    )
    // 50 is a plan: its odds are worked out.
    expect(
      mechaJson(['plan', 'dervish', ...Array(50).fill('argonaut:cannon'), '--odds', ...R]).odds,
    ).toBeDefined()
  })
})

describe('plan: bad input is one line, exit 2', () => {
  it.each([
    [['plan', 'nobody', 'argonaut:cannon'], 'nobody: no such unit'],
    [['plan', 'dervish', 'nobody:cannon'], 'nobody: no such unit'],
    [['plan', 'dervish', 'argonaut:laser'], 'argonaut has no weapon laser'],
    [['plan', 'dervish'], 'plan: no attacks'],
    [['plan'], 'plan: name the defender'],
    [['plan', 'dervish', 'argonaut'], 'name one: argonaut:cannon'],
    [['plan', 'dervish', 'argonaut:cannon', '--need', '1.5'], '--need: "1.5" is not a chance'],
    [['plan', 'dervish', 'argonaut:cannon', '--acc', '99'], '--acc: 99 is out of range'],
  ])('%j', (args, message) => {
    expect(refused([...args, ...R, '--seed', 'x'])).toContain(message)
  })
})

describe('plan --need rolls no dice', () => {
  it('--rolls with --need is one line saying so, exit 2 (not "dice left over")', () => {
    const line = refused(['plan', 'dervish', 'argonaut:cannon', '--need', '0.8', '--rolls', '1,2', ...R])
    expect(line).toBe('mecha: plan: --need works out the exact odds and rolls no dice; drop --rolls')
  })

  it('--seed with --need changes nothing, and no seed is reported (as with --odds)', () => {
    const args = ['plan', 'dervish', 'argonaut:cannon', '--need', '0.8', ...R]
    const bare = mecha(args)
    expect(bare.code).toBe(0)
    expect(mecha([...args, '--seed', 'x']).stdout).toBe(bare.stdout)
    expect(bare.stdout).not.toContain('seed')
    const json = mechaJson([...args, '--seed', 'x'])
    expect(json.seed).toBeUndefined()
    expect(json.need.attacks).toBe(3)
  })
})

describe('plan in batch and in the library', () => {
  const line = {
    command: 'plan',
    defender: 'dervish',
    attacks: ['argonaut:cannon', 'blue-djinn:heat-sword'],
    seed: 'demo',
  }

  it('a batch line answers as the command line', () => {
    const r = mecha(['batch', ...R], { input: JSON.stringify(line) + '\n' })
    expect(r.code).toBe(0)
    const answer = JSON.parse(r.stdout)
    const cli = plan('dervish', 'argonaut:cannon', 'blue-djinn:heat-sword', '--seed', 'demo')
    expect(without(answer, 'line', 'inputs')).toEqual(without(cli, 'inputs'))
    const bad = mecha(['batch', ...R], { input: '{"command":"plan","defender":"dervish"}\n' })
    expect(bad.code).toBe(2)
    expect(JSON.parse(bad.stdout)).toMatchObject({ line: 1, code: 'missing' })
  })

  it('batch lines with no attacks, or units that are not names, say what plan wants', () => {
    const lines = [
      { command: 'plan', defender: 'dervish', attacks: [] },
      { command: 'plan', attacks: ['argonaut:cannon'] },
      { command: 'plan', defender: 'dervish', attacks: [3] },
      { command: 'plan', defender: 'dervish', attacks: ['argonaut:cannon'], need: 0.8, rolls: [1, 2] },
    ]
    const r = mecha(['batch', ...R], { input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n' })
    expect(r.code).toBe(2)
    const answers = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(answers[0]).toMatchObject({ line: 1, code: 'missing' })
    expect(answers[0].error).toMatch(/^plan: no attacks; /)
    const names =
      '"defender" is a unit name and "attacks" a list of them, e.g. "defender": "dervish", "attacks": ["argonaut:cannon"]'
    expect(answers[1]).toEqual({ line: 2, error: names, code: 'bad-value' })
    expect(answers[2]).toEqual({ line: 3, error: names, code: 'bad-value' })
    expect(answers[3]).toEqual({
      line: 4,
      error: 'plan: "need" works out the exact odds and rolls no dice; drop "rolls"',
      code: 'bad-usage',
    })
  })

  it('plan.resolve, plan.odds and plan.compare answer as --json does', () => {
    const roster = api.parseRoster(readFileSync('examples/roster.yaml', 'utf8'), 'examples/roster.yaml')
    const request = { defender: 'dervish', attacks: ['argonaut:cannon', 'blue-djinn:heat-sword'], roster }
    const rolled = api.plan.resolve(request, { seed: 'demo' })
    const cli = plan('dervish', 'argonaut:cannon', 'blue-djinn:heat-sword', '--seed', 'demo')
    expect(without(rolled, 'inputs')).toEqual(without(cli, 'inputs'))
    const odds = api.plan.odds(request)
    expect(odds.odds).toEqual(plan('dervish', 'argonaut:cannon', 'blue-djinn:heat-sword', '--odds').odds)
    expect((api.plan.compare(request).compare as any[])[0].options).toHaveLength(2)
    expect(() => api.plan.resolve({ defender: 'dervish', attacks: [], roster }, { seed: 'x' })).toThrow(
      api.MechaError,
    )
  })
})
