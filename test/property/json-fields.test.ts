import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.js'
import { SeededDice } from '../../src/core/seeded.js'
import { loadSpec } from '../../src/cli/registry.js'
import { quietChoices, runSpec } from '../../src/cli/run.js'
import { type CommandSpec, parseValues } from '../../src/cli/spec.js'
import { examples, inputOf } from './examples.js'

/**
 * jsonFields is a hand-laid copy of json() for batch's speed: it must print exactly what
 * JSON.stringify prints for json(), for every result, or batch answers would drift from --json.
 */

const same = (spec: CommandSpec, input: unknown, seed: string) => {
  const result = spec.resolve(new SeededDice(seed), input)
  const want = JSON.stringify(spec.json(result, input)).slice(1, -1)
  expect(spec.jsonFields!(result, input)).toBe(want)
}

describe('jsonFields prints what JSON.stringify(json()) prints', async () => {
  const withFields = (await examples()).filter((e) => e.spec.jsonFields)

  it('some command has it (else this file tests nothing)', () => {
    expect(withFields.map((e) => e.spec.name)).toContain('shoot')
  })

  it.each(withFields.map((e) => [e.line, e] as const))('%s', async (_line, e) => {
    const input = await inputOf(e.spec, e.raw)
    for (let i = 0; i < 50; i++) same(e.spec, input, `jf-${i}`)
  })

  it('shoot, over random options (every outcome kind, stun and push, HP, Momentum, warships)', async () => {
    const spec = (await loadSpec('shoot'))!
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            acc: fc.integer({ min: 1, max: 12 }),
            evade: fc.integer({ min: 0, max: 8 }),
            shots: fc.integer({ min: 1, max: 10 }),
            dmg: fc.constantFrom(0, 100, 200, 300, 500, 1000),
            pen: fc.constantFrom('0', '4', '6', '9', '5S', '7P', '20'),
            armSv: fc.integer({ min: 0, max: 4 }),
            bonus: fc.constantFrom('precision', 'barrage', 'none', 'auto'),
            pilot: fc.integer({ min: 0, max: 2 }),
            defense: fc.constantFrom('dodge', 'guard', 'none', 'auto'),
            defPilot: fc.integer({ min: 0, max: 2 }),
            shield: fc.integer({ min: 0, max: 3 }),
            cover: fc.boolean(),
            blindside: fc.boolean(),
            targetLock: fc.boolean(),
            indirect: fc.boolean(),
            advantage: fc.boolean(),
            focus: fc.boolean(),
            extraHits: fc.integer({ min: 0, max: 3 }),
            momentum: fc.integer({ min: 0, max: 4 }),
            warship: fc.boolean(),
            size: fc.integer({ min: 0, max: 3 }),
            hp: fc.integer({ min: 1, max: 3000 }),
          },
          { requiredKeys: ['acc', 'shots', 'dmg'] },
        ),
        fc.string({ minLength: 1, maxLength: 10 }),
        async (raw, seed) => {
          let input
          try {
            input = await spec.choose!(spec.build(parseValues(spec, raw, 'json')), quietChoices)
          } catch (err) {
            if (err instanceof InputError) return
            throw err
          }
          same(spec, input, seed)
        },
      ),
      { numRuns: 300, seed: 7 },
    )
  })

  it('batch text (runSpec with jsonText) is the JSON of the answer object, seed and rolls included', async () => {
    const spec = (await loadSpec('shoot'))!
    const env = { choice: quietChoices, render: { style: undefined as never, explain: false, width: 80 } }
    const values = parseValues(spec, { acc: 9, evade: 4, shots: 5, dmg: 300, pen: '5', armSv: 2, hp: 900 }, 'json')
    for (const g of [
      { seed: 'a"b\\c', json: true, odds: false, explain: false },
      { rolls: [1, 2, 3, 4, 5, 6, 7, 8, 9], json: true, odds: false, explain: false },
    ]) {
      const object = (await runSpec(spec, values, g, env, false)).json
      const text = (await runSpec(spec, values, { ...g, jsonLead: '"line":7,' }, env, false)).jsonText
      expect(text).toBe(JSON.stringify({ line: 7, ...object }))
    }
  })
})
