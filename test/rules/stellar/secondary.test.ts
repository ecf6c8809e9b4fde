import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/core/errors.js'
import {
  OBJECTIVE_NAMES,
  OBJECTIVES,
  type ObjectiveName,
  type SecondaryCounts,
  scoreSecondary,
} from '../../../src/rules/stellar/secondary.js'

const vp = (o: ObjectiveName, c: SecondaryCounts) => scoreSecondary(o, c).vp

describe('secondary objectives: the VP each one scores', () => {
  it.each([
    ['top-gun', { times: 2 }, 4],
    ['top-gun', { times: 2, bonus: 1 }, 6],
    ['strongest-prototype', { times: 1 }, 5],
    ['rout', { perRound: [2, 7, 1] }, 2 + 5 + 1],
    ['surprise-assault', { times: 2, bonus: 1 }, 2 + 3],
    ['surprise-assault', {}, 0],
    ['undefeated', { times: 2, bonus: 1 }, 4 + 3],
    ['bonds', { levels: [1, 2, 0, 2, 1] }, 5],
    ['bonds', { levels: [1, 1] }, 2],
    ['last-bastion', { commanderSurvived: true }, 3],
    ['last-bastion', { commanderSurvived: true, units: 7, destroyed: 4 }, 6],
    ['last-bastion', { commanderSurvived: true, units: 7, destroyed: 3 }, 3],
    ['last-bastion', { units: 7, destroyed: 6 }, 0],
    ['minimize-losses', { units: 7, destroyed: 3 }, 5],
    ['minimize-losses', { units: 7, destroyed: 4 }, 0],
    ['minimize-losses', { units: 7, destroyed: 4, bonus: 2 }, 2],
    ['flawless-insertion', { destroyed: 0 }, 10],
    ['flawless-insertion', { destroyed: 3 }, 7],
    ['flawless-insertion', { destroyed: 12 }, 0],
    ['invincible', { times: 4 }, 4],
    ['repel', { times: 3 }, 3],
    ['dominate', { perRound: [2, 3, 4] }, 7],
    ['behind-lines', { perRound: [0, 1, 2, 5] }, 2 + 3 + 3],
    ['scorched-earth', { times: 1 }, 5],
    ['swelling-momentum', { times: 3 }, 6],
  ] as Array<[ObjectiveName, SecondaryCounts, number]>)('%s %j: %i VP', (o, c, want) => {
    expect(vp(o, c)).toBe(want)
  })

  it('at most 10 VP each, the uncapped sum kept for the record', () => {
    const r = scoreSecondary('strongest-prototype', { times: 3 })
    expect(r).toMatchObject({ vp: 10, uncapped: 15 })
    expect(vp('rout', { perRound: [5, 5, 5] })).toBe(10)
    expect(vp('top-gun', { times: 6, bonus: 1 })).toBe(10)
  })

  it('every objective has a category, a name, and says what its counts mean', () => {
    const byCategory = { destruction: 0, survival: 0, battlespace: 0 }
    for (const name of OBJECTIVE_NAMES) {
      const d = OBJECTIVES[name]
      byCategory[d.category]++
      for (const k of [...d.required, ...d.optional])
        expect((d.meaning as Record<string, string>)[k], `${name} ${k}`).toBeTruthy()
    }
    expect(byCategory).toEqual({ destruction: 5, survival: 5, battlespace: 5 })
  })

  it('counts that cannot be: a bonus above its event, more losses than units, a fifth quadrant', () => {
    expect(() => scoreSecondary('top-gun', { times: 1, bonus: 2 })).toThrow(InputError)
    expect(() => scoreSecondary('minimize-losses', { units: 3, destroyed: 4 })).toThrow(
      /more than the 3 units/,
    )
    expect(() => scoreSecondary('dominate', { perRound: [5] })).toThrow(/4 quadrants/)
  })
})
