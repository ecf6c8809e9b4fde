import { describe, expect, it } from 'vitest'
import { mecha, mechaJson, refused } from './in-process.js'
import { mechaSh } from './run-cli.js'

const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0)

describe('titan-throw, rolled', () => {
  it('a free throw of a target 2 sizes smaller: the attack strike alone, thrown by a failed save', () => {
    // 6 attack dice 3,5,9,10,6,1: 2 hits + 2 criticals = 6, +1 attacker bonus = 7. 4 defense dice
    // 2,5,7,2: 2 blocks + 1 Guard = 3. 4 unblocked hits x 300; 3 saves at PEN 5 - ARM Sv 1 -
    // 2 x Size 0 = 4+: 4 and 8 pass, 3 fails: one push, the target is thrown.
    const line =
      'titan-throw --atk-size 2 --def-size 0 --atk-melee 6 --atk-dmg 300 --atk-pen 5P --def-melee 4 --def-arm-sv 1 --rolls 3,5,9,10,6,1,2,5,7,2,4,8,3'
    const r = mechaSh(`mecha ${line}`)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain('Titan Throw: Size 2 thrower, Size 0 target; reach 2 sizes smaller; free')
    expect(r.stdout).toContain('6 (2 criticals) + 1 attacker bonus = 7 hits')
    expect(r.stdout).toContain('2 + 1 Guard = 3 blocks')
    expect(r.stdout).toContain('Thrown: 1 failed save')
    expect(r.stdout).not.toContain('Counter-attack')
    const j = JSON.parse(mechaSh(`mecha ${line} --json`).stdout)
    expect(j).toMatchObject({
      command: 'titan-throw',
      atkSize: 2,
      defSize: 0,
      reach: -2,
      throwNumber: 1,
      spend: {},
      atkSplit: { attack: 6, defense: 0 },
      defSplit: { attack: 0, defense: 4 },
      defChoice: 'guard',
      attack: { hits: 7, blocks: 3, unblockedHits: 4, saveTargetNumber: 4, failedSaves: 1, damage: 1200 },
      thrown: true,
      pushes: 1,
      defender: { damageTaken: 1200 },
    })
    expect(j).not.toHaveProperty('counter')
    expect(j).not.toHaveProperty('finishingBlow')
  })

  it("Koji's 2 Power: a target of his own size, its saves +2 per Size against the push weapon", () => {
    // 9,5,2,7: 4 hits + 1 = 5; 5,1,1: 1 block + 1 Guard = 2; 3 unblocked x 400; saves at
    // PEN 6 - 2 x Size 2 = 2+: the 1 fails.
    const j = mechaJson(
      'titan-throw --atk-size 2 --def-size 2 --power size --atk-split 4/0 --atk-dmg 400 --atk-pen 6P --def-split 0/3 --def-hp 1000 --rolls 9,5,2,7,5,1,1,1,2,5'.split(
        ' ',
      ),
    )
    expect(j).toMatchObject({
      spend: { power: { upgrades: ['size'], cost: 2 } },
      reach: 0,
      attack: { hits: 5, blocks: 2, unblockedHits: 3, saveTargetNumber: 2, failedSaves: 1, damage: 1200 },
      thrown: true,
      defender: { damageTaken: 1200, hp: 1000, remainingHp: -200, destroyed: true },
    })
  })

  it('Havoc: a target 3 sizes larger, a second throw this round (2 + 1 Havoc)', () => {
    const j = mechaJson(
      'titan-throw --atk-size 3 --def-size 6 --havoc larger,again --atk-melee 9 --atk-dmg 500 --atk-pen 7P --def-melee 5 --seed kaiju'.split(
        ' ',
      ),
    )
    expect(j).toMatchObject({
      spend: { havoc: { upgrades: ['larger', 'again'], cost: 3 } },
      reach: 3,
      throwNumber: 2,
      atkSplit: { attack: 9, defense: 0 },
      defSplit: { attack: 0, defense: 5 },
    })
    const text = mecha(
      'titan-throw --atk-size 3 --def-size 6 --havoc larger,again --atk-melee 9 --atk-dmg 500 --atk-pen 7P --def-melee 5 --seed kaiju'.split(
        ' ',
      ),
    ).stdout
    expect(text).toContain(
      'Titan Throw #2 this round: Size 3 thrower, Size 6 target; reach 3 sizes larger; Havoc 3 (larger, again)',
    )
  })
})

/**
 * An independent walk over every face: `a` attack dice, `d` defense dice, then the saves owed
 * (at most 3), each face equally likely, counted in whole numbers. Hits: 9-10 two, 5-8 one; blocks 5+.
 */
function bruteForce(o: {
  a: number
  d: number
  bonusHits: number
  bonusBlocks: number
  dmg: number
  saveOn: number
}): { damage: Map<number, number>; fails: Map<number, number> } {
  const damage = new Map<number, number>()
  const fails = new Map<number, number>()
  const add = (m: Map<number, number>, k: number, p: number) => m.set(k, (m.get(k) ?? 0) + p)
  const faces = (n: number): number[][] =>
    n === 0 ? [[]] : faces(n - 1).flatMap((f) => Array.from({ length: 10 }, (_, i) => [...f, i + 1]))
  const failsOf = new Map<number, Map<number, number>>()
  for (let owed = 0; owed <= 3; owed++) {
    const m = new Map<number, number>()
    for (const f of faces(owed)) add(m, f.filter((x) => x < o.saveOn).length, 10 ** (3 - owed))
    failsOf.set(owed, m)
  }
  for (const atk of faces(o.a))
    for (const def of faces(o.d)) {
      const hits = atk.reduce((s, x) => s + (x >= 9 ? 2 : x >= 5 ? 1 : 0), 0) + o.bonusHits
      const blocks = def.filter((x) => x >= 5).length + o.bonusBlocks
      const unblocked = Math.max(0, hits - blocks)
      for (const [f, q] of failsOf.get(Math.min(3, unblocked))!) {
        add(damage, unblocked * o.dmg, q)
        add(fails, f, q)
      }
    }
  // Whole counts of equally likely faces, divided once at the end (exact until then).
  const total = 10 ** (o.a + o.d + 3)
  for (const m of [damage, fails]) for (const [k, w] of m) m.set(k, w / total)
  return { damage, fails }
}

describe('titan-throw --odds', () => {
  // Pilot 1: +2 hits; Guard 1 + shield 1 = +2 blocks; saves PEN 6 - ARM Sv 1 - 2 x Size 1 = 3+.
  const ARGS =
    '--atk-size 3 --def-size 1 --atk-split 3/0 --atk-pilot 1 --atk-dmg 300 --atk-pen 6P --def-split 0/2 --def-arm-sv 1 --def-shield 1'.split(
      ' ',
    )
  const o = mechaJson(['titan-throw', ...ARGS, '--odds'])

  it('equals a brute-force walk over every die', () => {
    const b = bruteForce({ a: 3, d: 2, bonusHits: 2, bonusBlocks: 2, dmg: 300, saveOn: 3 })
    const damage = o.odds.attack.damage as Record<string, number>
    expect(Object.keys(damage).sort()).toEqual([...b.damage.keys()].map(String).sort())
    for (const [k, p] of b.damage) expect(damage[String(k)]).toBeCloseTo(p, 12)
    for (const [k, p] of b.fails) expect(o.odds.attack.failedSaves[String(k)]).toBeCloseTo(p, 12)
    expect(o.odds.thrown.true).toBeCloseTo(1 - b.fails.get(0)!, 12)
  })

  it("equals mecha melee's attack strike odds with the same dice and Guard", () => {
    const m = mechaJson(['melee', ...ARGS, '--def-dmg', '0', '--def-choice', 'guard', '--odds'])
    expect(o.odds.attack).toEqual(m.odds.attack)
  })

  it('every map sums to 1; the HP gives the chance the target is destroyed', () => {
    for (const d of [
      o.odds.attack.damage,
      o.odds.attack.unblockedHits,
      o.odds.attack.failedSaves,
      o.odds.thrown,
    ])
      expect(sum(d)).toBeCloseTo(1, 12)
    const h = mechaJson(['titan-throw', ...ARGS, '--def-hp', '600', '--odds'])
    const dmg = h.odds.attack.damage as Record<string, number>
    const atLeast600 = Object.entries(dmg)
      .filter(([k]) => Number(k) >= 600)
      .reduce((s, [, p]) => s + p, 0)
    expect(h.odds.destroyed.defender.true).toBeCloseTo(atLeast600, 12)
    expect(sum(h.odds.destroyed.defender)).toBeCloseTo(1, 12)
  })

  it('--explain says how, and the text fits 80 columns', () => {
    const r = mecha(['titan-throw', ...ARGS, '--odds', '--explain'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Chance the target is thrown')
    expect(r.stdout).toContain('The throw is the melee attack strike alone')
    const help = mecha(['titan-throw', '--help']).stdout
    for (const l of help.split('\n')) expect(l.length).toBeLessThanOrEqual(80)
    expect(help).toContain('--power <list>')
  })
})

describe('titan-throw refusals: exit 2, one line', () => {
  const B = ['titan-throw', '--atk-melee', '6', '--atk-dmg', '300', '--def-melee', '4', '--seed', 'x']
  it.each([
    [['--atk-size', '2', '--def-size', '0', '--atk-pen', '5'], /--atk-pen: PEN 5 is not a push weapon/],
    [['--atk-size', '2', '--def-size', '0', '--atk-pen', '5S'], /not a push weapon/],
    [
      ['--atk-size', '2', '--def-size', '1', '--atk-pen', '5P'],
      /Size 1 target is out of reach of a Size 2 thrower .*pay --power size \(2 Power\) or --havoc size \(1 Havoc\)/,
    ],
    [
      ['--atk-size', '2', '--def-size', '3', '--atk-pen', '5P', '--power', 'size'],
      /pay --power larger \(4 Power\)/,
    ],
    [
      ['--atk-size', '2', '--def-size', '5', '--atk-pen', '5P', '--power', 'larger'],
      /no Power reaches that far/,
    ],
    [
      ['--atk-size', '2', '--def-size', '6', '--atk-pen', '5P', '--havoc', 'larger'],
      /no Havoc reaches that far/,
    ],
    [
      ['--atk-size', '2', '--def-size', '2', '--atk-pen', '5P', '--power', 'size', '--havoc', 'size'],
      /one pool/,
    ],
    [
      ['--atk-size', '2', '--def-size', '2', '--atk-pen', '5P', '--power', 'size,larger'],
      /a throw takes one/,
    ],
    [['--atk-size', '2', '--def-size', '2', '--atk-pen', '5P', '--power', 'dmg'], /no power upgrade "dmg"/],
    [['--def-size', '0', '--atk-pen', '5P'], /--atk-size is required/],
    [['--atk-size', '2', '--def-size', '0'], /--atk-pen is required/],
    [
      ['--atk-size', '2', '--def-size', '0', '--atk-pen', '5P', '--def-dmg', '300'],
      /unknown option '--def-dmg'/,
    ],
  ])('%j', (args, msg) => {
    expect(refused([...B, ...args])).toMatch(msg)
  })
})
