/**
 * --odds --explain: the odds, then how they are worked out. The worked rows are read against a
 * hand calculation and against the exact odds the same command answers with in JSON.
 */
import { describe, expect, it } from 'vitest'
import { mecha, mechaJson } from './in-process.js'

const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n - 1, k - 1) * n) / k)
const fact = (n: number): number => (n <= 1 ? 1 : n * fact(n - 1))

function explained(args: string[]): string {
  const r = mecha([...args, '--odds', '--explain'])
  expect(r.code, r.stderr).toBe(0)
  const plain = mecha([...args, '--odds']).stdout
  // The odds as --odds prints them, then the explanation.
  expect(r.stdout.startsWith(plain.trimEnd() + '\n\nHow these odds are worked out\n')).toBe(true)
  return r.stdout
    .slice(plain.trimEnd().length)
    .replace(/\n {2,}(?=\S)/g, (m) => (/\n {3}\S/.test(m) ? m : ' '))
}

describe('shoot --odds --explain', () => {
  const args = [
    'shoot',
    '--acc',
    '9',
    '--evade',
    '4',
    '--shots',
    '5',
    '--dmg',
    '300',
    '--pen',
    '5',
    '--arm-sv',
    '2',
    '--hp',
    '1000',
  ]
  const text = explained(args)
  const odds = mechaJson([...args, '--odds']).odds

  it('names each evade face class with its chance, from the target number', () => {
    expect(text).toContain('1. Target number = Acc 9 - Evade 4 = 5.')
    expect(text).toContain('2. Shots = 5 + Barrage 1 = 6: 6 evade dice.')
    expect(text).toMatch(/1-2 +20\.00% +\(0\.2\) +critical: 2 hits \(at most 3 criticals\)/)
    expect(text).toMatch(/3-4 +20\.00% +\(0\.2\) +hit/)
    expect(text).toMatch(/5-8 +40\.00% +\(0\.4\) +evaded/)
    expect(text).toMatch(/9-10 +20\.00% +\(0\.2\) +always a miss/)
  })

  it('works one multinomial row of the pool, as a hand calculation gives it', () => {
    const row = /6!\/\(1! 1! 3! 1!\) x 0\.2 x 0\.2 x 0\.4\^3 x 0\.2 = 120 x 0\.000512 = 0\.06144 \(6\.14%\)/
    expect(text).toMatch(row)
    expect(fact(6) / (fact(1) * fact(1) * fact(3) * fact(1))).toBe(120)
    expect(120 * 0.2 * 0.2 * 0.4 ** 3 * 0.2).toBeCloseTo(0.06144, 12)
    // 1 critical (2 hits) + 1 hit = 3 hits.
    expect(text).toContain('It makes 3 hits')
  })

  it('folds in the blocks, the saves (a binomial row), damage and the HP cut-off of the odds', () => {
    expect(text).toContain('5. Blocks = Guard 1 = 1; no Momentum spent')
    expect(text).toContain('Target = PEN 5 - ARM Sv 2 = 3.')
    expect(text).toContain('e.g. 1 failed of 2 = C(2,1) x 0.2 x 0.8 = 2 x 0.16 = 0.32 (32.00%)')
    expect(choose(2, 1) * 0.2 * 0.8).toBeCloseTo(0.32, 12)
    expect(text).toContain('Damage = unblocked hits x 300 + 1000 per failed save')
    expect(text).toContain(
      `Expected damage = the sum of damage x chance = ${odds.expected.damage.toFixed(2)}`,
    )
    const destroyed = `${(odds.destroyed.true * 100).toFixed(2)}%`
    expect(text).toContain(
      `8. HP 1000: the target is destroyed when the damage reaches 1000, so the chances of 1000 and more add up: ${destroyed}`,
    )
  })
})

describe('save --odds --explain', () => {
  const args = ['save', '--pen', '5', '--hits', '3']
  const text = explained(args)
  const odds = mechaJson([...args, '--odds']).odds

  it('the save die, the binomial and its worked row equal the odds', () => {
    expect(text).toMatch(/1-4 +40\.00% +\(0\.4\) +failed/)
    expect(text).toMatch(/5-10 +60\.00% +\(0\.6\) +passed/)
    expect(text).toContain('k failed = C(3,k) x 0.4^k x 0.6^(3-k)')
    expect(text).toContain('e.g. 1 failed of 3 = C(3,1) x 0.4 x 0.6^2 = 3 x 0.144 = 0.432 (43.20%)')
    expect(choose(3, 1) * 0.4 * 0.6 ** 2).toBeCloseTo(odds.failedSaves['1'], 12)
  })

  it('rerolls and "It\'s not over yet!" are said where they fold in', () => {
    const t = explained([
      'save',
      '--pen',
      '6',
      '--arm-sv',
      '1',
      '--hits',
      '5',
      '--unyielding',
      '--pilot',
      '1',
      '--momentum',
      '1',
    ])
    expect(t).toContain('a save fails for good only if both dice fail: 0.4 x 0.4 = 0.16 a save')
    expect(t).toContain("It's not over yet!: up to 1 Momentum is spent")
  })

  it('PEN under 2: nothing can fail', () => {
    expect(explained(['save', '--pen', '1', '--hits', '3'])).toContain('PEN 1 does not: nothing can fail')
  })
})

describe('roll --odds --explain', () => {
  it('successes: the binomial row of the issue, "3 hits from 5 dice = C(5,3) x …", equal to the odds', () => {
    const text = explained(['roll', '5d10>=5'])
    expect(text).toContain(
      'e.g. 3 successes from 5 dice = C(5,3) x 0.6^3 x 0.4^2 = 10 x 0.03456 = 0.3456 (34.56%)',
    )
    expect(mechaJson(['roll', '5d10>=5', '--odds']).odds.total['3']).toBeCloseTo(
      choose(5, 3) * 0.6 ** 3 * 0.4 ** 2,
      12,
    )
  })

  it('sums, kept dice and several terms', () => {
    expect(explained(['roll', '3d6'])).toContain('e.g. 10: 27 of 216 rolls = 0.125 (12.50%)')
    expect(explained(['roll', '4d6kh3'])).toContain('e.g. 13: 172 of 1296 rolls = 43/324 (13.27%)')
    const t = explained(['roll', '2d6+1d4-1'])
    expect(t).toContain('(a convolution)')
    expect(t).toContain('-1 moves every total by -1')
    expect(t).toContain('Mean = the sum of each total x its chance = 8.5')
  })
})

describe('--odds --explain on every other command with odds', () => {
  it.each([
    ['cover', '--dmg', '800'],
    ['wargroup', 'shoot', '--acu', '3', '--def', '2', '--str', '5', '--arm', '3'],
    ['formation', 'knockdown'],
    ['mining', 'ap', '--units', '5'],
  ])('%s: the odds, then how they are worked out', (...args) => {
    expect(explained(args)).toContain('counted exactly')
  })

  it("lists the pools the rule rolls, by the rule's own classes, with a worked row", () => {
    const t = explained(['outmaneuver', '--atk-dice', '6', '--def-dice', '5'])
    expect(t).toMatch(/1\. attacker outmaneuver dice: 6 d10s, by face/)
    expect(t).toMatch(/10 +10\.00% +\(0\.1\) +counts as 2/)
    expect(t).toContain('6!/(3! 3!) x 0.4^3 x 0.5^3 = 20 x 0.008 = 0.16 (16.00%)')
    const k = explained(['formation', 'knockdown', '--hits', '3'])
    expect(k).toContain('C(3,2) x 0.5^2 x 0.5 = 3 x 0.125 = 0.375 (37.50%)')
    expect(explained(['wargroup', 'length'])).toContain('the total of 3 d6s. All 6^3 = 216 rolls')
    expect(explained(['initiative'])).toContain('one d10, each face 0.1 (10.00%)')
  })
})

describe('melee --odds --explain', () => {
  const args = [
    'melee',
    '--atk-melee',
    '6',
    '--def-melee',
    '5',
    '--atk-dmg',
    '300',
    '--atk-pen',
    '5',
    '--def-dmg',
    '300',
    '--def-hp',
    '900',
    '--atk-pilot',
    '1',
  ]
  const text = explained(args)
  const json = mechaJson([...args, '--odds'])

  it('each strike: the attack and defense dice by face, a worked row, the tally and saves', () => {
    expect(json.atkSplit).toEqual({ attack: 6, defense: 0 })
    expect(text).toContain(
      "1. The attack: the attacker's 6 attack dice against the defender's 4 defense dice.",
    )
    expect(text).toMatch(/9-10 +20\.00% +\(0\.2\) +critical: 2 hits/)
    expect(text).toContain('6!/(3! 2! 1!) x 0.4^3 x 0.4^2 x 0.2 = 60 x 0.002048 = 0.12288 (12.29%)')
    expect((fact(6) / (fact(3) * fact(2))) * 0.4 ** 5 * 0.2).toBeCloseTo(0.12288, 12)
    expect(text).toContain('C(4,2) x 0.4^2 x 0.6^2 = 6 x 0.0576 = 0.3456 (34.56%)')
    expect(text).toContain(
      'Unblocked hits = rolled hits + attacker bonus (level 1+) 2 - rolled blocks - Guard 1',
    )
    expect(text).toContain('e.g. 1 failed of 3 = C(3,1) x 0.4 x 0.6^2 = 3 x 0.144 = 0.432 (43.20%)')
  })

  it('the blocks taken away are each subtracted: - Guard 1 - shield 1, not - Guard 1 + shield 1', () => {
    const shielded = explained([...args, '--def-shield', '1'])
    expect(shielded).toContain(
      'Unblocked hits = rolled hits + attacker bonus (level 1+) 2 - rolled blocks - Guard 1 - shield 1, never below 0',
    )
    expect(shielded).not.toMatch(/rolled blocks [^,]*\+/)
  })

  it('the counter-attack, Finishing Blow and the HP come with the chances of the odds', () => {
    const pct = (p: number) => `${(p * 100).toFixed(2)}%`
    expect(text).toContain(`is not pushed out of melee (${pct(json.odds.expected.counterChance)})`)
    expect(text).toContain(`by the attacker ${pct(json.odds.finishingBlow.attacker)}`)
    expect(text).toContain(`the chances of 900 and more add up to ${pct(json.odds.destroyed.defender.true)}`)
  })
})

describe('melee --odds --explain with overwatch: the counter-attack as the odds count it', () => {
  // A charger with Momentum 2 under one overwatch attack of one shot: what the overwatch makes it
  // spend on Skill Defense is gone before the counter-attack (one pool, issue 36).
  const args = [
    'melee',
    '--atk-split',
    '3/3',
    '--atk-dmg',
    '300',
    '--atk-evade',
    '3',
    '--atk-momentum',
    '2',
    '--def-split',
    '4/2',
    '--def-dmg',
    '300',
    '--def-choice',
    'counter',
    '--def-overwatch',
    '1',
    '--def-ow-acc',
    '8',
    '--def-ow-shots',
    '1',
    '--def-ow-dmg',
    '200',
  ]
  const pct = (p: number) => `${(p * 100).toFixed(2)}%`

  it("lists the Momentum the overwatch left per outcome, counted by rolling each face of the overwatch's die", () => {
    // Brute force through the roll: each face of the one overwatch die (the clash's 12 dice all
    // 1s), the Momentum its answer says the overwatch spent. No HP given: the defender always
    // survives the attack and counter-attacks, so every face leads to a counter-attack.
    const left = new Map<number, number>()
    for (let face = 1; face <= 10; face++) {
      const j = mechaJson([...args, '--rolls', [face, ...Array(12).fill(1)].join(',')])
      expect(j.counter).not.toBeNull()
      const m = 2 - j.overwatch.momentumSpent
      left.set(m, (left.get(m) ?? 0) + 1)
    }
    expect(left.size).toBeGreaterThan(1)
    const listed = [...left.keys()]
      .sort((a, b) => a - b)
      .map((m) => `${m} ${pct(left.get(m)! / 10)}`)
      .join(', ')
    const counter = explained(args).split('The counter-attack')[1]
    expect(counter).toContain(
      `then the Momentum the overwatch left the charger (${listed}, given a counter-attack) negates one hit each (Skill Defense)`,
    )
    // Not the charger's starting Momentum, which the overwatch may have spent.
    expect(counter).not.toContain('up to 2 Momentum')
  })

  it('without overwatch the counter-attack meets the starting Momentum, as before', () => {
    const plain = args.slice(0, args.indexOf('--def-overwatch'))
    const counter = explained(plain).split('The counter-attack')[1]
    expect(counter).toContain('then up to 2 Momentum negates one hit each (Skill Defense)')
  })
})
