import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { mecha, mechaJson } from './in-process.js'
import { mechaSh, mechaTty } from './run-cli.js'

const hasPython = spawnSync('python3', ['-c', 'import pty'], { encoding: 'utf8' }).status === 0

// 4 shots at Acc 9 vs Evade 4, DMG 300, PEN 5 vs ARM Sv 2 (saves on 3+).
const GUN = [
  'shoot',
  '--acc',
  '9',
  '--evade',
  '4',
  '--shots',
  '4',
  '--dmg',
  '300',
  '--pen',
  '5',
  '--arm-sv',
  '2',
]
const DOWN = '\x1b[B'

type Target = { defense: string; damage: number; chosenBy: Record<string, string> }

describe('shoot --defense with one reaction per target', () => {
  // Target 1 (Dodge: evade on 4+): 3 4 7 10, 1 hit, its save 1 failed; target 2 (Guard: evade
  // on 5+, a block): the same evade dice, 2 hits, one blocked, its save 8 passed.
  const T1 = [3, 4, 7, 10, 1]
  const T2 = [3, 4, 7, 10, 8]
  const ROLLS = [...T1, ...T2]

  it("each target meets the attack with its own reaction: each answer is that target's one-target answer", () => {
    const j = mechaJson([
      ...GUN,
      '--bonus',
      'none',
      '--targets',
      '2',
      '--defense',
      'dodge,guard',
      '--rolls',
      ROLLS.join(','),
    ])
    expect(j.targets.map((t: Target) => t.defense)).toEqual(['dodge', 'guard'])
    expect(j.targets.map((t: Target) => t.chosenBy.defense)).toEqual(['flag', 'flag'])
    // Dodge: 1 hit x 300 and a failed save (+1000): 1300; Guard: 1 hit, its save passed: 300.
    expect(j.targets.map((t: Target) => t.damage)).toEqual([1300, 300])
    for (const [i, [d, rolls]] of (
      [
        ['dodge', T1],
        ['guard', T2],
      ] as const
    ).entries()) {
      const alone = mechaJson([...GUN, '--bonus', 'none', '--defense', d, '--rolls', rolls.join(',')])
      expect(j.targets[i].damage).toBe(alone.damage)
    }
    expect(j.damage).toBe(1600)
  })

  it('one value still means every target; --odds takes the list too', () => {
    const j = mechaJson([...GUN, '--bonus', 'none', '--targets', '2', '--defense', 'guard', '--seed', 's'])
    expect(j.targets.map((t: Target) => t.defense)).toEqual(['guard', 'guard'])
    const o = mechaJson([...GUN, '--bonus', 'none', '--targets', '2', '--defense', 'none,guard', '--odds'])
    const none = mechaJson([...GUN, '--bonus', 'none', '--defense', 'none', '--odds']).odds
    const guard = mechaJson([...GUN, '--bonus', 'none', '--defense', 'guard', '--odds']).odds
    expect(o.odds.targets).toEqual([none, guard])
    expect(o.odds.expected.damage).toBeCloseTo(none.expected.damage + guard.expected.damage, 9)
  })

  it('with the bonus open, the bonus is chosen against the reactions given', () => {
    const j = mechaJson([...GUN, '--targets', '2', '--defense', 'guard,none', '--seed', 'b'])
    expect(j.targets.map((t: Target) => t.defense)).toEqual(['guard', 'none'])
    expect(['precision', 'barrage']).toContain(j.bonus)
  })

  it('several defenders by name: each takes its reaction and Momentum from the lists, in order', () => {
    const MG = ['shoot', 'argonaut:machine-gun', 'dervish', 'blue-djinn', '--roster', 'examples/roster.yaml']
    const D1 = [1, 1, 4, 5, 7, 7, 10]
    const D2 = [2, 5, 6, 9, 3, 8, 8]
    const j = mechaJson([
      ...MG,
      '--bonus',
      'none',
      '--defense',
      'guard,dodge',
      '--momentum',
      '0,1',
      '--rolls',
      [...D1, ...D2].join(','),
    ])
    const alone = (unit: string, d: string, m: string, rolls: number[]) =>
      mechaJson([
        'shoot',
        'argonaut:machine-gun',
        unit,
        '--roster',
        'examples/roster.yaml',
        '--bonus',
        'none',
        '--defense',
        d,
        '--momentum',
        m,
        '--rolls',
        rolls.join(','),
      ])
    const one = alone('dervish', 'guard', '0', D1)
    const two = alone('blue-djinn', 'dodge', '1', D2)
    expect(j.targets.map((t: Target) => t.defense)).toEqual(['guard', 'dodge'])
    expect(j.targets.map((t: Target) => t.damage)).toEqual([one.damage, two.damage])
    expect(j.targets.map((t: { momentumSpent: number }) => t.momentumSpent)).toEqual([0, 1])
    expect(two.momentumSpent).toBe(1)
  })

  it('batch: a "defense" value with commas is the same list', () => {
    const line = { command: 'shoot', acc: 9, evade: 4, shots: 4, dmg: 300, pen: '5', armSv: 2 }
    const input = JSON.stringify({
      ...line,
      bonus: 'none',
      targets: 2,
      defense: 'dodge,guard',
      rolls: ROLLS,
    })
    const [a] = mecha(['batch'], { input })
      .stdout.trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(a.targets.map((t: Target) => t.damage)).toEqual([1300, 300])
    const bad = JSON.parse(
      mecha(['batch'], { input: JSON.stringify({ ...line, defense: 'dodge,guard' }) }).stdout,
    )
    expect(bad.error).toBe(
      '"defense": 2 reactions for 1 target; give one for each target in order, or one for all',
    )
  })

  it.each([
    [
      'mecha shoot --acc 9 --shots 4 --dmg 300 --targets 3 --defense dodge,guard',
      'mecha: --defense: 2 reactions for 3 targets; give one for each target in order, or one for all',
    ],
    [
      'mecha shoot --acc 9 --shots 4 --dmg 300 --defense dodge,guard',
      'mecha: --defense: 2 reactions for 1 target; give one for each target in order, or one for all',
    ],
    [
      'mecha shoot --acc 9 --shots 4 --dmg 300 --targets 2 --defense dodge,parry',
      'mecha: --defense: "parry" in "dodge,parry" is not a reaction; give dodge, guard, none or both for each target',
    ],
    [
      'mecha shoot --acc 9 --shots 4 --dmg 300 --targets 2 --defense dodge,auto',
      'mecha: --defense: "auto" in "dodge,auto" is not a reaction; give dodge, guard, none or both for each target',
    ],
    [
      'mecha shoot --acc 9 --shots 4 --dmg 300 --targets 2 --momentum 1,0,2',
      'mecha: --momentum: 3 values for 2 targets; give one for each target in order, or one for all',
    ],
    [
      'mecha shoot --acc 9 --shots 4 --dmg 300 --targets 2 --momentum 1,11',
      'mecha: --momentum: 11 is out of range; give 0 to 10',
    ],
    [
      'mecha shoot --acc 9 --shots 4 --dmg 300 --defense parry',
      'mecha: --defense: "parry" is not one of dodge, guard, none, both, auto',
    ],
    [
      'mecha shoot --acc 9 --shots 4 --dmg 300 --targets 2 --defense guard,both',
      'mecha: --defense both: only a Solo Operative may Dodge and Guard together',
    ],
  ])('bad input through a shell: %s exits 2 with one line', (line, message) => {
    const r = mechaSh(line)
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr.startsWith(message)).toBe(true)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
  })
})

describe.runIf(hasPython)('several targets in a terminal', () => {
  it('asks the bonus once (damage summed over the targets), then each reaction; the replay line replays it', () => {
    const args = [...GUN, '--targets', '2', '--seed', 't1']
    const r = mechaTty(args, [
      ["Attacker's bonus for all 2 targets", `${DOWN}\r`], // the second-best bonus
      ["Target 1 of 2: defender's reaction", '\r'], // the best reaction
      ["Target 2 of 2: defender's reaction", `${DOWN}\r`], // the second-best
      ['Target 1 of 2: Skill Defense: 1 hit gets through', `${DOWN}\r`], // spend 1
      ['Target 2 of 2: Skill Defense', '\r'], // spend none
    ])
    expect(r.missing).toBeUndefined()
    expect(r.code).toBe(0)
    const out = r.output
    // Each bonus offered with the expected total damage over both targets, each meeting it with
    // its best reply: what --odds says of that bonus with the reactions left to auto.
    const bonusMenu = out.slice(out.indexOf("Attacker's bonus"), out.indexOf('Target 1 of 2'))
    for (const [bonus, label] of [
      ['precision', 'Precision \\(\\+1 Acc\\)'],
      ['barrage', 'Barrage \\(\\+1 shot\\)'],
      ['none', 'No bonus'],
    ]) {
      const m = new RegExp(`${label}\\s+expected ([\\d.]+) DMG in all, each target's best reply`).exec(
        bonusMenu,
      )
      expect(m, label).not.toBeNull()
      const odds = mechaJson([...GUN, '--targets', '2', '--bonus', bonus, '--odds']).odds.expected.damage
      expect(Number(m![1])).toBeCloseTo(odds, 1)
    }
    // Each reaction with that target's own expected damage: what --odds says of it.
    const reactions = out.slice(out.indexOf('Target 1 of 2'))
    const guard = /Guard \(\+1 Block\)\s+expected ([\d.]+) DMG/.exec(reactions)
    const guardOdds = mechaJson([...GUN, '--bonus', 'precision', '--defense', 'guard', '--odds'])
    expect(Number(guard![1])).toBeCloseTo(guardOdds.odds.expected.damage, 1)
    // Barrage is best here, so the second is Precision; Guard is best, Dodge second.
    expect(out).toContain('Attacker: precision +1 (prompt). Defender: guard +1 (prompt).')
    expect(out).toContain('Attacker: precision +1 (prompt). Defender: dodge +1 (prompt).')
    const replay = /seed t1 \(replay: (.*)\)/.exec(out)
    expect(replay![1]).toBe('--seed t1 --bonus precision --defense guard,dodge --momentum 1,0')
    // The same command line with the answers replays the same result, nobody asked.
    const again = mechaJson([...GUN, '--targets', '2', ...replay![1].split(' ')])
    expect(again.targets.map((t: Target) => t.defense)).toEqual(['guard', 'dodge'])
    const total = /Total damage: (\d+) \(target 1 (\d+), target 2 (\d+)\)/.exec(out)
    expect(again.targets.map((t: Target) => t.damage)).toEqual([Number(total![2]), Number(total![3])])
    expect(again.damage).toBe(Number(total![1]))
  })

  it('Skill Defense Momentum is asked of each target once its dice are seen; the replay spends the same', () => {
    // 5 shots, no bonus nor reaction: 1 hit gets through on each target (seed m).
    const args = [
      ...GUN,
      '--shots',
      '5',
      '--bonus',
      'none',
      '--defense',
      'none',
      '--targets',
      '2',
      '--seed',
      'm',
    ]
    const r = mechaTty(args, [
      ['Target 1 of 2: Skill Defense: 1 hit gets through', `${DOWN}\r`],
      ['Target 2 of 2: Skill Defense: 1 hit gets through', '\r'],
    ])
    expect(r.missing).toBeUndefined()
    expect(r.code).toBe(0)
    // Each amount offered with that target's exact expected damage: the hit's 300, and its
    // save (3+ vs PEN 5) failed 1 time in 5: +1000 x 0.2.
    expect(r.output).toMatch(/Spend 0 Momentum\s+1 hit through, expected 500 DMG/)
    expect(r.output).toMatch(/Spend 1 Momentum\s+0 hits through, expected 0 DMG/)
    expect(r.output).toContain('Total damage: 1300 (target 1 0, target 2 1300)')
    expect(r.output).toContain('(replay: --seed m --momentum 1,0)')
    const again = mechaJson([...args, '--momentum', '1,0'])
    expect(again.targets.map((t: Target & { momentumSpent: number }) => t.momentumSpent)).toEqual([1, 0])
    expect(again.targets.map((t: Target) => t.damage)).toEqual([0, 1300])
  })

  it('--auto asks nothing, and a choice given by flag is not asked', () => {
    const auto = mechaTty([...GUN, '--targets', '2', '--seed', 't1', '--auto'], [])
    expect(auto.code).toBe(0)
    expect(auto.output).not.toContain('?')
    const r = mechaTty(
      [...GUN, '--targets', '2', '--seed', 't1', '--bonus', 'barrage', '--momentum', '0'],
      [
        ["Target 1 of 2: defender's reaction to barrage", '\r'],
        ["Target 2 of 2: defender's reaction to barrage", '\r'],
      ],
    )
    expect(r.missing).toBeUndefined()
    expect(r.code).toBe(0)
    expect(r.output).not.toContain("Attacker's bonus")
    expect(r.output).toMatch(/replay: --seed t1 --defense (dodge|guard),(dodge|guard)\)/)
  })
})
