import { describe, expect, it } from 'vitest'
import { PhysicalDice } from '../../../src/core/physical.js'
import { type Melee, type MeleeSide, type SideParts } from '../../../src/rules/stellar/melee.js'
import { resolveMelee } from '../../../src/rules/stellar/melee-flow.js'
import { meleeOdds } from '../../../src/rules/stellar/melee-flow.js'
import { applyMeleeTraits, chooseTraits } from '../../../src/rules/stellar/traits.js'
import { parsePen } from '../../../src/rules/stellar/weapon.js'
import { type PlainShot, bruteShot } from './evade-brute.js'
import { melee, side } from './melee-fixture.js'

/**
 * Overwatch on the charge is a shot at the charger, who "rolls Evade and uses their Shield as
 * normal": its evade rerolls (Three Times as Fast!, Blockade Runner, Spread M-Particles,
 * Improvise) apply to the overwatch dice. Each checked against an independent brute force of the
 * shot (evade-brute.ts: every face enumerated, every set of dice tried); Improvise, which the
 * charger may keep for the clash, against the whole charge's in overwatch-improvise.test.ts.
 */

/** A charger with these melee traits (through the registry, as the CLI names them). */
function charger(traits: string[], over: SideParts = {}): MeleeSide {
  const s = side({ ...over, unit: { evade: 3, shield: 1, armSv: 1, ...over.unit } })
  applyMeleeTraits(s, chooseTraits(traits, 'melee', 'attacker', { attacker: 'a', defender: 'd' }), 'attacker')
  return s
}

const OW = { attacks: 1, acc: 9, shots: 3, dmg: 300, pen: parsePen('5'), targetLock: false }

/** The overwatch attack as the brute force's plain shot. */
function plain(m: Melee, rerolls: number): PlainShot {
  return {
    acc: m.situation.overwatch!.acc,
    evade: m.atk.unit.evade,
    dodge: false,
    guard: false,
    shots: m.situation.overwatch!.shots,
    dmg: m.situation.overwatch!.dmg,
    pen: m.situation.overwatch!.pen.value,
    armSv: m.atk.unit.armSv,
    shield: m.atk.unit.shield,
    hp: m.atk.unit.hp,
    rerolls,
  }
}

function expectSameDamage(got: Map<number, number> | undefined, want: Map<number, number>): void {
  const live = [...want].filter(([, q]) => q > 1e-15)
  expect([...got!].filter(([, q]) => q > 1e-15)).toHaveLength(live.length)
  for (const [d, q] of live) expect(got!.get(d) ?? 0).toBeCloseTo(q, 12)
}

function owDamage(m: Melee): Map<number, number> {
  const d = meleeOdds(m).overwatch!.damage
  return new Map(d.outcomes().map((x) => [x, d.prob(x)]))
}

describe('evade rerolls on overwatch dice, exact', () => {
  it.each([
    ['three-times-as-fast', ['three-times-as-fast'], false, 3],
    ['blockade-runner', ['blockade-runner'], false, 2],
    ['Spread M-Particles', [], true, 1],
    ['three-times-as-fast and Spread M-Particles (they add up)', ['three-times-as-fast'], true, 4],
  ])('%s: the overwatch damage is the brute force with its rerolls', (_name, traits, particles, rerolls) => {
    const atk = charger(traits)
    if (particles) atk.mods.evadeRerolls += 1
    const m = melee({ situation: { overwatch: OW }, atk })
    expectSameDamage(owDamage(m), bruteShot(plain(m, rerolls)).damage)
    // And it helps the charger: less overwatch damage than without rerolls.
    const bare = melee({ situation: { overwatch: OW }, atk: charger([]) })
    expect(meleeOdds(m).expected.overwatchDamage).toBeLessThan(meleeOdds(bare).expected.overwatchDamage)
  })

  it.each([['three-times-as-fast'], ['blockade-runner']])(
    '%s with the charger HP known: the chance overwatch destroys it, and its capped damage, are the brute force',
    (trait) => {
      const m = melee({ situation: { overwatch: OW }, atk: charger([trait], { unit: { hp: 900 } }) })
      const brute = bruteShot(plain(m, trait === 'three-times-as-fast' ? 3 : 2))
      const o = meleeOdds(m)
      expect(o.overwatch!.damage.where((d) => d >= 900)).toBeCloseTo(brute.destroyed, 12)
      expect(o.overwatch!.damage.expected((d) => Math.min(d, 900))).toBeCloseTo(brute.capped, 9)
      expect(1 - o.clashChance).toBeCloseTo(brute.destroyed, 12)
    },
  )

  it('rolled: the charger rerolls its overwatch criticals, and an Improvise spent there is gone from its attack', () => {
    // Evade 3 vs Acc 9: evaded on 6+. Rolls 1, 2, 5: two criticals and a hit (1000 DMG after the
    // shield, the saves passed on 10s) were taken whole before; now the criticals are rerolled.
    const m = melee({
      situation: { overwatch: Object.assign({}, OW, { pen: parsePen('0') }) },
      atk: charger(['improvise']),
      atkSplit: { attack: 2, defense: 0 },
      defSplit: { attack: 0, defense: 0 },
    })
    // Overwatch 1 2 5, rerolled into 7 8; then the attack dice 1 1 (no Improvise left to reroll them).
    const r = resolveMelee(new PhysicalDice([1, 2, 5, 7, 8, 1, 1, 4, 4]), m)
    const shot = r.overwatch!.shots[0]
    expect(shot.reroll).toMatchObject({ crits: 2, hits: 0, dice: [0, 1], faces: [7, 8] })
    expect(shot.damage).toBe(0)
    expect(r.attack!.improvise).toBeUndefined()
    expect(r.attack!.attackDice.map((d) => d.roll)).toEqual([1, 1])
    // Without overwatch dice to reroll (all evaded), Improvise is kept for the attack.
    const kept = resolveMelee(new PhysicalDice([6, 7, 8, 1, 1, 9, 9]), m)
    expect(kept.overwatch!.shots[0].reroll?.dice).toEqual([])
    expect(kept.attack!.improvise?.attack?.dice).toEqual([0, 1])
  })
})
