import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mecha } from '../cli/in-process.js'

/**
 * Random batch input: good shooting lines with malformed lines between them (broken JSON,
 * unknown commands and keys, wrong types, prototype keys, huge numbers, control characters, deep
 * nesting).
 * Every non-blank line gets exactly one answer, in order, and every good line resolves with the
 * same result as on its own: a bad neighbour never costs a good line.
 */

const good = fc
  .record({
    acc: fc.integer({ min: 0, max: 15 }),
    evade: fc.integer({ min: 0, max: 8 }),
    shots: fc.integer({ min: 1, max: 10 }),
    dmg: fc.constantFrom(100, 200, 300, 800),
    seed: fc.string({ minLength: 1, maxLength: 6 }),
  })
  .map((o) => ({
    kind: 'good' as const,
    text: JSON.stringify({ command: 'shoot', ...o, bonus: 'none', defense: 'none' }),
    seed: o.seed,
  }))

const bad = fc
  .oneof(
    fc.string({ maxLength: 40 }).filter((s) => s.trim() !== '' && !s.includes('\n') && !s.includes('\r')),
    fc.constantFrom(
      '{',
      '[]',
      'null',
      '42',
      '"shoot"',
      '{"command":"nope"}',
      '{"command":"shoot"}',
      '{"command":"shoot","acc":"nine","shots":3,"dmg":100}',
      '{"command":"shoot","acc":9,"shots":99,"dmg":100}',
      '{"command":"shoot","acc":9,"shots":3,"dmg":100,"rolls":[11,1,1]}',
      '{"command":"shoot","acc":9,"shots":3,"dmg":100,"rolls":"1,2"}',
      '{"command":"shoot","acc":9,"shots":3,"dmg":100,"__proto__":{"x":1}}',
      '{"command":"shoot","acc":9,"shots":3,"dmg":100,"constructor":1}',
      '{"command":"wargroup shoot","acu":1e400}',
      '{"command":"melee","atkSplit":"6-3"}',
      '{"command":"roll","expression":"3x6"}',
      '{"command":"shoot","acc":9,"shots":3,"dmg":100,"bogus":true}',
      '\u0000\u0001',
      '['.repeat(5000) + ']'.repeat(5000),
      '{"command":"shoot","acc":' + '{"a":'.repeat(3000) + '1' + '}'.repeat(3000) + '}',
      '{"command":"shoot","acc":{"a":1},"shots":3,"dmg":100}',
      '{"command":"vp","frame":3,"seed":"x"}',
    ),
  )
  .map((text) => ({ kind: 'bad' as const, text }))

describe('fuzzing batch lines', () => {
  it('bad lines answer with an error and never disturb their neighbours', () => {
    const runs = fc.sample(fc.array(fc.oneof(good, bad), { minLength: 5, maxLength: 40 }), {
      numRuns: 12,
      seed: 7,
    })
    for (const lines of runs) {
      const input = lines.map((l) => l.text).join('\n') + '\n'
      const r = mecha(['batch'], { input })
      expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/)
      const out = r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
      const answered = lines.map((l, i) => ({ ...l, n: i + 1 })).filter((l) => l.text.trim() !== '')
      expect(out.map((o) => o.line)).toEqual(answered.map((l) => l.n))
      answered.forEach((l, i) => {
        if (l.kind === 'good') {
          expect(out[i].error, l.text).toBeUndefined()
          const alone = mecha(['batch'], { input: l.text + '\n' })
          const { line: _a, ...mine } = out[i]
          const { line: _b, ...single } = JSON.parse(alone.stdout)
          expect(mine).toEqual(single)
        }
      })
      expect(r.code).toBe(answered.some((l) => out[answered.indexOf(l)].error) ? 2 : 0)
    }
  }, 240_000)
})
