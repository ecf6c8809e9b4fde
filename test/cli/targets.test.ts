import { describe, expect, it } from 'vitest'
import { mecha, mechaJson } from './in-process.js'
import { mechaSh } from './run-cli.js'

// 4 shots at 5+, DMG 300, PEN 5 vs ARM Sv 2 (saves on 3+), HP 1000, Focus on target 1.
const GUN = ['shoot', '--acc', '9', '--evade', '4', '--shots', '4', '--dmg', '300', '--pen', '5']
const SHOT = [...GUN, '--arm-sv', '2', '--hp', '1000', '--bonus', 'none', '--defense', 'none']
// Target 1: 1 5 6 9 (a critical + Focus: 3 hits), saves 2 5 7; target 2: 3 4 7 10 (2 hits),
// saves 1 8; target 3: 10 10 5 8 (no hits).
const T1 = [1, 5, 6, 9, 2, 5, 7]
const T2 = [3, 4, 7, 10, 1, 8]
const T3 = [10, 10, 5, 8]
const ROLLS = [...T1, ...T2, ...T3].join(',')

/** An answer without the fields the runner adds. */
function own(j: Record<string, unknown>) {
  const { command: _c, seed: _s, rolls: _r, ...rest } = j
  return rest
}

describe('mecha shoot --targets N (the real binary)', () => {
  it('worked example: one block per target, dice read target by target, and the total', () => {
    const r = mecha([...SHOT, '--focus', '--targets', '3', '--rolls', ROLLS])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    const out = r.stdout
    expect(out).toContain('3 targets, each rolling its own evade dice')
    expect(out).toMatch(/Focus \+1\s+hit for target 1 only/)
    const blocks = out.split(/-- Target \d of 3 --/)
    expect(blocks).toHaveLength(4)
    expect(blocks[1]).toContain('Evade dice: 1! 5 6 9×')
    expect(blocks[1]).toContain('Damage: 1900  (HP left 0, DESTROYED, overkill 900)')
    expect(blocks[2]).toContain('Evade dice: 3• 4• 7 10×')
    expect(blocks[2]).toContain('Damage: 1600')
    expect(blocks[3]).toContain('Damage: 0  (HP left 1000)')
    expect(out).toContain(
      'Total damage: 3500 (target 1 1900, target 2 1600, target 3 0); destroyed: 2 targets (1, 2)',
    )
  })

  it("JSON: targets[] holds each target's one-target answer, as if shot alone with its dice", () => {
    const j = mechaJson([...SHOT, '--focus', '--targets', '3', '--rolls', ROLLS])
    expect(j).toMatchObject({
      command: 'shoot',
      bonus: 'none',
      damage: 3500,
      targetsDestroyed: 2,
      seed: null,
    })
    expect(j.targets).toHaveLength(3)
    expect(j.targets[0]).toEqual(own(mechaJson([...SHOT, '--focus', '--rolls', T1.join(',')])))
    expect(j.targets[1]).toEqual(own(mechaJson([...SHOT, '--rolls', T2.join(',')])))
    expect(j.targets[2]).toEqual(own(mechaJson([...SHOT, '--rolls', T3.join(',')])))
  })

  it('--targets 1 answers exactly as before', () => {
    const args = [...GUN, '--arm-sv', '2', '--focus', '--seed', 'same']
    expect(mechaJson([...args, '--targets', '1'])).toEqual(mechaJson(args))
    expect(mechaJson([...args, '--targets', '1', '--odds'])).toEqual(mechaJson([...args, '--odds']))
  })

  it("--odds: each target's odds are the one-target odds (Focus on target 1 only), plus the totals", () => {
    const args = [...GUN, '--arm-sv', '2', '--hp', '1000', '--shield', '1']
    const j = mechaJson([...args, '--focus', '--targets', '3', '--odds'])
    const focused = mechaJson([...args, '--focus', '--odds'])
    const plain = mechaJson([...args, '--bonus', focused.bonus, '--odds'])
    expect(j.odds.targets).toHaveLength(3)
    expect(j.odds.targets[0]).toEqual(focused.odds)
    expect(j.odds.targets[1]).toEqual(plain.odds)
    expect(j.odds.targets[2]).toEqual(plain.odds)
    const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0)
    expect(sum(j.odds.damage)).toBeCloseTo(1, 12)
    expect(sum(j.odds.targetsDestroyed)).toBeCloseTo(1, 12)
    expect(Object.keys(j.odds.targetsDestroyed)).toEqual(['0', '1', '2', '3'])
    expect(j.odds.expected.damage).toBeCloseTo(
      focused.odds.expected.damage + 2 * plain.odds.expected.damage,
      6,
    )
    expect(j.odds.expected.targetsDestroyed).toBeCloseTo(
      focused.odds.expected.destroyed + 2 * plain.odds.expected.destroyed,
      6,
    )
    expect(j.targets.map((t: { defense: string }) => t.defense)).toHaveLength(3)
  })

  it('--bonus auto: one bonus for all, by the sum over the targets (not what target 1 alone wants)', () => {
    // Indirect Fire: Focus is a shot for target 1 (9 shots, Barrage +2 wasted past the cap of 10).
    const args = ['shoot', '--acc', '10', '--evade', '2', '--shots', '8', '--dmg', '300', '--pilot', '1']
    const rest = ['--indirect', '--focus', '--defense', 'none', '--odds']
    expect(mechaJson([...args, ...rest]).bonus).toBe('precision')
    const j = mechaJson([...args, ...rest, '--targets', '3'])
    expect(j.bonus).toBe('barrage')
    expect(j.targets.map((t: { bonus: string }) => t.bonus)).toEqual(['barrage', 'barrage', 'barrage'])
  })

  it("an attacker's trait hits go to target 1: the others' traitEffects leave them out", () => {
    const args = [...SHOT, '--trait', 'killer-instinct', '--trait', 'gunnery-expert', '--targets', '2']
    const j = mechaJson([...args, '--seed', 'k'])
    const names = (t: { traitEffects: Array<{ trait: string }> }) => t.traitEffects.map((e) => e.trait)
    expect(names(j.targets[0])).toEqual(['killer-instinct', 'gunnery-expert'])
    expect(names(j.targets[1])).toEqual(['gunnery-expert'])
    // Both list the attacker's traits; only target 1 gets Killer Instinct's +1 hit (DMG 300).
    expect(j.targets[1].traits).toEqual(j.targets[0].traits)
    // Every shot evaded; target 1's one hit owes a save (9: passed).
    const rolls = [5, 6, 7, 8, 9, 5, 6, 7, 8].join(',')
    const k = mechaJson([...args, '--rolls', rolls])
    expect(k.targets.map((t: { hits: number }) => t.hits)).toEqual([1, 0])
  })

  it("Power's weapon upgrades go to target 1; a trait's DMG and Havoc Impact to every target", () => {
    // Each target: one hit (a 3), three evaded, and its save passed (10).
    const args = [...SHOT, '--targets', '2', '--rolls', '3,5,6,7,10,3,5,6,7,10']
    type T = { hitDamage: number; saveTargetNumber: number }
    const power = mechaJson([...args, '--power', 'dmg,pen'])
    expect(power.targets.map((t: T) => t.hitDamage)).toEqual([400, 300])
    // PEN 6 (5 + Power) vs ARM Sv 2 saves on 4+; PEN 5 on 3+.
    expect(power.targets.map((t: T) => t.saveTargetNumber)).toEqual([4, 3])
    const weapon = mechaJson([...args, '--trait', 'mechanics-expert=dmg', '--havoc', 'impact'])
    expect(weapon.targets.map((t: T) => t.hitDamage)).toEqual([500, 500])
  })

  it('--explain says the bonus applies to every target and the improvements to target 1', () => {
    const out = mecha([...SHOT, '--focus', '--targets', '2', '--seed', 'e', '--explain']).stdout.replace(
      /\s+/g,
      ' ',
    )
    expect(out).toContain('Precision or Barrage applies to every target')
    expect(out).toContain('to one target only, target 1')
    const odds = mecha([...SHOT, '--focus', '--targets', '2', '--odds', '--explain']).stdout.replace(
      /\s+/g,
      ' ',
    )
    expect(odds).toContain('Expected total damage = the sum of the targets')
  })

  it('--help states the option and the dice order', () => {
    const out = mecha(['shoot', '--help']).stdout.replace(/\s+/g, ' ')
    expect(out).toContain(
      '--targets <n> targets struck (multi-target, AOE): each rolls its own evade (default: 1)',
    )
    expect(out).toContain(
      "With several targets (--targets N, or defenders named): target 1's dice in that order, then target 2's",
    )
  })

  it.each([
    ['mecha shoot --acc 9 --shots 4 --dmg 300 --targets 0', '--targets: 0 is out of range; give 1 to 10'],
    ['mecha shoot --acc 9 --shots 4 --dmg 300 --targets 11', '--targets: 11 is out of range; give 1 to 10'],
    ['mecha shoot --acc 9 --shots 4 --dmg 300 --targets two', '--targets: "two" is not a whole number'],
    [
      'mecha shoot --acc 9 --shots 4 --dmg 300 --targets 2 --odds --compare',
      '--compare: not with several targets',
    ],
    [
      'mecha shoot --acc 9 --shots 4 --dmg 300 --targets 2 --m-particles --reroll 1,0',
      '--reroll: with several targets',
    ],
  ])('bad input through a shell: %s exits 2', (line, message) => {
    const r = mechaSh(line)
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain(message)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
  })

  it('batch: a "targets" key works as the flag', () => {
    const line = {
      command: 'shoot',
      ...Object.fromEntries([
        ['acc', 9],
        ['evade', 4],
        ['shots', 4],
        ['dmg', 300],
      ]),
    }
    const input = [
      JSON.stringify({
        ...line,
        pen: '5',
        armSv: 2,
        hp: 1000,
        focus: 1,
        bonus: 'none',
        defense: 'none',
        targets: 3,
        rolls: ROLLS,
      }),
      JSON.stringify({ ...line, targets: 0 }),
    ].join('\n')
    const r = mecha(['batch'], { input })
    const [a, b] = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(a).toMatchObject({ line: 1, damage: 3500, targetsDestroyed: 2 })
    expect(a.targets.map((t: { damage: number }) => t.damage)).toEqual([1900, 1600, 0])
    expect(b).toMatchObject({ line: 2, error: '"targets": 0 is out of range; give 1 to 10' })
  })

  describe('several defenders by name: one target each, each with its own profile', () => {
    const FILE = 'examples/roster.yaml'
    const MG = ['shoot', 'argonaut:machine-gun', '--roster', FILE, '--bonus', 'none', '--defense', 'none']
    // The machine gun (7 shots, DMG 200, no PEN: no saves). Dervish evades on 5+, Blue Djinn
    // (Evade 3, a shield) on 6+.
    const D1 = [1, 1, 4, 5, 7, 7, 10]
    const D2 = [2, 5, 6, 9, 3, 8, 8]
    const at = (defenders: string[], extra: string[]) => [
      ...MG.slice(0, 2),
      ...defenders,
      ...MG.slice(2),
      ...extra,
    ]

    it("each target's answer is that defender's own, Focus on the first named; inputs per target", () => {
      const j = mechaJson(at(['dervish', 'blue-djinn'], ['--focus', '--rolls', [...D1, ...D2].join(',')]))
      const one = mechaJson(at(['dervish'], ['--focus', '--rolls', D1.join(',')]))
      const two = mechaJson(at(['blue-djinn'], ['--rolls', D2.join(',')]))
      const { inputs: in1, ...first } = own(one)
      const { inputs: in2, ...second } = own(two)
      expect(j.targets).toEqual([first, second])
      expect(j.targets.map((t: { targetNumber: number }) => t.targetNumber)).toEqual([5, 6])
      expect(j.damage).toBe(one.damage + two.damage)
      // Where each target's inputs came from, target 1 first (the flags typed apply to both).
      expect(j.inputs).toEqual([in1, { ...(in2 as object), focus: { value: true, from: 'flag' } }])
    })

    it("--odds: each target's odds are its defender's, and the total their sum", () => {
      const j = mechaJson(at(['dervish', 'blue-djinn'], ['--focus', '--odds']))
      expect(j.odds.targets[0]).toEqual(mechaJson(at(['dervish'], ['--focus', '--odds'])).odds)
      expect(j.odds.targets[1]).toEqual(mechaJson(at(['blue-djinn'], ['--odds'])).odds)
      expect(j.odds.expected.damage).toBeCloseTo(
        j.odds.targets[0].expected.damage + j.odds.targets[1].expected.damage,
        6,
      )
    })

    it('batch: "defender" may list several units', () => {
      const line = {
        command: 'shoot',
        attacker: 'argonaut:machine-gun',
        defender: ['dervish', 'blue-djinn'],
        focus: true,
        bonus: 'none',
        defense: 'none',
        rolls: [...D1, ...D2],
      }
      const r = mecha(['batch', '--roster', FILE], { input: JSON.stringify(line) })
      const { line: _l, ...answer } = JSON.parse(r.stdout)
      expect(answer).toEqual(
        mechaJson(at(['dervish', 'blue-djinn'], ['--focus', '--rolls', [...D1, ...D2].join(',')])),
      )
    })

    it('--targets with several defenders named is refused, exit 2', () => {
      const r = mechaSh(`mecha shoot argonaut:machine-gun dervish blue-djinn --roster ${FILE} --targets 3`)
      expect(r.code).toBe(2)
      expect(r.stderr).toBe(
        'mecha: --targets: several defenders are named, one target each; drop --targets\n',
      )
    })
  })
})
