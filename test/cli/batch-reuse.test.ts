import { Readable, Writable } from 'node:stream'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runBatch } from '../../src/cli/batch.js'

/**
 * Lines alike but for their seed (a balance study: one loadout, many seeds) must each get exactly
 * the answer they get alone, seeds and errors included: nothing of one line leaks into the next.
 * (Batch once reused a line's check for such lines; these tests held it to that.)
 */

async function batch(input: string, seed?: string): Promise<{ code: number; out: string }> {
  let out = ''
  const stdout = new Writable({
    write(chunk, _enc, cb) {
      out += chunk
      cb()
    },
  })
  const stderr = new Writable({ write: (_c, _e, cb) => cb() })
  const code = await runBatch(
    { seed, odds: false, summary: false, summaryJson: false, color: false, progress: false },
    { stdin: Readable.from([input]), stdout, stderr, stdoutIsTTY: false, env: {} },
  )
  return { code, out }
}

const SHOT = '{"command":"shoot","acc":9,"evade":4,"shots":5,"dmg":300,"pen":"5","armSv":2,'
const bases = [
  `${SHOT}"bonus":"precision","defense":"dodge"`,
  `${SHOT}"hp":700`,
  '{"command":"roll","expression":"3d6"',
  '{"command":"roll","expression":"4d6"', // as long as the line before: the seed at the same place
  '{"command":"roll","expression":"\\"seed\\":\\"x"',
  '{"command":"shoot","acc":99,"shots":5,"dmg":300',
  '{"command":"wargroup shoot","acu":3,"def":2,"str":5,"arm":3',
]
const seeds = [
  '"seed":"a"',
  '"seed":"b"',
  '"seed":"a\tb"',
  '"seed":"a\u0001"',
  '"seed":"a b"',
  '"seed":""',
  '"seed":" "',
  '"seed":"q\\"uote"',
  '"seed":"\\u00e9"',
  '"seed":7',
  '"seed":null',
  '"seed":"a","seed":"b"',
  '"seed": "spaced"',
  '',
]

describe('batch: lines alike but for their seed', () => {
  it('each request with each kind of seed, three times over: each answer as alone', async () => {
    for (const runSeed of [undefined, 'S']) {
      for (const base of bases) {
        for (const seed of seeds) {
          if (runSeed === undefined && (seed === '' || seed === '"seed":null')) continue // fresh random seeds
          const line = `${base}${seed ? ',' + seed : ''}}`
          const other = '{"command":"roll","expression":"5d6","seed":"o"}'
          const all = (await batch([line, line, other, line].join('\n') + '\n', runSeed)).out
            .trimEnd()
            .split('\n')
          for (const [i, n] of [
            [0, 1],
            [1, 2],
            [3, 4],
          ]) {
            const alone = (await batch('\n'.repeat(n - 1) + line + '\n', runSeed)).out.trimEnd()
            expect(all[i], `${line} (line ${n}, --seed ${runSeed})`).toBe(alone)
          }
        }
      }
    }
  }, 60_000)

  it('a seed before other keys: lines alike before it but not after are different requests', async () => {
    const lines = ['3d6', '4d6', '3d6', '2d6'].map(
      (e, i) => `{"command":"roll","seed":"s${i % 2}","expression":"${e}"}`,
    )
    const all = (await batch(lines.join('\n') + '\n')).out.trimEnd().split('\n')
    for (let i = 0; i < lines.length; i++)
      expect(all[i]).toBe((await batch('\n'.repeat(i) + lines[i] + '\n')).out.trimEnd())
  })

  it('every line answers as it does alone (random mixes of requests, seeds and --seed)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: bases.length - 1 }),
            fc.integer({ min: 0, max: seeds.length - 1 }),
          ),
          { minLength: 1, maxLength: 25 },
        ),
        fc.option(fc.constantFrom('S', 'league-7'), { nil: undefined }),
        async (picks, runSeed) => {
          const lines = picks.map(([b, s]) => `${bases[b]}${seeds[s] ? ',' + seeds[s] : ''}}`)
          const all = await batch(lines.join('\n') + '\n', runSeed)
          const got = all.out.trimEnd().split('\n')
          expect(got).toHaveLength(lines.length)
          let bad = false
          for (let i = 0; i < lines.length; i++) {
            // Alone, at the same line number (blank lines before it count but answer nothing).
            const alone = await batch('\n'.repeat(i) + lines[i] + '\n', runSeed)
            if (alone.code !== 0) bad = true
            const want = alone.out.trimEnd()
            // A line without a seed and no --seed gets a fresh random seed: the same kind of
            // answer (its fields, or its error), not the same dice.
            const [, s] = picks[i]
            if (runSeed === undefined && (seeds[s] === '' || seeds[s] === '"seed":null')) {
              const [g, w] = [JSON.parse(got[i]), JSON.parse(want)]
              expect(Object.keys(g)).toEqual(Object.keys(w))
              expect(g.error).toBe(w.error)
            } else expect(got[i]).toBe(want)
          }
          expect(all.code).toBe(bad ? 2 : 0)
        },
      ),
      { numRuns: 40, seed: 11 },
    )
  }, 60_000)
})
