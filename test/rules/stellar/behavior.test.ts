import { describe, expect, it } from 'vitest'
import { walk } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import { fraction } from '../../../src/core/distribution.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { type BehaviorRoll, ORDERS, resolveBehavior } from '../../../src/rules/stellar/behavior.js'

const b = (r: Partial<BehaviorRoll>): BehaviorRoll => ({
  table: 'mecha',
  situation: 'default',
  oneIsTen: false,
  indirect: false,
  ...r,
})

describe('enemy behaviour tables', () => {
  it.each([
    { r: b({ situation: 'hidden' }), roll: 1, order: 'hold' },
    { r: b({ situation: 'hidden' }), roll: 5, order: 'flank' },
    { r: b({ situation: 'hidden' }), roll: 10, order: 'blitz' },
    { r: b({ situation: 'hurt' }), roll: 1, order: 'retreat' },
    { r: b({ situation: 'hurt' }), roll: 9, order: 'attack-and-retreat' },
    { r: b({ situation: 'hurt' }), roll: 10, order: 'last-stand' },
    { r: b({ situation: 'cover' }), roll: 1, order: 'hold-and-attack' },
    { r: b({ situation: 'cover' }), roll: 2, order: 'hold-and-attack' },
    { r: b({ situation: 'cover' }), roll: 10, order: 'last-stand' },
    { r: b({ situation: 'default' }), roll: 1, order: 'attack-and-retreat' },
    { r: b({ situation: 'default' }), roll: 6, order: 'attack' },
    { r: b({ situation: 'default' }), roll: 10, order: 'finish-them' },
    { r: b({ table: 'kaiju', situation: 'far' }), roll: 1, order: 'retreat-and-rampage' },
    { r: b({ table: 'kaiju', situation: 'far' }), roll: 3, order: 'attack' },
    { r: b({ table: 'kaiju', situation: 'far' }), roll: 10, order: 'blitz' },
    { r: b({ table: 'kaiju', situation: 'near' }), roll: 1, order: 'roaring-behemoth' },
    { r: b({ table: 'kaiju', situation: 'near' }), roll: 8, order: 'attack' },
    { r: b({ table: 'kaiju', situation: 'near' }), roll: 10, order: 'finish-them' },
    // Enemy Commanders and Return Fire read a 1 as a 10.
    { r: b({ situation: 'hurt', oneIsTen: true }), roll: 1, order: 'last-stand' },
    { r: b({ table: 'kaiju', situation: 'near', oneIsTen: true }), roll: 1, order: 'finish-them' },
    // Indirect Fire units read Behind Cover instead of Hidden.
    { r: b({ situation: 'hidden', indirect: true }), roll: 1, order: 'hold-and-attack' },
  ])('$r.table $r.situation, roll $roll: $order', ({ r, roll, order }) => {
    const res = resolveBehavior(new PhysicalDice([roll]), r)
    expect(res.order).toBe(order)
    expect(res.readAs).toBe(r.oneIsTen && roll === 1 ? 10 : roll)
    expect(ORDERS[res.order].text.length).toBeGreaterThan(0)
  })

  it.each([
    { r: b({ situation: 'default' }), order: 'attack', p: fraction(8n, 10n) },
    { r: b({ situation: 'default', oneIsTen: true }), order: 'finish-them', p: fraction(2n, 10n) },
    { r: b({ situation: 'cover' }), order: 'hold-and-attack', p: fraction(9n, 10n) },
    { r: b({ table: 'kaiju', situation: 'near' }), order: 'roaring-behemoth', p: fraction(1n, 10n) },
  ])('exact odds: $order with $p', ({ r, order, p }) => {
    const d = walk((x): string => {
      const res = resolveBehavior(x, r)
      return res.order
    })
    expect(d.fraction(order)).toBe(p)
    expect(d.waysWhere(() => true)).toBe(d.den)
  })

  it('Monte Carlo agrees and stays in the support', () => {
    const r = b({ situation: 'hurt', oneIsTen: true })
    const d = walk((x) => {
      const res = resolveBehavior(x, r)
      return res.order
    })
    const n = 4000
    const counts = new Map<string, number>()
    for (let i = 0; i < n; i++) {
      const o = resolveBehavior(new SeededDice(`beh-${i}`), r).order
      expect(d.prob(o)).toBeGreaterThan(0)
      counts.set(o, (counts.get(o) ?? 0) + 1)
    }
    for (const [k, w] of d.sorted()) expect(Math.abs((counts.get(k) ?? 0) / n - w)).toBeLessThan(0.032)
  })
})
