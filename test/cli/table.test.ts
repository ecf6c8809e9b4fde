import { describe, expect, it } from 'vitest'
import { mecha, mechaJson } from './in-process.js'

/** Every odds map sums to 1 (within 1e-9); nested objects are checked too, `expected` skipped. */
function expectMapsSumToOne(odds: Record<string, unknown>): void {
  let maps = 0
  for (const [k, v] of Object.entries(odds)) {
    if (k === 'expected' || v === null || typeof v !== 'object') continue
    const values = Object.values(v as Record<string, number>)
    expect(values.every((x) => typeof x === 'number' && x >= 0)).toBe(true)
    expect(Math.abs(values.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-9)
    maps++
  }
  expect(maps).toBeGreaterThan(0)
}

/** Exit 2, one line on stderr naming the problem, nothing on stdout, no stack trace. */
function expectBadInput(args: string[], pattern: RegExp): void {
  const r = mecha(args)
  expect(r.code).toBe(2)
  expect(r.stdout).toBe('')
  expect(r.stderr.trim().split('\n')).toHaveLength(1)
  expect(r.stderr).toMatch(pattern)
  expect(r.stderr).not.toMatch(/\n\s+at /)
}

describe('mecha save', () => {
  it('Laughing Joker vs PEN 5: [3,5] pass at 3+', () => {
    const j = mechaJson(['save', '--pen', '5', '--arm-sv', '2', '--hits', '2', '--rolls', '3,5'])
    expect(j).toMatchObject({
      command: 'save',
      targetNumber: 3,
      failedSaves: 0,
      damage: 0,
      seed: null,
      rolls: [3, 5],
    })
    expect(j.saves).toEqual([
      { roll: 3, passed: true },
      { roll: 5, passed: true },
    ])
  })

  it('Laughing Joker vs PEN 4: four hits, three saves at 2+, [1,6,7] fails one', () => {
    const j = mechaJson(['save', '--pen', '4', '--arm-sv', '2', '--hits', '4', '--rolls', '1,6,7'])
    expect(j).toMatchObject({ targetNumber: 2, owed: 3, cap: 3, failedSaves: 1, damage: 1000 })
  })

  it('Green Viking: the cruiser makes 5 saves against 9 hits at PEN 3', () => {
    const j = mechaJson(['save', '--pen', '3', '--hits', '9', '--warship', '--rolls', '1,2,3,4,5'])
    expect(j).toMatchObject({ owed: 5, cap: 5, failedSaves: 2, damage: 2000 })
  })

  it('stun, push/pull with Size, Anti-Beam Coating, Unyielding and "It\'s not over yet!"', () => {
    expect(mechaJson(['save', '--pen', '5S', '--hits', '2', '--rolls', '1,9'])).toMatchObject({
      failedSaves: 1,
      actionsLost: 1,
      damage: 0,
    })
    expect(mechaJson(['save', '--pen', '5P', '--size', '1', '--hits', '2', '--rolls', '2,3'])).toMatchObject({
      targetNumber: 3,
      pushes: 1,
    })
    expect(
      mechaJson(['save', '--pen', '6', '--hits', '1', '--energy', '--anti-beam', '--rolls', '4']),
    ).toMatchObject({ targetNumber: 4, armSvBonus: 2, failedSaves: 0 })
    expect(mechaJson(['save', '--pen', '6', '--hits', '1', '--anti-beam', '--rolls', '4'])).toMatchObject({
      targetNumber: 6,
      armSvBonus: 0,
      failedSaves: 1,
    })
    const u = mechaJson([
      'save',
      '--pen',
      '6',
      '--hits',
      '2',
      '--unyielding',
      '--pilot',
      '1',
      '--momentum',
      '1',
      '--rolls',
      '1,2,3,9',
    ])
    expect(u).toMatchObject({ failedSaves: 0, negated: 1, damage: 0, chosenBy: { momentum: 'flag' } })
    expect(u.rerolls).toEqual([
      { roll: 3, passed: false },
      { roll: 9, passed: true },
    ])
  })

  it('--odds: exact maps that sum to 1, and the expected values', () => {
    const j = mechaJson(['save', '--pen', '5', '--arm-sv', '2', '--hits', '2', '--odds'])
    expectMapsSumToOne(j.odds)
    expect(j.odds.failedSaves['0']).toBeCloseTo(0.64, 12)
    expect(j.odds.expected.damage).toBeCloseTo(400, 9)
    expect(j.targetNumber).toBe(3)
  })

  it('the same seed gives the same saves', () => {
    const a = mechaJson(['save', '--pen', '7', '--hits', '3', '--seed', 'joker'])
    const b = mechaJson(['save', '--pen', '7', '--hits', '3', '--seed', 'joker'])
    expect(a).toEqual(b)
    expect(a.seed).toBe('joker')
  })

  it.each([
    [['save', '--hits', '2'], /--pen is required/],
    [['save', '--pen', 'x', '--hits', '2'], /--pen: "x"/],
    [['save', '--pen', '5', '--hits', 'two'], /--hits: "two" is not a whole number/],
    [['save', '--pen', '5', '--hits', '-1'], /--hits: -1 is out of range/],
    [['save', '--pen', '5', '--hits', '2', '--rolls', '0,4'], /--rolls: 0 is not a d10 face/],
    [['save', '--pen', '5', '--hits', '2', '--rolls', '4'], /ran out after 1 dice: 1 more d10/],
    [['save', '--pen', '5', '--hits', '2', '--rolls', '4,4,4'], /1 dice left over/],
    [['save', '--pen', '5', '--hits', '2', '--momentum', '1'], /needs a level 1\+ pilot/],
    [['save', '--pen', '5P', '--hits', '2', '--pilot', '1', '--momentum', '1'], /push\/pull/],
    [['save', '--pen', '5', '--hits', '2', '--through-wall'], /--through-wall/],
  ])('bad input %j', (args, pattern) => expectBadInput(args as string[], pattern as RegExp))
})

describe('mecha cover', () => {
  it.each([
    { args: ['--dmg', '200', '--rolls', '2'], tn: 2, survived: true },
    { args: ['--dmg', '800', '--rolls', '7'], tn: 8, survived: false },
    { args: ['--dmg', '800', '--direct', '--rolls', '8,9,10'], tn: 8, survived: true },
    { args: ['--dmg', '300', '--melee', '--rolls', '6,6,5'], tn: 6, survived: false },
    { args: ['--dmg', '200', '--crash-through', '--rolls', '4,4,4'], tn: 4, survived: true },
  ])('$args: $tn+, survived $survived', ({ args, tn, survived }) => {
    const j = mechaJson(['cover', ...args])
    expect(j).toMatchObject({ targetNumber: tn, survived })
    expect(j.rolls).toEqual(args[args.length - 1].split(',').map(Number))
  })

  it('AOE: two pieces', () => {
    const j = mechaJson(['cover', '--dmg', '600', '--aoe', '--rolls', '5,6'])
    expect(j).toMatchObject({
      survived: false,
      destroyed: 1,
      pieces: [{ survived: false }, { survived: true }],
    })
  })

  it('--odds: the bazooka against the cover itself survives 2.7%', () => {
    const j = mechaJson(['cover', '--dmg', '800', '--direct', '--odds'])
    expectMapsSumToOne(j.odds)
    expect(j.odds.survived.true).toBeCloseTo(0.027, 12)
  })

  it.each([
    [['cover'], /--dmg is required/],
    [['cover', '--dmg', '500', '--pieces', '2'], /only AOE weapons/],
    [['cover', '--dmg', '500', '--rolls', '11'], /11 is not a d10 face/],
  ])('bad input %j', (args, pattern) => expectBadInput(args as string[], pattern as RegExp))
})

describe('mecha outmaneuver', () => {
  it("Green Viking's bridge attack", () => {
    const j = mechaJson([
      'outmaneuver',
      '--bridge',
      '--atk-role',
      'battler',
      '--ally-warship',
      '--rolls',
      '3,4,6,8,9,10,1,2,4,7,7,10',
    ])
    expect(j.attacker).toMatchObject({ dice: 6, successes: 5 })
    expect(j.defender).toMatchObject({ dice: 6, successes: 4 })
    expect(j).toMatchObject({
      winner: 'attacker',
      margin: 1,
      outcome: 'bridge-hit',
      effects: { blindside: true, penBonus: 3, shipAccPenalty: 2 },
    })
  })

  it('pool sizes given directly; a win by 3 is Blindside', () => {
    const j = mechaJson(['outmaneuver', '--atk-dice', '3', '--def-dice', '2', '--rolls', '10,6,5,1,2'])
    expect(j).toMatchObject({ winner: 'attacker', margin: 4, outcome: 'blindside' })
  })

  it("--odds: each side's chance to win and by how much", () => {
    const j = mechaJson(['outmaneuver', '--atk-dice', '1', '--def-dice', '1', '--odds'])
    expectMapsSumToOne(j.odds)
    expect(j.odds.winner).toEqual({ attacker: 0.29, defender: 0.29, tie: 0.42 })
    expect(j.odds.difference['2']).toBeCloseTo(0.04, 12)
    expect(j.odds.margin['2']).toBeCloseTo(0.08, 12)
  })

  it.each([
    [['outmaneuver', '--melee'], /--melee: .*add --bridge/],
    [['outmaneuver', '--atk-momentum', '1'], /--atk-momentum: only level 1\+/],
    [
      ['outmaneuver', '--atk-dice', '5', '--atk-role', 'battler'],
      /--atk-dice: give the final pool size or the modifiers/,
    ],
    [
      ['outmaneuver', '--atk-move', '10'],
      /--atk-move: the speed bonus compares both sides' base Move; add --def-move or drop --atk-move/,
    ],
    [['outmaneuver', '--atk-role', 'pilot'], /--atk-role: "pilot" is not one of/],
    [['outmaneuver', '--atk-dice', '16'], /--atk-dice: 16 is out of range/],
  ])('bad input %j', (args, pattern) => expectBadInput(args as string[], pattern as RegExp))
})

describe("the table's other rolls", () => {
  it('initiative: ties are rolled again', () => {
    const j = mechaJson(['initiative', '--names', 'Federation,Zeon', '--rolls', '4,4,2,7'])
    expect(j).toMatchObject({
      rollOffs: [
        [4, 4],
        [2, 7],
      ],
      winner: 2,
      winnerName: 'Zeon',
    })
    const o = mechaJson(['initiative', '--odds'])
    expectMapsSumToOne(o.odds)
    expect(o.odds.winner).toEqual({ 1: 0.5, 2: 0.5 })
  })

  it('stun-recover: White Asura rolls [2,5,7] and recovers 2 actions', () => {
    const j = mechaJson(['stun-recover', '--penalty', '2', '--actions', '1', '--rolls', '2,5,7'])
    expect(j).toMatchObject({
      penalty: 2,
      successes: 2,
      removed: 2,
      penaltyLeft: 0,
      actionsLeft: 1,
      shutdown: false,
    })
    const o = mechaJson(['stun-recover', '--penalty', '2', '--odds'])
    expectMapsSumToOne(o.odds)
    expect(o.odds.removed['2']).toBeCloseTo(0.648, 12)
  })

  it('fall: 1-4 falls', () => {
    expect(mechaJson(['fall', '--rolls', '4'])).toMatchObject({ roll: 4, fell: true, damage: 0 })
    expect(mechaJson(['fall', '--rolls', '5'])).toMatchObject({ roll: 5, fell: false })
    expect(mechaJson(['fall', '--odds']).odds.fell).toEqual({ false: 0.6, true: 0.4 })
  })

  it('behavior: the d10 and the order', () => {
    expect(mechaJson(['behavior', '--situation', 'hurt', '--rolls', '1'])).toMatchObject({
      roll: 1,
      readAs: 1,
      order: 'retreat',
    })
    expect(mechaJson(['behavior', '--situation', 'hurt', '--commander', '--rolls', '1'])).toMatchObject({
      roll: 1,
      readAs: 10,
      order: 'last-stand',
    })
    expect(
      mechaJson(['behavior', '--table', 'kaiju', '--situation', 'near', '--return-fire', '--rolls', '1']),
    ).toMatchObject({ order: 'finish-them' })
    expect(mechaJson(['behavior', '--table', 'kaiju', '--situation', 'far', '--rolls', '1'])).toMatchObject({
      order: 'retreat-and-rampage',
    })
    const o = mechaJson(['behavior', '--situation', 'default', '--odds'])
    expectMapsSumToOne(o.odds)
    expect(o.odds.order).toEqual({ attack: 0.8, 'attack-and-retreat': 0.1, 'finish-them': 0.1 })
  })

  it.each([
    [['initiative', '--names', 'solo'], /--names: "solo" is not two names/],
    [['stun-recover', '--penalty', 'x'], /--penalty: "x" is not a whole number/],
    [['stun-recover', '--rolls', '5,5'], /1 more d10/],
    [['fall', '--rolls', '4,4'], /left over/],
    [['behavior', '--table', 'kaiju'], /--situation is required for the kaiju table/],
    [['behavior', '--situation', 'far'], /not on the mecha table/],
    [['behavior', '--situation', 'hurt', '--rolls', '1', '--odds'], /--odds and --rolls do not go together/],
  ])('bad input %j', (args, pattern) => expectBadInput(args as string[], pattern as RegExp))
})

describe('mecha vp and mecha momentum (no dice)', () => {
  it('one unit: frame, level, performance; no seed', () => {
    const j = mechaJson(['vp', '--frame', '3', '--pilot', '2', '--performance', '8'])
    expect(j).toMatchObject({ mode: 'unit', vp: 7, ownerPenalty: -2 })
    expect(j).not.toHaveProperty('seed')
  })

  it('the enemy Commander in round 3, a Challenge target: 2 x (4 + 1 + 3)', () => {
    expect(
      mechaJson(['vp', '--frame', '4', '--pilot', '1', '--commander', '--round', '3', '--challenge']).vp,
    ).toBe(16)
  })

  it("Confrontation: the worked example's game 3 and its total", () => {
    expect(
      mechaJson(['vp', '--mode', 'confrontation', '--survivors', '1xF2,2xF1', '--previous', '17,13']),
    ).toMatchObject({ vp: 4, total: 34 })
    expect(
      mechaJson(['vp', '--mode', 'confrontation', '--survivors', 'F4L2,2xF3', '--previous', '16,12']),
    ).toMatchObject({ vp: 12, total: 40 })
  })

  it('Secure the Objective: the worked example is 21 VP', () => {
    expect(
      mechaJson(['vp', '--mode', 'objective', '--cps', '2', '--enemy-cps', '1', '--actions', '2']).vp,
    ).toBe(21)
  })

  it('Defend the City: the Attacker scores buildings, the Defender double for early kills', () => {
    expect(
      mechaJson(['vp', '--mode', 'city', '--side', 'attacker', '--buildings', '7', '--kills', 'F3L1']),
    ).toMatchObject({
      mode: 'city',
      vp: 8,
      city: { side: 'attacker', buildings: 7, buildingVp: 4 },
    })
    const d = mechaJson(['vp', '--mode', 'city', '--side', 'defender', '--kills', 'F4L2R1,F2R3'])
    expect(d).toMatchObject({ vp: 14, city: { side: 'defender', buildingVp: 0 } })
    expect(d.kills.map((k: { each: number }) => k.each)).toEqual([12, 2])
    expect(mechaJson(['vp', '--mode', 'simple', '--kills', 'F2']).city).toBeNull()
  })

  it('secondary objectives: one objective, its parts, at most 10', () => {
    expect(mechaJson(['secondary', '--objective', 'rout', '--per-round', '3,6,2'])).toMatchObject({
      objective: 'rout',
      name: 'Rout the Enemy',
      category: 'destruction',
      vp: 10,
      uncapped: 10,
    })
    expect(mechaJson(['secondary', '--objective', 'strongest-prototype', '--times', '3'])).toMatchObject({
      vp: 10,
      uncapped: 15,
    })
    expect(
      mechaJson([
        'secondary',
        '--objective',
        'last-bastion',
        '--commander-survived',
        '--units',
        '8',
        '--destroyed',
        '5',
      ]).vp,
    ).toBe(6)
    const r = mecha(['secondary', '--objective', 'top-gun', '--times', '3', '--bonus', '1'], {
      env: { NO_COLOR: '1' },
    })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Secondary objective: Top Gun (Destruction): 8 VP')
  })

  it('momentum: the points bands', () => {
    expect(mechaJson(['momentum', '--points', '500']).momentum).toBe(3)
    expect(mechaJson(['momentum', '--points', '1000']).momentum).toBe(5)
    expect(mechaJson(['momentum', '--points', '1500']).momentum).toBe(7)
    expect(mechaJson(['momentum', '--points', '1501', '--resourceful']).momentum).toBe(10)
  })

  it.each([
    [['vp'], /--frame is required/],
    [['vp', '--frame', '6'], /--frame: 6 is out of range; give 1 to 5/],
    [['vp', '--frame', '2', '--commander'], /--round is required with --commander/],
    [['vp', '--frame', '2', '--below-half', '--challenge'], /--below-half/],
    [['vp', '--mode', 'simple', '--kills', 'F2Z'], /--kills: cannot read "Z"/],
    [['vp', '--mode', 'simple', '--frame', '2'], /--frame is for one unit's VP/],
    [['vp', '--frame', '2', '--seed', 'x'], /unknown option '--seed'/],
    [['vp', '--mode', 'city', '--buildings', '3'], /--side is required with --mode city/],
    [
      ['vp', '--mode', 'city', '--side', 'defender', '--buildings', '3'],
      /--buildings: destroyed buildings score for the Attacker/,
    ],
    [
      ['vp', '--mode', 'simple', '--kills', 'F2R1'],
      /R \(the round a unit was destroyed\) only scores in Defend the City/,
    ],
    [['vp', '--mode', 'simple', '--side', 'attacker'], /--side is for Defend the City/],
    [['vp', '--mode', 'city', '--side', 'attacker', '--previous', '3'], /a Defend the City game is one game/],
    [['secondary'], /--objective is required: one of top-gun, /],
    [['secondary', '--objective', 'rout'], /--per-round is required for Rout the Enemy/],
    [
      ['secondary', '--objective', 'rout', '--times', '2'],
      /--times does not count for Rout the Enemy; it takes --per-round/,
    ],
    [
      ['secondary', '--objective', 'top-gun', '--times', '1', '--bonus', '2'],
      /--bonus: 2 is more than --times 1/,
    ],
    [['secondary', '--objective', 'bonds', '--levels', '1,3'], /--levels: "3" is not a pilot level/],
    [['secondary', '--objective', 'nope'], /--objective: "nope" is not one of/],
    [['momentum'], /--points is required/],
    [['momentum', '--points', '0'], /--points: 0 is out of range/],
    [['momentum', '--points', '1000', '--odds'], /unknown option '--odds'/],
  ])('bad input %j', (args, pattern) => expectBadInput(args as string[], pattern as RegExp))
})

describe('help and human output', () => {
  it.each(['save', 'cover', 'outmaneuver', 'initiative', 'stun-recover', 'fall', 'behavior'])(
    '%s --help gives the dice order',
    (cmd) => {
      const r = mecha([cmd, '--help'])
      expect(r.code).toBe(0)
      expect(r.stdout).toContain('Dice order for --rolls')
    },
  )

  it.each([
    ['save', '--pen', '4', '--arm-sv', '2', '--hits', '4', '--rolls', '1,6,7', '--explain'],
    ['cover', '--dmg', '300', '--melee', '--rolls', '6,6,5', '--explain'],
    [
      'outmaneuver',
      '--bridge',
      '--atk-role',
      'battler',
      '--ally-warship',
      '--rolls',
      '3,4,6,8,9,10,1,2,4,7,7,10',
      '--explain',
    ],
    ['stun-recover', '--penalty', '2', '--rolls', '2,5,7', '--explain'],
    ['behavior', '--situation', 'cover', '--rolls', '10', '--explain'],
    ['vp', '--frame', '2', '--below-half', '--explain'],
    ['momentum', '--points', '2000', '--resourceful', '--explain'],
  ])('%s --explain walks through the arithmetic, in plain text when piped', (...args) => {
    const r = mecha(args)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('How it was worked out')
    expect(r.stdout).not.toContain('\u001b[')
  })
})
