/**
 * `mecha roll` warns (one line on stderr, exit 0, the answer unchanged) when a counting term's
 * threshold fixes its count: `3d6>=10` compares each die, never the total, and is always 0.
 */
import { describe, expect, it } from 'vitest'
import { mecha } from './in-process.js'

const NEVER =
  'mecha: warning: 3d6>=10 counts the dice showing 10 or more on each die, not the total; a d6 never shows 10 or more, so the count is always 0. A roll expression cannot compare the total: for that, read the "at least" column at 10 of `mecha roll 3d6 --odds`\n'

describe('roll: a threshold no face or every face meets', () => {
  it('warns when rolled, and still answers 0', () => {
    const r = mecha(['roll', '3d6>=10', '--rolls', '6,6,6'])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe(NEVER)
    expect(r.stdout).toMatch(/^3d6>=10: 0\n/)
  })

  it('warns with --odds: 0 for certain', () => {
    const r = mecha(['roll', '3d6>=10', '--odds'])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe(NEVER)
    expect(r.stdout).toMatch(/Range\s+0 to 0/)
  })

  it('warns with --json, the JSON unchanged (no warnings field)', () => {
    const r = mecha(['roll', '3d6>=10', '--odds', '--json'])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe(NEVER)
    expect(JSON.parse(r.stdout)).toEqual({
      command: 'roll',
      expression: '3d6>=10',
      odds: { total: { '0': 1 }, expected: { total: 0 } },
    })
  })

  it('warns when every face meets the threshold, with the count of dice kept', () => {
    const r = mecha(['roll', '4d6kh3>=1', '--seed', 'w'])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe(
      'mecha: warning: 4d6kh3>=1 counts the dice showing 1 or more on each die, not the total; every d6 shows 1 or more, so the count is always 3\n',
    )
    expect(r.stdout).toMatch(/^4d6kh3>=1: 3\n/)
  })

  it('points below-thresholds at the whole table, and says nothing for a live threshold', () => {
    expect(mecha(['roll', '2d6<1', '--odds']).stderr).toMatch(
      /^mecha: warning: 2d6<1 counts the dice showing less than 1 on each die, .*the chance of each total in `mecha roll 2d6 --odds`\n$/,
    )
    const live = mecha(['roll', '5d10>=5', '--odds', '--json'])
    expect(live.code).toBe(0)
    expect(live.stderr).toBe('')
  })
})
