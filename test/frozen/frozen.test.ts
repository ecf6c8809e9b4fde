import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { mecha } from '../cli/in-process.js'

/**
 * Frozen rulings: (command, seed) -> the JSON it printed when recorded. A seeded ruling written
 * down at the table must stay reproducible across versions; changing one is a breaking change
 * (see CHANGELOG.md and scripts/freeze-seeds.mjs).
 */
const cases: Array<{ args: string[]; result: unknown }> = JSON.parse(
  readFileSync(new URL('./seeds.json', import.meta.url), 'utf8'),
)

describe('frozen seeds', () => {
  it('cover every rule set', () => {
    const commands = new Set(cases.map((c) => (c.result as { command: string }).command))
    for (const c of [
      'shoot',
      'melee',
      'save',
      'cover',
      'outmaneuver',
      'wargroup shoot',
      'formation strike',
      'mining shoot',
    ])
      expect(commands).toContain(c)
  })

  it.each(cases.map((c) => [c.args.join(' '), c] as const))('mecha %s', (_name, c) => {
    const r = mecha(c.args)
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual(c.result)
  })
})
