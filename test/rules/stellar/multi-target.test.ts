import { describe, expect, it } from 'vitest'
import { fraction } from '../../../src/core/distribution.js'
import { walk } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import {
  MAX_TARGETS,
  oneTargetField,
  rankTargetsBonuses,
  resolveTargets,
  targetShot,
  targetShots,
  targetsOdds,
} from '../../../src/rules/stellar/multi-target.js'
import { type AttackBonus, type Shot, shotWith } from '../../../src/rules/stellar/shoot.js'
import { rankBonuses, rankDefenses, shotExpected, shotOdds } from '../../../src/rules/stellar/shoot-odds.js'
import { sumOutlooks } from '../../../src/rules/stellar/choice.js'
import { parsePen } from '../../../src/rules/stellar/weapon.js'
import { shot } from './shot-fixture.js'

/** Every improvement that goes to one target, and the attack's own fields around them. */
const improved = shot({
  attacker: {
    pilot: 1,
    bonusRaise: 1,
    focus: 2,
    bullseye: true,
    extraHits: 1,
    hitBonuses: [{ source: 'Killer Instinct', amount: 2 }],
  },
  situation: { advantage: true, bonusCrits: 1 },
  bonus: 'barrage',
})

describe('targetShot: the attack as each target meets it', () => {
  it('target 1 takes the attack as given', () => {
    expect(targetShot(improved, 0)).toBe(improved)
  })

  it('other targets lose Focus, Bullseye, bonus hits and bonus criticals, and keep the rest', () => {
    const other = targetShot(improved, 1)
    expect(other).toEqual({
      ...improved,
      attacker: { ...improved.attacker, focus: 0, bullseye: false, extraHits: 0, hitBonuses: [] },
      situation: { ...improved.situation, bonusCrits: 0 },
    })
    // Precision/Barrage (raised by traits) and the situation are the attack's.
    expect(other).toMatchObject({
      attacker: { bonusRaise: 1 },
      situation: { advantage: true },
      bonus: 'barrage',
    })
    expect(improved.attacker.focus).toBe(2) // the attack itself is not changed
  })

  it('oneTargetField names exactly the fields targetShot clears', () => {
    const other = targetShot(improved, 1)
    const records = ['weapon', 'attacker', 'target', 'situation'] as const
    const changed = records.flatMap((r) => {
      const was = Object.entries(improved[r])
      const now = new Map(Object.entries(other[r]))
      return was.filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(now.get(k))).map(([k]) => k)
    })

    expect(changed.sort()).toEqual(['bonusCrits', 'bullseye', 'extraHits', 'focus', 'hitBonuses'])
    expect(changed.every(oneTargetField)).toBe(true)
    expect(['bonus', 'bonusRaise', 'advantage', 'defense', 'dmg'].some(oneTargetField)).toBe(false)
  })

  it('targetShots: N shots, target 1 first', () => {
    const shots = targetShots(improved, 3)
    expect(shots.map((s) => s.attacker.focus)).toEqual([2, 0, 0])
    expect(MAX_TARGETS).toBe(10)
  })
})

describe('resolveTargets: each target rolls its own dice, target 1 first', () => {
  it('worked example: 4 shots at 5+, DMG 300, PEN 5 vs ARM Sv 2, Focus on target 1, three targets', () => {
    const s = shot({
      weapon: { shots: 4, dmg: 300, pen: parsePen('5') },
      attacker: { focus: 1 },
      target: { armSv: 2, hp: 1000 },
    })
    // Target 1: 1 5 6 9 -> a critical (2 hits) + Focus 1 = 3 hits; saves (3+) 2 5 7 -> 1 failed.
    // Target 2: 3 4 7 10 -> 2 hits (no Focus); saves 1 8 -> 1 failed.
    // Target 3: 10 10 5 8 -> no hits, no saves.
    const dice = new PhysicalDice([1, 5, 6, 9, 2, 5, 7, 3, 4, 7, 10, 1, 8, 10, 10, 5, 8])
    const r = resolveTargets(dice, targetShots(s, 3))
    dice.assertAllUsed()
    expect(r.map((x) => x.hits)).toEqual([3, 2, 0])
    expect(r.map((x) => x.save.failedSaves)).toEqual([1, 1, 0])
    expect(r.map((x) => x.damage)).toEqual([900 + 1000, 600 + 1000, 0])
    expect(r.map((x) => x.destroyed)).toEqual([true, true, false])
    expect(r[0].dice.map((d) => d.roll)).toEqual([1, 5, 6, 9])
    expect(r[1].dice.map((d) => d.roll)).toEqual([3, 4, 7, 10])
    expect(r[2].dice.map((d) => d.roll)).toEqual([10, 10, 5, 8])
  })

  it('rerolls come in each target own turn: evade, rerolls, saves, then the next target', () => {
    // One evade die to reroll (M-Particles); 2 shots at 5+, DMG 500 (saves need PEN).
    const s = shot({ weapon: { shots: 2, dmg: 500 }, target: { evadeRerolls: 1 } })
    // Target 1: 1 7, rerolls the critical: 8 -> no hits. Target 2: 3 9, rerolls the hit: 4 -> 1 hit.
    const dice = new PhysicalDice([1, 7, 8, 3, 9, 4])
    const r = resolveTargets(dice, targetShots(s, 2))
    dice.assertAllUsed()
    expect(r.map((x) => x.reroll?.faces)).toEqual([[8], [4]])
    expect(r.map((x) => x.damage)).toEqual([0, 500])
  })
})

/** The exact chance of each total, by brute force over every pair of the targets' outcomes. */
function convolve(maps: Array<Array<[number, bigint]>>, dens: bigint[]): Map<number, string> {
  let acc = new Map<number, bigint>([[0, 1n]])
  let den = 1n
  maps.forEach((m, i) => {
    const next = new Map<number, bigint>()
    for (const [a, wa] of acc) for (const [b, wb] of m) next.set(a + b, (next.get(a + b) ?? 0n) + wa * wb)
    acc = next
    den *= dens[i]
  })
  return new Map([...acc].map(([k, w]) => [k, fraction(w, den)]))
}

describe('targetsOdds', () => {
  const s = shot({
    weapon: { shots: 3, dmg: 300, pen: parsePen('5') },
    attacker: { focus: 1 },
    target: { armSv: 2, shield: 1, hp: 900 },
    defense: 'guard',
  })
  const shots = targetShots(s, 3)
  const o = targetsOdds(shots)

  it("each target's odds are the one-target odds: target 1 with Focus, the others without", () => {
    const withFocus = shotOdds(s)
    const without = shotOdds(shotWith(s, { attacker: { focus: 0 } }))
    expect(o.targets[0].damage.toJSON()).toEqual(withFocus.damage.toJSON())
    expect(o.targets[0].damage.toJSON()).not.toEqual(without.damage.toJSON())
    for (const t of o.targets.slice(1)) {
      expect(t.damage.toJSON()).toEqual(without.damage.toJSON())
      expect(t.failedSaves.toJSON()).toEqual(without.failedSaves.toJSON())
    }
  })

  it('total damage is the convolution of the targets, exactly', () => {
    const brute = convolve(
      o.targets.map((t) => t.damage.sortedWays()),
      o.targets.map((t) => t.damage.den),
    )
    expect(o.damage.size).toBe(brute.size)
    for (const [total, f] of brute) expect(o.damage.fraction(total)).toBe(f)
    expect(o.damage.expected()).toBeCloseTo(
      o.targets.reduce((t, x) => t + x.expected.damage, 0),
      9,
    )
  })

  it('targets destroyed counts each target destroyed, exactly', () => {
    const brute = convolve(
      o.targets.map((t) =>
        t.destroyed!.sortedWays().map(([k, w]) => [k === 'true' ? 1 : 0, w] as [number, bigint]),
      ),
      o.targets.map((t) => t.destroyed!.den),
    )
    for (const [n, f] of brute) expect(o.destroyed!.fraction(n)).toBe(f)
    let sum = 0
    o.destroyed!.forEach((_, p) => (sum += p))
    expect(sum).toBeCloseTo(1, 12)
  })

  it('total damage equals a direct walk of the whole attack, dice by dice', () => {
    const small = targetShots(
      shot({
        weapon: { shots: 2, dmg: 300, pen: parsePen('5') },
        attacker: { focus: 1 },
        target: { armSv: 2 },
      }),
      2,
    )
    const walked = walk((dice) => resolveTargets(dice, small).reduce((t, r) => t + r.damage, 0))
    const composed = targetsOdds(small).damage
    expect(composed.size).toBe(walked.size)
    for (const [total] of walked.entries()) expect(composed.fraction(total)).toBe(walked.fraction(total))
  })

  it('no HP: no destroyed counts', () => {
    expect(targetsOdds(targetShots(shot(), 2)).destroyed).toBeUndefined()
  })
})

describe('rankTargetsBonuses: one bonus for every target, by the summed score', () => {
  // Indirect Fire: Focus gives target 1 a shot. 8 shots + Focus = 9: Barrage +2 only reaches the
  // cap of 10 there, so target 1 alone would take Precision; the others (8 shots) take Barrage.
  const s = shot({
    weapon: { acc: 10, shots: 8, dmg: 300, indirect: true },
    attacker: { pilot: 1, focus: 1 },
    target: { evade: 2 },
  })
  const shots = targetShots(s, 3)
  const summed = (bonus: AttackBonus) =>
    shots.map((x) => shotExpected({ ...x, bonus })).reduce((t, m) => sumOutlooks([t, m]))

  it("the pick maximises the sum of the targets' expected damage, not target 1's", () => {
    expect(rankBonuses(shots[0], true)[0].value).toBe('precision')
    expect(rankBonuses(shots[1], true)[0].value).toBe('barrage')
    const ranked = rankTargetsBonuses(shots, true)
    expect(ranked.map((r) => r.value)).toEqual(['barrage', 'precision'])
    expect(summed('barrage').damage).toBeGreaterThan(summed('precision').damage)
    for (const r of ranked) {
      const m = summed(r.value)
      expect(r.expected.damage).toBeCloseTo(m.damage, 9)
      expect(r.expected.unblockedHits).toBeCloseTo(m.unblockedHits, 9)
      expect(r.defenses).toEqual(['none', 'none', 'none'])
    }
  })

  it('with the reaction open each target meets each bonus with its own best reaction', () => {
    const open = targetShots(
      shot({
        weapon: { acc: 10, shots: 6, dmg: 200 },
        attacker: { pilot: 2, focus: 2 },
        target: { evade: 3, defPilot: 2 },
      }),
      2,
    )
    const ranked = rankTargetsBonuses(open, false)
    for (const r of ranked) {
      const best = open.map((x) => rankDefenses({ ...x, bonus: r.value })[0])
      expect(r.defenses).toEqual(best.map((b) => b.value))
      expect(r.expected.damage).toBeCloseTo(best[0].expected.damage + best[1].expected.damage, 9)
    }
    const top: Shot[] = open.map((x, i) => ({ ...x, bonus: ranked[0].value, defense: ranked[0].defenses[i] }))
    expect(top.reduce((t, x) => t + shotExpected(x).damage, 0)).toBeGreaterThanOrEqual(
      ranked[1].expected.damage - 1e-9,
    )
  })
})
