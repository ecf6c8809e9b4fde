import { describe, expect, it } from 'vitest'
import { walkMaps } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import { fraction } from '../../../src/core/distribution.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { type StunRecovery, resolveStunRecovery } from '../../../src/rules/stellar/stun-recover.js'

describe('stun recovery', () => {
  it.each([
    // White Asura, down to -1 Action after two failed saves, rolls [2,5,7] and recovers 2.
    {
      name: 'White Asura',
      s: { penalty: 2, actions: 1 },
      rolls: [2, 5, 7],
      removed: 2,
      left: 0,
      actionsLeft: 1,
      shutdown: false,
    },
    {
      name: 'one success against 2',
      s: { penalty: 2, actions: 1 },
      rolls: [4, 5, 1],
      removed: 1,
      left: 1,
      actionsLeft: 0,
      shutdown: false,
    },
    {
      name: 'nothing removed',
      s: { penalty: 3, actions: 1 },
      rolls: [4, 4, 1],
      removed: 0,
      left: 3,
      actionsLeft: -2,
      shutdown: true,
    },
    { name: 'extra successes are wasted', s: { penalty: 1 }, rolls: [10, 9, 5], removed: 1, left: 0 },
    { name: 'no penalty given: every success counts', s: {}, rolls: [10, 9, 1], removed: 2 },
  ])('$name', ({ s, rolls, removed, left, actionsLeft, shutdown }) => {
    const dice = new PhysicalDice(rolls)
    const r = resolveStunRecovery(dice, s as StunRecovery)
    dice.assertAllUsed()
    expect(r.removed).toBe(removed)
    expect(r.penaltyLeft).toBe(left)
    expect(r.actionsLeft).toBe(actionsLeft)
    expect(r.shutdown).toBe(shutdown)
  })

  it('exact odds: each die succeeds 6/10; penalty 2 cleared with 1 - 0.4^3 - 3 x 0.6 x 0.4^2', () => {
    const d = walkMaps((x) => resolveStunRecovery(x, { penalty: 2 }), { removed: (r) => r.removed })
    expect(d.removed.fraction(0)).toBe(fraction(64n, 1000n))
    expect(d.removed.fraction(1)).toBe(fraction(288n, 1000n))
    expect(d.removed.fraction(2)).toBe(fraction(648n, 1000n))
    expect(d.removed.waysWhere(() => true)).toBe(d.removed.den)
  })

  it('Monte Carlo agrees with the exact odds', () => {
    const d = walkMaps((x) => resolveStunRecovery(x, {}), { removed: (r) => r.removed })
    const n = 4000
    const counts = [0, 0, 0, 0]
    for (let i = 0; i < n; i++) counts[resolveStunRecovery(new SeededDice(`stun-${i}`), {}).removed]++
    for (const [k, w] of d.removed.sorted()) expect(Math.abs(counts[k as number] / n - w)).toBeLessThan(0.032)
  })
})
