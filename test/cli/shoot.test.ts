import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { mecha, mechaJson } from './in-process.js'
import { BIN, mechaTty } from './run-cli.js'

const ESC = '\u001b[' // an ANSI escape (colour)

const MG = [
  'shoot',
  '--acc',
  '9',
  '--evade',
  '4',
  '--shots',
  '7',
  '--dmg',
  '200',
  '--bonus',
  'none',
  '--defense',
  'none',
]

describe('mecha shoot (the real binary)', () => {
  it('resolves the machine-gun example from physical dice', () => {
    const j = mechaJson([...MG, '--rolls', '1,1,4,5,7,7,10'])
    expect(j).toMatchObject({
      command: 'shoot',
      targetNumber: 5,
      hits: 5,
      blocks: 0,
      unblockedHits: 5,
      saves: [],
      failedSaves: 0,
      damage: 1000,
      bonus: 'none',
      defense: 'none',
      seed: null,
    })
    expect(j.dice).toEqual([
      { roll: 1, outcome: 'crit' },
      { roll: 1, outcome: 'crit' },
      { roll: 4, outcome: 'hit' },
      { roll: 5, outcome: 'evade' },
      { roll: 7, outcome: 'evade' },
      { roll: 7, outcome: 'evade' },
      { roll: 10, outcome: 'auto-miss' },
    ])
  })

  it('human output names the target number, each die, hits and damage', () => {
    const r = mecha([...MG, '--rolls', '1,1,4,5,7,7,10'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('evade on 5+')
    expect(r.stdout).toContain('1! 1! 4• 5 7 7 10×')
    expect(r.stdout).toContain('Damage: 1000')
    expect(r.stdout).toMatch(/percentile/)
    expect(r.stdout).not.toContain(ESC) // not a terminal: no colour
    expect(r.stderr).toBe('')
  })

  it('a seed reproduces the roll, and is reported', () => {
    const a = mechaJson([...MG, '--seed', 'table1'])
    const b = mechaJson([...MG, '--seed', 'table1'])
    expect(a).toEqual(b)
    expect(a.seed).toBe('table1')
    const fresh = mechaJson(MG)
    expect(typeof fresh.seed).toBe('string')
    expect(mechaJson([...MG, '--seed', fresh.seed])).toEqual(fresh)
  })

  it('frozen seeds: this ruling must stay the same across versions', () => {
    const j = mechaJson([
      'shoot',
      '--acc',
      '9',
      '--evade',
      '4',
      '--shots',
      '6',
      '--dmg',
      '300',
      '--pen',
      '6',
      '--arm-sv',
      '2',
      '--shield',
      '1',
      '--seed',
      'frozen-1',
    ])
    expect({
      dice: j.dice.map((d: any) => d.roll),
      saves: j.saves,
      damage: j.damage,
      bonus: j.bonus,
      defense: j.defense,
    }).toMatchSnapshot()
  })

  it('--odds prints exact distributions that sum to 1', () => {
    const j = mechaJson([
      'shoot',
      '--acc',
      '9',
      '--evade',
      '4',
      '--shots',
      '10',
      '--dmg',
      '300',
      '--pen',
      '6',
      '--arm-sv',
      '2',
      '--hp',
      '3000',
      '--odds',
    ])
    for (const key of ['damage', 'unblockedHits']) {
      const sum = Object.values(j.odds[key] as Record<string, number>).reduce((a, b) => a + b, 0)
      expect(Math.abs(sum - 1)).toBeLessThan(1e-9)
    }
    expect(j.odds.expected.damage).toBeGreaterThan(0)
    expect(j.odds.destroyed.true).toBeGreaterThan(0)
    expect(j.odds.expected.destroyed).toBe(j.odds.destroyed.true)
    expect(j.bonus).toMatch(/precision|barrage/)
    expect(j.defense).toMatch(/dodge|guard/)
  })

  it('one shot at 5+ has the exact odds 3/5, 1/5, 1/5', () => {
    const j = mechaJson([
      'shoot',
      '--acc',
      '9',
      '--evade',
      '4',
      '--shots',
      '1',
      '--dmg',
      '100',
      '--bonus',
      'none',
      '--defense',
      'none',
      '--odds',
    ])
    expect(j.odds.damage).toEqual({ '0': 0.6, '100': 0.2, '200': 0.2 })
    expect(j.odds.expected.damage).toBeCloseTo(60, 9)
  })

  it('without a terminal, missing choices are made automatically and reported', () => {
    const j = mechaJson([
      'shoot',
      '--acc',
      '9',
      '--evade',
      '4',
      '--shots',
      '5',
      '--dmg',
      '300',
      '--seed',
      'x',
    ])
    expect(['precision', 'barrage']).toContain(j.bonus)
    expect(['dodge', 'guard']).toContain(j.defense)
    expect(j.chosenBy).toEqual({ bonus: 'auto', defense: 'auto', momentum: 'auto' })
  })

  it('--explain walks through the target number and each die', () => {
    const r = mecha([...MG, '--rolls', '1,1,4,5,7,7,10', '--explain'])
    expect(r.stdout).toContain('Target number = Acc 9 - Evade 4 = 5')
    expect(r.stdout).toContain('die 1: 1!  natural 1-2: critical hit')
    expect(r.stdout).toContain('die 7: 10×  9-10 always misses')
  })

  it.each([
    [['--acc', 'x'], /--acc: "x" is not a whole number/],
    [['--acc', '-3'], /--acc: -3 is out of range/],
    [['--shots', '31'], /--shots: 31 is out of range; give 1 to 30/], // printed shots above 10 are valid (issue 14)
    [['--shots', '0'], /--shots: 0 is out of range; give 1 to 30/],
    [['--bonus', 'sniper'], /--bonus: "sniper" is not one of precision, barrage, none, auto/],
    [['--pen', '5X'], /--pen: "5X" is not a PEN value/],
    [['--rolls', '1,1,4,5,7,7,11'], /--rolls: 11 is not a d10 face \(1-10\)/],
    [['--rolls', '1,1,4'], /--rolls: ran out after 3 dice: 4 more d10 needed for evade/],
    [['--rolls', '1,1,4,5,7,7,10,3'], /1 dice left over/],
    [['--frobnicate'], /unknown option '--frobnicate'/],
    [['--odds', '--rolls', '1'], /--odds and --rolls do not go together/],
  ])('bad input %j: one line on stderr, exit 2', (extra, message) => {
    const base = [
      'shoot',
      '--acc',
      '9',
      '--evade',
      '4',
      '--shots',
      '7',
      '--dmg',
      '200',
      '--bonus',
      'none',
      '--defense',
      'none',
    ]
    const r = mecha([...base, ...extra])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(message)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).not.toMatch(/at .*\.js/)
  })

  it('a missing required flag says which and how', () => {
    const r = mecha(['shoot', '--evade', '4', '--shots', '5', '--dmg', '200'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe("mecha: --acc is required: the attacker's Shooting Accuracy, e.g. --acc 9\n")
  })

  it('every missing required flag is named in one message (issue 14)', () => {
    const r = mecha(['shoot', '--evade', '4'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe('mecha: --acc, --shots and --dmg are required, e.g. --acc 9 --shots 5 --dmg 200\n')
  })

  it('the armor saves come after the evade dice, in --rolls order', () => {
    // 1 crit + 1 hit = 3 unblocked hits; PEN 6 vs ARM Sv 2 saves on 4+: 2 fails, 9 passes, 3 fails
    const j = mechaJson([
      'shoot',
      '--acc',
      '9',
      '--evade',
      '4',
      '--shots',
      '3',
      '--dmg',
      '300',
      '--pen',
      '6',
      '--arm-sv',
      '2',
      '--bonus',
      'none',
      '--defense',
      'none',
      '--rolls',
      '1,3,7,2,9,3',
    ])
    expect(j.unblockedHits).toBe(3)
    expect(j.saves).toEqual([
      { roll: 2, passed: false },
      { roll: 9, passed: true },
      { roll: 3, passed: false },
    ])
    expect(j.failedSaves).toBe(2)
    expect(j.damage).toBe(900 + 2000)
  })

  it('piping into head -1 closes quietly', () => {
    const r = spawnSync(
      'sh',
      ['-c', `"${process.execPath}" "${BIN}" shoot --acc 9 --evade 4 --shots 10 --dmg 300 --odds | head -1`],
      { encoding: 'utf8' },
    )
    expect(r.status).toBe(0)
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(1)
    expect(r.stderr).toBe('')
  })
})

describe('mecha roll', () => {
  it.each([
    ['3d6+2', '6,2,5', 15],
    ['d10', '7', 7],
    ['5d10>=5', '1,5,9,4,10', 3],
    ['4d6kh3', '6,2,5,3', 14],
    ['2d6-1', '1,1', 1],
  ])('%s with %s = %d', (expr, rolls, total) => {
    expect(mechaJson(['roll', expr, '--rolls', rolls]).total).toBe(total)
  })

  it('--odds of 2d6 is the triangle', () => {
    const j = mechaJson(['roll', '2d6', '--odds'])
    expect(j.odds.total['7']).toBeCloseTo(1 / 6, 12)
    expect(j.odds.expected.total).toBe(7)
  })

  it('rejects nonsense with exit 2', () => {
    const r = mecha(['roll', '3x6'])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/not a dice/)
  })
})

describe('in a terminal', () => {
  it('asks the attacker, the defender and Momentum, each option with its expected damage', () => {
    const r = mechaTty(
      ['shoot', '--acc', '9', '--evade', '4', '--shots', '5', '--dmg', '300', '--rolls', '1,3,4,6,7,3'],
      [
        ["Attacker's bonus", '\r'],
        ["Defender's reaction", '\r'],
        ['Spend Momentum?', '\x1b[B\r'],
      ],
    )
    expect(r.missing).toBeUndefined()
    expect(r.output).toMatch(/Precision \(\+1 Acc\)\s+expected [\d.]+ DMG/)
    expect(r.output).toMatch(/Barrage \(\+1 shot\)\s+expected [\d.]+ DMG/)
    expect(r.output).toMatch(/Dodge \(\+1 Evade\)\s+expected/)
    expect(r.output).toMatch(/Spend 1 Momentum/)
    expect(r.output).toMatch(/Momentum spent: 1/)
    // the replay line carries the answers given at the prompts
    expect(r.output).toMatch(/same choices: --bonus barrage --defense guard --momentum 1/)
    expect(r.code).toBe(0)
  })

  it('asks for the dice that --rolls did not cover', () => {
    const r = mechaTty(
      [
        'shoot',
        '--acc',
        '9',
        '--evade',
        '4',
        '--shots',
        '3',
        '--dmg',
        '300',
        '--bonus',
        'none',
        '--defense',
        'none',
        '--momentum',
        '0',
        '--rolls',
        '7',
      ],
      [['Roll 2 d10 for evade', '5,6\r']],
    )
    expect(r.missing).toBeUndefined()
    expect(r.output).toMatch(/Damage: 0/)
    expect(r.code).toBe(0)
  })

  it('Ctrl+C at a prompt exits 130 without a stack trace', () => {
    const r = mechaTty(
      ['shoot', '--acc', '9', '--evade', '4', '--shots', '5', '--dmg', '300'],
      [["Attacker's bonus", '\x03']],
    )
    expect(r.code).toBe(130)
    expect(r.output).not.toMatch(/ExitPromptError|at .*\.js/)
  })
})

describe('colour', () => {
  const args = [
    'shoot',
    '--acc',
    '9',
    '--evade',
    '4',
    '--shots',
    '3',
    '--dmg',
    '100',
    '--bonus',
    'none',
    '--defense',
    'none',
    '--rolls',
    '1,4,9',
  ]
  it('is off when stdout is not a terminal', () => {
    expect(mecha(args).stdout).not.toContain(ESC)
  })
  it('FORCE_COLOR turns it on; NO_COLOR and --no-color turn it off again', () => {
    expect(mecha(args, { env: { FORCE_COLOR: '1' } }).stdout).toContain(ESC)
    expect(mecha(args, { env: { FORCE_COLOR: '1', NO_COLOR: '1' } }).stdout).not.toContain(ESC)
    expect(mecha([...args, '--no-color'], { env: { FORCE_COLOR: '1' } }).stdout).not.toContain(ESC)
  })
  it('--json never carries colour', () => {
    expect(mecha([...args, '--json'], { env: { FORCE_COLOR: '1' } }).stdout).not.toContain(ESC)
  })
})
