/**
 * `formation initiative --rolls` with thousands of typed ties: refused in one line (exit 2),
 * where it was an internal error (exit 1) at the 1,000th tie; fewer ties are played out.
 */
import { describe, expect, it } from 'vitest'
import { MAX_ROLLS_AGAIN } from '../../src/core/dice.js'
import { mecha } from './in-process.js'

const ties = (n: number) => Array<string>(2 * n).fill('3')

describe('formation initiative: typed ties', () => {
  it('2,000 ties: refused in words, exit 2', () => {
    const r = mecha(['formation', 'initiative', '--rolls', [...ties(2000), '5', '2'].join(',')])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe(
      `mecha: formation initiative: the dice tied ${MAX_ROLLS_AGAIN} times in a row, which fair dice practically never do; the dice repeat themselves (a random function that always gives the same number, or the same faces typed over and over)\n`,
    )
  })

  it(`${MAX_ROLLS_AGAIN - 1} ties and a winner: played out`, () => {
    const r = mecha([
      'formation',
      'initiative',
      '--json',
      '--rolls',
      [...ties(MAX_ROLLS_AGAIN - 1), '5', '2'].join(','),
    ])
    expect(r.code).toBe(0)
    const a = JSON.parse(r.stdout)
    expect(a.rounds).toHaveLength(MAX_ROLLS_AGAIN)
    expect(a.winner).toBe('a')
  })
})
