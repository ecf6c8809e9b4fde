import { describe, expect, it } from 'vitest'
import type { Distribution } from '../../../src/core/distribution.js'
import type { Melee } from '../../../src/rules/stellar/melee.js'
import { defenderDamageOdds, meleeOdds } from '../../../src/rules/stellar/melee-flow.js'
import { type Level, parsePen } from '../../../src/rules/stellar/weapon.js'
import { melee, side } from './melee-fixture.js'

/**
 * A plan's charge at each HP the attacks before it leave is one family (Melee.hpFamily): the clash
 * searches share what reads no defender HP, and the defender's damage is folded once per clash
 * state it tells apart. Each member must answer as the same charge alone does (meleeOdds, with no
 * family), whichever member was worked out first.
 */

/** A charge with its choices open after one overwatch attack; the defender's HP is set per member. */
function charge(o: { atkHp: number; pilot: Level; owDmg: number }): Melee {
  const m = melee({
    atk: side({ unit: { melee: 4, hp: o.atkHp, momentum: 1, pilot: o.pilot, armSv: 2, evade: 2 } }),
    def: side({ unit: { melee: 4, pilot: o.pilot, armSv: 2 }, weapon: { dmg: 400 }, pen: '4' }),
    situation: {
      overwatch: { attacks: 1, acc: 8, shots: 3, dmg: o.owDmg, pen: parsePen('0', 'pen'), targetLock: false },
    },
  })
  return { ...m, openChoices: { atkSplit: true, defSplit: true, defChoice: true } }
}

const at = (m: Melee, hp: number, family?: object): Melee => ({
  ...m,
  def: { ...m.def, unit: { ...m.def.unit, hp } },
  ...(family ? { hpFamily: family } : {}),
})

/** Every outcome's exact chance, as a reduced fraction. */
const exact = (d: Distribution<number>) =>
  Object.fromEntries(
    d
      .sortedWays()
      .filter(([, w]) => w > 0n)
      .map(([v]) => [v, d.fraction(v)]),
  )

const HPS = [100000, 300, 1200, 400, 2000, 800, 700, 1]

describe('a charge at several defender HPs, one family', () => {
  for (const o of [
    { atkHp: 1500, pilot: 1 as Level, owDmg: 300 },
    { atkHp: 600, pilot: 2 as Level, owDmg: 300 },
    { atkHp: 900, pilot: 0 as Level, owDmg: 500 },
  ])
    it(`answers as each charge alone (charger HP ${o.atkHp}, pilots level ${o.pilot}, overwatch DMG ${o.owDmg})`, () => {
      const m = charge(o)
      const family = {}
      for (const hp of HPS) {
        const alone = meleeOdds(at(m, hp))
        // The defender's damage, the plan's read, and the choices the family's searches make.
        expect(exact(defenderDamageOdds(at(m, hp, family)))).toEqual(exact(alone.defenderDamage))
        const member = meleeOdds(at(m, hp, family))
        expect(member.choices).toEqual(alone.choices)
        expect(exact(member.attackerDamage)).toEqual(exact(alone.attackerDamage))
      }
    })

  it('tells the HPs apart where the choice differs', () => {
    // Not a test that cannot fail: the choices made do differ across these HPs.
    const m = charge({ atkHp: 1500, pilot: 1, owDmg: 300 })
    const made = new Set(HPS.map((hp) => JSON.stringify(meleeOdds(at(m, hp)).choices)))
    expect(made.size).toBeGreaterThan(1)
  })
})
