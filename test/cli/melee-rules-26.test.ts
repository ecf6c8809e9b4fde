import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { mecha, mechaJson, refused } from './in-process.js'

/** Issue 26 items 4, 6, 7, 8, 10 and the warship Skill rule, through the command line. */

const SHIP = [
  'melee',
  '--atk-melee',
  '6',
  '--atk-dmg',
  '300',
  '--def-melee',
  '5',
  '--def-dmg',
  '300',
  '--def-warship',
]

describe('item 4: a warship in melee', () => {
  it("the issue's command: the ship without a Melee stat rolls 0/5, guards, and never counter-attacks", () => {
    const j = mechaJson([...SHIP, '--seed', 'a'])
    expect(j.defSplit).toEqual({ attack: 0, defense: 5 })
    expect(j.defChoice).toBe('guard')
    expect(j.counter?.hits ?? 0).toBe(0)
    expect(j.counter?.attackDice ?? []).toEqual([])
    const text = mecha([...SHIP, '--seed', 'a'])
    expect(text.code).toBe(0)
    expect(text.stdout).toContain('defender AA DEF 5')
    expect(text.stdout).toContain(
      'Counter-attack: none (a warship without a Melee stat never attacks in melee)',
    )
    const odds = mecha([...SHIP, '--odds'])
    expect(odds.stdout).toMatch(/Chance of a counter-attack +none \(a warship without a Melee stat\)/)
    expect(odds.stdout).toMatch(/Expected damage to the attacker \(counter\) +0\n/)
  })

  it('refuses, one line and exit 2, a split or a Counter that contradicts it', () => {
    expect(refused([...SHIP, '--def-split', '2/3'])).toMatch(
      /^mecha: --def-split: 2\/3, but a warship without a Melee stat rolls all its AA DEF dice to defend .*give 0\/5/,
    )
    expect(refused([...SHIP, '--def-choice', 'counter'])).toMatch(
      /--def-choice counter: a warship without a Melee stat never counter-attacks/,
    )
    expect(mecha([...SHIP, '--def-split', '0/5', '--def-choice', 'guard', '--seed', 'a']).code).toBe(0)
    expect(
      refused([
        'melee',
        '--atk-melee',
        '6',
        '--atk-dmg',
        '300',
        '--atk-warship',
        '--def-melee',
        '5',
        '--def-dmg',
        '300',
      ]),
    ).toMatch(/--atk-warship: only a ship with a Melee stat attacks in melee .*add --atk-ship-melee/)
    expect(refused([...SHIP.filter((a) => a !== '--def-warship'), '--def-ship-melee'])).toMatch(
      /--def-ship-melee: only a warship has a ship Melee stat; add --def-warship/,
    )
  })

  it('with --def-ship-melee it splits and counter-attacks as any unit', () => {
    const j = mechaJson([
      ...SHIP,
      '--def-ship-melee',
      '--atk-split',
      '6/0',
      '--def-split',
      '2/3',
      '--def-choice',
      'counter',
      '--rolls',
      '1,1,1,1,1,1,1,1,1,9,9',
    ])
    expect(j.defSplit).toEqual({ attack: 2, defense: 3 })
    // 9 9: two criticals (4 hits) + Counter 1.
    expect(j.counter.hits).toBe(5)
  })

  it('the roster field shipMelee says a warship has a Melee stat', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mecha-ship-'))
    const file = join(dir, 'r.yaml')
    const unit = (name: string, more: string) =>
      `  ${name}:\n    kind: warship\n    melee: 4\n${more}    weapons:\n      ram: { melee: true, dmg: 500 }\n`
    writeFileSync(
      file,
      `units:\n${unit('cruiser', '')}${unit('brawler', '    shipMelee: true\n')}  ms:\n    melee: 5\n    weapons:\n      saber: { melee: true, dmg: 300 }\n`,
    )
    expect(refused(['melee', 'cruiser:ram', 'ms:saber', '--roster', file])).toMatch(
      /--atk-warship: only a ship with a Melee stat/,
    )
    const j = mechaJson(['melee', 'brawler:ram', 'ms:saber', '--roster', file, '--seed', 'a'])
    expect(j.atkSplit.attack + j.atkSplit.defense).toBe(4)
    writeFileSync(file, `units:\n  ms:\n    shipMelee: true\n`)
    const r = mecha(['melee', 'ms', 'ms', '--roster', file])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/shipMelee is for a warship/)
  })
})

describe("Skill Defense is a warship's only Skill", () => {
  it('refuses another Skill on a warship side, in melee and when shot', () => {
    expect(refused([...SHIP, '--def-trait', 'improvise'])).toBe(
      'mecha: --def-trait improvise: --def-warship is a warship, and Skill Defense is the only Skill a warship may use; drop --def-trait improvise',
    )
    const shot = [
      'shoot',
      '--acc',
      '8',
      '--evade',
      '2',
      '--shots',
      '2',
      '--dmg',
      '300',
      '--bonus',
      'none',
      '--defense',
      'none',
    ]
    expect(refused([...shot, '--atk-warship', '--bullseye'])).toMatch(
      /--bullseye: --atk-warship is a warship, and Skill Defense is the only Skill/,
    )
    expect(refused([...shot, '--warship', '--def-trait', 'persevere'])).toMatch(
      /--def-trait persevere: --warship is a warship/,
    )
    // Skill Defense itself stays.
    expect(mecha([...SHIP, '--def-momentum', '2', '--seed', 'a']).code).toBe(0)
  })
})

describe('items 6, 7, 8, 10 on the command line', () => {
  const CLASH = [
    'melee',
    '--atk-split',
    '2/0',
    '--atk-dmg',
    '300',
    '--atk-pen',
    '4',
    '--def-split',
    '0/1',
    '--def-dmg',
    '300',
    '--def-arm-sv',
    '1',
    '--def-choice',
    'guard',
  ]

  it('Mastermind +2 PEN and Mechanics Expert +100 DMG reach the attack; the JSON names them', () => {
    // 9 5: 3 hits + 1 attacker bonus; the 3 does not block, Guard 1: 3 through. Saves 4 6 1 vs 5+.
    const j = mechaJson([...CLASH, '--atk-trait', 'mastermind=pen', '--rolls', '9,5,3,4,6,1'])
    expect(j.attack.saveTargetNumber).toBe(5)
    expect(j.attack.damage).toBe(3 * 300 + 2000)
    expect(j.attack.penBonuses).toEqual([{ source: 'Mastermind', amount: 2 }])
    const d = mechaJson([
      ...CLASH,
      '--atk-trait',
      'expert-engineering-division=dmg',
      '--rolls',
      '9,5,3,4,6,1',
    ])
    expect(d.attack.dmgBonuses).toEqual([{ source: 'Mechanics Expert', amount: 100 }])
    expect(refused([...CLASH, '--def-trait', 'mechanics-expert'])).toMatch(
      /mechanics-expert is the attacker's trait in melee/,
    )
  })

  it('Invincible guarding: 9 and 10 are 2 hits, not 4', () => {
    const j = mechaJson([...CLASH, '--def-trait', 'invincible', '--rolls', '9,10,1,9,9'])
    expect(j.attack.rolledHits).toBe(2)
    expect(j.attack.critsAsHits).toBe(true)
    const c = mechaJson([
      ...CLASH,
      '--def-choice',
      'counter',
      '--def-trait',
      'invincible',
      '--rolls',
      '9,10,1,9,9,9',
    ])
    expect(c.attack.rolledHits).toBe(4)
  })

  it('Pinpoint Air Defenses: +1 block for a warship, refused for any other unit', () => {
    const j = mechaJson([...SHIP, '--def-trait', 'pinpoint-air-defenses', '--seed', 'a'])
    expect(j.attack.blocks - j.attack.rolledBlocks).toBe(2)
    expect(refused([...CLASH, '--def-trait', 'pinpoint-air-defenses'])).toMatch(
      /--def-trait pinpoint-air-defenses: only a warship gains pinpoint-air-defenses; add --def-warship/,
    )
  })

  it('--atk-havoc / --def-havoc impact: +1 hit each, PEN+1 on a push/pull weapon; --atk-power refused', () => {
    const j = mechaJson([
      ...CLASH.map((a) => (a === '4' ? '4P' : a)),
      '--atk-havoc',
      'impact,impact',
      '--rolls',
      '1,1,1,1,1',
    ])
    expect(j.attack.hits).toBe(3)
    expect(j.attack.penBonuses).toEqual([{ source: 'Havoc Impact PEN+1 x2', amount: 2 }])
    expect(refused([...CLASH, '--atk-power', 'dmg'])).toMatch(
      /--atk-power: Power's weapon upgrades may not be chosen for a melee weapon/,
    )
    expect(refused([...CLASH, '--def-havoc', 'barriers'])).toMatch(
      /--def-havoc: no havoc upgrade "barriers" in melee; give impact/,
    )
  })
})
