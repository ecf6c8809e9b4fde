import { describe, expect, it } from 'vitest'
import { parseValues } from '../../../src/runtime/spec.js'
import { buildShot, shootSpec } from '../../../src/commands/stellar/shoot.js'
import { buildMelee, meleeSpec } from '../../../src/commands/stellar/melee.js'
import { chooseTraits, skillDefenseLeft } from '../../../src/rules/stellar/traits.js'

/**
 * Q, Pilot Skills: "You may only use one Skill per unit turn"; Skill Defense may go with Improvise
 * (and Unbeaten). A side whose Skills already fill its turn (a profile's Persevere taken in a game)
 * is not asked for Skill Defense's Momentum, and spends none.
 */
const FLAGS = { attacker: '--trait', defender: '--def-trait' }
const left = (names: string[]) => skillDefenseLeft(chooseTraits(names, 'shoot', 'defender', FLAGS))

describe('Skill Defense is offered only while a Skill is left this turn', () => {
  it("counts the side's Skills as the rules do", () => {
    expect(left([])).toBe(true)
    expect(left(['persevere'])).toBe(false)
    expect(left(['improvise'])).toBe(true)
    expect(left(['army-of-one', 'persevere'])).toBe(true)
    expect(left(['army-of-one', 'persevere', 'improvise'])).toBe(false)
  })

  const shot = (extra: Record<string, unknown>) =>
    buildShot(
      parseValues(
        shootSpec,
        { acc: 9, shots: 3, dmg: 300, bonus: 'none', defense: 'none', ...extra },
        'json',
      ) as never,
    )
  it('a shot at a target with Persevere asks no Momentum (0, as if given)', () => {
    expect(shot({}).momentumGiven).toBe(false)
    expect(shot({ defTrait: ['persevere'] }).momentumGiven).toBe(true)
    expect(shot({ defTrait: ['persevere'] }).target.momentum).toBe(0)
    expect(shot({ defTrait: ['improvise'] }).momentumGiven).toBe(false)
  })

  const melee = (extra: Record<string, unknown>) =>
    buildMelee(
      parseValues(
        meleeSpec,
        {
          atkMelee: 6,
          defMelee: 6,
          atkDmg: 300,
          defDmg: 300,
          atkSplit: '3/3',
          defSplit: '3/3',
          defChoice: 'guard',
          ...extra,
        },
        'json',
      ) as never,
    )
  it('in melee, per side', () => {
    expect(melee({}).momentumGiven).toEqual({ atk: false, def: false })
    expect(melee({ defTrait: ['persevere'] }).momentumGiven).toEqual({ atk: false, def: true })
    expect(melee({ atkTrait: ['unbeaten'] }).momentumGiven).toEqual({ atk: false, def: false })
  })
})
