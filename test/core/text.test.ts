import { describe, expect, it } from 'vitest'
import { withArticle } from '../../src/core/text.js'

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
