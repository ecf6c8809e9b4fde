import { describe, expect, it } from 'vitest'
import { walk } from './explain-fixture.js'

// Acc 8 vs Evade 0, no bonus, no reaction: evade on 8+; 1-2 criticals, 3-7 hits, 9-10 misses.
const SHOT = ['shoot', '--acc', '8', '--evade', '0', '--dmg', '300', '--bonus', 'none']
// Two shots, no reaction; the defender with Improvise (2 evade rerolls).
const TWO_SHOTS = [...SHOT, '--shots', '2', '--defense', 'none']
const IMPROVISED = [...TWO_SHOTS, '--def-trait', 'improvise']

describe('shoot --explain: an evade reroll is a step of its own (issue #26 item 13)', () => {
  it('Improvise rerolls die 1 (5, a hit) and die 2 (1, a critical): rolled, reroll, then the dice read', () => {
    const L = walk([...IMPROVISED, '--rolls', '5,1,7,3'])
    const from = L.findIndex((l) => l.startsWith('3. Each evade die'))
    expect(L.slice(from + 1, from + 10)).toEqual([
      '   Rolled: 5• 1!',
      '4. Reroll: the defender may reroll up to 2 evade dice (improvise 2), criticals and hits only, each die once; the automatic pick rerolls 1 critical and 1 hit, in die order (the new face stands):',
      '   die 1: 5 (a hit) -> 7•',
      '   die 2: 1 (a critical) -> 3•',
      '5. The dice as read after the reroll:',
      '   die 1: 7•  below 8: hit (rerolled from 5)',
      '   die 2: 3•  below 8: hit (rerolled from 1)',
      '6. Hits = 2; critical hits counted: 0 of at most 3.',
      '7. Blocks = none = 0.',
    ])
    expect(L.at(-1)).toBe('Total damage = 600.')
  })

  it('the sources add up (traits, then Spread M-Particles); only the rerolled dice are listed, by their number', () => {
    const L = walk([
      ...SHOT,
      '--shots',
      '3',
      '--pen',
      '5',
      '--defense',
      'guard',
      '--def-trait',
      'improvise',
      '--def-trait',
      'three-times-as-fast',
      '--m-particles',
      '--rolls',
      '9,1,7,3,10',
    ])
    expect(L).toContain('   Rolled: 9× 1! 7•')
    expect(L).toContain(
      '4. Reroll: the defender may reroll up to 6 evade dice (improvise 2 + three-times-as-fast 3 + Spread M-Particles 1), criticals and hits only, each die once; the automatic pick rerolls 1 critical and 1 hit, in die order (the new face stands):',
    )
    expect(L).toContain('   die 2: 1 (a critical) -> 3•')
    expect(L).toContain('   die 3: 7 (a hit) -> 10×')
    expect(L).toContain('   die 1: 9×  9-10 always misses')
    expect(L).toContain('   die 3: 10×  9-10 always misses (rerolled from 7)')
    expect(L).toContain('6. Hits = 1; critical hits counted: 0 of at most 3.')
  })

  it('a pick given by --reroll says so; under Indirect Fire the rolled critical shows as a plain hit', () => {
    const L = walk([
      ...SHOT,
      '--shots',
      '3',
      '--defense',
      'none',
      '--indirect',
      '--m-particles',
      '--reroll',
      '1,0',
      '--rolls',
      '9,1,7,3',
    ])
    expect(L).toContain('   Rolled: 9× 1* 7•')
    expect(L).toContain(
      '4. Reroll: the defender may reroll up to 1 evade die (Spread M-Particles 1), criticals and hits only, each die once; the pick given by --reroll rerolls 1 critical, in die order (the new face stands):',
    )
    expect(L).toContain('   die 2: 1 (a critical) -> 3•')
  })

  it('rerolls allowed but none worth it: the dice read, then the step says it kept them', () => {
    const L = walk([...IMPROVISED, '--rolls', '9,8'])
    expect(L.some((l) => l.includes('Rolled:'))).toBe(false)
    const from = L.findIndex((l) => l.startsWith('3. Each evade die'))
    expect(L.slice(from + 1, from + 5)).toEqual([
      '   die 1: 9×  9-10 always misses',
      '   die 2: 8  8 or more: evaded',
      '4. Reroll: the defender may reroll up to 2 evade dice (improvise 2), criticals and hits only, each die once; the automatic pick rerolls none: it keeps its dice.',
      '5. Hits = 0; critical hits counted: 0 of at most 3.',
    ])
  })

  it('no rerolls allowed: no reroll step, the steps numbered as before', () => {
    const L = walk([...TWO_SHOTS, '--rolls', '5,1'])
    expect(L.some((l) => l.includes('Reroll'))).toBe(false)
    expect(L).toContain('4. Hits = 3; critical hits counted: 1 of at most 3.')
    expect(L).toContain('7. Armor saves: PEN 0 is under 2, so none.')
  })
})
