/**
 * --odds --compare: every option of the open choices with its exact odds and the value the
 * automatic choice ranks it by. Checked against the automatic choice (its first option is the one
 * --odds takes), against --odds with each option given as flags (the same odds), and the value
 * against the odds themselves (with the target's HP: its chance of being destroyed, the policy's
 * first quantity; for melee the net damage capped at the HP).
 */
import { describe, expect, it } from 'vitest'
import { mecha, mechaJson } from './in-process.js'

const SHOT = [
  'shoot',
  '--acc',
  '9',
  '--evade',
  '4',
  '--shots',
  '5',
  '--dmg',
  '300',
  '--pen',
  '5',
  '--arm-sv',
  '2',
  '--hp',
  '1000',
]
const MELEE = [
  'melee',
  '--atk-melee',
  '6',
  '--def-melee',
  '5',
  '--atk-dmg',
  '300',
  '--def-dmg',
  '300',
  '--def-hp',
  '900',
  '--atk-hp',
  '900',
]

/** The mean of a numeric map, each outcome first held at most `cap`. */
function cappedMean(map: Record<string, number>, cap = Infinity): number {
  return Object.entries(map).reduce((sum, [k, p]) => sum + p * Math.min(Number(k), cap), 0)
}

describe('shoot --odds --compare', () => {
  const auto = mechaJson([...SHOT, '--odds'])
  const c = mechaJson([...SHOT, '--odds', '--compare'])

  it('compares the bonuses (each against the best reaction), then the reactions to the best bonus', () => {
    expect(c.compare.map((x: any) => x.question)).toEqual([
      "Attacker's bonus (Acc 9, 5 shots, DMG 300), each against the defender's best reaction",
      "Defender's reaction to Barrage (+1 shot)",
    ])
    expect(c.compare[0].options.map((o: any) => o.bonus)).toEqual(['barrage', 'precision', 'none'])
    expect(c.compare[1].options.map((o: any) => o.defense)).toEqual(['guard', 'dodge', 'none'])
  })

  it('the best option of each choice is the automatic choice, and the only one marked best', () => {
    const [bonuses, defenses] = c.compare
    expect(bonuses.options[0]).toMatchObject({ best: true, bonus: auto.bonus, defense: auto.defense })
    expect(defenses.options[0]).toMatchObject({ best: true, bonus: auto.bonus, defense: auto.defense })
    for (const choice of c.compare) expect(choice.options.filter((o: any) => o.best)).toHaveLength(1)
    expect(bonuses.options[0].odds).toEqual(auto.odds)
  })

  it('each option: the odds --odds gives with its choices as flags, ranked by the chance the target is destroyed', () => {
    for (const [i, choice] of c.compare.entries()) {
      const values = choice.options.map((o: any) => o.value)
      const sorted = [...values].sort((a, b) => (i === 0 ? b - a : a - b))
      expect(values).toEqual(sorted)
      for (const o of choice.options) {
        const alone = mechaJson([...SHOT, '--odds', '--bonus', o.bonus, '--defense', o.defense])
        expect(o.odds).toEqual(alone.odds)
        // HP 1000 is known: the value is the chance of destruction, the policy's first quantity.
        expect(o.value).toBeCloseTo(o.odds.destroyed.true, 9)
        expect(o.value).toBeCloseTo(
          Object.entries(o.odds.damage as Record<string, number>).reduce(
            (t, [d, p]) => t + (Number(d) >= 1000 ? p : 0),
            0,
          ),
          9,
        )
        expect(cappedMean(o.odds.damage, 1000)).toBeLessThanOrEqual(o.odds.expected.damage)
      }
    }
  })

  it('with the bonus given, only the reaction is compared; with both given, --compare is refused', () => {
    const one = mechaJson([...SHOT, '--bonus', 'precision', '--odds', '--compare'])
    expect(one.compare).toHaveLength(1)
    expect(one.compare[0].options.map((o: any) => o.bonus)).toEqual(['precision', 'precision', 'precision'])
    const r = mecha([...SHOT, '--bonus', 'precision', '--defense', 'dodge', '--odds', '--compare'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(
      'mecha: --compare: --bonus and --defense are both given, so no choice is left to compare; leave one out\n',
    )
  })

  it('text: each option with its value and (best), then each distribution side by side', () => {
    const r = mecha([...SHOT, '--odds', '--compare'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      /^1 {2}Barrage \(\+1 shot\) vs Guard \(\+1 Block\) +destroyed 50\.42%, expected 705\.8 DMG\n +\(capped at HP\) \(best\)$/m,
    )
    expect(r.stdout).toMatch(
      /^2 {2}Precision \(\+1 Acc\) vs Guard \(\+1 +destroyed 49\.07%, expected 710\.8 DMG$/m,
    )
    expect(r.stdout).toMatch(/^damage \(at least\) +#1 +#2 +#3$/m)
    expect(r.stdout).toMatch(/^ +1200\+ +50\.42% +49\.07% +39\.99%$/m)
    expect(r.stdout.split('\n').filter((l) => l.length > 80)).toEqual([])
  })

  it('--csv: an option column, each option once', () => {
    const r = mecha([...SHOT, '--odds', '--compare', '--csv'])
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines[0]).toBe('option,distribution,outcome,chance,atLeast')
    expect(lines[1]).toBe('barrage/guard,damage,0,0.139968,1')
    const options = lines.slice(1).map((l) => l.split(',')[0])
    // Each option's rows together, once (barrage/guard is in both choices).
    expect(options.filter((o, i) => o !== options[i - 1])).toEqual([
      'barrage/guard',
      'precision/guard',
      'none/guard',
      'barrage/dodge',
      'barrage/none',
    ])
  })

  it('--plot: one chart of the first choice, every option in the legend with its value', () => {
    const svg = mecha([...SHOT, '--odds', '--compare', '--plot', '-']).stdout
    expect(svg).toContain('Compared: Attacker&#39;s bonus'.replace('&#39;', "'"))
    expect(svg).toContain(
      'Barrage (+1 shot) vs Guard (+1 Block): destroyed 50.42%, expected 705.8 DMG (capped at HP) (best)',
    )
    expect(svg).toContain('No bonus vs Guard (+1 Block): destroyed 39.99%, expected 611 DMG (capped at HP)')
  })
})

describe('melee --odds --compare', () => {
  const auto = mechaJson([...MELEE, '--odds'])
  const c = mechaJson([...MELEE, '--odds', '--compare'])

  it("compares the attacker's splits, then the defender's reactions, then its splits", () => {
    expect(c.compare.map((x: any) => x.question)).toEqual([
      "Attacker's split of Melee 6, each against the defender's best reply",
      "Defender's reaction to a 6/0 attack, each with its best split",
      "Defender's split of Melee 5 with guard against a 6/0 attack",
    ])
    expect(c.compare[0].options).toHaveLength(7)
    expect(c.compare[2].options).toHaveLength(6)
  })

  it('the best option of each choice is the automatic choice', () => {
    for (const choice of c.compare) {
      expect(choice.options[0]).toMatchObject({
        best: true,
        atkSplit: auto.atkSplit,
        defSplit: auto.defSplit,
        defChoice: auto.defChoice,
      })
      expect(choice.options.slice(1).every((o: any) => !o.best)).toBe(true)
    }
  })

  it('each value is the net damage capped at HP of its own odds, from the chooser, best first', () => {
    for (const [i, choice] of c.compare.entries()) {
      const values = choice.options.map((o: any) => o.value)
      expect(values).toEqual([...values].sort((a, b) => b - a))
      for (const o of choice.options) {
        const net = cappedMean(o.odds.defender.damage, 900) - cappedMean(o.odds.attacker.damage, 900)
        expect(o.value).toBeCloseTo(i === 0 ? net : -net, 6)
        const split = (s: any) => `${s.attack}/${s.defense}`
        const alone = mechaJson([
          ...MELEE,
          '--atk-split',
          split(o.atkSplit),
          '--def-split',
          split(o.defSplit),
          '--def-choice',
          o.defChoice,
          '--odds',
        ])
        expect(o.odds).toEqual(alone.odds)
      }
    }
  })

  it('with every choice given, --compare is refused; a command without choices has no --compare', () => {
    const r = mecha([
      ...MELEE,
      '--atk-split',
      '3/3',
      '--def-split',
      '2/3',
      '--def-choice',
      'guard',
      '--odds',
      '--compare',
    ])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('no choice is left to compare')
    expect(mecha(['save', '--pen', '5', '--hits', '2', '--odds', '--compare']).stderr).toContain(
      "unknown option '--compare'",
    )
  })
})
