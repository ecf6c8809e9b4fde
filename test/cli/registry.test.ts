import { describe, expect, it } from 'vitest'
import { commandNames, groups, loadSpec } from '../../src/commands/registry.js'

describe('the command registry', () => {
  it.each(groups.flatMap((g) => g.commands).map((c) => [c.name, c] as const))(
    '%s loads the spec it names, with the same summary',
    async (name, entry) => {
      const spec = await loadSpec(name)
      expect(spec?.name).toBe(name)
      expect(entry.summary).toBe(spec?.summary)
    },
  )

  it('names are unique', () => {
    const names = commandNames()
    expect(new Set(names).size).toBe(names.length)
  })
})
