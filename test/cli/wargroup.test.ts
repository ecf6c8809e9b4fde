import { describe, expect, it } from 'vitest'
import { mecha, mechaJson } from './in-process.js'

/** The wargroup commands as a user runs them: the built binary, JSON, exit codes. */

const sumOf = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0)

function expectBadInput(args: string[], pattern: RegExp): void {
  const r = mecha(args)
  expect(r.code).toBe(2)
  expect(r.stdout).toBe('')
  const lines = r.stderr.trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(pattern)
  expect(r.stderr).not.toMatch(/at .*\.js:\d+/)
}

describe('mecha wargroup shoot', () => {
  it('resolves physical dice in the documented order', () => {
    const j = mechaJson([
      'wargroup',
      'shoot',
      '--acu',
      '3',
      '--def',
      '2',
      '--str',
      '5',
      '--arm',
      '3',
      '--rolls',
      '4,2,5,3',
    ])
    expect(j).toMatchObject({
      command: 'wargroup shoot',
      hit: true,
      damage: 4,
      aim: 'none',
      seed: null,
      rolls: [4, 2, 5, 3],
    })
    expect(j.toHit).toMatchObject({ roll: 4, total: 7, defenseRoll: 2, defenseTotal: 4, automatic: false })
    expect(j.damageRoll).toMatchObject({
      roll: 5,
      total: 10,
      armorRoll: 3,
      armorTotal: 6,
      damage: 4,
      fullPower: false,
    })
    expect(j.module).toBeUndefined()
  })

  it('a miss needs only the two to-hit dice', () => {
    const j = mechaJson([
      'wargroup',
      'shoot',
      '--acu',
      '3',
      '--def',
      '2',
      '--str',
      '5',
      '--arm',
      '3',
      '--rolls',
      '1,4',
    ])
    expect(j).toMatchObject({ hit: false, damage: 0, damageRoll: null })
  })

  it('aimed at a module: JSON module and the d3 duration die', () => {
    const j = mechaJson([
      'wargroup',
      'shoot',
      '--acu',
      '4',
      '--def',
      '2',
      '--str',
      '6',
      '--arm',
      '2',
      '--aim',
      'module',
      '--mtp',
      '2',
      '--rolls',
      '5,2,4,3,2',
    ])
    expect(j).toMatchObject({ hit: true, damage: 5, module: 'disabled', disabledTurns: 2, acu: 2, mtp: 2 })
  })

  it('aimed at a module: destroyed needs no duration die', () => {
    const j = mechaJson([
      'wargroup',
      'shoot',
      '--acu',
      '4',
      '--def',
      '2',
      '--str',
      '6',
      '--arm',
      '2',
      '--aim',
      'module',
      '--mtp',
      '1',
      '--rolls',
      '5,2,6,3',
    ])
    expect(j).toMatchObject({ hit: true, damage: 12, fullPower: true, module: 'destroyed', disabledTurns: 0 })
  })

  it('aimed at a module: a miss leaves it intact', () => {
    const j = mechaJson([
      'wargroup',
      'shoot',
      '--acu',
      '4',
      '--def',
      '2',
      '--str',
      '6',
      '--arm',
      '2',
      '--aim',
      'module',
      '--mtp',
      '1',
      '--rolls',
      '2,2',
    ])
    expect(j).toMatchObject({ hit: false, damage: 0, module: 'intact' })
  })

  it('aimed at movement: immobilizedTurns from the d6', () => {
    const j = mechaJson([
      'wargroup',
      'shoot',
      '--acu',
      '3',
      '--def',
      '2',
      '--str',
      '5',
      '--arm',
      '3',
      '--aim',
      'movement',
      '--rolls',
      '3,2,5,3,4',
    ])
    expect(j).toMatchObject({ hit: true, damage: 2, immobilizedTurns: 4, damageModifier: -2 })
    expect(j.module).toBeUndefined()
  })

  it('commander flags and Dam', () => {
    const j = mechaJson([
      'wargroup',
      'shoot',
      '--acu',
      '3',
      '--def',
      '2',
      '--str',
      '5',
      '--arm',
      '3',
      '--commander',
      '--def-commander',
      '--dam',
      '3',
      '--rolls',
      '5,3,5,2',
    ])
    // Acu 4 + 5 = 9 vs Def 3 + 3 = 6; Str 5 + 5 = 10 vs Arm 4 + 2 = 6: 4 damage.
    expect(j).toMatchObject({
      acu: 4,
      def: 3,
      arm: 4,
      hit: true,
      damage: 4,
      remainingDam: 0,
      destroyed: true,
      commander: true,
      defCommander: true,
    })
  })

  it('a seeded roll reports its seed and repeats', () => {
    const args = [
      'wargroup',
      'shoot',
      '--acu',
      '3',
      '--def',
      '2',
      '--str',
      '5',
      '--arm',
      '3',
      '--aim',
      'movement',
      '--seed',
      'table1',
    ]
    const a = mechaJson(args)
    expect(a.seed).toBe('table1')
    expect(mechaJson(args)).toEqual(a)
  })

  it('--odds: maps that sum to 1 and the expected values', () => {
    const j = mechaJson([
      'wargroup',
      'shoot',
      '--acu',
      '2',
      '--def',
      '0',
      '--str',
      '0',
      '--arm',
      '0',
      '--aim',
      'module',
      '--mtp',
      '1',
      '--odds',
    ])
    const o = j.odds
    for (const m of [o.hit, o.damage, o.module, o.disabledTurns])
      expect(Math.abs(sumOf(m) - 1)).toBeLessThan(1e-9)
    expect(o.hit.true).toBeCloseTo(15 / 36, 12)
    expect(o.module.destroyed).toBeCloseTo(35 / 432, 12)
    expect(o.module.disabled).toBeCloseTo(25 / 432, 12)
    expect(o.expected.moduleDestroyed).toBeCloseTo(35 / 432, 12)
    expect(o.expected.hit).toBeCloseTo(15 / 36, 12)
    expect(typeof o.expected.damage).toBe('number')
  })

  it('--odds for movement', () => {
    const o = mechaJson([
      'wargroup',
      'shoot',
      '--acu',
      '1',
      '--def',
      '0',
      '--str',
      '2',
      '--arm',
      '0',
      '--aim',
      'movement',
      '--odds',
    ]).odds
    expect(Object.keys(o.immobilizedTurns)).toEqual(['0', '1', '2', '3', '4', '5', '6'])
    expect(o.immobilizedTurns['3']).toBeCloseTo(25 / 864, 12)
    expect(Math.abs(sumOf(o.immobilizedTurns) - 1)).toBeLessThan(1e-9)
  })

  it('human output and --explain', () => {
    const r = mecha([
      'wargroup',
      'shoot',
      '--acu',
      '3',
      '--def',
      '2',
      '--str',
      '5',
      '--arm',
      '3',
      '--rolls',
      '6,5,1,4',
      '--explain',
    ])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/HIT/)
    expect(r.stdout).toMatch(/natural 6 succeeds automatically/)
    expect(r.stdout).toMatch(/natural 1 fails automatically/)
    expect(r.stdout).toMatch(/Of the 36 pairs of dice, 21 hit/)
  })

  it.each([
    [['--acu', 'x', '--def', '1', '--str', '1', '--arm', '1'], /--acu: "x" is not a whole number/],
    [['--acu', '-1', '--def', '1', '--str', '1', '--arm', '1'], /--acu: -1 is out of range; give 0 to 30/],
    [['--acu', '31', '--def', '1', '--str', '1', '--arm', '1'], /--acu: 31 is out of range; give 0 to 30/],
    [['--def', '1', '--str', '1', '--arm', '1'], /--acu is required/],
    [['--acu', '1', '--def', '1', '--str', '1'], /--arm is required/],
    [
      ['--acu', '1', '--def', '1', '--str', '1', '--arm', '1', '--aim', 'head'],
      /--aim: "head" is not one of none, module, movement/,
    ],
    [
      ['--acu', '1', '--def', '1', '--str', '1', '--arm', '1', '--aim', 'module'],
      /--mtp is required with --aim module/,
    ],
    [
      ['--acu', '1', '--def', '1', '--str', '1', '--arm', '1', '--mtp', '2'],
      /--mtp: only used when aiming at a module/,
    ],
    [
      ['--acu', '1', '--def', '1', '--str', '1', '--arm', '1', '--rolls', '7,1'],
      /--rolls: 7 is not a d6 face \(1-6\)/,
    ],
    [
      ['--acu', '1', '--def', '1', '--str', '1', '--arm', '1', '--rolls', 'a,b'],
      /--rolls: "a" is not a die face/,
    ],
    [
      ['--acu', '1', '--def', '1', '--str', '1', '--arm', '1', '--rolls', '6'],
      /ran out after 1 dice: 3 more dice needed: 1 d6 for defence \(defender\), then 1 d6 for damage/,
    ],
    // A hit with no damage dice typed: both the damage and the armor die are named (issue 14).
    [
      ['--acu', '3', '--def', '1', '--str', '3', '--arm', '1', '--rolls', '6,1'],
      /ran out after 2 dice: 2 more dice needed: 1 d6 for damage \(attacker\), then 1 d6 for armor \(defender\)/,
    ],
    [['--acu', '1', '--def', '1', '--str', '1', '--arm', '1', '--rolls', '1,2,3'], /1 dice left over/],
    [
      [
        '--acu',
        '1',
        '--def',
        '1',
        '--str',
        '5',
        '--arm',
        '1',
        '--aim',
        'module',
        '--mtp',
        '2',
        '--rolls',
        '6,2,3,3,4',
      ],
      /--rolls: 4 is not a d3 face \(1-3\)/,
    ],
    [
      ['--acu', '1', '--def', '1', '--str', '1', '--arm', '1', '--odds', '--rolls', '1,2'],
      /--odds and --rolls do not go together/,
    ],
  ])('bad input %j: exit 2, one line', (args, pattern) => {
    expectBadInput(['wargroup', 'shoot', ...(args as string[])], pattern as RegExp)
  })
})

describe('mecha wargroup burn / void', () => {
  it('burn until a 1', () => {
    const j = mechaJson(['wargroup', 'burn', '--rolls', '4,6,1'])
    expect(j).toMatchObject({
      command: 'wargroup burn',
      effect: 'burn',
      damage: 10,
      duration: 2,
      expired: true,
      active: false,
      turns: null,
    })
    expect(j.dice).toEqual([
      { roll: 4, damage: 4 },
      { roll: 6, damage: 6 },
      { roll: 1, damage: 0 },
    ])
  })

  it('void with --passes, still active', () => {
    const j = mechaJson(['wargroup', 'void', '--passes', '2', '--rolls', '3,5'])
    expect(j).toMatchObject({
      effect: 'void',
      damage: 8,
      duration: 2,
      expired: false,
      active: true,
      turns: 2,
    })
  })

  it('burn with --dam stops when the target is destroyed', () => {
    const j = mechaJson(['wargroup', 'burn', '--dam', '8', '--rolls', '5,4'])
    expect(j).toMatchObject({ damage: 9, remainingDam: 0, destroyed: true, expired: false })
  })

  it('unbounded --odds: closed-form expectations, maps summing to 1 with a tail key', () => {
    const j = mechaJson(['wargroup', 'burn', '--odds'])
    expect(j.odds.expected).toEqual({ damage: 20, duration: 5, dice: 6, expired: 1 })
    expect(Math.abs(sumOf(j.odds.damage) - 1)).toBeLessThan(1e-9)
    expect(Math.abs(sumOf(j.odds.duration) - 1)).toBeLessThan(1e-9)
    expect(j.odds.damage['0']).toBeCloseTo(1 / 6, 15)
    expect(j.odds.damage['4']).toBeCloseTo(7 / 216, 15)
    expect(j.odds.duration['3']).toBeCloseTo(125 / 1296, 15)
    expect(j.odds.damage[`${j.tail.damage.from}+`]).toBeLessThanOrEqual(1e-9)
    expect(j.odds.duration[`${j.tail.duration.from}+`]).toBeLessThanOrEqual(1e-9)
  })

  it('bounded --odds', () => {
    const j = mechaJson(['wargroup', 'void', '--turns', '2', '--odds'])
    expect(j.odds.damage['4']).toBeCloseTo(1 / 18, 15)
    expect(j.odds.duration['2']).toBeCloseTo(25 / 36, 15)
    expect(j.odds.expected.duration).toBeCloseTo(5 * (1 - 25 / 36), 12)
    expect(j.tail).toBeUndefined()
  })

  it('--dam --odds reports the chance to destroy', () => {
    const o = mechaJson(['wargroup', 'burn', '--dam', '3', '--odds']).odds
    expect(o.destroyed.true).toBeCloseTo(29 / 36, 15)
    expect(o.expected.destroyed).toBeCloseTo(29 / 36, 15)
  })

  it.each([
    [['burn', '--turns', '0'], /--turns: 0 is out of range; give 1 to 50/],
    [['burn', '--turns', 'many'], /--turns: "many" is not a whole number/],
    [
      ['void', '--turns', '2', '--passes', '2'],
      /--turns: it means the same as --passes for a void tile; drop --turns or --passes/,
    ],
    [['burn', '--rolls', '4,0'], /--rolls: 0 is not a d6 face/],
    [['burn', '--rolls', '4,5'], /ran out after 2 dice: 1 more d6 needed for burn turn 3/],
    [['burn', '--turns', '1', '--rolls', '4,5'], /1 dice left over/],
    [['burn', '--dam', '101'], /--dam: 101 is out of range; give 1 to 100/],
  ])('bad input %j', (args, pattern) => {
    expectBadInput(['wargroup', ...(args as string[])], pattern as RegExp)
  })
})

describe('mecha wargroup smoke, length, initiative, building', () => {
  it('smoke', () => {
    expect(mechaJson(['wargroup', 'smoke', '--rolls', '4'])).toMatchObject({ turns: 4, roll: 4 })
    const o = mechaJson(['wargroup', 'smoke', '--odds']).odds
    expect(o.expected.turns).toBe(3.5)
    expect(Math.abs(sumOf(o.turns) - 1)).toBeLessThan(1e-9)
  })

  it('length', () => {
    expect(mechaJson(['wargroup', 'length', '--rolls', '3,5,2'])).toMatchObject({
      turns: 10,
      dice: [3, 5, 2],
    })
    const o = mechaJson(['wargroup', 'length', '--odds']).odds
    expect(o.turns['10']).toBeCloseTo(1 / 8, 15)
    expect(o.expected.turns).toBe(10.5)
    expectBadInput(['wargroup', 'length', '--rolls', '3,5'], /1 more d6 needed/)
  })

  it('initiative re-rolls ties', () => {
    const j = mechaJson(['wargroup', 'initiative', '--rolls', '4,4,2,5'])
    expect(j).toMatchObject({ goesFirst: 'B', winningRoll: 5, rerolls: 1 })
    const o = mechaJson(['wargroup', 'initiative', '--odds']).odds
    expect(o.goesFirst).toEqual({ A: 0.5, B: 0.5 })
    expect(o.expected.rounds).toBeCloseTo(1.2, 15)
    expect(Math.abs(sumOf(o.rounds) - 1)).toBeLessThan(1e-9)
    expectBadInput(
      ['wargroup', 'initiative', '--rolls', '3,3'],
      /2 more dice needed: 1 d6 for initiative round 2: player A, then 1 d6 for initiative round 2: player B/,
    )
  })

  it('building profile needs no dice', () => {
    const j = mechaJson(['wargroup', 'building', '--tiles', '4'])
    expect(j).toEqual({ command: 'wargroup building', tiles: 4, arm: 6, dam: 6, damLeft: 6 })
  })

  it('attack on a building', () => {
    const j = mechaJson(['wargroup', 'building', '--tiles', '2', '--str', '6', '--rolls', '5,2'])
    expect(j).toMatchObject({ arm: 4, dam: 4, damage: 5, remainingDam: 0, destroyed: true, rubbleTiles: 2 })
    const o = mechaJson(['wargroup', 'building', '--tiles', '1', '--str', '0', '--odds']).odds
    expect(o.damage['6']).toBeCloseTo(5 / 36, 15)
    expect(Math.abs(sumOf(o.damage) - 1)).toBeLessThan(1e-9)
    expect(Math.abs(sumOf(o.destroyed) - 1)).toBeLessThan(1e-9)
  })

  it.each([
    [['building'], /--tiles is required/],
    [['building', '--tiles', '0'], /--tiles: 0 is out of range/],
    [
      ['building', '--tiles', '3', '--dam', '9'],
      /^mecha: --dam: 9 is out of range for a 3-tile building \(Dam 5\); give 1 to 5$/,
    ],
    [
      ['building', '--tiles', '2', '--dam', '0'],
      /^mecha: --dam: 0 is out of range for a 2-tile building \(Dam 4\); give 1 to 4$/,
    ],
    [['building', '--tiles', '3', '--odds'], /--str/],
    [['smoke', '--rolls', '7'], /7 is not a d6 face/],
  ])('bad input %j', (args, pattern) => {
    expectBadInput(['wargroup', ...(args as string[])], pattern as RegExp)
  })

  it('the group lists its commands', () => {
    const r = mecha(['wargroup', '--help'])
    expect(r.code).toBe(0)
    for (const c of ['shoot', 'burn', 'void', 'smoke', 'building', 'initiative', 'length'])
      expect(r.stdout).toMatch(new RegExp(`\\b${c}\\b`))
  })

  it('help states the dice order', () => {
    const r = mecha(['wargroup', 'shoot', '--help'])
    expect(r.stdout).toMatch(/Dice order for --rolls: the attacker's to-hit d6, the defender's d6/)
  })
})
