import { beforeEach, describe, expect, it } from 'vitest'
import { Dist } from '../../../src/core/dist.js'
import type { Shot } from '../../../src/rules/stellar/shoot.js'
import { LruMemo, clearShotOddsMemo, rankBonuses, rankDefenses, sameShot, shotKey, shotOdds } from '../../../src/rules/stellar/shoot-odds.js'
import { NO_PEN } from '../../../src/rules/stellar/weapon.js'
import { shot as base } from './shot-fixture.js'

/** The memo in front of shotOdds must be invisible: same numbers as a fresh walk, always. */

/** The shared fixture with this file's base: PEN 5 against ARM Sv 2, Precision against Dodge. */
const shot = (over: Partial<Shot> = {}): Shot => base({ dmg: 300, pen: { value: 5, kind: 'damage' }, armSv: 2, bonus: 'precision', defense: 'dodge', hp: undefined, ...over })

/** One change per field of Shot that can change the odds. */
const CHANGES: Array<[keyof Shot, Partial<Shot>]> = [
  ['acc', { acc: 7 }],
  ['evade', { evade: 2 }],
  ['shots', { shots: 6 }],
  ['rapidFire', { rapidFire: 2 }],
  ['dmg', { dmg: 600 }],
  ['pen', { pen: { value: 7, kind: 'damage' } }],
  ['pen', { pen: { value: 5, kind: 'stun' } }],
  ['pen', { pen: NO_PEN }],
  ['armSv', { armSv: 0 }],
  ['bonus', { bonus: 'barrage' }],
  ['pilot', { pilot: 1 }],
  ['defense', { defense: 'guard' }],
  ['defPilot', { defPilot: 2 }],
  ['shield', { shield: 1 }],
  ['cover', { cover: true }],
  ['blindside', { blindside: true }],
  ['targetLock', { targetLock: true }],
  ['indirect', { indirect: true }],
  ['advantage', { advantage: true }],
  ['focus', { focus: true }],
  ['bullseye', { bullseye: true }],
  ['extraHits', { extraHits: 1 }],
  ['momentum', { momentum: 2 }],
  ['warship', { warship: true }],
  ['aoe', { aoe: true, warship: true }],
  ['size', { size: 2, pen: { value: 8, kind: 'push' } }],
  ['hp', { hp: 900 }],
]

/** The changed shot and its twin that differs in that one field only. */
const pairs = CHANGES.map(([f, change]) => [f, shot({ ...change, [f]: shot()[f] }), shot(change)] as const)

const oddsJson = (s: Shot) => {
  const o = shotOdds(s)
  return { damage: o.damage.toJSON(), unblockedHits: o.unblockedHits.toJSON(), failedSaves: o.failedSaves.toJSON(), expected: o.expected, destroyed: o.destroyed?.toString() }
}

beforeEach(() => clearShotOddsMemo())

describe('shotOdds memo', () => {
  it('every field that decides the odds is in the key (the table covers every field of Shot)', () => {
    const fields = new Set(CHANGES.map(([f]) => f))
    for (const f of Object.keys(shot())) expect(fields.has(f as keyof Shot), `${f} has a change in CHANGES`).toBe(true)
    for (const [f, twin, other] of pairs) {
      expect(shotKey(other), f).not.toBe(shotKey(twin))
      expect(sameShot(other, twin), f).toBe(false)
      expect(sameShot(twin, other), f).toBe(false)
    }
    const base = shot()
    expect(shotKey(shot())).toBe(shotKey(base))
    expect(sameShot(shot(), base)).toBe(true)
    // Choices bookkeeping and decisions' flags are not part of the key.
    expect(shotKey({ ...base, askDecisions: true })).toBe(shotKey(base))
  })

  it('memoised odds are the same numbers as a fresh walk, whatever was asked before', () => {
    // Each changed shot right after its one-field twin: the last-shot shortcut must tell them apart.
    const shots = [shot(), ...pairs.flatMap(([, twin, other]) => [twin, other])]
    // Interleaved, repeated: hits and misses of the last-shot shortcut and of the map.
    const memoised = [...shots, ...shots.slice().reverse(), ...shots].map(oddsJson)
    const fresh = [...shots, ...shots.slice().reverse(), ...shots].map((s) => {
      clearShotOddsMemo()
      return oddsJson(s)
    })
    expect(memoised).toEqual(fresh)
  })

  it('a repeated shot gets the very same odds; changing the caller\'s object afterwards poisons nothing', () => {
    const s = shot()
    const a = shotOdds(s)
    expect(shotOdds(shot())).toBe(a)
    const before = oddsJson(shot({ shots: 7 }))
    s.shots = 7 // the caller reuses its object
    clearShotOddsMemo()
    expect(oddsJson(s)).toEqual(before)
    expect(shotOdds(shot())).not.toBe(shotOdds(s))
  })

  it('odds follow the automatic Momentum policy: answers already given do not enter them', () => {
    const s = shot({ momentum: 3, shots: 6 })
    const auto = oddsJson(s)
    clearShotOddsMemo()
    expect(oddsJson({ ...s, decisions: { momentum: 0 }, askDecisions: true })).toEqual(auto)
    expect(oddsJson({ ...s, momentum: 0 })).not.toEqual(auto)
  })

  it('the luck percentile of the memoised damage distribution is Dist.percentile', () => {
    const o = shotOdds(shot({ shots: 6, shield: 1 }))
    const plain = new Dist<number>()
    for (const [k, w] of o.damage.weights) plain.add(k, w)
    for (const k of [...o.damage.weights.keys(), -1, 150, 1e9]) {
      expect(o.damage.percentile(k)).toBe(plain.percentile(k))
      expect(o.damage.percentile(k)).toBe(plain.percentile(k)) // asked twice: from the cache
    }
  })

  it('automatic choices rank the same with a warm memo as with a cold one', () => {
    const s = shot({ shots: 6, pen: { value: 6, kind: 'damage' }, shield: 1 })
    const view = (r: Array<{ value: string; defense?: string; odds: { expected: unknown } }>) => r.map((o) => [o.value, o.defense, o.odds.expected])
    const warm = [view(rankBonuses(s, false)), view(rankBonuses(s, true)), view(rankDefenses(s))]
    const again = [view(rankBonuses(s, false)), view(rankBonuses(s, true)), view(rankDefenses(s))]
    clearShotOddsMemo()
    const cold = [view(rankBonuses(s, false))]
    clearShotOddsMemo()
    cold.push(view(rankBonuses(s, true)))
    clearShotOddsMemo()
    cold.push(view(rankDefenses(s)))
    expect(warm).toEqual(cold)
    expect(again).toEqual(cold)
  })
})

describe('LruMemo', () => {
  it('keeps at most `limit` entries, dropping the least recently used', () => {
    const m = new LruMemo<number>(2)
    m.set('a', 1)
    m.set('b', 2)
    expect(m.get('a')).toBe(1) // a is now the most recent
    m.set('c', 3)
    expect(m.size).toBe(2)
    expect(m.get('b')).toBeUndefined()
    expect(m.get('a')).toBe(1)
    expect(m.get('c')).toBe(3)
    m.clear()
    expect(m.get('c')).toBeUndefined()
  })

  it('stays bounded over many distinct shots', () => {
    for (let i = 0; i < 40; i++) shotOdds(shot({ dmg: 100 + i, shots: 1 }))
    const m = new LruMemo<number>(8)
    for (let i = 0; i < 1000; i++) m.set(`k${i}`, i)
    expect(m.size).toBe(8)
  })
})
