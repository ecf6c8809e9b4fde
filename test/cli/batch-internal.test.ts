import { Readable, Writable } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import { runBatch } from '../../src/cli/batch.js'

/**
 * A bug met on one line (a throw from deep inside a command, or from turning its answer into
 * JSON) is that line's `"code":"internal"` answer, and the lines after it are still answered.
 * The bugs are planted: runSpec is wrapped to misbehave on marked expressions.
 */
vi.mock('../../src/runtime/run.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/runtime/run.js')>()
  return {
    ...real,
    runSpec: (...args: Parameters<typeof real.runSpec>) => {
      const expression = args[1].expression
      if (expression === '1d6+boom') throw new TypeError('planted bug')
      // An error whose message cannot even be read.
      if (expression === '1d6+mute')
        throw Object.create(Error.prototype, {
          message: {
            get() {
              throw new Error('no message')
            },
          },
        })
      // An answer that cannot be written as JSON, reached after a wait.
      if (expression === '1d6+late') return Promise.resolve({ json: { command: 'roll', big: 10n } })
      return real.runSpec(...args)
    },
  }
})

async function batch(lines: string[]) {
  let out = ''
  let err = ''
  const sink = (add: (s: string) => void) =>
    new Writable({
      write(chunk, _enc, cb) {
        add(String(chunk))
        cb()
      },
    })
  const code = await runBatch(
    { odds: false, summary: false, summaryJson: true, color: false, progress: false },
    {
      stdin: Readable.from([lines.join('\n') + '\n']),
      stdout: sink((s) => (out += s)),
      stderr: sink((s) => (err += s)),
      stdoutIsTTY: false,
      env: {},
    },
  )
  return {
    code,
    err,
    out: out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l)),
  }
}

const line = (expression: string) => JSON.stringify({ command: 'roll', expression, seed: 'x' })

describe('batch: a bug on one line', () => {
  it('is that line\'s "internal" answer; the run goes on and exits 1 with the first trace', async () => {
    const r = await batch([line('1d6+boom'), line('2d6'), line('1d6+mute'), line('1d6+late'), line('3d6')])
    expect(r.out.map((o) => o.line ?? 'summary')).toEqual([1, 2, 3, 4, 5, 'summary'])
    expect(r.out[0]).toEqual({
      line: 1,
      code: 'internal',
      error: 'internal error (this is a bug, please report it): planted bug',
    })
    expect(r.out[1]).toMatchObject({ line: 2, command: 'roll', seed: 'x' })
    expect(r.out[2]).toEqual({
      line: 3,
      code: 'internal',
      error: 'internal error (this is a bug, please report it)',
    })
    expect(r.out[3]).toMatchObject({ line: 4, code: 'internal' })
    expect(r.out[3].error).toMatch(/^internal error \(this is a bug, please report it\): .*BigInt/)
    expect(r.out[4]).toMatchObject({ line: 5, command: 'roll' })
    expect(r.out[5].summary).toMatchObject({ lines: 5, resolved: 2, errors: 3, errorCodes: { internal: 3 } })
    expect(r.code).toBe(1)
    expect(r.err).toMatch(
      /^mecha: internal error on line 1 \(this is a bug, please report it\)\nTypeError: planted bug/,
    )
  })
})
