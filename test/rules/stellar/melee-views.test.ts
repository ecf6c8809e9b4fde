import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type OverwatchState,
  type StrikeSummary,
  concludeClash,
  counterSkippedBy,
  clashContext,
  damageTaken,
} from '../../../src/rules/stellar/melee.js'
import { overwatchView } from '../../../src/rules/stellar/melee-flow.js'
import { attackView } from '../../../src/rules/stellar/melee-views.js'
import { melee, side } from './melee-fixture.js'

/**
 * The views meleeOdds joins on: overwatch states (and attacks) with one view conclude alike, and
 * each side's damage taken is damageTaken(its first stage's damage, `later`).
 */
describe('concludeClash reads the overwatch state and the attack only through their views', () => {
  const damages = [0, 100, 300, 1000, 1300, 2000]
  it('same views, same Finishing Blow, counter-attack and later damage', () => {
    fc.assert(
      fc.property(
        fc.record({
          atkHp: fc.option(fc.constantFrom(1, 500, 1300, 2500), { nil: undefined }),
          defHp: fc.option(fc.constantFrom(1, 300, 1300), { nil: undefined }),
          atkPilot: fc.constantFrom(0 as const, 1 as const, 2 as const),
          defPilot: fc.constantFrom(0 as const, 1 as const, 2 as const),
          finisher: fc.integer({ min: 0, max: 2 }),
          ow: fc.array(
            fc.record({
              damage: fc.constantFrom(0, 100, 700, 1200, 2400),
              momentumSpent: fc.integer({ min: 0, max: 2 }),
            }),
            { minLength: 2, maxLength: 2 },
          ),
          attacks: fc.array(fc.record({ damage: fc.constantFrom(...damages), pushedOut: fc.boolean() }), {
            minLength: 2,
            maxLength: 2,
          }),
          counter: fc.record({ damage: fc.constantFrom(...damages), pushedOut: fc.boolean() }),
        }),
        (r) => {
          const m = melee({
            atk: side({
              unit: { hp: r.atkHp, pilot: r.atkPilot, momentum: 2 },
              weapon: { finisher: r.finisher },
            }),
            def: side({ unit: { hp: r.defHp, pilot: r.defPilot } }),
          })
          const states: OverwatchState[] = r.ow.map((s) => ({
            ...s,
            improvised: false,
            destroyed: !(r.atkHp === undefined || s.damage < r.atkHp),
          }))
          const counterDamages = damages
          const end = (st: OverwatchState, a: StrikeSummary) => {
            const counter = st.destroyed || counterSkippedBy(a, clashContext(m, st.damage)) ? null : r.counter
            return concludeClash(m, st, a, counter)
          }
          for (const st of states) {
            for (const a of r.attacks) {
              const e = end(st, a)
              expect(e.attacker.damageTaken).toBe(damageTaken(st.damage, e.later.attacker))
              if (e.clash) expect(e.defender.damageTaken).toBe(damageTaken(a.damage, e.later.defender))
            }
          }
          const [s1, s2] = states
          const [a1, a2] = r.attacks
          const same = (x: ReturnType<typeof end>, y: ReturnType<typeof end>) => {
            expect(y.finishingBlow).toEqual(x.finishingBlow)
            expect(y.counterSkipped).toBe(x.counterSkipped)
            expect(y.later).toEqual(x.later)
          }
          if (overwatchView({ m, ow: s1 }, counterDamages) === overwatchView({ m, ow: s2 }, counterDamages))
            same(end(s1, a1), end(s2, a1))
          if (attackView(m, a1) === attackView(m, a2)) same(end(s1, a1), end(s1, a2))
        },
      ),
      { numRuns: 400, seed: 1314 },
    )
  })

  it("the charger's HP left is part of the view only when the defender can strike a Finishing Blow", () => {
    // 700 overwatch damage of 2500 HP: a 2000-DMG counter-attack destroys this charger but not an
    // unharmed one, which decides a level 1+ defender's Finishing Blow; a level 0 one has none.
    const hit: OverwatchState = { damage: 700, momentumSpent: 2, destroyed: false, improvised: false }
    const unharmed: OverwatchState = { damage: 0, momentumSpent: 2, destroyed: false, improvised: false }
    const attack: StrikeSummary = { damage: 0, pushedOut: false }
    const counter: StrikeSummary = { damage: 2000, pushedOut: false }
    const counterDamages = [0, 2000]
    for (const [defPilot, sameView] of [
      [0, true],
      [2, false],
    ] as const) {
      const m = melee({
        atk: side({ unit: { hp: 2500, momentum: 2 } }),
        def: side({ unit: { pilot: defPilot } }),
      })
      const views = [hit, unharmed].map((st) => overwatchView({ m, ow: st }, counterDamages))
      expect(views[0] === views[1]).toBe(sameView)
      const blows = [hit, unharmed].map(
        (st) => concludeClash(m, st, attack, counter).finishingBlow?.by ?? 'none',
      )
      expect(blows).toEqual(defPilot === 0 ? ['none', 'none'] : ['none', 'defender'])
    }
  })
})
