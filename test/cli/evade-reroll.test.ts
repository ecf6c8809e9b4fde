import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { mechaJson, refused } from './in-process.js'
import { mechaTty } from './run-cli.js'

const hasPython = spawnSync('python3', ['-c', 'import pty'], { encoding: 'utf8' }).status === 0

// Acc 9 vs Evade 4, no bonus, no reaction: evade on 5+; 1-2 criticals, 3-4 hits.
const SHOT = ['shoot', '--acc', '9', '--evade', '4', '--shots', '4', '--dmg', '300']
const FIXED = [...SHOT, '--bonus', 'none', '--defense', 'none']

describe('shoot: the defender rerolls evade dice', () => {
  it('--rolls: the evade dice, then their rerolls, then the saves; the JSON says what was rerolled', () => {
    // Improvise: up to 2. The two criticals (1, 2) are rerolled into 7 and 3 (a hit).
    const j = mechaJson([...FIXED, '--def-trait', 'improvise', '--rolls', '1,2,6,9,7,3'])
    expect(j.dice).toEqual([
      { roll: 7, outcome: 'evade', rerolledFrom: 1 },
      { roll: 3, outcome: 'hit', rerolledFrom: 2 },
      { roll: 6, outcome: 'evade' },
      { roll: 9, outcome: 'auto-miss' },
    ])
    expect(j.evadeReroll).toEqual({ allowed: 2, crits: 2, hits: 0, faces: [7, 3] })
    expect(j.hits).toBe(1)
    expect(j.chosenBy.evadeReroll).toBe('auto')
  })

  it('--m-particles adds one die to the traits; --reroll gives the pick; rerolls add up', () => {
    const j = mechaJson([
      ...FIXED,
      '--m-particles',
      '--def-trait',
      'blockade-runner',
      '--reroll',
      '0,1',
      '--rolls',
      '1,3,6,9,5',
    ])
    expect(j.evadeReroll).toEqual({ allowed: 3, crits: 0, hits: 1, faces: [5] })
    expect(j.chosenBy.evadeReroll).toBe('flag')
    expect(j.hits).toBe(2) // the critical kept
  })

  it('exact odds: fewer hits expected with more rerolls, and none against a Seeking Shot', () => {
    const mean = (extra: string[]) => mechaJson([...FIXED, ...extra, '--odds']).odds.expected.damage
    const plain = mean([])
    const one = mean(['--m-particles'])
    const three = mean(['--def-trait', 'three-times-as-fast'])
    expect(one).toBeLessThan(plain)
    expect(three).toBeLessThan(one)
    expect(mean(['--def-trait', 'three-times-as-fast', '--trait', 'seeking-shot'])).toBe(plain)
  })

  it('a shot without rerolls answers as before: no reroll fields', () => {
    const j = mechaJson([...FIXED, '--seed', 'x'])
    expect(j).not.toHaveProperty('evadeReroll')
    expect(j.chosenBy).not.toHaveProperty('evadeReroll')
    expect(j.dice.some((d: object) => 'rerolledFrom' in d)).toBe(false)
  })

  it.each([
    [[...SHOT, '--reroll', '1,0'], /--reroll: the defender has no evade rerolls; add --m-particles/],
    [
      [...SHOT, '--m-particles', '--trait', 'seeking-shot', '--reroll', '1,0'],
      /--reroll: against a Seeking Shot the target rerolls no evade dice/,
    ],
    [[...SHOT, '--m-particles', '--reroll', 'two'], /--reroll: "two" is not a pick; give criticals,hits/],
    [
      [...SHOT, '--trait', 'seeking-shot', '--defense', 'dodge'],
      /--defense dodge: against a Seeking Shot the target may not improve its Evade/,
    ],
  ])('refused: %j', (args, message) => {
    expect(refused(args)).toMatch(message)
  })
})

describe.runIf(hasPython)('the reroll prompt, in a terminal', () => {
  it('shows each pick with its expected damage, best first; the replay line carries the pick', () => {
    const r = mechaTty(
      [...FIXED, '--momentum', '0', '--def-trait', 'improvise', '--rolls', '1,3,6,9,5,6'],
      [['reroll up to 2?', '\r']],
    )
    expect(r.code).toBe(0)
    const menu = r.output.slice(r.output.indexOf('Evade dice 1 3 6 9'))
    expect(menu).toMatch(/Reroll 1 critical and 1 hit +expected [\d.]+ DMG, [\d.]+ hits through \(best\)/)
    expect(menu).toMatch(/Keep the dice +expected 900 DMG, 3 hits through/)
    expect(r.output).toContain('Rerolled: 1 -> 5, 3 -> 6')
    expect(r.output).toContain('same choices: --reroll 1,1')
  })
})

describe('shoot --defense both', () => {
  it('is for a Solo Operative only', () => {
    expect(refused([...SHOT, '--defense', 'both'])).toMatch(
      /--defense both: only a Solo Operative may Dodge and Guard together/,
    )
    const j = mechaJson([...SHOT, '--def-trait', 'solo-operative', '--seed', 's'])
    expect(j.defense).toBe('both')
    expect(j.chosenBy.defense).toBe('auto')
  })
})
