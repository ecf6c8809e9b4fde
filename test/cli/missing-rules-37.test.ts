import { describe, expect, it } from 'vitest'
import { mechaJson, refused } from './in-process.js'

/** Issue 37, "Missing from the rules table": the rules done as code. */
describe('energy weapons in shoot: -3 PEN through a building, -5 underwater', () => {
  // Q, energy weapons: through a building within Sensors PEN -3, underwater PEN -5 (save has them).
  const shot = ['shoot', '--acc', '9', '--evade', '2', '--shots', '5', '--dmg', '300', '--energy', '--odds']
  const odds = (more: string[]) => mechaJson([...shot, ...more]).odds
  it.each([
    { printed: '6', flag: '--through-wall', as: '3' },
    { printed: '8', flag: '--underwater', as: '3' },
    { printed: '6', flag: '--underwater', as: '1' },
  ])('PEN $printed with $flag deals what PEN $as does', ({ printed, flag, as }) => {
    expect(odds(['--pen', printed, flag])).toEqual(odds(['--pen', as]))
  })

  it('both at once take 8, and the save command agrees on the target number', () => {
    expect(odds(['--pen', '10', '--through-wall', '--underwater'])).toEqual(odds(['--pen', '2']))
    const j = mechaJson([
      ...shot.slice(0, -1),
      '--pen',
      '7',
      '--through-wall',
      '--bonus',
      'none',
      '--defense',
      'none',
      '--rolls',
      '3,3,3,3,3,1,1,1',
    ])
    const save = mechaJson([
      'save',
      '--pen',
      '7',
      '--energy',
      '--through-wall',
      '--hits',
      '3',
      '--rolls',
      '1,1,1',
    ])
    expect(j.saveTargetNumber).toBe(save.targetNumber)
    expect(j.saveTargetNumber).toBe(4)
  })

  it('needs --energy, as save does', () => {
    expect(
      refused(['shoot', '--acc', '9', '--shots', '5', '--dmg', '300', '--pen', '6', '--through-wall']),
    ).toBe(
      'mecha: --through-wall: only energy weapons shoot through buildings; add --energy or drop --through-wall',
    )
  })
})

describe('titan-throw --low-gravity: throws deal no DMG', () => {
  // Q, Low Gravity Battle: "Falling & Throws deal no DMG"; a failed save still throws.
  const T = [
    'titan-throw',
    '--atk-size',
    '2',
    '--def-size',
    '0',
    '--atk-melee',
    '6',
    '--atk-dmg',
    '300',
    '--atk-pen',
    '5P',
    '--def-melee',
    '4',
    '--def-arm-sv',
    '1',
    '--odds',
  ]
  it('the chance to throw is unchanged, the damage is none', () => {
    const normal = mechaJson(T)
    const low = mechaJson([...T, '--low-gravity'])
    expect(normal.odds.expected.damage).toBeGreaterThan(0)
    expect(low.odds.attack.damage).toEqual({ 0: 1 })
    expect(low.odds.attack.failedSaves).toEqual(normal.odds.attack.failedSaves)
    expect(low.odds.thrown).toEqual(normal.odds.thrown)
    expect(low.lowGravity).toBe(true)
    expect(normal.lowGravity).toBeUndefined()
  })

  it('fall deals no DMG either (it is the low-gravity fall check)', () => {
    expect(mechaJson(['fall', '--rolls', '2']).damage).toBe(0)
  })
})
