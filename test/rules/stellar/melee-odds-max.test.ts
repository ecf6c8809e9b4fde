import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Distribution, Outcome } from '../../../src/core/distribution.js'
import { meleeOdds } from '../../../src/rules/stellar/melee-flow.js'
import { parsePen } from '../../../src/rules/stellar/weapon.js'
import { melee, side } from './melee-fixture.js'

/**
 * melee --odds at the largest inputs its flags allow (Melee 20 a side, 10/10 splits, 20 overwatch
 * attacks of 10 shots, HP on both sides): every map finite and summing to 1, text and JSON exit 0.
 * Overwatch DMG is drawn from its whole range, down to 0: small DMG with PEN against huge HP and full
 * Momentum gives the most overwatch states (~10^4 damages), joined on views, never state by state.
 */

const BIN = fileURLToPath(new URL('../../../bin/mecha.js', import.meta.url))
const sh = (args: string) =>
  spawnSync('/bin/sh', ['-c', `"${process.execPath}" "${BIN}" melee ${args}`], {
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 1 << 26,
  })

function expectMap(d: Distribution<Outcome>) {
  let total = 0
  for (const [, p] of d.sorted()) {
    expect(Number.isFinite(p)).toBe(true)
    total += p
  }
  expect(Math.abs(total - 1)).toBeLessThan(1e-12)
}

/** Every map under a JSON `odds` object: finite numbers summing to 1 (`expected` holds means). */
function expectJsonMaps(odds: Record<string, unknown>): number {
  let maps = 0
  const visit = (o: Record<string, unknown>, path: string) => {
    for (const [k, v] of Object.entries(o)) {
      if (typeof v === 'number') expect(Number.isFinite(v), `${path}${k}`).toBe(true)
      if (!v || typeof v !== 'object') continue
      const values = Object.values(v)
      if (
        !path.startsWith('expected') &&
        k !== 'expected' &&
        values.length > 0 &&
        values.every((x) => typeof x === 'number')
      ) {
        maps++
        expect(Math.abs((values as number[]).reduce((a, b) => a + b, 0) - 1), `${path}${k}`).toBeLessThan(
          1e-12,
        )
      }
      visit(v as Record<string, unknown>, `${path}${k}.`)
    }
  }
  visit(odds, '')
  return maps
}

const BIG =
  '--atk-melee 20 --atk-dmg 300 --def-melee 20 --def-dmg 300 --def-overwatch 20 --def-ow-acc 30 --def-ow-shots 10 --def-ow-dmg 500 --atk-hp 20000 --def-hp 20000 --odds'

describe('melee --odds at the largest inputs', () => {
  it("the issue's case: JSON maps finite and summing to 1, text with no NaN or Infinity, exit 0", () => {
    const json = sh(`${BIG} --json`)
    expect(json.stderr).toBe('')
    expect(json.status).toBe(0)
    const odds = JSON.parse(json.stdout).odds
    expect(expectJsonMaps(odds)).toBe(12)
    // The charger almost never survives 200 shots of DMG 500 at Acc 30, and the odds say how rarely.
    expect(odds.expected.clashChance).toBeGreaterThan(0)
    expect(odds.expected.clashChance).toBeLessThan(1e-70)
    const text = sh(`${BIG} --no-color`)
    expect(text.status).toBe(0)
    expect(text.stdout).not.toMatch(/NaN|Infinity|null/)
    expect(text.stdout).toMatch(/Attacker destroyed \(HP 20000\) +100%/)
  })

  it('tiny overwatch DMG with PEN against huge HP and full Momentum, extra hits both sides: exit 0, every map whole', () => {
    const r = sh(
      '--atk-melee 20 --def-melee 20 --atk-dmg 300 --def-dmg 300 --def-overwatch 20 --def-ow-acc 30 --def-ow-shots 10 --def-ow-dmg 7 --def-ow-pen 5 --atk-hp 1000000 --def-hp 1000000 --atk-momentum 10 --atk-pen 5 --def-pen 5 --atk-extra-hits 20 --def-extra-hits 20 --def-pilot 2 --odds --json',
    )
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    const odds = JSON.parse(r.stdout).odds
    expect(expectJsonMaps(odds)).toBe(12)
    // ~13,000 overwatch damages and ~70,000 totals for the attacker (a minute and 580 MB before).
    expect(Object.keys(odds.overwatch.damage).length).toBeGreaterThan(10_000)
    expect(Object.keys(odds.attacker.damage).length).toBeGreaterThan(50_000)
    // Its time is the bench's business (docs/speed.md), not a threshold here.
  }, 120_000)

  it('PEN, Momentum, finishers and traits at their flag maxima through the binary', () => {
    const r = sh(
      `${BIG} --json --atk-pen 20P --atk-size 10 --def-pen 20S --atk-momentum 10 --def-momentum 10 --atk-pilot 2 --def-pilot 2 --atk-finisher 10 --def-finisher 10 --atk-extra-hits 20 --def-extra-hits 20 --def-ow-pen 20 --def-ow-target-lock --atk-evade 30 --atk-shield 20`,
    )
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    expect(expectJsonMaps(JSON.parse(r.stdout).odds)).toBeGreaterThanOrEqual(12)
  })

  it('random maximal inputs: every map finite and summing to 1 within 1e-12', () => {
    const pen = fc.constantFrom('0', '5', '20', '6S', '20P', '3P')
    const sideArb = fc
      .record({
        dmg: fc.constantFrom(0, 150, 300, 1000, 100000),
        pen,
        armSv: fc.constantFrom(0, 20),
        shield: fc.constantFrom(0, 3, 20),
        pilot: fc.constantFrom(0 as const, 1 as const, 2 as const),
        hp: fc.option(fc.constantFrom(1, 20000, 1000000), { nil: undefined }),
        momentum: fc.constantFrom(0, 10),
        size: fc.constantFrom(0, 10),
        finisher: fc.constantFrom(0, 10),
        extraHits: fc.constantFrom(0, 20),
        extraBlocks: fc.constantFrom(0, 20),
        advantage: fc.boolean(),
        boldLeader: fc.boolean(),
      })
      .map((o) => ({
        unit: {
          armSv: o.armSv,
          shield: o.shield,
          pilot: o.pilot,
          hp: o.hp,
          momentum: o.momentum,
          size: o.size,
        },
        weapon: { dmg: o.dmg, finisher: o.finisher },
        mods: {
          extraHits: o.extraHits,
          extraBlocks: o.extraBlocks,
          advantage: o.advantage,
          boldLeader: o.boldLeader,
        },
        pen: o.pen,
      }))
    fc.assert(
      fc.property(
        fc.record({
          atk: sideArb,
          def: sideArb,
          evade: fc.constantFrom(0, 30),
          choice: fc.constantFrom('counter' as const, 'guard' as const, 'both' as const),
          overwatch: fc.option(
            fc.record({
              acc: fc.constantFrom(0, 12, 30),
              dmg: fc.constantFrom(0, 1, 7, 100, 500, 100000),
              pen: fc.constantFrom('0', '5', '20'),
              targetLock: fc.boolean(),
            }),
            { nil: null },
          ),
        }),
        (r) => {
          const m = melee({
            situation: {
              overwatch: r.overwatch && {
                attacks: 20,
                shots: 10,
                acc: r.overwatch.acc,
                dmg: r.overwatch.dmg,
                pen: parsePen(r.overwatch.pen),
                targetLock: r.overwatch.targetLock,
              },
            },
            atk: side({ ...r.atk, unit: { ...r.atk.unit, evade: r.evade }, pen: parsePen(r.atk.pen) }),
            def: side({ ...r.def, pen: parsePen(r.def.pen) }),
            atkSplit: { attack: 10, defense: 10 },
            defSplit: { attack: 10, defense: 10 },
            defChoice: r.choice,
          })
          const o = meleeOdds(m)
          for (const d of [
            o.attack.damage,
            o.attack.unblockedHits,
            o.attack.failedSaves,
            o.counter.damage,
            o.counter.unblockedHits,
            o.counter.failedSaves,
            o.finishingBlow,
            o.defenderDamage,
            o.attackerDamage,
          ]) {
            expectMap(d as Distribution<Outcome>)
          }
          if (o.overwatch) expectMap(o.overwatch.damage)
          for (const p of [
            o.counterChance,
            o.clashChance,
            o.destroyed.attacker ?? 0,
            o.destroyed.defender ?? 0,
          ]) {
            expect(p).toBeGreaterThanOrEqual(0)
            expect(p).toBeLessThanOrEqual(1)
          }
          for (const v of Object.values(o.expected).flatMap((x) =>
            typeof x === 'number' ? [x] : Object.values(x),
          ))
            expect(Number.isFinite(v)).toBe(true)
        },
      ),
      { numRuns: 25, seed: 1313 },
    )
  }, 120_000)
})
