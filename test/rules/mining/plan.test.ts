import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/core/errors.js'
import {
  type ActionName,
  type UnitPlan,
  actionCost,
  parseUnits,
  planTurn,
} from '../../../src/rules/mining/plan.js'
import type { UnitKind } from '../../../src/rules/mining/units.js'

const unit = (actions: string, kind: UnitKind = 'light', extra: Partial<UnitPlan> = {}): UnitPlan => ({
  kind,
  actions: actions ? (actions.split(',') as ActionName[]) : [],
  ...extra,
})

function fits(p: ReturnType<typeof planTurn>): string[] {
  return p.units.map((u) => u.actions.map((a) => `${a.action}${a.fits ? '' : '!'}`).join(','))
}

describe("mining plan: 1, 2 and 4 points for a unit's 1st, 2nd and 3rd action", () => {
  it('costs escalate per unit, not per turn', () => {
    expect([1, 2, 3].map(actionCost)).toEqual([1, 2, 4])
    const p = planTurn({ actionPoints: 7, units: [unit('move,shoot'), unit('shoot,shoot', 'heavy')] })
    expect(p.units.map((u) => u.cost)).toEqual([3, 3])
    expect(p).toMatchObject({ cost: 6, spent: 6, left: 1, allFit: true, short: 0, notFitted: [] })
  })

  it('the rulebook example: a suppressed mech recovers (1 point) then moves (2 points)', () => {
    const p = planTurn({ actionPoints: 3, units: [unit('recover,move')] })
    expect(p.units[0].actions.map((a) => [a.action, a.cost])).toEqual([
      ['recover', 1],
      ['move', 2],
    ])
    expect(p.units[0].suppression).toBe(1)
    expect(p.left).toBe(0)
    expect(p.tally.suppressionRemoved).toBe(1)
  })

  it.each([
    // points, units, fitted marks, spent, left, short
    [7, [unit('move,move,shoot')], ['move,move,shoot'], 7, 0, 0],
    [6, [unit('move,move,shoot')], ['move,move,shoot!'], 3, 3, 1],
    [4, [unit('move,move,shoot'), unit('shoot')], ['move,move,shoot!', 'shoot'], 4, 0, 4],
    [2, [unit('move,shoot'), unit('lock')], ['move,shoot!', 'lock'], 2, 0, 2],
    [0, [unit('move')], ['move!'], 0, 0, 1],
    [10, [unit('move'), unit('move'), unit('move')], ['move', 'move', 'move'], 3, 7, 0],
    [3, [unit('')], [''], 0, 3, 0],
  ])('%i points: %j', (ap, units, marks, spent, left, short) => {
    const p = planTurn({ actionPoints: ap, units })
    expect(fits(p)).toEqual(marks)
    expect(p.spent).toBe(spent)
    expect(p.left).toBe(left)
    expect(p.short).toBe(short)
    expect(p.allFit).toBe(!marks.join().includes('!'))
    expect(p.spent + p.left).toBe(ap)
  })

  it('lists what does not fit with its cost', () => {
    const p = planTurn({ actionPoints: 4, units: [unit('move,move,shoot'), unit('move,shoot', 'heavy')] })
    expect(p.notFitted).toEqual([
      { unit: 1, action: 'shoot', cost: 4 },
      { unit: 2, action: 'shoot', cost: 2 },
    ])
    expect(p.units[1]).toMatchObject({ spent: 1, left: 0, fits: false })
  })

  it('tallies the actions that fit', () => {
    const p = planTurn({
      actionPoints: 20,
      units: [
        unit('move,lock', 'drone'),
        unit('shoot,suppress', 'heavy'),
        unit('repair,move', 'tracks', { damage: 2 }),
        unit('recover,recover,special'),
      ],
    })
    expect(p.tally).toEqual({
      shots: 1,
      suppressiveFire: 1,
      targetLocks: 1,
      repairs: 1,
      suppressionRemoved: 2,
      moves: 2,
    })
  })
})

describe('mining plan: suppression markers', () => {
  it('puts missing recover actions first when the markers are given', () => {
    const p = planTurn({ actionPoints: 7, units: [unit('move', 'heavy', { suppression: 2 })] })
    expect(p.units[0].actions.map((a) => [a.action, a.cost, Boolean(a.added)])).toEqual([
      ['recover', 1, true],
      ['recover', 2, true],
      ['move', 4, false],
    ])
    expect(p.notes.join(' ')).toMatch(/2 suppression markers/)
  })

  it('a suppressed unit with nothing else to do spends nothing', () => {
    const p = planTurn({ actionPoints: 5, units: [unit('', 'light', { suppression: 2 })] })
    expect(p.units[0].actions).toEqual([])
    expect(p.spent).toBe(0)
  })

  it('a suppressed unit whose recovery does not fit is noted as still suppressed', () => {
    const p = planTurn({ actionPoints: 0, units: [unit('shoot', 'light', { suppression: 1 })] })
    expect(p.notes.join(' ')).toMatch(/still suppressed/)
  })

  it('a suppressed drone recovers, then makes its move', () => {
    const p = planTurn({ actionPoints: 7, units: [unit('recover,move,shoot', 'drone')] })
    expect(p.allFit).toBe(true)
  })

  it('notes a drone that does not move', () => {
    expect(planTurn({ actionPoints: 3, units: [unit('', 'drone')] }).notes.join(' ')).toMatch(
      /leaves the table/,
    )
    expect(planTurn({ actionPoints: 3, units: [unit('move', 'drone')] }).notes.join(' ')).not.toMatch(
      /leaves the table/,
    )
  })

  it('always reminds that markers come off at the end of the turn', () => {
    expect(planTurn({ actionPoints: 3, units: [unit('move')] }).notes.at(-1)).toMatch(/end of the turn/)
  })
})

describe('mining plan: limits', () => {
  it.each([
    [unit('move,move', 'heavy'), /at most 1 move/],
    [unit('move,move', 'tracks'), /at most 1 move/],
    [unit('move', 'sentry'), /never move/],
    [unit('move,lock,move'), /follow one another/],
    [unit('shoot,shoot'), /1 shooting action/],
    [unit('shoot,suppress'), /1 shooting action/],
    [unit('shoot,shoot,shoot', 'heavy'), /at most 2 shooting/],
    [unit('shoot,move'), /only shoot again/],
    [unit('shoot,shoot,move', 'heavy'), /only shoot again/],
    [unit('suppress,lock'), /only shoot again/],
    [unit('lock,move', 'drone'), /must move before/],
    [unit('shoot', 'drone'), /must move before/],
    [unit('lock', 'sentry'), /cannot place a target lock/],
    [unit('repair', 'sentry'), /cannot repair/],
    [unit('move,repair', 'drone'), /cannot repair/],
    [unit('repair,repair'), /at most 1 repair/],
    [unit('repair', 'light', { damage: 1 }), /2 or more damage/],
    [unit('move,move,move,move'), /at most 3 actions/],
    [unit('move,recover'), /before any other action/],
    [unit('recover,move', 'light', { suppression: 0 }), /only 0 suppression markers/],
    [unit('move,shoot', 'light', { suppression: 2 }), /4 actions/],
  ])('%j is refused: %s', (u, why) => {
    expect(() => planTurn({ actionPoints: 20, units: [unit('move'), u] })).toThrow(InputError)
    expect(() => planTurn({ actionPoints: 20, units: [unit('move'), u] })).toThrow(why)
    expect(() => planTurn({ actionPoints: 20, units: [unit('move'), u] })).toThrow(/unit 2/)
  })

  it.each([
    unit('move,move,move'),
    unit('move,move,shoot'),
    unit('move,shoot,shoot', 'heavy'),
    unit('shoot,suppress', 'heavy'),
    unit('move,move,lock', 'drone'),
    unit('shoot', 'sentry'),
    unit('suppress', 'sentry'),
    unit('repair,move', 'tracks', { damage: 3 }),
    unit('repair'),
    unit('lock,special,shoot'),
  ])('%j is allowed', (u) => {
    expect(() => planTurn({ actionPoints: 20, units: [u] })).not.toThrow()
  })
})

describe('mining plan: --unit text', () => {
  it.each([
    ['move,shoot', [{ actions: ['move', 'shoot'] }]],
    ['heavy: shoot, shoot', [{ kind: 'heavy', actions: ['shoot', 'shoot'] }]],
    [
      'heavy s1 d2: recover,repair',
      [{ kind: 'heavy', suppression: 1, damage: 2, actions: ['recover', 'repair'] }],
    ],
    ['tracked+s2:', [{ kind: 'tracks', suppression: 2, actions: [] }]],
    [
      'move / drone: move,target-lock ; sentry: suppressive-fire',
      [
        { actions: ['move'] },
        { kind: 'drone', actions: ['move', 'lock'] },
        { kind: 'sentry', actions: ['suppress'] },
      ],
    ],
    ['MOVE,Shoot', [{ actions: ['move', 'shoot'] }]],
  ])('%s', (text, units) => {
    expect(parseUnits(text)).toEqual(units)
  })

  it.each([
    ['jump', /"jump" is not an action/],
    ['move / ', /empty unit \(unit 2\)/],
    ['heavy', /put the kind before a colon/],
    ['heavy drone: move', /two kinds/],
    ['s3: move', /0-2 suppression markers/],
    ['d4: move', /eliminated/],
    ['fast: move', /not a unit attribute/],
  ])('%s is refused: %s', (text, why) => {
    expect(() => parseUnits(text)).toThrow(InputError)
    expect(() => parseUnits(text)).toThrow(why)
  })

  it('numbers units from `first` when they come from a later --unit flag', () => {
    expect(() => parseUnits('jump', '--unit', 3)).toThrow(/\(unit 3\)/)
  })
})
