import { describe, expect, it } from 'vitest'
import { walkMaps } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import { SeededDice } from '../../../src/core/seeded.js'
import { type Distribution, fraction } from '../../../src/core/distribution.js'
import { damageFromDice } from '../../../src/rules/wargroup/damage.js'
import { type WargroupShot, moduleState, resolveWargroupShot } from '../../../src/rules/wargroup/shoot.js'
import { wargroupShotOdds } from '../../../src/rules/wargroup/shoot-odds.js'

const base: WargroupShot = {
  acu: 3,
  def: 2,
  str: 5,
  arm: 3,
  aim: 'none',
  commander: false,
  defCommander: false,
}
const shot = (over: Partial<WargroupShot>): WargroupShot => ({ ...base, ...over })
const run = (s: WargroupShot, rolls: number[]) => {
  const dice = new PhysicalDice(rolls)
  const r = resolveWargroupShot(dice, s)
  dice.assertAllUsed()
  return r
}

describe('wargroup shoot with scripted dice', () => {
  it.each([
    // The rules' procedure: d6 + Acu must be higher than Def + d6, then Str + d6 - (Arm + d6).
    { name: 'hit, then 10 against 6: 4 damage', s: {}, rolls: [4, 2, 5, 3], hit: true, damage: 4 },
    {
      name: 'miss on equal totals (5 + 3 = 8 = 6 + 2), no damage dice',
      s: {},
      rolls: [5, 6],
      hit: false,
      damage: 0,
    },
    {
      name: 'hit, but Str + d6 only equals Arm + d6: no damage',
      s: {},
      rolls: [4, 2, 2, 4],
      hit: true,
      damage: 0,
    },
    { name: 'hit, damage below armor: no damage', s: {}, rolls: [4, 2, 2, 5], hit: true, damage: 0 },
    { name: 'lone 6 to hit beats Def 20', s: { def: 20 }, rolls: [6, 5, 4, 2], hit: true, damage: 4 },
    { name: 'lone 1 to hit misses with Acu 20', s: { acu: 20 }, rolls: [1, 3], hit: false, damage: 0 },
    {
      name: "defender's lone 1 is hit with Acu 0 vs Def 20",
      s: { acu: 0, def: 20 },
      rolls: [2, 1, 4, 2],
      hit: true,
      damage: 4,
    },
    { name: "defender's lone 6 dodges Acu 20", s: { acu: 20 }, rolls: [5, 6], hit: false, damage: 0 },
    {
      name: 'double 6 to hit goes by the totals: 9 vs 8 hits',
      s: {},
      rolls: [6, 6, 4, 2],
      hit: true,
      damage: 4,
    },
    {
      name: 'double 1 to hit goes by the totals: 4 vs 5 misses',
      s: { def: 4 },
      rolls: [1, 1],
      hit: false,
      damage: 0,
    },
    {
      name: 'damage 6 is full power: Str 5 + 6 = 11, armor ignored',
      s: { arm: 20 },
      rolls: [4, 2, 6, 5],
      hit: true,
      damage: 11,
    },
    {
      name: "armor's lone 1 is full power: Str 5 + 3 = 8",
      s: { arm: 20 },
      rolls: [4, 2, 3, 1],
      hit: true,
      damage: 8,
    },
    {
      name: "damage die's lone 1: nothing, even with Str 20",
      s: { str: 20 },
      rolls: [4, 2, 1, 2],
      hit: true,
      damage: 0,
    },
    { name: "armor's lone 6 stops Str 20", s: { str: 20 }, rolls: [4, 2, 5, 6], hit: true, damage: 0 },
    { name: 'double 6 on damage: Str 5 - Arm 3 = 2', s: {}, rolls: [4, 2, 6, 6], hit: true, damage: 2 },
    { name: 'double 1 on damage: Str 5 - Arm 3 = 2', s: {}, rolls: [4, 2, 1, 1], hit: true, damage: 2 },
  ])('$name', ({ s, rolls, hit, damage }) => {
    const r = run(shot(s), rolls)
    expect(r.hit).toBe(hit)
    expect(r.damage).toBe(damage)
    expect(r.module).toBeUndefined()
    expect(r.immobilizedTurns).toBeUndefined()
  })

  it.each([
    // Aimed at a module: Acu - 2; damage over MtP disables for d3 turns, over 3 x MtP destroys.
    {
      name: 'Acu 3 - 2 = 1: 4 + 1 = 5 vs 2 + 2 = 4 hits; 5 damage > MtP 2: disabled 2 turns',
      s: { mtp: 2 },
      rolls: [4, 2, 5, 2, 2],
      hit: true,
      damage: 5,
      module: 'disabled',
      turns: 2,
    },
    {
      name: 'the -2 turns a would-be hit into a miss: 3 + 1 = 4 vs 4',
      s: { mtp: 2 },
      rolls: [3, 2],
      hit: false,
      damage: 0,
      module: 'intact',
      turns: 0,
    },
    {
      name: 'damage equal to MtP leaves the module intact (no d3)',
      s: { mtp: 2 },
      rolls: [5, 2, 4, 4],
      hit: true,
      damage: 2,
      module: 'intact',
      turns: 0,
    },
    {
      name: 'damage 3 > MtP 2: disabled, d3 = 3',
      s: { mtp: 2 },
      rolls: [5, 2, 5, 4, 3],
      hit: true,
      damage: 3,
      module: 'disabled',
      turns: 3,
    },
    {
      name: 'damage exactly 3 x MtP (6) is only disabled',
      s: { mtp: 2, str: 9 },
      rolls: [5, 2, 4, 4],
      hit: true,
      damage: 6,
      module: 'disabled',
      turns: 1,
      extra: [1],
    },
    {
      name: 'damage 7 > 3 x MtP 2: destroyed, no duration die',
      s: { mtp: 2, str: 10 },
      rolls: [5, 2, 4, 4],
      hit: true,
      damage: 7,
      module: 'destroyed',
      turns: 0,
    },
    {
      name: 'MtP 0: any damage destroys',
      s: { mtp: 0 },
      rolls: [5, 2, 4, 5],
      hit: true,
      damage: 1,
      module: 'destroyed',
      turns: 0,
    },
    {
      name: 'no damage: intact',
      s: { mtp: 0 },
      rolls: [5, 2, 2, 5],
      hit: true,
      damage: 0,
      module: 'intact',
      turns: 0,
    },
    {
      name: 'full power on an aimed shot: 5 + 6 = 11 > 3 x 3: destroyed',
      s: { mtp: 3, arm: 20 },
      rolls: [5, 2, 6, 3],
      hit: true,
      damage: 11,
      module: 'destroyed',
      turns: 0,
    },
  ])('module: $name', ({ s, rolls, hit, damage, module, turns, extra }) => {
    const all = extra ? [...rolls, ...extra] : rolls
    const r = run(shot({ aim: 'module', ...s }), all)
    expect(r.acu).toBe(1 + ((s as Partial<WargroupShot>).acu ?? 3) - 3)
    expect(r).toMatchObject({ hit, damage, module, disabledTurns: turns })
  })

  it.each([
    // Aimed at movement: Acu - 1, damage - 2, any damage immobilises for d6 turns.
    {
      name: 'Acu 3 - 1: 3 + 2 = 5 vs 2 + 2 hits; 5 - 2 + 5 = 8 vs 6: 2 damage, d6 = 4 turns',
      rolls: [3, 2, 5, 3, 4],
      hit: true,
      damage: 2,
      turns: 4,
    },
    {
      name: 'the -2 on damage leaves nothing: 5 - 2 + 4 = 7 vs 7',
      rolls: [3, 2, 4, 4],
      hit: true,
      damage: 0,
      turns: 0,
    },
    { name: 'the -1 makes 2 + 2 = 4 vs 4 a miss', rolls: [2, 2], hit: false, damage: 0, turns: 0 },
    {
      name: 'full power keeps the -2: 5 - 2 + 6 = 9, then d6 = 6',
      rolls: [3, 2, 6, 5, 6],
      hit: true,
      damage: 9,
      turns: 6,
    },
  ])('movement: $name', ({ rolls, hit, damage, turns }) => {
    const r = run(shot({ aim: 'movement' }), rolls)
    expect(r.acu).toBe(2)
    expect(r.damageModifier).toBe(-2)
    expect(r).toMatchObject({ hit, damage, immobilizedTurns: turns })
  })

  it.each([
    {
      name: 'commander attacker: Acu 3 + 1 turns 4 + 3 vs 5 + 2 into 4 + 4 = 8 > 7',
      s: { commander: true },
      rolls: [4, 5, 4, 4],
      hit: true,
      damage: 2,
    },
    { name: 'without the upgrade the same dice miss', s: {}, rolls: [4, 5], hit: false, damage: 0 },
    {
      name: 'commander target: Def 3 makes 4 + 3 vs 4 + 3 a miss',
      s: { defCommander: true },
      rolls: [4, 4],
      hit: false,
      damage: 0,
    },
    {
      name: 'commander target: Arm 4 takes one off the damage',
      s: { defCommander: true },
      rolls: [5, 2, 5, 3],
      hit: true,
      damage: 3,
    },
    {
      name: 'Str is not raised by the attacker being commander',
      s: { commander: true },
      rolls: [5, 2, 5, 3],
      hit: true,
      damage: 4,
    },
  ])('commander: $name', ({ s, rolls, hit, damage }) => {
    expect(run(shot(s), rolls)).toMatchObject({ hit, damage })
  })

  it.each([
    { dam: 5, rolls: [4, 2, 6, 3], remaining: 0, destroyed: true }, // 11 damage
    { dam: 5, rolls: [4, 2, 5, 3], remaining: 1, destroyed: false }, // 4 damage
    { dam: 4, rolls: [4, 2, 5, 3], remaining: 0, destroyed: true }, // exactly to 0
    { dam: 4, rolls: [1, 2], remaining: 4, destroyed: false },
  ])('Dam $dam with $rolls: $remaining left', ({ dam, rolls, remaining, destroyed }) => {
    expect(run(shot({ dam }), rolls)).toMatchObject({ remainingDam: remaining, destroyed })
  })

  it('moduleState is strict at both thresholds', () => {
    expect([0, 1, 2, 3, 6, 7].map((d) => moduleState(d, 2))).toEqual([
      'intact',
      'intact',
      'intact',
      'disabled',
      'disabled',
      'destroyed',
    ])
  })
})

describe('the damage roll and full power', () => {
  it.each([
    // roll, Str, modifier, armor roll, Arm -> damage, fullPower
    { r: 6, str: 3, mod: 0, a: 4, arm: 10, damage: 9, full: true },
    { r: 4, str: 3, mod: 0, a: 1, arm: 10, damage: 7, full: true },
    { r: 6, str: 3, mod: 0, a: 1, arm: 0, damage: 9, full: true },
    { r: 1, str: 10, mod: 0, a: 2, arm: 0, damage: 0, full: false },
    { r: 5, str: 10, mod: 0, a: 6, arm: 0, damage: 0, full: false },
    { r: 1, str: 10, mod: 0, a: 6, arm: 0, damage: 0, full: false },
    { r: 6, str: 5, mod: 0, a: 6, arm: 3, damage: 2, full: false },
    { r: 1, str: 5, mod: 0, a: 1, arm: 3, damage: 2, full: false },
    { r: 6, str: 3, mod: 0, a: 6, arm: 5, damage: 0, full: false },
    { r: 4, str: 5, mod: 0, a: 3, arm: 3, damage: 3, full: false },
    { r: 3, str: 5, mod: 0, a: 5, arm: 3, damage: 0, full: false },
    { r: 6, str: 3, mod: -2, a: 4, arm: 1, damage: 7, full: true },
    { r: 2, str: 0, mod: -2, a: 1, arm: 0, damage: 0, full: true },
  ])('Str $str$mod + $r vs Arm $arm + $a: $damage', ({ r, str, mod, a, arm, damage, full }) => {
    expect(damageFromDice(r, str, mod, a, arm)).toMatchObject({ damage, fullPower: full })
  })
})

/** The odds walk of the whole shot through the exact driver, to check the composed odds. */
function fullWalk(s: WargroupShot) {
  return walkMaps((dice) => resolveWargroupShot(dice, s), {
    hit: (r) => String(r.hit),
    damage: (r) => r.damage,
    module: (r) => r.module ?? 'none',
    disabled: (r) => r.disabledTurns ?? 0,
    immobilized: (r) => r.immobilizedTurns ?? 0,
    full: (r) => String(r.damageRoll?.fullPower ?? false),
  })
}

/** Both distributions give every outcome the same exact chance (as reduced fractions). */
function sameDist(a: Distribution<any>, b: Distribution<any>): void {
  const exact = (d: Distribution<any>) =>
    new Map(d.sortedWays().map(([k, w]) => [String(k), fraction(w, d.den)]))
  const x = exact(a)
  const y = exact(b)
  for (const k of new Set([...x.keys(), ...y.keys()]))
    expect(`${k}: ${x.get(k) ?? '0'}`).toBe(`${k}: ${y.get(k) ?? '0'}`)
}

describe('wargroup shoot odds', () => {
  it('hand-computed: Acu = Def, Str = Arm = 0', () => {
    // P(hit) = 15/36. Damage on a hit: full power 6 on a lone 6 (5 pairs), 2-5 once each on
    // the defender's lone 1; 1 on 3 pairs, 2 on 2, 3 on 1 by the totals; 0 on the other 21.
    const o = wargroupShotOdds(shot({ acu: 2, def: 2, str: 0, arm: 0 }))
    expect(o.hit.fraction('true')).toBe('5/12')
    expect(o.damage.fraction(6)).toBe('25/432')
    expect(o.damage.fraction(0)).toBe('119/144')
    expect(o.damage.fraction(1)).toBe('5/144') // 15/36 x 3/36
    expect(o.fullPower).toBeCloseTo(5 / 48, 15) // 15/36 x 9/36
    expect(o.damage.waysWhere(() => true)).toBe(o.damage.den)
  })

  it('hand-computed: module aimed, MtP 1', () => {
    // Acu 2 - 2 = 0 vs Def 0: 15/36 to hit; damage over 3 (4, 5 or 6): 7/36; 2 or 3: 5/36.
    const o = wargroupShotOdds(shot({ acu: 2, def: 0, str: 0, arm: 0, aim: 'module', mtp: 1 }))
    expect(o.module!.fraction('destroyed')).toBe('35/432')
    expect(o.module!.fraction('disabled')).toBe('25/432')
    expect(o.disabledTurns!.fraction(1)).toBe('25/1296')
    expect(o.disabledTurns!.fraction(3)).toBe('25/1296')
    expect(o.module!.waysWhere(() => true)).toBe(o.module!.den)
  })

  it('hand-computed: movement aimed', () => {
    // Acu 1 - 1 = 0 vs Def 0: 15/36; Str 2 - 2 = 0 vs Arm 0 deals damage on 15/36.
    const o = wargroupShotOdds(shot({ acu: 1, def: 0, str: 2, arm: 0, aim: 'movement' }))
    expect(o.immobilizedTurns!.fraction(0)).toBe('119/144')
    for (let k = 1; k <= 6; k++) expect(o.immobilizedTurns!.fraction(k)).toBe('25/864')
    expect(o.expected.immobilizedTurns).toBeCloseTo((25 / 144) * 3.5, 12)
  })

  it.each([
    shot({}),
    shot({ aim: 'module', mtp: 2, str: 7 }),
    shot({ aim: 'module', mtp: 0, commander: true }),
    shot({ aim: 'movement', defCommander: true, dam: 3 }),
    shot({ acu: 0, def: 9, str: 0, arm: 9 }),
  ])('the composed odds equal a walk over the whole shot (%o)', (s) => {
    const o = wargroupShotOdds(s)
    const w = fullWalk(s)
    sameDist(o.hit, w.hit)
    sameDist(o.damage, w.damage)
    if (o.module) sameDist(o.module, w.module)
    if (o.disabledTurns) sameDist(o.disabledTurns, w.disabled)
    if (o.immobilizedTurns) sameDist(o.immobilizedTurns, w.immobilized)
    expect(o.fullPower).toBe(w.full.prob('true'))
    for (const d of [o.hit, o.damage, o.module, o.disabledTurns, o.immobilizedTurns])
      if (d) expect(d.waysWhere(() => true)).toBe(d.den)
  })

  it('matches Monte Carlo, and every sampled result lies in the exact support', () => {
    // 20,000 seeded shots; tolerance 0.015 on each probability (over 4 standard errors).
    const s = shot({ acu: 3, def: 2, str: 5, arm: 3, aim: 'module', mtp: 1 })
    const o = wargroupShotOdds(s)
    const n = 20_000
    const counts = new Map<number, number>()
    const modules = new Map<string, number>()
    let hits = 0
    for (let i = 0; i < n; i++) {
      const r = resolveWargroupShot(new SeededDice(`wg-shoot-${i}`), s)
      expect(o.damage.prob(r.damage)).toBeGreaterThan(0)
      expect(o.disabledTurns!.prob(r.disabledTurns!)).toBeGreaterThan(0)
      counts.set(r.damage, (counts.get(r.damage) ?? 0) + 1)
      modules.set(r.module!, (modules.get(r.module!) ?? 0) + 1)
      if (r.hit) hits++
    }
    expect(Math.abs(hits / n - o.expected.hit)).toBeLessThan(0.015)
    for (const [k, w] of o.damage.sorted()) expect(Math.abs((counts.get(k) ?? 0) / n - w)).toBeLessThan(0.015)
    for (const [k, w] of o.module!.sorted())
      expect(Math.abs((modules.get(k) ?? 0) / n - w)).toBeLessThan(0.015)
  })

  it('reports the chance the target shuts down', () => {
    const o = wargroupShotOdds(shot({ dam: 1 }))
    expect(o.destroyed).toBe(o.damage.where((k) => k >= 1))
    expect(o.destroyed).toBeGreaterThan(0)
  })
})
