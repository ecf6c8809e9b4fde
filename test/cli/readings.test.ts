import { describe, expect, it } from 'vitest'
import { mechaJson } from './in-process.js'

/**
 * Issue #26 item 11: the readings of unclear rules, each pinned through the CLI (each is written
 * once beside its code and listed in docs/rules-notes.md).
 */

// Acc 9 vs Evade 4, no bonus, no reaction: evade on 5+; 1-2 criticals, 3-4 hits.
const SHOT = ['shoot', '--acc', '9', '--evade', '4', '--bonus', 'none', '--defense', 'none']

describe('Desperation Attack with four of a kind (melee.ts desperationFaces)', () => {
  // Attack 4 dice, no defense dice; the defender blocks with 1 die and has no counter dice.
  const CLASH = [
    'melee',
    '--atk-split',
    '4/0',
    '--atk-dmg',
    '100',
    '--def-split',
    '0/1',
    '--def-dmg',
    '100',
    '--def-choice',
    'guard',
    '--atk-momentum',
    '0',
    '--def-momentum',
    '0',
    '--atk-trait',
    'desperation-attack',
  ]

  it('four 7s are four criticals (8 hits), not three and a hit', () => {
    const j = mechaJson([...CLASH, '--rolls', '7,7,7,7,1'])
    expect(j.attack.attackDice).toEqual(Array(4).fill({ roll: 7, outcome: 'crit', desperation: true }))
    expect(j.attack.rolledHits).toBe(8)
  })

  it('three of a kind and an odd die: the odd die is what its face is', () => {
    const j = mechaJson([...CLASH, '--rolls', '7,7,7,6,1'])
    expect(j.attack.attackDice[3]).toEqual({ roll: 6, outcome: 'hit' })
    expect(j.attack.rolledHits).toBe(7)
  })
})

describe('cover against Indirect Fire and remote weapons (shoot.ts shotBlocks)', () => {
  const base = [...SHOT, '--shots', '3', '--dmg', '300', '--cover', '--rolls', '3,3,3']
  const blocks = (extra: string[]) => {
    const j = mechaJson([...base, ...extra])
    return [j.blocks, j.blockSource]
  }

  it('Indirect Fire: a target within engagement range of cover keeps it (2 blocks vs DMG 300)', () => {
    expect(blocks(['--indirect'])).toEqual([2, 'cover'])
  })

  it('a remote weapon fired with Momentum is Blindside first: no cover', () => {
    expect(blocks(['--remote', 'momentum'])).toEqual([0, 'none'])
    expect(blocks(['--remote', 'action'])).toEqual([2, 'cover'])
  })

  it('Superior Instincts voids that Blindside: the cover counts, as against any Indirect Fire', () => {
    const j = mechaJson([...base, '--remote', 'momentum', '--def-trait', 'superior-instincts=immune'])
    expect([j.blocks, j.blockSource]).toEqual([2, 'cover'])
  })
})

describe('Havoc Impact in a shot: the text, not the Trident Drake example (upgrades.ts)', () => {
  it('push,push on a push/pull weapon: PEN+2, and no hits (every die evaded)', () => {
    const j = mechaJson([
      ...SHOT,
      '--shots',
      '3',
      '--dmg',
      '300',
      '--pen',
      '3P',
      '--havoc',
      'push,push',
      '--rolls',
      '9,9,9',
    ])
    expect(j).toMatchObject({
      hits: 0,
      damage: 0,
      pen: '5P',
      spend: { havoc: { upgrades: ['push', 'push'], cost: 2 } },
    })
  })

  it('impact: +100 DMG a hit, and no hits of its own', () => {
    const j = mechaJson([
      ...SHOT,
      '--shots',
      '3',
      '--dmg',
      '300',
      '--havoc',
      'impact,impact',
      '--rolls',
      '3,9,9',
    ])
    expect(j).toMatchObject({ hits: 1, dmgPerHit: 500, damage: 500 })
  })
})

describe("Headhunter and Killer Instinct with several targets: target 1's (multi-target.ts)", () => {
  // Target 1: 3 evaded dice, target 2 the same; DMG 300 (not small arms: +1 hit).
  const args = [...SHOT, '--shots', '3', '--dmg', '300', '--targets', '2', '--rolls', '5,6,7,5,6,7']

  it.each([['headhunter'], ['killer-instinct'], ['warmonger']])(
    '%s: its hits go to target 1 only',
    (trait) => {
      const j = mechaJson([...args, '--trait', trait])
      const want = trait === 'warmonger' ? 2 : 1
      expect(j.targets.map((t: { hits: number }) => t.hits)).toEqual([want, 0])
    },
  )
})

describe("Take the Shot's PEN 3+ reads the printed PEN (shoot.ts takeTheShotIgnores)", () => {
  // Shield 2 against 3 hits: 1 unblocked when the shield counts, 3 when Take the Shot voids it
  // (ARM Sv 9: every save passes with no die).
  const base = [...SHOT, '--shots', '3', '--dmg', '100', '--shield', '2', '--arm-sv', '9', '--rolls', '3,3,3']
  const unblocked = (pen: string, extra: string[]) =>
    mechaJson([...base, '--pen', pen, '--trait', 'take-the-shot', ...extra]).unblockedHits

  it('a PEN 3 weapon: the shield is ignored', () => {
    expect(unblocked('3', [])).toBe(3)
  })

  it.each([
    ['Mechanics Expert', ['--trait', 'mechanics-expert=pen']],
    ['Mastermind', ['--trait', 'mastermind=pen']],
    ['Power', ['--power', 'pen']],
    ['Giant Slayer (with Army of One: two Skills)', ['--trait', 'army-of-one', '--trait', 'giant-slayer']],
  ])('a PEN 2 weapon raised to 3+ by %s: not helped, the shield counts', (_name, extra) => {
    expect(unblocked('2', extra)).toBe(1)
  })

  it("Giant Slayer is a PEN term of the turn, as Mechanics Expert's", () => {
    const j = mechaJson([...base, '--pen', '5', '--trait', 'giant-slayer'])
    expect(j.pen).toBe('6')
    expect(j.penTerms).toEqual([
      { source: 'weapon', amount: 5 },
      { source: 'Giant Slayer', amount: 1 },
    ])
  })
})
