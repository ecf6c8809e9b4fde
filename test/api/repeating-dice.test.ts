/**
 * A roll that is rolled again while the dice leave it undecided (a roll-off that tied, a fire or
 * void tile without its 1) ends after MAX_ROLLS_AGAIN tries with a MechaError, whatever the dice
 * source: a random function that always gives one number ran initiative out of memory and made
 * wargroup void hang.
 */
import { describe, expect, it } from 'vitest'
import * as mecha from '../../src/api/index.js'
import { MAX_ROLLS_AGAIN } from '../../src/core/dice.js'
import { refused } from './refused.js'

/** A random function that always gives `x`, counting its calls. */
function constant(x: number) {
  const f = () => {
    f.calls++
    return x
  }
  f.calls = 0
  return f
}

describe('a random function that repeats itself', () => {
  it.each([
    ['initiative', (r: () => number) => mecha.initiative.resolve({}, r), 'initiative: the roll-off tied', 2],
    [
      'wargroup initiative',
      (r: () => number) => mecha.wargroup.initiative.resolve({}, r),
      'wargroup initiative: the roll-off tied',
      2,
    ],
    [
      'formation initiative',
      (r: () => number) => mecha.formation.initiative.resolve({}, r),
      'formation initiative: the dice tied',
      2,
    ],
    [
      'wargroup void',
      (r: () => number) => mecha.wargroup.void.resolve({}, r),
      'wargroup void: the die showed no 1 (which ends the void tile)',
      1,
    ],
    [
      'wargroup burn',
      (r: () => number) => mecha.wargroup.burn.resolve({}, r),
      'wargroup burn: the die showed no 1 (which ends the fire)',
      1,
    ],
  ])('%s: refused at the limit, in words', (_name, run, start, perTry) => {
    const random = constant(0.5)
    const e = refused(() => run(random))
    expect(e.code).toBe('repeating-dice')
    expect(e.message).toBe(
      `${start} ${MAX_ROLLS_AGAIN} times in a row, which fair dice practically never do; the dice repeat themselves (a random function that always gives the same number, or the same faces typed over and over)`,
    )
    expect(random.calls).toBe(MAX_ROLLS_AGAIN * perTry)
  })

  it('still answers when the repeats stop in time', () => {
    // ties for 999 roll-offs, then side 1 ahead: 1,000 roll-offs in all, the most allowed
    let n = 0
    const random = () => (n++ < 2 * (MAX_ROLLS_AGAIN - 1) ? 0.5 : n % 2 ? 0.95 : 0.05)
    const a = mecha.initiative.resolve({}, random)
    expect(a.winner).toBe(1)
    expect((a.rollOffs as unknown[]).length).toBe(MAX_ROLLS_AGAIN)
  })
})
