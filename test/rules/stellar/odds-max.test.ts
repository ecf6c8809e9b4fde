import { spawnSync } from 'node:child_process'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/core/errors.js'
import { saveSpec } from '../../../src/commands/stellar/save.js'
import { shootSpec } from '../../../src/commands/stellar/shoot.js'
import { quietChoices } from '../../../src/runtime/run.js'
import { type CommandSpec, parseValues } from '../../../src/runtime/spec.js'
import { makeStyle } from '../../../src/render/color.js'
import { loadText } from '../../../src/render/texts.js'
import { BIN } from '../../cli/run-cli.js'
import { oddsMaps } from '../../property/examples.js'

/**
 * `shoot --odds` and `save --odds` at the largest inputs their flags allow: every map is
 * finite and sums to 1 (within 1e-12), every mean is finite, and the text has no NaN or
 * Infinity. Driven through the commands' own build/choose/odds functions, and once through the
 * real binary.
 */

const render = { style: makeStyle(false), explain: false, width: 80 }

const texts = { shoot: await loadText('shoot'), save: await loadText('save') }

function oddsOf(
  spec: CommandSpec,
  raw: Record<string, unknown>,
): { json: unknown; text: string } | undefined {
  let input
  try {
    input = spec.build(parseValues(spec, raw, 'flag'))
  } catch (err) {
    if (err instanceof InputError) return undefined // an invalid combination of flags
    throw err
  }
  const chosen = spec.model.choose ? spec.model.choose(input, quietChoices) : input
  const report = spec.model.odds!(chosen)
  const text = texts[spec.name as keyof typeof texts]
  return { json: report.json, text: text.odds!(report.detail, render) }
}

function expectSound(out: { json: unknown; text: string }): void {
  const maps = oddsMaps(out.json)
  expect(maps.length).toBeGreaterThan(0)
  for (const { path, map } of maps) {
    const values = Object.values(map)
    for (const p of values) expect(Number.isFinite(p), path.join('.')).toBe(true)
    expect(Math.abs(values.reduce((a, b) => a + b, 0) - 1), path.join('.')).toBeLessThan(1e-12)
  }
  const expected = (out.json as { expected: Record<string, number> }).expected
  for (const [k, v] of Object.entries(expected)) expect(Number.isFinite(v), `expected.${k}`).toBe(true)
  expect(JSON.stringify(out.json)).not.toMatch(/null|NaN|Infinity/)
  expect(out.text).not.toMatch(/NaN|Infinity|undefined/)
}

const pen = fc
  .tuple(fc.integer({ min: 0, max: 20 }), fc.constantFrom('', 'S', 'P'))
  .map(([v, k]) => `${v}${k}`)
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined })

/** Shots, DMG and HP pinned at their flags' largest values; everything else at random. */
const maximalShot = fc
  .record({
    acc: fc.integer({ min: 0, max: 30 }),
    evade: fc.integer({ min: 0, max: 30 }),
    shots: fc.constantFrom(30, 30, 10, 12),
    rapidFire: fc.integer({ min: -10, max: 10 }),
    dmg: fc.constantFrom(100000, 99999, 500),
    pen,
    armSv: fc.integer({ min: 0, max: 20 }),
    bonus: fc.constantFrom('precision', 'barrage', 'none', 'auto'),
    pilot: fc.integer({ min: 0, max: 2 }),
    defense: fc.constantFrom('dodge', 'guard', 'none', 'auto'),
    defPilot: fc.integer({ min: 0, max: 2 }),
    shield: fc.integer({ min: 0, max: 20 }),
    cover: fc.boolean(),
    blindside: fc.boolean(),
    targetLock: fc.boolean(),
    indirect: fc.boolean(),
    advantage: fc.boolean(),
    focus: fc.boolean(),
    bullseye: fc.boolean(),
    extraHits: fc.constantFrom(0, 20, 7),
    momentum: maybe(fc.integer({ min: 0, max: 10 })),
    warship: fc.boolean(),
    aoe: fc.boolean(),
    size: fc.integer({ min: 0, max: 10 }),
    hp: maybe(fc.constantFrom(1, 1000000, 5000)),
  })
  .map((r) => {
    const raw: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(r))
      if (v !== undefined && v !== false) raw[k] = typeof v === 'boolean' ? v : String(v)
    return raw
  })

const maximalSave = fc
  .record({
    pen,
    armSv: fc.integer({ min: 0, max: 20 }),
    hits: fc.constantFrom(100, 100, 99, 5),
    warship: fc.boolean(),
    aoe: fc.boolean(),
    size: fc.integer({ min: 0, max: 10 }),
    energy: fc.boolean(),
    antiBeam: fc.boolean(),
    unyielding: fc.boolean(),
    pilot: fc.integer({ min: 0, max: 2 }),
    momentum: maybe(fc.integer({ min: 0, max: 10 })),
  })
  .map((r) => {
    const raw: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(r))
      if (v !== undefined && v !== false) raw[k] = typeof v === 'boolean' ? v : String(v)
    return raw
  })

describe('odds at the largest inputs', () => {
  it('shoot --odds: finite maps that sum to 1, text and JSON', () => {
    let checked = 0
    fc.assert(
      fc.property(maximalShot, (raw) => {
        const out = oddsOf(shootSpec, raw)
        fc.pre(out !== undefined)
        expectSound(out!)
        checked++
      }),
      { numRuns: 150 },
    )
    expect(checked).toBeGreaterThan(100)
  })

  it('save --odds: finite maps that sum to 1, text and JSON', () => {
    fc.assert(
      fc.property(maximalSave, (raw) => {
        const out = oddsOf(saveSpec, raw)
        fc.pre(out !== undefined)
        expectSound(out!)
      }),
      { numRuns: 150 },
    )
  })

  it('the worst case by hand: 30 shots of DMG 100000, Rapid Fire +10, every bonus hit, a warship with HP 1000000', () => {
    const out = oddsOf(shootSpec, {
      acc: '30',
      evade: '0',
      shots: '30',
      rapidFire: '10',
      dmg: '100000',
      pen: '20',
      armSv: '0',
      bonus: 'barrage',
      pilot: '2',
      defense: 'none',
      targetLock: true,
      advantage: true,
      focus: true,
      bullseye: true,
      extraHits: '20',
      momentum: '10',
      warship: true,
      aoe: true,
      hp: '1000000',
    })!
    expectSound(out)
    // 10 dice at most; every one is a hit or critical (Acc 30), 3 criticals at most.
    const json = out.json as { damage: Record<string, number>; unblockedHits: Record<string, number> }
    expect(Math.max(...Object.keys(json.unblockedHits).map(Number))).toBe(3 * 2 + 7 + 1 + 1 + 1 + 20 - 5)
  })

  it.each([
    [
      'shoot',
      'shoot --acc 12 --evade 2 --shots 30 --rapid-fire 10 --dmg 100000 --pen 20 --warship --aoe --hp 1000000 --extra-hits 20 --momentum 10 --target-lock --advantage --focus --bullseye --pilot 2',
    ],
    ['save', 'save --pen 20 --hits 100 --warship --aoe --unyielding'],
  ])('the real binary: %s --odds at its largest inputs exits 0 with sound text and JSON', (_n, args) => {
    for (const json of [false, true]) {
      const r = spawnSync(
        'sh',
        ['-c', `"${process.execPath}" "${BIN}" ${args} --odds${json ? ' --json' : ''}`],
        { encoding: 'utf8' },
      )
      expect(r.stderr).toBe('')
      expect(r.status).toBe(0)
      expect(r.stdout).not.toMatch(/NaN|Infinity|null/)
      if (json) expectSound({ json: JSON.parse(r.stdout).odds, text: '' })
    }
  })
})
