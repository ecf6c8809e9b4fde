import { describe, expect, it } from 'vitest'
import { fraction } from '../../../src/core/distribution.js'
import { walk } from '../../../src/core/exact.js'
import { PhysicalDice } from '../../../src/core/physical.js'
import {
  type Shot,
  type ShotParts,
  resolveShot,
  shotBlocks,
  shotDmg,
  shotPen,
  shotSaves,
  shotTargetNumber,
  shotsFired,
} from '../../../src/rules/stellar/shoot.js'
import { shotExpected, shotOdds } from '../../../src/rules/stellar/shoot-odds.js'
import { saveTargetNumber } from '../../../src/rules/stellar/armor-save.js'
import { applyShotTraits, chooseTraits } from '../../../src/rules/stellar/traits.js'
import { applyRemote, applyUpgrades, upgradeCost } from '../../../src/rules/stellar/upgrades.js'
import { parsePen } from '../../../src/rules/stellar/weapon.js'
import { shot, walkShot, withParts } from './shot-fixture.js'

const FLAGS = { attacker: '--trait', defender: '--def-trait' }

/** A shot with its traits applied through the registry, as the shoot command does. */
function traitShot(over: ShotParts, atk: string[] = [], def: string[] = []): Shot {
  const s = shot(over)
  applyShotTraits(s, chooseTraits(atk, 'shoot', 'attacker', FLAGS), 'attacker')
  applyShotTraits(s, chooseTraits(def, 'shoot', 'defender', FLAGS), 'defender')
  return s
}

const roll = (s: Shot, faces: number[]) => {
  const dice = new PhysicalDice(faces)
  const r = resolveShot(dice, s)
  dice.assertAllUsed()
  return r
}

/** Exact maps as fractions, for comparing two distributions without rounding. */
const exact = (d: { sortedWays(): Array<[unknown, bigint]>; den: bigint }) =>
  d.sortedWays().map(([k, n]) => [k, fraction(n, d.den)])

describe('weapon traits: Mechanics Expert and Mastermind', () => {
  it.each([
    ['mechanics-expert', 5, 300],
    ['mechanics-expert=pen', 5, 300],
    ['mechanics-expert=dmg', 4, 400],
    ['robotics-expert=dmg', 4, 400],
    ['expert-engineering-division=pen', 5, 300],
    ['mastermind', 6, 300],
    ['fearsome=dmg', 4, 500],
    ['dreaded-captain=pen', 6, 300],
  ])('%s: PEN %i, DMG %i a hit', (trait, pen, dmg) => {
    const s = traitShot({ weapon: { dmg: 300, pen: parsePen('4') } }, [trait])
    expect(shotPen(s).value).toBe(pen)
    expect(shotDmg(s)).toBe(dmg)
  })

  it('a hit deals the upgraded DMG and the saves face the upgraded PEN', () => {
    // Target 5+: a 3 hits, a 7 is evaded; PEN 4 + 2 - ARM Sv 1 = 5+ to pass: a 4 fails.
    const r = roll(
      traitShot({ weapon: { shots: 2, dmg: 300, pen: parsePen('4') }, target: { armSv: 1 } }, [
        'mastermind=pen',
      ]),
      [3, 7, 4],
    )
    expect(r.save.targetNumber).toBe(5)
    expect(r.damage).toBe(300 + 1000)
    const d = roll(
      traitShot({ weapon: { shots: 2, dmg: 300, pen: parsePen('4') }, target: { armSv: 1 } }, [
        'mastermind=dmg',
      ]),
      [3, 7, 4],
    )
    expect(d.save.targetNumber).toBe(3)
    expect(d.damage).toBe(500)
  })

  it("thresholds read the weapon's printed DMG: Focus still +2 hits with a DMG 200 weapon made 300", () => {
    const s = traitShot({ weapon: { shots: 1, dmg: 200 }, attacker: { focus: 1 } }, ['mechanics-expert=dmg'])
    const r = roll(s, [9])
    expect(r.hits).toBe(2)
    expect(r.hitDamage).toBe(600)
  })
})

describe('Vigilant Leader: +1 Shooting Accuracy', () => {
  it('raises the target number by 1, with its term', () => {
    const s = traitShot({ weapon: { acc: 9 }, target: { evade: 4 } }, ['vigilant-leader'])
    expect(shotTargetNumber(s)).toBe(6)
    expect(s.attacker.accBonuses).toEqual([{ source: 'Vigilant Leader', amount: 1 }])
    // A 5 evades Acc 9 vs Evade 4 but hits under Vigilant Leader.
    expect(roll(s, [5, 9, 9, 9]).hits).toBe(1)
    expect(roll(shot({ weapon: { acc: 9 }, target: { evade: 4 } }), [5, 9, 9, 9]).hits).toBe(0)
  })
})

describe('Take the Shot', () => {
  it('ignore-blocks: shields and cover give nothing, a barrier and Guard still count', () => {
    const base = {
      weapon: { pen: parsePen('3') },
      target: { shield: 2 },
      situation: { cover: true },
      defense: 'guard' as const,
    }
    expect(shotBlocks(traitShot(base)).blocks).toBe(3)
    expect(shotBlocks(traitShot(base, ['take-the-shot=ignore-blocks'])).blocks).toBe(1)
    const barrier = traitShot({ ...base, target: { ...base.target, barrier: 1 } }, ['take-the-shot'])
    expect(shotBlocks(barrier)).toMatchObject({ blocks: 2, source: 'barrier' })
  })

  it.each([
    [-3, 4],
    [-1, 4],
    [2, 6],
  ])('no-penalty: Rapid Fire %i on 4 shots fires %i', (rapidFire, fired) => {
    expect(shotsFired(traitShot({ weapon: { shots: 4, rapidFire } }, ['take-the-shot=no-penalty']))).toBe(
      fired,
    )
  })

  it.each([
    ['a PEN 2 weapon', { weapon: { pen: parsePen('2') } }],
    ['Indirect Fire (no Skills)', { weapon: { pen: parsePen('5'), indirect: true } }],
  ])('ignore-blocks does nothing for %s', (_what, over) => {
    expect(shotBlocks(traitShot(withParts({ target: { shield: 2 } }, over), ['take-the-shot'])).blocks).toBe(
      2,
    )
  })

  it('no-penalty does nothing under Indirect Fire', () => {
    expect(
      shotsFired(
        traitShot({ weapon: { shots: 4, rapidFire: -2, indirect: true } }, ['take-the-shot=no-penalty']),
      ),
    ).toBe(2)
  })

  it('into-melee changes nothing the shot resolves', () => {
    const s = traitShot({ weapon: { shots: 5, rapidFire: -2, pen: parsePen('5') }, target: { shield: 1 } }, [
      'take-the-shot=into-melee',
    ])
    expect(shotOdds(s).expected).toEqual(
      shotOdds(shot({ weapon: { shots: 5, rapidFire: -2, pen: parsePen('5') }, target: { shield: 1 } }))
        .expected,
    )
  })
})

describe('Anti-Beam Coating: +2 ARM Sv against an energy weapon only', () => {
  it.each([
    [true, 3],
    [false, 5],
  ])('energy %s: saves on %i+', (energy, tn) => {
    const s = traitShot(
      { weapon: { pen: parsePen('6'), energy }, target: { armSv: 1 } },
      [],
      ['anti-beam-coating'],
    )
    expect(saveTargetNumber(shotSaves(s, 2))).toBe(tn)
  })
})

describe('Power and Havoc', () => {
  it.each([
    ['power', ['dmg'], 1],
    // Koji's heat ray: ARM PEN+1 (Power-1), then again (Power-2).
    ['power', ['pen', 'pen'], 3],
    ['power', ['dmg', 'pen', 'pen'], 4],
    ['power', ['pen', 'pen', 'pen'], 5],
    ['power', ['dmg', 'pen', 'range'], 3],
    ['havoc', ['impact', 'impact'], 2],
    ['havoc', ['impact', 'push', 'impact'], 3],
  ] as const)('%s %j costs %i', (pool, ups, cost) => {
    expect(upgradeCost(pool, ups)).toBe(cost)
  })

  it('Weapon Systems: DMG+100 each, PEN+1 each (+2 each for a push/pull weapon)', () => {
    const s = shot({ weapon: { dmg: 300, pen: parsePen('4') } })
    expect(applyUpgrades(s, 'power', 'attacker', ['dmg', 'pen', 'pen'], '--power')).toEqual({
      upgrades: ['dmg', 'pen', 'pen'],
      cost: 4,
    })
    expect([shotDmg(s), shotPen(s).value]).toEqual([400, 6])
    const push = shot({ weapon: { pen: parsePen('3P') } })
    applyUpgrades(push, 'power', 'attacker', ['pen'], '--power')
    expect(shotPen(push)).toEqual({ value: 5, kind: 'push' })
  })

  it('Havoc Impact: +100 DMG each; its push option PEN+1 on a push/pull weapon only', () => {
    const s = shot({ weapon: { dmg: 200, pen: parsePen('4P') } })
    applyUpgrades(s, 'havoc', 'attacker', ['impact', 'impact', 'push'], '--havoc')
    expect([shotDmg(s), shotPen(s).value]).toEqual([400, 5])
    expect(() =>
      applyUpgrades(shot({ weapon: { pen: parsePen('4') } }), 'havoc', 'attacker', ['push'], '--havoc'),
    ).toThrow(/push\/pull weapon/)
  })

  it("Barriers raise the defender's [Barrier]: +1 (Power) or +2 (Havoc), still the best of three", () => {
    const s = shot({ target: { barrier: 1, shield: 3 } })
    applyUpgrades(s, 'power', 'defender', ['barriers'], '--def-power')
    expect(shotBlocks(s)).toMatchObject({ blocks: 3, source: 'shield' })
    applyUpgrades(s, 'havoc', 'defender', ['barriers'], '--def-havoc')
    expect(shotBlocks(s)).toMatchObject({ blocks: 4, source: 'barrier' })
    expect(() =>
      applyUpgrades(shot({ target: { shield: 2 } }), 'power', 'defender', ['barriers'], '--def-power'),
    ).toThrow(/no \[Barrier\]/)
  })
})

describe('remote weapons', () => {
  /** A remote weapon fired as asked at the defender `over` describes. */
  const remote = (over: ShotParts, firing: 'momentum' | 'action' = 'momentum', def: string[] = []) => {
    const s = traitShot(over, [], def)
    applyRemote(s, firing)
    return s
  }

  it('fired with Momentum: Blindside then Indirect Fire (no shield, criticals and the Blindside critical are plain hits)', () => {
    // Target 5+: 1 and 2 are criticals counted as 1 hit each, 3 a hit, +1 hit from Blindside.
    const r = roll(
      remote({ weapon: { shots: 4 }, target: { shield: 2 }, situation: { cover: true } }),
      [1, 2, 3, 7],
    )
    expect(r).toMatchObject({ crits: 0, hits: 4, blocks: 0 })
    expect(r.dice.filter((d) => d.critAsHit)).toHaveLength(2)
  })

  it('Superior Instincts makes the Blindside nothing: the shield counts, no extra hit', () => {
    const r = roll(
      remote({ weapon: { shots: 4 }, target: { shield: 2 } }, 'momentum', ['superior-instincts=immune']),
      [1, 2, 3, 7],
    )
    expect(r).toMatchObject({ hits: 3, blocks: 2 })
  })

  it('fired with an action: an ordinary shot', () => {
    const r = roll(remote({ weapon: { shots: 4 }, target: { shield: 2 } }), [1, 2, 3, 7])
    const plain = roll(remote({ weapon: { shots: 4 }, target: { shield: 2 } }, 'action'), [1, 2, 3, 7])
    expect(plain).toMatchObject({ crits: 2, hits: 5, blocks: 2 })
    expect(r.hits).not.toBe(plain.hits)
  })

  it('an Ace downs one remote weapon per natural 10, rerolled dice included; others down none', () => {
    const ace = remote({ weapon: { shots: 5 }, target: { defPilot: 2 } })
    const r = roll(ace, [10, 10, 9, 3, 7])
    expect(r.remoteDowned).toBe(2)
    expect(r.dice.map((d) => d.downed ?? false)).toEqual([true, true, false, false, false])
    expect(r.dice[0].outcome).toBe('auto-miss')
    // Improvise rerolls the hit (a 3) into a 10.
    const rerolled = roll(
      remote({ weapon: { shots: 3 }, target: { defPilot: 2, evadeRerolls: 2 } }),
      [3, 7, 10, 10],
    )
    expect(rerolled.remoteDowned).toBe(2)
    expect(
      roll(remote({ weapon: { shots: 2 }, target: { defPilot: 1 } }), [10, 10]).remoteDowned,
    ).toBeUndefined()
    expect(
      roll(remote({ weapon: { shots: 2 }, target: { defPilot: 2, warship: true } }), [10, 10]).remoteDowned,
    ).toBeUndefined()
  })

  it.each([
    [
      '6 shots at an Ace',
      { weapon: { shots: 6, pen: parsePen('5') }, target: { defPilot: 2 as const, armSv: 1 } },
    ],
    [
      'Dodging Ace with Improvise',
      { weapon: { shots: 4 }, target: { defPilot: 2 as const, evadeRerolls: 2 }, defense: 'dodge' as const },
    ],
    [
      'Ace with a shield, target lock',
      { weapon: { shots: 5, targetLock: true }, target: { defPilot: 2 as const, shield: 1, hp: 500 } },
    ],
  ])('%s: the odds, the downed count included, are the whole shot walked', (_what, over) => {
    const s = remote(over)
    const o = shotOdds(s)
    const w = walk((dice) => resolveShot(dice, { ...s, askDecisions: false }))
    expect(exact(o.damage)).toEqual(exact(w.map((r) => r.damage)))
    expect(exact(o.unblockedHits)).toEqual(exact(w.map((r) => r.unblockedHits)))
    expect(exact(o.remoteDowned!)).toEqual(exact(w.map((r) => r.remoteDowned!)))
    expect(shotExpected(s).damage).toBeCloseTo(o.expected.damage, 9)
  })

  it('without rerolls the 10s are binomial: n dice, 1 in 10 each', () => {
    const o = shotOdds(remote({ weapon: { shots: 4 }, target: { defPilot: 2 } }))
    const choose = [1, 4, 6, 4, 1]
    for (let k = 0; k <= 4; k++)
      expect(o.remoteDowned!.prob(k)).toBeCloseTo(choose[k] * 0.1 ** k * 0.9 ** (4 - k), 12)
    expect(o.remoteDowned!.expected()).toBeCloseTo(0.4, 12)
  })

  it('with Improvise, the 10s match a brute force over every face: each hit or critical rerolled, up to 2', () => {
    // Acc 9 vs Evade 4: faces 1-4 hit (criticals counted as hits). Rerolling one always helps the
    // defender, so it rerolls min(2, such dice); only the number rerolled matters for the 10s.
    const o = shotOdds(remote({ weapon: { shots: 3, dmg: 200 }, target: { defPilot: 2, evadeRerolls: 2 } }))
    const tens = new Map<number, number>()
    const add = (k: number, p: number) => tens.set(k, (tens.get(k) ?? 0) + p)
    for (let a = 1; a <= 10; a++)
      for (let b = 1; b <= 10; b++)
        for (let c = 1; c <= 10; c++) {
          const faces = [a, b, c]
          const kept = faces.filter((f) => f === 10).length
          const rerolled = Math.min(2, faces.filter((f) => f <= 4).length)
          // Each rerolled die is a 10 with chance 1/10.
          for (let t = 0; t <= rerolled; t++) {
            const ways = rerolled === 2 ? [81, 18, 1][t] / 100 : rerolled === 1 ? [9, 1][t] / 10 : 1
            add(kept + t, ways / 1000)
          }
        }
    for (const [k, p] of tens) expect(o.remoteDowned!.prob(k)).toBeCloseTo(p, 12)
  })

  it('no downed distribution when nobody can shoot the weapon down', () => {
    expect(shotOdds(remote({ weapon: { shots: 4 }, target: { defPilot: 1 } })).remoteDowned).toBeUndefined()
  })
})

describe('an attacking warship: the fleet commander traits and the Battle Hardened Main Battery', () => {
  it.each([
    ['lock-on against a non-warship: +1 shot', [], false, 5, 0],
    ['Ship Hunter: +2 shots', ['fleet-ship-hunter'], false, 6, 0],
    ['lock-on against a warship: +1 hit', [], true, 4, 1],
    ['Ship Hunter against a warship: +2 hits', ['fleet-ship-hunter'], true, 4, 2],
  ])('%s', (_what, atk, warship, fired, hits) => {
    const s = traitShot(
      { weapon: { shots: 4 }, attacker: { focus: 1, warship: true }, target: { warship } },
      atk,
    )
    expect(shotsFired(s)).toBe(fired)
    expect(roll(s, Array(fired).fill(9)).hits).toBe(hits)
  })

  it('Ship Hunter does nothing without a warship locking on', () => {
    expect(
      shotsFired(traitShot({ weapon: { shots: 4 }, attacker: { focus: 1 } }, ['fleet-ship-hunter'])),
    ).toBe(4)
  })

  it.each([
    ['pinpoint-air-defenses', 1],
    ['missile-saturation', 2],
  ])('%s: +%i hits', (trait, n) => {
    expect(roll(traitShot({ weapon: { shots: 2 }, attacker: { warship: true } }, [trait]), [9, 9]).hits).toBe(
      n,
    )
  })

  it('the Battle Hardened Main Battery: Precision +1 and +1 ARM PEN; not with the plain order', () => {
    const s = traitShot({ weapon: { pen: parsePen('4') }, bonus: 'precision' }, ['main-battery-hardened'])
    expect(shotTargetNumber(s)).toBe(9 + 2 - 4)
    expect(shotPen(s).value).toBe(5)
    expect(() => traitShot({}, ['main-battery', 'main-battery-hardened'])).toThrow(/same effect/)
  })
})

describe('odds with the upgrades are the whole shot walked', () => {
  it.each([
    [
      'Mechanics Expert PEN, Vigilant Leader',
      { weapon: { shots: 5, pen: parsePen('4') }, target: { armSv: 2 } },
      ['mechanics-expert', 'vigilant-leader'],
      [],
    ],
    [
      'Mastermind DMG, Persevere in round 4',
      { weapon: { shots: 4, dmg: 300 }, situation: { round: 4 } },
      ['mastermind=dmg'],
      ['persevere'],
    ],
    [
      'Take the Shot through a shield and cover',
      { weapon: { shots: 5, pen: parsePen('3') }, target: { shield: 2 }, situation: { cover: true } },
      ['take-the-shot'],
      [],
    ],
    [
      'Anti-Beam Coating',
      { weapon: { shots: 5, pen: parsePen('7'), energy: true }, target: { armSv: 1, hp: 1500 } },
      [],
      ['anti-beam-coating'],
    ],
  ] as const)('%s', (_what, over, atk, def) => {
    const s = traitShot(over as ShotParts, [...atk], [...def])
    const o = shotOdds(s)
    const w = walkShot(s)
    expect(exact(o.damage)).toEqual(exact(w.damage))
    expect(exact(o.failedSaves)).toEqual(exact(w.failedSaves))
    expect(exact(o.unblockedHits)).toEqual(exact(w.unblockedHits))
  })

  it('each upgrade moves the odds the way it should', () => {
    const base = { weapon: { shots: 5, dmg: 300, pen: parsePen('5') }, target: { armSv: 2, shield: 2 } }
    const mean = (s: Shot) => shotOdds(s).expected.damage
    const plain = mean(traitShot(base))
    expect(mean(traitShot(base, ['mechanics-expert']))).toBeGreaterThan(plain)
    expect(mean(traitShot(base, ['vigilant-leader']))).toBeGreaterThan(plain)
    expect(mean(traitShot(base, ['take-the-shot']))).toBeGreaterThan(plain)
    expect(
      mean(traitShot({ ...base, weapon: { ...base.weapon, energy: true } }, [], ['anti-beam-coating'])),
    ).toBeLessThan(plain)
  })
})
