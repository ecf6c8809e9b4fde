import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cachedRoster } from '../../src/cli/roster-cache.js'
import { parseRoster } from '../../src/rules/stellar/roster-text.js'

/**
 * The validated-roster cache: a roster read again with the same text is the roster kept from the
 * first read; any other text (even of the same length) is parsed; errors are never kept.
 */
let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mecha-cache-'))
  process.env.MECHA_CACHE_DIR = join(dir, 'cache')
})
afterEach(() => {
  delete process.env.MECHA_CACHE_DIR
  rmSync(dir, { recursive: true, force: true })
})

const TEXT = readFileSync(new URL('../../examples/roster.yaml', import.meta.url), 'utf8')
const PATH = '/somewhere/roster.yaml'
const kept = () => readdirSync(join(dir, 'cache'))

/** The kept file, with the argonaut's acc changed there (not in the roster's text). */
function tamper(): void {
  const [file] = kept()
  const path = join(dir, 'cache', file)
  writeFileSync(
    path,
    readFileSync(path, 'utf8').replace(
      '"key":"argonaut","name":"Argonaut"',
      '"key":"argonaut","name":"Kept"',
    ),
  )
}

describe('roster cache', () => {
  it('the roster read back is the roster parsed, Map and all', () => {
    const first = cachedRoster(TEXT, 'roster.yaml', PATH)
    expect(kept()).toHaveLength(1)
    const again = cachedRoster(TEXT, 'roster.yaml', PATH)
    expect(again).toEqual(parseRoster(TEXT, 'roster.yaml'))
    expect(again).toEqual(first)
    expect(again.byName.get('argonaut')).toBe(again.units[0])
  })

  it('is used only for the very same text, name in messages and path', () => {
    cachedRoster(TEXT, 'roster.yaml', PATH)
    tamper()
    expect(cachedRoster(TEXT, 'roster.yaml', PATH).units[0].name).toBe('Kept') // read from the cache
    // One character changed, the length the same: parsed again.
    const edited = TEXT.replace('acc: 9 ', 'acc: 8 ')
    expect(edited.length).toBe(TEXT.length)
    const read = cachedRoster(edited, 'roster.yaml', PATH)
    expect(read.units[0]).toMatchObject({ name: 'Argonaut', acc: 8 })
    // Named otherwise in messages: parsed again, and the units say the new name.
    expect(cachedRoster(edited, 'other.yaml', PATH).units[0].file).toBe('other.yaml')
    expect(kept()).toHaveLength(1) // one file per roster path
  })

  it('a roster with a problem is said every time and never kept', () => {
    const bad = 'units:\n  a:\n    acc: 99\n'
    for (let i = 0; i < 2; i++)
      expect(() => cachedRoster(bad, 'bad.yaml', PATH)).toThrow('bad.yaml:3: units.a.acc: 99 is not 0-30')
    expect(() => kept()).toThrow() // no cache directory was even made
  })

  it('a cache that cannot be written or read is passed over', () => {
    writeFileSync(join(dir, 'cache'), 'a file where the directory would be')
    expect(cachedRoster(TEXT, 'roster.yaml', PATH)).toEqual(parseRoster(TEXT, 'roster.yaml'))
  })
})
