import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loadAllSpecs } from '../../src/commands/registry.js'
import { mecha } from '../cli/in-process.js'

/**
 * Random, mostly malformed argument lists for every command, run through the CLI front
 * in-process with an empty stdin (the binary itself is run by test/cli/binary.test.ts): each run
 * must end (a hang fails in-process.ts's 30 s wait, exit code null), exit 0 or 2, and never print
 * a stack trace. Bad input is exit 2 with exactly one line on stderr.
 */

const junk = fc.oneof(
  fc.constantFrom(
    '',
    '-1',
    '0',
    '99999999999',
    '1e3',
    '3.5',
    'NaN',
    'abc',
    '--',
    '-',
    '5S',
    '7P',
    '6/3',
    '6-3',
    '/',
    'auto',
    'ace',
    '١٢',
    '🎲',
    'null',
    '{}',
    '[1]',
  ),
  fc.integer({ min: -50, max: 200 }).map(String),
  fc.string({ maxLength: 8 }),
)

const specs = await loadAllSpecs()
const argvArb = fc
  .record({
    spec: fc.constantFrom(...specs),
    picks: fc.array(fc.tuple(fc.nat(), junk, fc.boolean()), { maxLength: 6 }),
    extra: fc.array(
      fc.constantFrom(
        '--odds',
        '--json',
        '--explain',
        '--no-color',
        '--auto',
        '--rolls',
        '--seed',
        '--bogus',
        '-x',
        'stray',
      ),
      { maxLength: 3 },
    ),
    rolls: fc.option(
      fc
        .array(fc.oneof(fc.integer({ min: -2, max: 12 }).map(String), junk), { maxLength: 12 })
        .map((xs) => xs.join(',')),
      { nil: undefined },
    ),
  })
  .map(({ spec, picks, extra, rolls }) => {
    const args = spec.name.split(' ')
    for (const [i, value, withValue] of picks) {
      const o = spec.options[i % Math.max(1, spec.options.length)]
      if (!o) continue
      args.push(`--${o.flag}`)
      if (o.type.kind !== 'bool' || withValue) args.push(value)
    }
    args.push(...extra)
    if (rolls !== undefined) args.push('--rolls', rolls)
    return args
  })

describe('fuzzing the command line', () => {
  it('random malformed arguments: exit 0 or 2, one clear line, never a trace or a hang', () => {
    const cases = fc.sample(argvArb, { numRuns: 240, seed: 20261121 })
    const results = cases.map((args) => ({ args, r: mecha(args) }))
    let bad = 0
    for (const { args, r } of results) {
      const where = `mecha ${args.join(' ')}`
      expect([0, 2], `${where}\n${r.stderr}`).toContain(r.code)
      expect(r.stderr, where).not.toMatch(/\n\s+at .+:\d+:\d+/)
      expect(r.stderr, where).not.toMatch(/internal error/)
      if (r.code === 2) {
        bad++
        expect(r.stderr.trim().split('\n'), where).toHaveLength(1)
        expect(r.stderr, where).toMatch(/^mecha: /)
        expect(r.stdout, where).toBe('')
      }
    }
    // The generator mostly makes bad input; make sure it was exercised.
    expect(bad).toBeGreaterThan(cases.length / 2)
  }, 180_000)
})
