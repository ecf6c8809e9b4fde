import { describe, expect, it } from 'vitest'
import { mecha, mechaJson } from './in-process.js'

/** Every map of outcome -> probability in an odds object (not `expected`) sums to 1. */
function expectMapsSumToOne(odds: Record<string, unknown>): void {
  const maps = Object.entries(odds).filter(([k]) => k !== 'expected')
  expect(maps.length).toBeGreaterThan(0)
  for (const [, m] of maps) {
    const total = Object.values(m as Record<string, number>).reduce((a, b) => a + b, 0)
    expect(Math.abs(total - 1)).toBeLessThan(1e-9)
  }
}

describe('mecha mining shoot', () => {
  it.each([
    // flags, rolls, hit, damage, modifier
    [['--cover', '--lock'], '4', true, 1, 0],
    [['--cover'], '4', false, 0, -1],
    [['--high-ground'], '3', true, 1, 1],
    [['--drone', '--cover'], '5', false, 0, -2],
    [['--sentry', '--lock', '--high-ground'], '3', true, 1, 1],
    [[], '1', false, 0, 0],
  ])('%j with --rolls %s: hit %s, damage %i, modifier %i', (flags, rolls, hit, damage, modifier) => {
    const j = mechaJson(['mining', 'shoot', ...flags, '--rolls', rolls])
    expect(j).toMatchObject({
      command: 'mining shoot',
      hit,
      damage,
      modifier,
      mode: 'damage',
      roll: Number(rolls),
      seed: null,
      rolls: [Number(rolls)],
    })
  })

  it('reports the target lock as used up', () => {
    expect(mechaJson(['mining', 'shoot', '--lock', '--rolls', '1']).lockUsed).toBe(true)
    expect(mechaJson(['mining', 'shoot', '--rolls', '1']).lockUsed).toBe(false)
  })

  it('suppressive fire places a marker instead of damage', () => {
    const j = mechaJson(['mining', 'shoot', '--suppress', '--markers', '1', '--rolls', '5'])
    expect(j).toMatchObject({
      mode: 'suppress',
      hit: true,
      damage: 0,
      suppression: 1,
      markersBefore: 1,
      markersAfter: 2,
    })
  })

  it('a kill at 4 damage rolls the resolve test of the target force', () => {
    const j = mechaJson(['mining', 'shoot', '--target-damage', '3', '--lost', '2', '--rolls', '6,1'])
    expect(j).toMatchObject({
      damage: 1,
      targetDamage: 3,
      targetDamageAfter: 4,
      eliminated: true,
      retreat: true,
      resolve: { roll: 1, eliminated: 3, score: 0, retreat: true },
    })
  })

  it('a seeded shot reports its seed and replays', () => {
    const a = mechaJson(['mining', 'shoot', '--seed', 'table1'])
    const b = mechaJson(['mining', 'shoot', '--seed', 'table1'])
    expect(a.seed).toBe('table1')
    expect(b).toEqual(a)
    expect(mechaJson(['mining', 'shoot']).seed).toMatch(/^[a-z0-9]+$/)
  })

  it('--odds: exact maps summing to 1, with the chance the force retreats', () => {
    const j = mechaJson(['mining', 'shoot', '--high-ground', '--target-damage', '3', '--lost', '2', '--odds'])
    expectMapsSumToOne(j.odds)
    expect(j.odds.hit.true).toBeCloseTo(2 / 3, 12)
    expect(j.odds.eliminated.true).toBeCloseTo(2 / 3, 12)
    expect(j.odds.retreat.true).toBeCloseTo(1 / 9, 12)
    expect(j.odds.expected.retreat).toBeCloseTo(1 / 9, 12)
    expect(j).toMatchObject({ modifier: 1, needs: 3 })
  })

  it('--odds in text names the hit chance', () => {
    const r = mecha(['mining', 'shoot', '--cover', '--odds', '--no-color'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/Chance to hit\s+33\.33%/)
  })

  it('--explain walks through the modifiers and the roll', () => {
    const r = mecha(['mining', 'shoot', '--cover', '--lock', '--rolls', '4', '--explain'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/Modifiers: cover -1, target lock \+1 = \+0/)
    expect(r.stdout).toMatch(/Rolled 4: 4 \+0 = 4, 4 or more: a hit/)
  })

  it('--help gives the dice order', () => {
    expect(mecha(['mining', 'shoot', '--help']).stdout).toMatch(/Dice order for --rolls: the to-hit d6/)
  })
})

describe('mecha mining ap', () => {
  it('active units + d6', () => {
    expect(mechaJson(['mining', 'ap', '--units', '5', '--rolls', '3'])).toMatchObject({
      command: 'mining ap',
      units: 5,
      roll: 3,
      actionPoints: 8,
    })
  })

  it('--odds: units+1 to units+6, each 1/6', () => {
    const j = mechaJson(['mining', 'ap', '--units', '4', '--odds'])
    expectMapsSumToOne(j.odds)
    expect(
      Object.keys(j.odds.actionPoints)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([5, 6, 7, 8, 9, 10])
    expect(j.odds.expected.actionPoints).toBe(7.5)
  })

  it('--explain shows the sum', () => {
    expect(mecha(['mining', 'ap', '--units', '4', '--rolls', '6', '--explain']).stdout).toMatch(
      /Action points = 4 \+ 6 = 10/,
    )
  })
})

describe('mecha mining repair', () => {
  it.each([
    ['2', '4', true, 1],
    ['2', '3', false, 2],
    ['3', '6', true, 2],
  ])('--damage %s --rolls %s: repaired %s, damage after %i', (damage, roll, repaired, after) => {
    expect(mechaJson(['mining', 'repair', '--damage', damage, '--rolls', roll])).toMatchObject({
      allowed: true,
      repaired,
      damageAfter: after,
      roll: Number(roll),
    })
  })

  it('with 1 damage no repair is allowed and nothing is rolled', () => {
    const j = mechaJson(['mining', 'repair', '--damage', '1'])
    expect(j).toMatchObject({ allowed: false, repaired: false, roll: null, damageAfter: 1 })
    expect(j.seed).toBeUndefined()
  })

  it('--odds', () => {
    const j = mechaJson(['mining', 'repair', '--damage', '2', '--odds'])
    expectMapsSumToOne(j.odds)
    expect(j.odds.repaired).toEqual({ false: 0.5, true: 0.5 })
  })
})

describe('mecha mining resolve', () => {
  it.each([
    ['3', '1', 0, true],
    ['3', '2', 1, false],
    ['1', '1', 2, false],
    ['8', '6', 0, true],
  ])('--eliminated %s --rolls %s: score %i, retreat %s', (eliminated, roll, score, retreat) => {
    expect(mechaJson(['mining', 'resolve', '--eliminated', eliminated, '--rolls', roll])).toMatchObject({
      command: 'mining resolve',
      score,
      retreat,
      roll: Number(roll),
    })
  })

  it.each([
    ['2', 0],
    ['4', 1 / 3],
    ['7', 5 / 6],
  ])('--odds with %s eliminated: retreats with chance %d', (eliminated, p) => {
    const j = mechaJson(['mining', 'resolve', '--eliminated', eliminated, '--odds'])
    expectMapsSumToOne(j.odds)
    expect(j.odds.retreat.true).toBeCloseTo(p, 12)
  })

  it('--explain says which faces retreat', () => {
    expect(mecha(['mining', 'resolve', '--eliminated', '4', '--rolls', '2', '--explain']).stdout).toMatch(
      /retreats on a 1-2/,
    )
  })
})

describe('mecha mining plan', () => {
  it('the repeated --unit form with --heavy', () => {
    const j = mechaJson([
      'mining',
      'plan',
      '--ap',
      '7',
      '--unit',
      'move,shoot',
      '--unit',
      'shoot,shoot',
      '--heavy',
      '2',
    ])
    expect(j).toMatchObject({
      command: 'mining plan',
      actionPoints: 7,
      cost: 6,
      spent: 6,
      left: 1,
      allFit: true,
      short: 0,
    })
    expect(j.units.map((u: { kind: string }) => u.kind)).toEqual(['light', 'heavy'])
    expect(j.seed).toBeUndefined()
  })

  it('units separated by "/" in one --unit, with what does not fit', () => {
    const j = mechaJson([
      'mining',
      'plan',
      '--ap',
      '4',
      '--unit',
      's1: move,shoot / heavy: move,shoot / drone: move,lock',
    ])
    expect(j).toMatchObject({ cost: 13, spent: 4, left: 0, allFit: false, short: 9 })
    expect(j.notFitted).toEqual([
      { unit: 1, action: 'shoot', cost: 4 },
      { unit: 2, action: 'shoot', cost: 2 },
      { unit: 3, action: 'move', cost: 1 },
      { unit: 3, action: 'lock', cost: 2 },
    ])
    expect(j.units[0].actions[0]).toEqual({ action: 'recover', order: 1, cost: 1, fits: true, added: true })
  })

  it('text output and --explain', () => {
    const r = mecha(['mining', 'plan', '--ap', '6', '--unit', 'move,move,shoot', '--explain'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/3rd shoot costs 4, but only 3 left: does not fit/)
    expect(r.stdout).toMatch(/1 more point would fit everything/)
  })

  it.each([
    [['--ap', '7', '--unit', 'move,move', '--heavy', '1'], /at most 1 move action/],
    [['--ap', '7', '--unit', 'heavy: shoot,shoot,shoot'], /at most 2 shooting actions/],
    [['--ap', '7', '--unit', 'shoot,shoot'], /only heavy mechs shoot twice/],
    [['--ap', '7', '--unit', 'move', '--unit', 'jump'], /"jump" \(unit 2\) is not an action/],
    [['--ap', '7', '--unit', 'move', '--heavy', '2'], /--heavy: there is no unit 2/],
    [['--ap', 'x', '--unit', 'move'], /--ap: "x" is not a whole number/],
    [['--ap', '7'], /--unit is required/],
    [['--unit', 'move'], /--ap is required/],
    [['--ap', '7', '--unit', 'move', '--seed', 'x'], /unknown option '--seed'/],
  ])('%j exits 2: %s', (args, why) => {
    const r = mecha(['mining', 'plan', ...args])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(why)
  })
})

describe('mecha mining: bad input is one line on stderr and exit 2', () => {
  it.each([
    [['shoot', '--rolls', '7'], /7 is not a d6 face/],
    [['shoot', '--rolls', 'x'], /"x" is not a die face/],
    [['shoot', '--rolls', '4,4'], /1 dice left over/],
    [['shoot', '--target-damage', '3', '--lost', '1', '--rolls', '6'], /1 more d6 needed for resolve test/],
    [['shoot', '--drone', '--sentry'], /either a drone or a gun sentry/],
    [['shoot', '--suppress', '--markers', '2'], /already carries 2 suppression markers/],
    [['shoot', '--markers', '3'], /--markers: 3 is out of range; give 0 to 2/],
    [['shoot', '--target-damage', '4'], /--target-damage: 4 is out of range; give 0 to 3/],
    [
      ['shoot', '--lost', '1'],
      /--lost: give the damage the target already carries \(0-3\), so a kill can be told; add --target-damage or drop --lost/,
    ],
    [['shoot', '--odds', '--rolls', '3'], /do not go together/],
    [['ap'], /--units is required/],
    [['ap', '--units', '0'], /--units: 0 is out of range/],
    [['ap', '--units', '2.5'], /not a whole number/],
    [['ap', '--units', '4', '--rolls', ''], /ran out after 0 dice: 1 more d6 needed for action points/],
    [['repair', '--damage', '4', '--rolls', '4'], /eliminates a unit/],
    [['repair', '--damage', '-1'], /out of range/],
    [['repair', '--damage', '2', '--drone', '--rolls', '4'], /drones are air units/],
    [['repair', '--damage', '2', '--sentry', '--rolls', '4'], /fixed defences/],
    [['repair', '--damage', '1', '--rolls', '6'], /rolls no dice; drop --rolls/],
    [['resolve', '--eliminated', '0'], /--eliminated: 0 is out of range/],
    [['resolve', '--eliminated', 'three'], /not a whole number/],
    [['resolve'], /--eliminated is required/],
  ])('mining %j', (args, why) => {
    const r = mecha(['mining', ...args])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    const lines = r.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^mecha: /)
    expect(r.stderr).toMatch(why)
    expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/)
  })
})
