import { describe, expect, it } from 'vitest'
import { editDistance, nearest } from '../../src/core/nearest.js'

const TRAITS = ['desperation-attack', 'gunnery-expert', 'furious-fusillade', 'mastermind']

describe('nearest: the known name a mistyped one is closest to', () => {
  it.each([
    ['gunery-expert', 'gunnery-expert'], // one letter left out
    ['MASTERMIND', 'mastermind'], // any case
    ['desperation', 'desperation-attack'], // a prefix counts as one edit
    ['desperation-attack-x', 'desperation-attack'], // either way
    ['mastrmnd', 'mastermind'], // 2 edits: at least 2 are allowed
    ['zzzz', undefined],
  ])('%s -> %s', (typed, near) => {
    expect(nearest(typed, TRAITS)).toBe(near)
  })

  it('picks the first of two names equally near, whatever was skipped before it', () => {
    expect(nearest('abd', ['xxxxxxxxxxxx', 'abc', 'abe'])).toBe('abc')
    expect(nearest('abcd', ['xbcdefgh', 'abce', 'abcf'])).toBe('abce')
  })

  it('agrees with the plain search (every name measured) on names up to 200 characters', () => {
    const plain = (name: string, names: string[]) => {
      const n = name.toLowerCase()
      let best: string | undefined
      let bestD = Infinity
      for (const c of names) {
        const l = c.toLowerCase()
        const d = l.startsWith(n) || n.startsWith(l) ? Math.min(1, editDistance(n, l)) : editDistance(n, l)
        if (d < bestD) [best, bestD] = [c, d]
      }
      return best !== undefined && bestD <= Math.max(2, Math.floor(n.length / 3)) ? best : undefined
    }
    const names = ['ab', 'abc', 'bca', 'abcabc', 'cab', 'aabbcc', 'c'.repeat(30), 'abc'.repeat(20)]
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
    for (let k = 0; k < 400; k++) {
      let typed = ''
      const len = next() % 12
      for (let i = 0; i < len; i++) typed += 'abc'[next() % 3]
      expect(nearest(typed, names), typed).toBe(plain(typed, names))
    }
  })

  it('measures no name longer than 200 characters letter by letter (a 1 MB name cost seconds)', () => {
    // one letter off a 300-letter name: no suggestion, a prefix still is one
    const long = 'a'.repeat(300)
    expect(nearest(`${long.slice(1)}b`, [long])).toBeUndefined()
    expect(nearest(long.slice(0, 250), [long])).toBe(long)
    const huge = 'x'.repeat(1_000_000)
    expect(nearest(huge, TRAITS)).toBeUndefined()
    expect(nearest(`desperation-attack${huge}`, TRAITS)).toBe('desperation-attack')
  })
})
