import { describe, expect, it } from 'vitest'
import { mecha, mechaJson } from './in-process.js'
import { walk } from './explain-fixture.js'

// Acc 9 vs Evade 3, no bonus, no reaction: evade on 6+; 1-2 criticals, 3-5 hits.
const SHOT = ['shoot', '--acc', '9', '--evade', '3', '--shots', '2', '--dmg', '200', '--bonus', 'none']
const FIXED = [...SHOT, '--defense', 'none']

describe('shoot --explain ends with the damage dealt', () => {
  it('no armor saves at all: the total is still said (a critical and a hit: 3 hits x 200)', () => {
    const L = walk([...FIXED, '--rolls', '1,4'])
    expect(L.at(-2)).toBe('7. Armor saves: PEN 0 is under 2, so none.')
    expect(L.at(-1)).toBe('Total damage = 600.')
  })

  it('with --hp, what is left and whether destroyed', () => {
    expect(walk([...FIXED, '--rolls', '1,4', '--hp', '500']).at(-1)).toBe(
      'Total damage = 600. HP left = 500 - 600 = -100: destroyed.',
    )
    expect(walk([...FIXED, '--rolls', '1,4', '--hp', '601']).at(-1)).toBe(
      'Total damage = 600. HP left = 601 - 600 = 1.',
    )
  })

  it('saves rolled, none failed (PEN 4: 9, 8, 9 all pass on 4+)', () => {
    const L = walk([...FIXED, '--pen', '4', '--rolls', '1,4,9,8,9', '--hp', '2000'])
    expect(L.at(-1)).toBe('Total damage = 600 (no failed saves). HP left = 2000 - 600 = 1400.')
  })

  it('a failed save: the hits plus 1000 (as before), then the HP', () => {
    const L = walk([...FIXED, '--pen', '4', '--rolls', '1,4,2,8,9', '--hp', '1600'])
    expect(L.at(-2)).toBe('   1 failed save: +1000 DMG each = 1000.')
    expect(L.at(-1)).toBe('Total damage = 600 + 1000 = 1600. HP left = 1600 - 1600 = 0: destroyed.')
  })

  it('nothing hits: a total of 0', () => {
    expect(walk([...FIXED, '--rolls', '9,10']).at(-1)).toBe('Total damage = 0.')
  })
})

describe('shoot: Seeking Shot against Dodge and Guard (Solo Operative)', () => {
  const SEEK = [...SHOT, '--defense', 'both', '--def-trait', 'solo-operative', '--trait', 'seeking-shot']

  it('says only the Guard applies, and the target number has no Dodge term', () => {
    const r = mecha([...SEEK, '--rolls', '1,9', '--explain'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Defender: guard +1 (a Dodge gives nothing against a Seeking Shot).')
    expect(r.stdout).not.toContain('dodge +1')
    expect(r.stdout).toContain(
      '1. Target number = Acc 9 - Evade 3 = 6 (Seeking Shot: the Dodge does not improve the Evade).',
    )
    // Evade on 6+, as without any reaction; the Guard blocks one of the 2 hits (critical + 9).
    const j = mechaJson([...SEEK, '--rolls', '1,9'])
    expect(j.targetNumber).toBe(6)
    expect(j.blocks).toBe(1)
  })

  it('the odds say the same', () => {
    const r = mecha([...SEEK, '--odds', '--explain'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Defender: guard +1 (a Dodge gives nothing against a Seeking Shot).')
    expect(r.stdout).not.toContain('- Dodge')
  })

  it('without Seeking Shot, both still reads dodge and guard, and the Dodge counts', () => {
    const r = mecha([
      ...SHOT,
      '--defense',
      'both',
      '--def-trait',
      'solo-operative',
      '--rolls',
      '1,9',
      '--explain',
    ])
    expect(r.stdout).toContain('Defender: dodge +1 and guard +1.')
    expect(r.stdout).toContain('1. Target number = Acc 9 - Evade 3 - Dodge 1 = 5.')
  })
})

describe('shoot: rerolled evade dice are read in die order', () => {
  // Acc 8 vs Evade 0: evade on 8+. Dice 5 (a hit) then 1 (a critical); Improvise rerolls both.
  const REROLL = ['shoot', '--acc', '8', '--evade', '0', '--shots', '2', '--dmg', '300']
  const ARGS = [
    ...REROLL,
    '--bonus',
    'none',
    '--defense',
    'none',
    '--def-trait',
    'improvise',
    '--rolls',
    '5,1,7,3',
  ]

  it('the first reroll d10 goes to the first die rerolled, the hit, not to the critical', () => {
    const j = mechaJson(ARGS)
    expect(j.dice).toEqual([
      { roll: 7, outcome: 'hit', rerolledFrom: 5 },
      { roll: 3, outcome: 'hit', rerolledFrom: 1 },
    ])
    expect(j.evadeReroll).toEqual({ allowed: 2, crits: 1, hits: 1, faces: [7, 3] })
    expect(mecha(ARGS).stdout).toContain('Rerolled: 5 -> 7•, 1 -> 3•')
  })

  it('--help says so', () => {
    const help = mecha(['shoot', '--help']).stdout.replace(/\s+/g, ' ')
    expect(help).toContain('then one d10 per evade die the defender rerolls, in die order')
    expect(help).not.toContain('criticals, then hits')
  })
})
