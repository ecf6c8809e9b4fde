import { describe, expect, it } from 'vitest'
import { mecha, mechaJson } from './in-process.js'

/**
 * Issue 37, Wrong 4: a charge at a warship without a Melee stat needs no --def-dmg. Quickstart,
 * Warship Combat: "Most ships have AA DEF which is Melee DEF", the project's reading being that such
 * a ship only defends, so its weapon's DMG is never rolled. The answer without --def-dmg is the
 * answer given a dummy one (the path every number was checked on against an oracle).
 */
const ROSTER = ['--roster', 'examples/roster.yaml']
const CHARGE = ['argonaut:heat-hawk', 'saronic-cruiser', ...ROSTER]

describe('a charge at a warship without a Melee stat', () => {
  it('melee answers without --def-dmg, as with any dummy DMG', () => {
    const bare = mechaJson(['melee', ...CHARGE, '--odds'])
    for (const dmg of ['1', '5000']) {
      const dummy = mechaJson(['melee', ...CHARGE, '--odds', '--def-dmg', dmg])
      expect(bare.odds).toEqual(dummy.odds)
    }
    expect(bare.odds.expected.counter.damage).toBe(0)
    const r = mecha(['melee', ...CHARGE, '--odds'])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('vs defender 0/4 (never attacks)')
    // A seeded roll too: the same dice, the same answer.
    const roll = (more: string[]) => mechaJson(['melee', ...CHARGE, '--seed', 'w4', ...more])
    expect(roll([]).result).toEqual(roll(['--def-dmg', '300']).result)
  })

  it('plan and matrix answer the charge, as with a dummy --def-dmg', () => {
    const plan = ['plan', 'saronic-cruiser', 'argonaut:cannon', 'argonaut:heat-hawk', ...ROSTER, '--odds']
    const bare = mechaJson(plan)
    expect(bare.steps[1].command).toBe('melee')
    const dummy = mechaJson([...plan, '--def-dmg', '1'])
    expect(bare.odds).toEqual(dummy.odds)
    expect(bare.steps).toEqual(dummy.steps)
    const matrix = ['matrix', 'argonaut', '--vs', 'saronic-cruiser', ...ROSTER]
    const cells = mechaJson(matrix).cells
    const charge = cells.find((c: { weapon: string }) => c.weapon === 'heat-hawk')
    expect(charge.expectedDamage).toBeGreaterThan(0)
    expect(cells).toEqual(mechaJson([...matrix, '--def-dmg', '1']).cells)
    expect(mecha(matrix).stdout).not.toContain('n/a')
  })

  it('still asks for --def-dmg from a defender that counter-attacks', () => {
    const base = ['melee', '--atk-melee', '5', '--atk-dmg', '300', '--def-melee', '4']
    expect(mecha(base).stderr).toBe(
      "mecha: --def-dmg is required: the defender's melee weapon DMG per hit, e.g. --def-dmg 300\n",
    )
    expect(mecha([...base, '--def-warship', '--def-ship-melee']).code).toBe(2)
    expect(mecha([...base, '--def-warship']).code).toBe(0)
  })
})
