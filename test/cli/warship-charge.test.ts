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

/** Issue 37: Q, Warship Armor Saves, for a stun or push/pull weapon's failed saves too. */
describe("a warship's failed saves against stun and push/pull weapons", () => {
  const shot = ['shoot', '--acc', '9', '--evade', '2', '--shots', '6', '--dmg', '200', '--warship', '--odds']
  it('shoot: a 6S or 6P weapon at a warship (Size 0) deals what a 6 does', () => {
    const plain = mechaJson([...shot, '--pen', '6']).odds
    expect(plain.expected.damage).toBeGreaterThan(0)
    for (const pen of ['6S', '6P']) {
      const odds = mechaJson([...shot, '--pen', pen]).odds
      expect(odds.damage).toEqual(plain.damage)
      expect(odds.expected.actionsLost ?? 0).toBe(0)
    }
    const save = mecha(['save', '--hits', '3', '--pen', '5S', '--warship', '--rolls', '1,9,2'])
    expect(save.stdout).toContain('Failed saves: 2 (+2000 DMG)')
  })

  it('melee: a push weapon never pushes a warship out, so a ship with a Melee stat counter-attacks', () => {
    const clash = ['melee', '--atk-split', '6/0', '--atk-dmg', '0', '--atk-pen', '10P', '--def-split', '3/0']
    const ship = mechaJson([
      ...clash,
      '--def-dmg',
      '300',
      '--def-warship',
      '--def-ship-melee',
      '--def-choice',
      'counter',
      '--seed',
      'p',
    ])
    const unit = mechaJson([...clash, '--def-dmg', '300', '--def-choice', 'counter', '--seed', 'p'])
    expect(unit.attack.failedSaves).toBeGreaterThan(0)
    expect(unit.counter).toBeNull()
    expect(ship.attack.pushes).toBe(0)
    expect(ship.attack.damage).toBe(ship.attack.failedSaves * 1000)
    expect(ship.counter).not.toBeNull()
  })
})
