import { describe, expect, it } from 'vitest'
import { type Compare, compare, parseExpression } from '../../../src/rules/roll/expression.js'

/** Every count of successes 3d6 can give with this threshold, over all 216 rolls. */
function countsOf3d6(op: Compare, n: number): Set<number> {
  const out = new Set<number>()
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++) out.add([a, b, c].filter((f) => compare(op, f, n)).length)
  return out
}

describe('counting terms whose threshold fixes the count', () => {
  it('are flagged exactly when every roll gives the same count, with that count', () => {
    const ops: Compare[] = ['>=', '>', '<=', '<', '=']
    for (const op of ops)
      for (let n = 0; n <= 8; n++) {
        const e = parseExpression(`3d6${op}${n}+2`)
        const counts = [...countsOf3d6(op, n)]
        if (counts.length === 1) {
          expect(e.fixed, `3d6${op}${n}`).toEqual([
            { term: `3d6${op}${n}`, count: 3, sides: 6, op, n, meets: counts[0] === 3 ? 'all' : 'none' },
          ])
        } else expect(e.fixed, `3d6${op}${n}`).toBeUndefined()
      }
  })

  it('counts the dice kept, and names the term without its sign', () => {
    expect(parseExpression('1d4-4d6kh3>=1').fixed).toEqual([
      { term: '4d6kh3>=1', count: 3, sides: 6, op: '>=', n: 1, meets: 'all' },
    ])
    expect(parseExpression('3d6>=10').fixed?.[0]?.meets).toBe('none')
    expect(parseExpression('3d6+2').fixed).toBeUndefined()
  })
})
