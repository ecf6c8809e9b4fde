import { describe, expect, it } from 'vitest'
import { mechaJson, refused } from './in-process.js'

/**
 * Issue 37: [Barrier] in melee. Q, Shields: shields block "vs Shooting & Melee" and "do not stack
 * with Cover or [Barriers]"; nothing limits a [Barrier] to shooting, so it blocks in melee, the
 * better of shield and barrier counting; Blindside voids shields, not barriers (as when shot).
 */
const CLASH = ['melee', '--atk-split', '6/2', '--atk-dmg', '300', '--atk-pen', '5', '--def-split', '3/4']
const DEF = ['--def-dmg', '400', '--def-choice', 'counter']
const odds = (more: string[]) => mechaJson([...CLASH, ...DEF, ...more, '--odds']).odds

describe('[Barrier] in melee', () => {
  it('blocks as a shield does, and does not stack with one', () => {
    expect(odds(['--def-barrier', '2'])).toEqual(odds(['--def-shield', '2']))
    expect(odds(['--def-barrier', '2', '--def-shield', '1'])).toEqual(odds(['--def-shield', '2']))
    expect(odds(['--def-barrier', '1', '--def-shield', '2'])).toEqual(odds(['--def-shield', '2']))
    expect(odds(['--atk-barrier', '1'])).toEqual(odds(['--atk-shield', '1']))
    expect(odds(['--def-barrier', '2']).expected.attack.damage).toBeLessThan(odds([]).expected.attack.damage)
  })

  it('a Blindside attack voids the shield but not the barrier', () => {
    const blind = (more: string[]) => odds(['--blindside', ...more])
    expect(blind(['--def-shield', '2'])).toEqual(blind([]))
    expect(blind(['--def-barrier', '2', '--def-shield', '3'])).toEqual(
      odds(['--blindside', '--def-extra-blocks', '2']),
    )
    const rolled = mechaJson([
      ...CLASH,
      ...DEF,
      '--def-barrier',
      '2',
      '--blindside',
      '--rolls',
      '5,5,5,5,5,5,1,1,1,1,1,1,1,1,1,1,1,1',
    ])
    expect(rolled.attack.blocks).toBe(2)
  })

  it("the charger's barrier blocks overwatch shots, as its shield does", () => {
    const ow = ['--def-overwatch', '1', '--def-ow-acc', '8', '--def-ow-shots', '4', '--def-ow-dmg', '300']
    expect(odds([...ow, '--atk-barrier', '1'])).toEqual(odds([...ow, '--atk-shield', '1']))
  })

  it('Power is still refused in melee, naming the barrier flag for its Barriers upgrade', () => {
    expect(refused([...CLASH, ...DEF, '--def-power', 'barriers'])).toMatch(
      /^mecha: --def-power: .*give the raised \[Barrier\] \(--def-barrier N\+1\)/,
    )
  })
})
