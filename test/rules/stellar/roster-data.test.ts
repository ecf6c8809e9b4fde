/**
 * A roster given as data (readRoster): the checks and sentences of a roster file, with the field
 * and no line; and a bundle of it alone carries no YAML parser (issue 34).
 */
import { readFileSync } from 'node:fs'
import { build } from 'esbuild'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/core/errors.js'
import {
  findUnit,
  lookupUnit,
  mergeRosters,
  readRoster,
  unitPlace,
} from '../../../src/rules/stellar/roster.js'
import { parseRoster } from '../../../src/rules/stellar/roster-text.js'

function errorOf(read: () => unknown): string {
  try {
    read()
  } catch (e) {
    expect(e).toBeInstanceOf(InputError)
    expect((e as InputError).code).toBe('bad-roster')
    return (e as Error).message
  }
  throw new Error('read without an error')
}

const example = readFileSync(new URL('../../../examples/roster.yaml', import.meta.url), 'utf8')

describe('readRoster', () => {
  it('reads what the same roster as text reads, with no lines', () => {
    const byText = parseRoster(example, 'roster')
    const byData = readRoster(load(example), 'roster')
    const noLines = (r: typeof byText) =>
      r.units.map(({ line: _, ...u }) => ({ ...u, weapons: u.weapons.map(({ line: _w, ...w }) => w) }))
    expect(byData.units.length).toBeGreaterThanOrEqual(15)
    expect(noLines(byData)).toEqual(noLines(byText))
    expect(
      byData.units.every((u) => u.line === undefined && u.weapons.every((w) => w.line === undefined)),
    ).toBe(true)
    expect(byText.units.every((u) => u.line! > 1)).toBe(true)
    expect(findUnit(byData, 'argonaut:machine-gun', 'shoot').weapon).toMatchObject({ shots: 7, dmg: 200 })
  })

  // Each: data, and a roster file of the same content (its JSON) gives the same sentence with a line.
  it.each([
    { units: { argonaut: { weapons: { cannon: { shots: 31, dmg: 800 } } } } },
    { units: { a: { acc: 'nine' } } },
    { units: { a: { accuracy: 9 } } },
    { units: [] },
    { units: { a: { weapons: { gun: null } } } },
    { units: { a: { weapons: { gun: { shots: 3 } } } } },
    { units: { 'argo naut': {} } },
    { units: { a: { traits: ['flying'] } } },
    { units: { a: { traits: ['close-combat-expert', 'merciless-melee'] } } },
    { units: { a: { shipMelee: true } } },
    { units: { a: { weapons: { saber: { melee: true, dmg: 1, shots: 2 } } } } },
    null,
    'units',
  ])('%j: the sentence a file gives, without its line', (data) => {
    const asText = errorOf(() => parseRoster(JSON.stringify(data, null, 1), 'roster.yaml'))
    const [where] = /^roster\.yaml:\d+: /.exec(asText) ?? ['']
    expect(where).not.toBe('')
    expect(errorOf(() => readRoster(data, 'roster'))).toBe(`roster: ${asText.slice(where.length)}`)
  })

  it('names a unit or weapon written twice without case by its name, not a line', () => {
    expect(errorOf(() => readRoster({ units: { argonaut: {}, Argonaut: {} } }, 'roster'))).toBe(
      'roster: units.Argonaut: Argonaut is also the unit argonaut; names are matched without case, rename one',
    )
    const gun = { shots: 1, dmg: 1 }
    expect(errorOf(() => readRoster({ units: { a: { weapons: { Gun: gun, gun } } } }, 'roster'))).toBe(
      'roster: units.a.weapons.gun: gun is also the weapon Gun; names are matched without case, rename one',
    )
  })

  it('reports a field that is there before one that is missing', () => {
    expect(errorOf(() => readRoster({ unit: {} }, 'roster'))).toBe(
      'roster: unit: unknown field "unit" of a roster; the fields are units',
    )
  })

  it('keeps units and weapons named constructor and prototype (issue 38)', () => {
    // JSON.parse: an object literal would not make them own keys so plainly.
    const data = JSON.parse(
      '{"units": {"constructor": {"acc": 9, "weapons": {"prototype": {"shots": 2, "dmg": 200}, "constructor": {"melee": true, "dmg": 100}}}, "prototype": {"evade": 4}, "toString": {}}}',
    )
    const r = readRoster(data, 'roster')
    expect(r.units.map((u) => u.key)).toEqual(['constructor', 'prototype', 'toString'])
    expect(findUnit(r, 'constructor:prototype', 'shoot').weapon).toMatchObject({ shots: 2, dmg: 200 })
    expect(findUnit(r, 'constructor', 'melee').weapon.key).toBe('constructor')
    expect(lookupUnit(r, 'Prototype').evade).toBe(4)
  })

  it('says where a unit given as data is by its roster name alone', () => {
    const r = readRoster({ units: { a: {} } }, 'roster')
    expect(unitPlace(r.units[0])).toBe('roster')
    expect(() => mergeRosters([r, readRoster({ units: { A: {} } }, 'other')])).toThrow(
      expect.objectContaining({
        message:
          'other: units.A: A is also in roster; rename one (each unit name is taken once across the roster files)',
      }),
    )
    expect(() => findUnit(r, 'a', 'shoot')).toThrow(
      expect.objectContaining({ message: 'a has no shooting weapon in roster' }),
    )
  })
})

describe('the module graph', () => {
  /** The JavaScript a page gets importing `names` of `module`, minified, and the files in it. */
  async function browserBundle(module: string, names: string) {
    const out = await build({
      stdin: {
        contents: `export { ${names} } from './${module}'`,
        resolveDir: 'src/rules/stellar',
        loader: 'ts',
      },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      minify: true,
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    return { code: out.outputFiles[0].text, inputs: Object.keys(out.metafile.inputs) }
  }
  // One of js-yaml's messages, and one of the yaml library's.
  const parserWords =
    /tab characters must not be used in indentation|Implicit keys need to be on a single line/

  it('readRoster alone, bundled for a browser, has no YAML parser in it', async () => {
    const data = await browserBundle('roster.ts', 'readRoster')
    expect(data.inputs.filter((f) => /yaml/i.test(f))).toEqual([])
    expect(data.code).not.toMatch(parserWords)
    // The same check finds the parser where it is.
    const text = await browserBundle('roster-text.ts', 'parseRoster')
    expect(text.inputs.some((f) => f.includes('node_modules/js-yaml/'))).toBe(true)
    expect(text.code).toMatch(parserWords)
  })
})
