import { describe, expect, it } from 'vitest'
import { walkMaps } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import { FAILED_SAVE_DMG, failedSaveKind, resolveArmorSaves } from '../../../src/rules/stellar/armor-save.js'
import { parsePen } from '../../../src/rules/stellar/weapon.js'

/**
 * Issue 37: Q, Warship Armor Saves: "a failed Armor Save either destroys a weapon or does 1000 DMG
 * (Defender's choice)", written for every failed save of a warship, stun and push/pull weapons
 * included; we count the damage, as for any weapon.
 */
describe("a warship's failed saves against stun and push/pull weapons", () => {
  it.each([
    // PEN 5S vs ARM Sv 1: saves on 4+; dice 2, 3, 9: two failures.
    { pen: '5S', size: 0, rolls: [2, 3, 9], failed: 2 },
    // PEN 7P vs ARM Sv 1, Size 2: saves on 7 - 1 - 4 = 2+ (the Size bonus still counts); 1 fails.
    { pen: '7P', size: 2, rolls: [1, 5, 2], failed: 1 },
  ])('$pen: each failed save 1000 DMG, no action lost, no push', ({ pen, size, rolls, failed }) => {
    const spec = { pen: parsePen(pen), armSv: 1, size, hits: 3, warship: true }
    const r = resolveArmorSaves(new PhysicalDice(rolls), spec)
    expect(r.failedSaves).toBe(failed)
    expect(r.damage).toBe(failed * FAILED_SAVE_DMG)
    expect([r.actionsLost, r.pushes]).toEqual([0, 0])
    // The same weapon at a unit that is not a warship: its own effect, no damage.
    const unit = resolveArmorSaves(new PhysicalDice(rolls), { ...spec, warship: false })
    expect(unit.damage).toBe(0)
    expect(unit.actionsLost + unit.pushes).toBe(failed)
    expect(failedSaveKind(spec)).toBe('damage')
  })

  it('the odds of 6 hits of a 6S weapon at a warship (ARM Sv 2): 5 saves at 4+, by brute force', () => {
    const spec = { pen: parsePen('6S'), armSv: 2, hits: 6, warship: true }
    const odds = walkMaps((d) => resolveArmorSaves(d, spec), { damage: (r) => r.damage })
    // Enumerate the 10^5 save dice: a save fails on 1-3.
    const count = new Map<number, number>()
    for (let n = 0; n < 10 ** 5; n++) {
      let fails = 0
      for (let k = n, i = 0; i < 5; i++, k = Math.floor(k / 10)) if ((k % 10) + 1 < 4) fails++
      count.set(fails * 1000, (count.get(fails * 1000) ?? 0) + 1)
    }
    for (const [dmg, c] of count) expect(odds.damage.prob(dmg)).toBeCloseTo(c / 10 ** 5, 14)
    expect(odds.damage.expected()).toBeCloseTo(5 * 0.3 * 1000, 9)
  })
})
