import { describe, expect, it } from 'vitest'
import { memoise } from '../../src/core/memo.js'

describe('memoise: a stage remembered by its declared input', () => {
  it('walks each distinct input once, and tells inputs apart by every value, nested ones too', () => {
    const calls: string[] = []
    const f = memoise((i: { n: number; pen: { kind: string; value: number }; flag: boolean }) => {
      calls.push(JSON.stringify(i))
      return { total: i.n + i.pen.value + (i.flag ? 100 : 0) }
    })
    const a = f({ n: 1, pen: { kind: 'damage', value: 5 }, flag: false })
    expect(f({ n: 1, pen: { kind: 'damage', value: 5 }, flag: false })).toBe(a)
    expect(f({ n: 1, pen: { kind: 'stun', value: 5 }, flag: false })).not.toBe(a)
    expect(f({ n: 1, pen: { kind: 'damage', value: 5 }, flag: true }).total).toBe(106)
    // "1,(2,3)" must not meet "1,2,3" or "12,3": values are separated and nesting is marked.
    const g = memoise((i: { a: number | string; b: unknown }) => JSON.stringify(i))
    expect(g({ a: 1, b: { x: 2, y: 3 } })).toBe('{"a":1,"b":{"x":2,"y":3}}')
    expect(g({ a: 1, b: [2, 3] })).toBe('{"a":1,"b":[2,3]}')
    expect(g({ a: 1, b: '2,3' })).toBe('{"a":1,"b":"2,3"}')
    expect(g({ a: '1,2', b: 3 })).toBe('{"a":"1,2","b":3}')
    expect(g({ a: 12, b: 3 })).toBe('{"a":12,"b":3}')
    expect(g({ a: 1, b: 23 })).toBe('{"a":1,"b":23}')
    // A value that is absent, undefined, null, false, 0 or "" is each its own input.
    const h = memoise((i: { a?: unknown; b: number }) =>
      JSON.stringify([i.a === undefined ? 'none' : i.a, i.b]),
    )
    expect([undefined, null, false, 0, '', 'undefined'].map((a) => h({ a, b: 1 }))).toEqual([
      '["none",1]',
      '[null,1]',
      '[false,1]',
      '[0,1]',
      '["",1]',
      '["undefined",1]',
    ])
    expect(calls).toHaveLength(3)
  })

  it('stays bounded: past its limit the table starts again, and answers stay right', () => {
    let walks = 0
    const square = memoise((i: { x: number }) => {
      walks++
      return i.x * i.x
    }, 10)
    for (let r = 0; r < 3; r++) for (let x = 0; x < 25; x++) expect(square({ x })).toBe(x * x)
    expect(walks).toBe(75) // 25 distinct inputs through a table of 10: nothing stays
    walks = 0
    for (let r = 0; r < 3; r++) for (let x = 0; x < 5; x++) square({ x })
    expect(walks).toBeLessThanOrEqual(5)
  })
})
