import { describe, expect, it } from 'vitest'
import { SeededDice } from '../../../src/core/seeded.js'
import { resolveShot } from '../../../src/rules/stellar/shoot.js'
import { rankBonuses, rankDefenses, shotOdds } from '../../../src/rules/stellar/shoot-odds.js'
import { parsePen } from '../../../src/rules/stellar/weapon.js'
import { shot } from './shot-fixture.js'

describe('exact shooting odds', () => {
  it('one shot at 5+: crit 1/5 (2 hits), hit 1/5, miss 3/5', () => {
    const o = shotOdds(shot({ shots: 1, dmg: 100 }))
    expect(o.damage.prob(200).toString()).toBe('1/5')
    expect(o.damage.prob(100).toString()).toBe('1/5')
    expect(o.damage.prob(0).toString()).toBe('3/5')
    expect(o.expected.damage).toBeCloseTo(60, 12)
  })

  it('two shots with a save: hand-computed distribution', () => {
    // TN 5: per die crit 1/5 (2 hits), hit 1/5 (1), miss 3/5 (0).
    // PEN 4 vs ARM Sv 1: save on 3+, fails 1/5, one save per unblocked hit.
    const o = shotOdds(shot({ shots: 2, dmg: 100, pen: parsePen('4'), armSv: 1 }))
    const hits = [0, 0, 0, 0, 0] // P(total hits = k) * 25
    const per = [
      [2, 1],
      [1, 1],
      [0, 3],
    ]
    for (const [a, pa] of per) for (const [b, pb] of per) hits[a + b] += pa * pb
    // P(damage = 100k + 1000 f) = P(hits = k) * C(min(k,3), f) (1/5)^f (4/5)^(k-f)
    const expect4 = (k: number, f: number) => {
      const n = Math.min(k, 3)
      const c = [1, n, (n * (n - 1)) / 2, 1][f] ?? 0
      return (hits[k] / 25) * c * (1 / 5) ** f * (4 / 5) ** (n - f)
    }
    for (let k = 0; k <= 4; k++) {
      for (let f = 0; f <= Math.min(k, 3); f++) {
        const dmg = 100 * k + 1000 * f
        // different (k, f) pairs never share a damage value here
        expect(o.damage.prob(dmg).toNumber()).toBeCloseTo(expect4(k, f), 12)
      }
    }
    expect(o.damage.total().toString()).toBe('1')
  })

  it('10 shots with saves: the distribution sums to 1 and the walk stays small', () => {
    const o = shotOdds(shot({ shots: 10, dmg: 300, pen: parsePen('6'), armSv: 1, shield: 1, targetLock: true }))
    expect(o.damage.total().toString()).toBe('1')
    expect(o.unblockedHits.total().toString()).toBe('1')
  })

  it('destruction chance is P(damage >= HP)', () => {
    const o = shotOdds(shot({ shots: 1, dmg: 100, hp: 200 }))
    expect(o.destroyed!.toString()).toBe('1/5')
  })

  it.each([
    ['plain', {}],
    ['saves and shield', { shots: 6, dmg: 300, pen: parsePen('6'), armSv: 2, shield: 1 }],
    ['crit cap, target lock, advantage', { shots: 10, evade: 0, targetLock: true, advantage: true, dmg: 100 }],
    ['indirect, cover, focus', { shots: 5, indirect: true, cover: true, focus: true, dmg: 200, pen: parsePen('4'), armSv: 0 }],
    ['warship momentum AOE', { shots: 8, evade: 2, warship: true, aoe: true, momentum: 3, pen: parsePen('7'), armSv: 2, dmg: 500 }],
    ['stun', { shots: 5, pen: parsePen('6S'), armSv: 1, defense: 'guard' as const }],
  ])('Monte Carlo agrees with the exact odds: %s', (_n, over) => {
    const s = shot(over)
    const o = shotOdds(s)
    const runs = 20_000
    const counts = new Map<number, number>()
    let sum = 0
    for (let i = 0; i < runs; i++) {
      const r = resolveShot(new SeededDice(`mc-${i}`), s)
      counts.set(r.damage, (counts.get(r.damage) ?? 0) + 1)
      sum += r.damage
      // every sampled result lies in the exact support
      if (i < 2000) expect(o.damage.prob(r.damage).isZero()).toBe(false)
    }
    for (const [dmg, w] of o.damage.weights) {
      const p = w.toNumber()
      const sd = Math.sqrt((p * (1 - p)) / runs)
      // 5 standard deviations, plus a little slack for very rare outcomes
      expect(Math.abs((counts.get(dmg) ?? 0) / runs - p)).toBeLessThan(5 * sd + 1e-3)
    }
    const mean = o.expected.damage
    const sdMean = Math.sqrt(o.damage.expected((d) => (d - mean) ** 2) / runs)
    expect(Math.abs(sum / runs - mean)).toBeLessThan(5 * sdMean + 1e-9)
  })
})

describe('automatic choices', () => {
  it('the defender picks the reaction with the least expected damage', () => {
    // One big-DMG shot against a shield-less target: Guard blocks the single hit outright
    // unless it is a crit; Dodge only moves the target number by one.
    const ranked = rankDefenses(shot({ shots: 1, dmg: 1000 }))
    const exp = ranked.map((r) => r.odds.expected.damage)
    expect(exp).toEqual([...exp].sort((a, b) => a - b))
    expect(ranked[0].value).toBe('guard')
  })

  it('the attacker picks the bonus that is best against the best reply', () => {
    const s = shot({ shots: 10, dmg: 100 })
    const ranked = rankBonuses(s, false)
    // 10 shots are already the cap: Barrage adds nothing, Precision must win
    expect(ranked[0].value).toBe('precision')
    for (const r of ranked) {
      const best = rankDefenses({ ...s, bonus: r.value })[0]
      expect(r.odds.expected.damage).toBeCloseTo(best.odds.expected.damage, 12)
    }
  })

  it('with a fixed defence, the attacker scores against that defence', () => {
    const s = shot({ shots: 3, dmg: 100, defense: 'dodge' })
    const ranked = rankBonuses(s, true)
    for (const r of ranked) expect(r.defense).toBe('dodge')
  })
})
