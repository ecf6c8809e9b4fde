import { describe, expect, it } from 'vitest'
import { mecha, mechaJson } from './in-process.js'

/**
 * Issue 37: Rapid Fire's range is an input. Q, Rapid Fire: shots are gained or lost "within half
 * range"; beyond it the weapon fires its printed shots. The default is within half range, said in
 * the answer whenever the weapon has Rapid Fire.
 */
const SHOT = ['shoot', '--acc', '9', '--evade', '4', '--dmg', '800', '--pen', '4', '--arm-sv', '1', '--odds']
const oddsOf = (more: string[]) => mechaJson([...SHOT, ...more]).odds

describe('Rapid Fire and the range', () => {
  it.each([
    // [weapon flags, the printed shots it must equal]
    { rf: '1', range: 'half', same: '5' },
    { rf: '1', range: 'beyond-half', same: '4' },
    { rf: '-2', range: 'half', same: '2' },
    { rf: '-2', range: 'beyond-half', same: '4' },
  ])('4 shots, Rapid Fire $rf, $range: as $same plain shots', ({ rf, range, same }) => {
    expect(oddsOf(['--shots', '4', '--rapid-fire', rf, '--range', range])).toEqual(oddsOf(['--shots', same]))
  })

  it('the default is half range, said in the JSON and the text; given, it is the flag', () => {
    const byDefault = mechaJson([...SHOT, '--shots', '4', '--rapid-fire', '1'])
    expect(byDefault.range).toEqual({ value: 'half', from: 'default' })
    expect(mechaJson([...SHOT, '--shots', '4', '--rapid-fire', '1', '--range', 'half']).range).toEqual({
      value: 'half',
      from: 'flag',
    })
    // No Rapid Fire: nothing said.
    expect(mechaJson([...SHOT, '--shots', '4']).range).toBeUndefined()
    const text = mecha([...SHOT, '--shots', '4', '--rapid-fire', '1']).stdout
    expect(text).toContain(
      'Rapid Fire +1 counted: the target is taken within half range (the default; --range beyond-half if it is not).',
    )
    expect(
      mecha(['shoot', '--acc', '9', '--shots', '4', '--rapid-fire', '1', '--dmg', '800', '--range', 'far'])
        .stderr,
    ).toMatch(/^mecha: --range.*half.*beyond-half/)
  })

  it('by names: shoot, plan and matrix say the range and take --range', () => {
    const roster = ['--roster', 'examples/roster.yaml']
    const shot = mechaJson(['shoot', 'argonaut:cannon', 'dervish', ...roster, '--odds'])
    expect(shot.range).toEqual({ value: 'half', from: 'default' })
    const beyond = mechaJson([
      'shoot',
      'argonaut:cannon',
      'dervish',
      ...roster,
      '--odds',
      '--range',
      'beyond-half',
    ])
    expect(beyond.odds.expected.damage).toBeLessThan(shot.odds.expected.damage)
    const plan = (more: string[]) =>
      mechaJson(['plan', 'dervish', 'argonaut:cannon', ...roster, '--odds', ...more])
    expect(plan([]).steps[0].range).toEqual({ value: 'half', from: 'default' })
    expect(plan([]).steps[0].expectedDamage).toBeCloseTo(shot.odds.expected.damage, 9)
    expect(plan(['--range', 'beyond-half']).steps[0].expectedDamage).toBeCloseTo(
      beyond.odds.expected.damage,
      9,
    )
    const matrix = ['matrix', 'argonaut:cannon', '--vs', 'dervish', ...roster]
    expect(mechaJson(matrix).cells[0].range).toEqual({ value: 'half', from: 'default' })
    expect(mechaJson([...matrix, '--range', 'beyond-half']).cells[0].expectedDamage).toBeCloseTo(
      beyond.odds.expected.damage,
      9,
    )
    expect(mecha(matrix).stdout).toContain('Rapid Fire is counted within half range (the default')
    expect(mecha([...matrix, '--range', 'half']).stdout).not.toContain('the default')
  })
})
