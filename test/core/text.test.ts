import { describe, expect, it } from 'vitest'
import { hasControl, oneLine, printable, withArticle } from '../../src/core/text.js'

describe('withArticle: "a" or "an" by the sound of the word', () => {
  it.each([
    ['8/1', 'an 8/1'],
    ['5/2', 'a 5/2'],
    ['11/0', 'an 11/0'],
    ['18-tile', 'an 18-tile'],
    ['1/8', 'a 1/8'],
    ['80.00%', 'an 80.00%'],
    ['8.5%', 'an 8.5%'],
    ['110', 'a 110'],
    ['11,000', 'an 11,000'],
    ['18000', 'an 18000'],
    ['800000', 'an 800000'],
    ['100', 'a 100'],
    ['attack', 'an attack'],
    ['unit', 'a unit'],
    ['shot', 'a shot'],
  ])('%s -> %s', (word, said) => {
    expect(withArticle(word)).toBe(said)
  })
})

describe('printable: format characters escaped too', () => {
  it.each([
    ['ab\u202ecd', 'ab\\u202ecd'], // right-to-left override: showed as "abdc"
    ['a\u2066b\u2069', 'a\\u2066b\\u2069'], // isolates
    ['a\u200eb\u200f', 'a\\u200eb\\u200f'], // marks
    ['a\u061cb', 'a\\u061cb'], // Arabic letter mark
    ['zero\u200bwidth', 'zero\\u200bwidth'],
    ['\ufeffbom', '\\ufeffbom'],
    ['soft\u00adhyphen', 'soft\\xadhyphen'],
    ['a\u2060b', 'a\\u2060b'], // word joiner
  ])('%j -> %s', (raw, shown) => {
    expect(printable(raw)).toBe(shown)
    expect(hasControl(raw)).toBe(true)
  })

  it('keeps letters, symbols and the joiners emoji and scripts need', () => {
    for (const text of [
      'café',
      '日本語',
      'Ελληνικά',
      'עברית',
      '█ • × ‹›',
      '👩\u200d🚀',
      'क्\u200dष',
      'a\u200cb',
    ])
      expect(printable(text)).toBe(text)
  })

  it('in a message: one line, nothing turned around', () => {
    expect(oneLine('"ab\u202ecd" is not a unit')).toBe('"ab\\u202ecd" is not a unit')
  })
})
