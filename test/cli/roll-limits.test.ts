/**
 * `mecha roll` refuses numbers past 2^53 - 1 in one line (exit 2): past it a number is no longer
 * exact (9007199254740993 reads as ...992) and 400 digits read as Infinity, which printed a mean
 * of Infinity, a deviation of NaN and the JSON `{"Infinity":1}`.
 */
import { describe, expect, it } from 'vitest'
import { mecha } from './in-process.js'

const NINES = '9'.repeat(400)
const PAST = '9007199254740991, the largest whole number counted exactly'

describe('roll: numbers past what is exact', () => {
  it.each([
    ['1+<400 nines> --odds', `1+${NINES}`, ['--odds']],
    ['1+<400 nines> --odds --json', `1+${NINES}`, ['--odds', '--json']],
    ['d6+9007199254740993', 'd6+9007199254740993', ['--seed', 'a']],
    ['d6+9007199254740992 --odds', 'd6+9007199254740992', ['--odds']],
    ['5d10>=<400 nines>', `5d10>=${NINES}`, ['--seed', 'a']],
  ])('%s: one line, exit 2', (_label, expression, flags) => {
    const r = mecha(['roll', expression, ...flags])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain(`is past ${PAST}`)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).not.toMatch(/Infinity|NaN/)
  })

  it('refuses terms whose sizes add up past the limit, either way, even on the way to a total within it', () => {
    for (const e of [
      'd6+9007199254740986',
      '9007199254740991+1',
      '2d6-9007199254740990',
      '9007199254740991+2-2',
    ]) {
      const r = mecha(['roll', e, '--seed', 'a'])
      expect(r.code, e).toBe(2)
      expect(r.stderr, e).toBe(`mecha: roll: the terms of "${e}" add up past ±${PAST}; use smaller numbers\n`)
    }
  })

  it('answers exactly up to the limit', () => {
    const r = mecha(['roll', 'd6+9007199254740985', '--rolls', '6', '--json'])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout).total).toBe(Number.MAX_SAFE_INTEGER)
    expect(r.stdout).toContain('"total":9007199254740991')
    const low = mecha(['roll', '--rolls', '6', '--json', '--', '-9007199254740985-d6'])
    expect(low.code).toBe(0)
    expect(JSON.parse(low.stdout).total).toBe(-Number.MAX_SAFE_INTEGER)
  })

  it('says the typed digits, not Infinity, when too many dice are asked for', () => {
    const r = mecha(['roll', `${NINES}d6`])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^mecha: roll: 9{50,}\.\.\. dice in "9+\.\.\."; give 1-100\n$/)
  })

  it('gives the deviation of a die near the limit as of a die anywhere (measured from the lowest total)', () => {
    const r = mecha(['roll', 'd6+9007199254740000', '--odds'])
    expect(r.code).toBe(0)
    // sqrt(35/12) = 1.70783: the rounded mean (…004 for …003.5) made it 1.7795
    expect(r.stdout).toMatch(/Standard deviation {2}1\.7078\n/)
  })
})
