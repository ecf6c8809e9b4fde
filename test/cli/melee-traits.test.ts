import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { mecha, mechaJson, refused } from './in-process.js'
import { mechaTty } from './run-cli.js'

const hasPython = spawnSync('python3', ['-c', 'import pty'], { encoding: 'utf8' }).status === 0

// A 3/0 attacker (DMG 300) against a 0/2 defender: no counter-attack dice on either side.
const CLASH = [
  'melee',
  '--atk-split',
  '3/0',
  '--atk-dmg',
  '300',
  '--def-split',
  '0/2',
  '--def-dmg',
  '300',
  '--def-choice',
  'guard',
  '--atk-momentum',
  '0',
  '--def-momentum',
  '0',
]

describe('melee --atk-trait desperation-attack', () => {
  it('--rolls: three 6s are criticals, marked in the JSON and the text', () => {
    const args = [...CLASH, '--atk-trait', 'desperation-attack', '--rolls', '6,6,6,1,2']
    const j = mechaJson(args)
    expect(j.attack.attackDice).toEqual([
      { roll: 6, outcome: 'crit', desperation: true },
      { roll: 6, outcome: 'crit', desperation: true },
      { roll: 6, outcome: 'crit', desperation: true },
    ])
    expect(j.attack.rolledHits).toBe(6)
    const r = mecha(args)
    expect(r.stdout).toContain('(3 criticals, 3 by Desperation Attack)')
    expect(mecha([...args, '--explain']).stdout).toContain('three of a kind of 6s (Desperation Attack)')
  })

  it('exact odds: more damage than without it; a clash without the trait answers as before', () => {
    const odds = (extra: string[]) =>
      mechaJson([...CLASH, '--atk-split', '6/0', '--atk-pen', '5', ...extra, '--odds']).odds.expected
        .attackDamage
    expect(odds(['--atk-trait', 'desperation-attack'])).toBeGreaterThan(odds([]))
    const j = mechaJson([...CLASH, '--rolls', '6,6,6,1,2'])
    expect(j.attack.attackDice[0]).toEqual({ roll: 6, outcome: 'hit' })
    expect(j.attack).not.toHaveProperty('improvise')
    expect(j).not.toHaveProperty('warship')
    expect(j.attack).not.toHaveProperty('penBonuses')
  })
})

describe('melee Improvise: --atk-trait improvise, --def-trait improvise', () => {
  it('--rolls: attack dice, the attacker rerolls, defense dice, the defender rerolls; JSON says which', () => {
    const j = mechaJson([
      ...CLASH,
      '--atk-trait',
      'improvise',
      '--def-trait',
      'improvise',
      '--auto',
      '--rolls',
      '2,6,9,8,3,5,7',
    ])
    expect(j.attack.attackDice.map((d: { roll: number }) => d.roll)).toEqual([8, 6, 9])
    // Every rerolled die names the face it showed before, in each list of dice.
    expect(j.attack.attackDice).toEqual([
      { roll: 8, outcome: 'hit', rerolledFrom: 2 },
      { roll: 6, outcome: 'hit' },
      { roll: 9, outcome: 'crit' },
    ])
    expect(j.attack.defenseDice).toEqual([
      { roll: 7, outcome: 'block', rerolledFrom: 3 },
      { roll: 5, outcome: 'block' },
    ])
    expect(j.attack.dice.filter((d: { rerolledFrom?: number }) => d.rerolledFrom !== undefined)).toEqual([
      { roll: 8, pool: 'attack', outcome: 'hit', rerolledFrom: 2 },
      { roll: 7, pool: 'defense', outcome: 'block', rerolledFrom: 3 },
    ])
    expect(j.attack.improvise).toEqual({
      attack: { allowed: 2, dice: [0], faces: [8] },
      defense: { allowed: 2, dice: [0], faces: [7] },
    })
    expect(j.chosenBy).toMatchObject({ atkReroll: 'auto', defReroll: 'auto' })
  })

  it('--atk-reroll gives the pick (a face names a die of its kind), none keeps the dice', () => {
    const j = mechaJson([
      ...CLASH,
      '--atk-trait',
      'improvise',
      '--atk-reroll',
      'none',
      '--rolls',
      '2,6,9,3,5',
    ])
    expect(j.attack.improvise.attack).toEqual({ allowed: 2, dice: [], faces: [] })
    expect(j.chosenBy.atkReroll).toBe('flag')
    const k = mechaJson([
      ...CLASH,
      '--atk-trait',
      'improvise',
      '--atk-reroll',
      '4',
      '--rolls',
      '2,6,9,10,3,5',
    ])
    expect(k.attack.improvise.attack).toEqual({ allowed: 2, dice: [0], faces: [10] })
  })

  it('exact odds include the best picks: the attacker gains, the defender saves damage', () => {
    const mean = (extra: string[]) => mechaJson([...CLASH, ...extra, '--odds']).odds.expected.attackDamage
    const plain = mean([])
    expect(mean(['--atk-trait', 'improvise'])).toBeGreaterThan(plain)
    expect(mean(['--def-trait', 'improvise'])).toBeLessThan(plain)
  })

  it.each([
    [
      [...CLASH, '--atk-reroll', '2'],
      /--atk-reroll: the attacker has no Improvise; add --atk-trait improvise/,
    ],
    [
      [...CLASH, '--def-trait', 'improvise', '--def-reroll', '1,2,3'],
      /--def-reroll: "1,2,3" is not a pick; give up to 2 d10 faces/,
    ],
    [[...CLASH, '--def-trait', 'improvise', '--def-reroll', '11'], /--def-reroll: "11" is not a pick/],
  ])('refused: %j', (args, message) => {
    expect(refused(args)).toMatch(message)
  })
})

describe('melee traits in --odds --explain and the split search', () => {
  it('the explanation counts faces 5-8 apart for Desperation Attack and says where Improvise comes in', () => {
    const r = mecha([
      ...CLASH,
      '--atk-trait',
      'desperation-attack',
      '--atk-trait',
      'improvise',
      '--def-trait',
      'improvise',
      '--odds',
      '--explain',
      '--no-color',
    ])
    expect(r.code, r.stderr).toBe(0)
    const text = r.stdout.replace(/\s+/g, ' ')
    expect(text).toMatch(/7 10\.00% \(0\.1\) a 7/)
    expect(text).toContain('Improvise: the attacker then rerolls up to 2 of these dice')
    expect(text).toContain('Improvise: the defender then rerolls up to 2 dice that did not block')
  })

  it('auto splits with Improvise and Desperation Attack: chosen by the search, the clash resolved', () => {
    const j = mechaJson([
      'melee',
      '--atk-melee',
      '6',
      '--atk-dmg',
      '300',
      '--atk-pen',
      '5',
      '--atk-trait',
      'improvise',
      '--atk-trait',
      'desperation-attack',
      '--def-melee',
      '5',
      '--def-dmg',
      '300',
      '--def-hp',
      '2000',
      '--def-trait',
      'improvise',
      '--auto',
      '--seed',
      's1',
    ])
    expect(j.chosenBy).toMatchObject({
      atkSplit: 'auto',
      defSplit: 'auto',
      defChoice: 'auto',
      atkReroll: 'auto',
    })
    expect(j.atkSplit.attack + j.atkSplit.defense).toBe(6)
    expect(j.attack.improvise).toHaveProperty('attack')
  })
})

describe('melee --atk-trait giant-slayer', () => {
  const LARGER = [...CLASH, '--atk-pen', '4', '--atk-trait', 'giant-slayer=larger']
  it('+1 PEN and a bonus +2 against a larger Size: the save target and the explanation say so', () => {
    const args = [...LARGER, '--rolls', '5,6,7,1,1,5,5,5']
    // PEN 4 + 1 + 2 against ARM Sv 0: saves on 7+.
    expect(mechaJson(args).attack.saveTargetNumber).toBe(7)
    expect(mechaJson(args).attack.penBonuses).toEqual([
      { source: 'Giant Slayer', amount: 1 },
      { source: 'Giant Slayer, larger Size', amount: 2 },
    ])
    expect(mechaJson([...args.slice(0, -2), '--rolls', '5,6,7,1,1,5,5,5']).traits.attacker).toEqual([
      'giant-slayer=larger',
    ])
    expect(mecha([...args, '--explain']).stdout).toContain(
      'PEN 7 (4 + 1 Giant Slayer + 2 Giant Slayer, larger Size)',
    )
    const plain = [...CLASH, '--atk-pen', '4', '--atk-trait', 'giant-slayer', '--rolls', '5,6,7,1,1,5,5,5']
    expect(mechaJson(plain).attack.saveTargetNumber).toBe(5)
    const shot = (extra: string[]) =>
      mechaJson([
        'shoot',
        '--acc',
        '9',
        '--evade',
        '4',
        '--shots',
        '2',
        '--dmg',
        '300',
        '--pen',
        '4',
        '--bonus',
        'none',
        '--defense',
        'none',
        ...extra,
        '--rolls',
        '3,3,4,4',
      ])
    // Shooting: +1 PEN either way, saves on 5+ instead of 4+.
    expect(shot([]).saveTargetNumber).toBe(4)
    expect(shot(['--trait', 'giant-slayer']).saveTargetNumber).toBe(5)
  })

  // Issue 37. W, Giant Slayer: "+2 PEN in Melee vs a larger Size": `larger` against an enemy the
  // Sizes say is not larger is refused; with a Size left out (0) the choice is the player's word.
  it.each([
    {
      sizes: ['--atk-size', '2', '--def-size', '1'],
      refusedWith: "the defender's Size 1 is not larger than the attacker's Size 2",
    },
    {
      sizes: ['--atk-size', '2', '--def-size', '2'],
      refusedWith: "the defender's Size 2 is not larger than the attacker's Size 2",
    },
    { sizes: ['--atk-size', '1', '--def-size', '3'] },
    { sizes: ['--atk-size', '2'] },
  ])('giant-slayer=larger with $sizes', ({ sizes, refusedWith }) => {
    const args = [...LARGER, ...sizes, '--rolls', '5,6,7,1,1,5,5,5']
    if (refusedWith)
      expect(refused(args)).toBe(
        `mecha: --atk-trait giant-slayer=larger: ${refusedWith}; give giant-slayer (+1 PEN) or the Sizes as they are`,
      )
    else expect(mechaJson(args).attack.saveTargetNumber).toBe(7)
  })

  it("the defender's giant-slayer=larger is checked against the attacker's Size", () => {
    expect(
      refused([...CLASH, '--def-trait', 'giant-slayer=larger', '--atk-size', '1', '--def-size', '3']),
    ).toMatch(
      /^mecha: --def-trait giant-slayer=larger: the attacker's Size 1 is not larger than the defender's Size 3;/,
    )
  })
})

describe('melee --def-warship', () => {
  it('saves capped at 5, Skill Defense 2 Momentum a hit', () => {
    const args = [
      'melee',
      '--atk-split',
      '6/0',
      '--atk-dmg',
      '100',
      '--atk-pen',
      '5',
      '--def-split',
      '0/0',
      '--def-dmg',
      '300',
      '--def-choice',
      'counter',
      '--def-warship',
      // A ship with a Melee stat: it splits and counter-attacks (without one it may only guard).
      '--def-ship-melee',
      '--def-momentum',
      '3',
      '--atk-momentum',
      '0',
    ]
    // 6 hits + 1 attacker bonus = 7; 2 Momentum negate 1: 6 through, 5 saves on 5+.
    const j = mechaJson([...args, '--rolls', '5,6,7,8,5,6,1,2,5,6,7'])
    expect(j.attack.momentumSpent).toBe(2)
    expect(j.attack.unblockedHits).toBe(6)
    expect(j.attack.saves).toHaveLength(5)
    expect(j.attack.damage).toBe(600 + 2000)
    expect(j.warship).toEqual({ attacker: false, defender: true })
    expect(mecha([...args, '--rolls', '5,6,7,8,5,6,1,2,5,6,7']).stdout).toContain('(a warship pays 2 a hit)')
    expect(refused([...args, '--def-pilot', '1', '--def-not-over-yet', '1'])).toMatch(
      /--def-not-over-yet: "It's not over yet!" is for level 1\+ pilots and kaiju, not warships; drop/,
    )
  })
})

describe.runIf(hasPython)('the Improvise prompt, in a terminal', () => {
  it("a warship's Skill Defense offers whole pairs of Momentum", () => {
    // 4 hits + 1 attacker bonus, no blocks: 5 through.
    const r = mechaTty(
      [
        'melee',
        '--atk-split',
        '4/0',
        '--atk-dmg',
        '300',
        '--def-split',
        '0/0',
        '--def-dmg',
        '300',
        '--def-choice',
        'counter',
        '--def-warship',
        '--def-ship-melee',
        '--atk-momentum',
        '0',
        '--rolls',
        '5,6,7,8',
      ],
      [['a warship)?', '\x1b[B\r']],
    )
    expect(r.code).toBe(0)
    expect(r.output).toMatch(/Spend 2 Momentum +4 hits through/)
    expect(r.output).not.toContain('Spend 1 Momentum')
    expect(r.output).toContain('Skill Defense: 2 Momentum negates 1 hit (a warship pays 2 a hit)')
    expect(r.output).toContain('same choices: --def-momentum 2')
  })

  it('shows each pick with its expected damage, best first; the replay line carries the pick', () => {
    const r = mechaTty(
      [...CLASH, '--atk-trait', 'improvise', '--rolls', '2,3,9,8,7,5,5'],
      [['reroll up to 2 (Improvise)?', '\r']],
    )
    expect(r.code).toBe(0)
    const menu = r.output.slice(r.output.indexOf('attack dice 2 3 9'))
    expect(menu).toMatch(/Reroll 2 and 2 \(best\) +strike deals [\d.]+ DMG expected/)
    expect(menu).toMatch(/Keep the dice +strike deals [\d.]+ DMG expected/)
    expect(r.output).toContain('Improvise: the attacker rerolled 2, 3 -> 8, 7')
    expect(r.output).toContain('same choices: --atk-reroll 2,3')
  })
})

describe('evade rerolls on overwatch dice (the charger evades overwatch as normal)', () => {
  // Overwatch: 1 attack of 3 shots at Acc 9 against the charger's Evade 3 (evaded on 6+), shield 1.
  const CHARGE = [
    ...CLASH.slice(0, 1),
    '--atk-split',
    '2/0',
    '--atk-dmg',
    '300',
    '--def-split',
    '0/1',
    '--def-dmg',
    '300',
    '--def-choice',
    'guard',
    '--atk-momentum',
    '0',
    '--def-momentum',
    '0',
    '--atk-evade',
    '3',
    '--atk-shield',
    '1',
    '--def-overwatch',
    '1',
    '--def-ow-acc',
    '9',
    '--def-ow-shots',
    '3',
    '--def-ow-dmg',
    '300',
  ]

  it('Three Times as Fast!: the charger rerolls up to 3 overwatch dice, each marked with its first face', () => {
    const j = mechaJson([...CHARGE, '--atk-trait', 'three-times-as-fast', '--rolls', '1,2,5,7,8,9,1,1,4'])
    expect(j.overwatch.attacks[0].dice).toEqual([
      { roll: 7, outcome: 'evade', rerolledFrom: 1 },
      { roll: 8, outcome: 'evade', rerolledFrom: 2 },
      { roll: 9, outcome: 'auto-miss', rerolledFrom: 5 },
    ])
    expect(j.overwatch.attacks[0].reroll).toMatchObject({ allowed: 3, crits: 2, hits: 1 })
    expect(j.overwatch.damage).toBe(0)
  })

  it('--atk-m-particles: one overwatch die; Improvise (2) spent there is gone from the attack', () => {
    const one = mechaJson([...CHARGE, '--atk-m-particles', '--rolls', '1,2,5,7,1,1,4'])
    expect(one.overwatch.attacks[0].reroll).toMatchObject({ allowed: 1, crits: 1, faces: [7] })
    const imp = mechaJson([...CHARGE, '--atk-trait', 'improvise', '--rolls', '1,2,5,7,8,1,1,4'])
    expect(imp.overwatch.attacks[0].reroll).toMatchObject({ allowed: 2, crits: 2, faces: [7, 8] })
    expect(imp.attack.improvise).toBeUndefined()
  })

  it("Three Times as Fast! and Blockade Runner are the charger's: given to the defender they are refused", () => {
    expect(refused([...CHARGE, '--def-trait', 'blockade-runner'])).toMatch(
      /--def-trait: blockade-runner is the attacker's trait in melee, not the defender's; give it with --atk-trait/,
    )
  })
})
