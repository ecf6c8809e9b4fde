import { describe, expect, it } from 'vitest'
import { InputError, NeedDice } from '../../src/core/errors.js'
import { PhysicalDice, parseRolls } from '../../src/core/physical.js'
import { SeededDice } from '../../src/core/seeded.js'

describe('seeded dice', () => {
  it('the same seed gives the same faces', () => {
    const a = new SeededDice('table1').pool(20, 10, 'x')
    const b = new SeededDice('table1').pool(20, 10, 'x')
    expect(a).toEqual(b)
    expect(new SeededDice('table2').pool(20, 10, 'x')).not.toEqual(a)
  })

  it('frozen: these faces may only change with a major version', () => {
    expect(new SeededDice('mecha').pool(12, 10, 'x')).toMatchInlineSnapshot(`
      [
        2,
        1,
        4,
        2,
        7,
        8,
        5,
        7,
        1,
        9,
        10,
        10,
      ]
    `)
    expect(new SeededDice('mecha').pool(8, 6, 'x')).toMatchInlineSnapshot(`
      [
        4,
        5,
        2,
        6,
        5,
        2,
        5,
        3,
      ]
    `)
  })

  it('faces are uniform (chi-square over 60,000 d6 and d10)', () => {
    for (const sides of [3, 6, 10]) {
      const dice = new SeededDice(`uniform-${sides}`)
      const n = 60_000
      const counts = new Array(sides + 1).fill(0)
      for (const f of dice.pool(n, sides, 'x')) counts[f]++
      const expected = n / sides
      let chi = 0
      for (let f = 1; f <= sides; f++) chi += (counts[f] - expected) ** 2 / expected
      // 99.9th percentile of chi-square with 9 degrees of freedom is 27.9
      expect(chi).toBeLessThan(27.9)
      expect(counts[0]).toBe(0)
    }
  })

  it('records every die with its label', () => {
    const d = new SeededDice('s')
    d.pool(2, 10, 'evade')
    d.roll(6, 'damage')
    expect(d.log.map((r) => [r.sides, r.label])).toEqual([
      [10, 'evade'],
      [10, 'evade'],
      [6, 'damage'],
    ])
  })
})

describe('physical dice', () => {
  it('hands out typed faces in order', () => {
    const d = new PhysicalDice([3, 5, 1])
    expect(d.pool(2, 10, 'evade')).toEqual([3, 5])
    expect(d.roll(6, 'damage')).toBe(1)
    d.assertAllUsed()
  })

  it('rejects a face the die does not have', () => {
    expect(() => new PhysicalDice([11]).roll(10, 'evade')).toThrow(InputError)
    expect(() => new PhysicalDice([11]).roll(10, 'evade')).toThrow(
      '--rolls: 11 is not a d10 face (1-10); die 1 is for evade',
    )
    expect(() => new PhysicalDice([0]).roll(6, 'x')).toThrow('not a d6 face')
  })

  it('says how many dice of which kind are missing', () => {
    const d = new PhysicalDice([1, 2])
    try {
      d.pool(5, 10, 'evade')
      throw new Error('no NeedDice')
    } catch (e) {
      expect(e).toBeInstanceOf(NeedDice)
      expect((e as NeedDice).count).toBe(3)
      expect((e as NeedDice).sides).toBe(10)
      expect((e as NeedDice).label).toBe('evade')
    }
  })

  it('reports dice left over', () => {
    const d = new PhysicalDice([1, 2, 3])
    d.roll(10, 'x')
    expect(() => d.assertAllUsed()).toThrow('2 dice left over')
  })

  it.each([
    ['1,1,4,5,7,7,10', [1, 1, 4, 5, 7, 7, 10]],
    ['1, 2 3', [1, 2, 3]],
    [' 6 ', [6]],
  ])('parses %j', (text, faces) => {
    expect(parseRolls(text)).toEqual(faces)
  })

  it.each(['a', '1,x', '-1', '1.5'])('rejects %j', (text) => {
    expect(() => parseRolls(text)).toThrow(InputError)
  })
})
