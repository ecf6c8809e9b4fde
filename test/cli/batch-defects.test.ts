import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { mecha } from './in-process.js'
import { BIN } from './run-cli.js'

/** Lines of JSON in, parsed answers out. */
function batch(lines: string[], args: string[] = []) {
  const r = mecha(['batch', ...args], { input: lines.join('\n') + '\n' })
  const out =
    r.stdout === ''
      ? []
      : r.stdout
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l))
  return { ...r, out }
}

const GOOD = '{"command":"roll","expression":"2d6","seed":"g"}'
const LONG = 'a'.repeat(500)

describe('batch: what a hostile line cannot do', () => {
  it('JSON nested 5,000 levels deep is a bad line (exit 2), not an internal error, and the run goes on', () => {
    const deepList = '['.repeat(5000) + ']'.repeat(5000)
    const deepValue =
      '{"command":"shoot","acc":' + '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) + ',"shots":3,"dmg":100}'
    const deepKeyless = '{"x":' + '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) + '}'
    const r = batch([deepList, deepValue, deepKeyless, GOOD])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe('')
    expect(r.out.map((o) => o.line)).toEqual([1, 2, 3, 4])
    for (const o of r.out.slice(0, 3)) {
      expect(o.code).toBe('too-deep')
      expect(o.error).toMatch(/^nested more than \d+ levels deep; /)
    }
    expect(r.out[3]).toMatchObject({ line: 4, command: 'roll', seed: 'g' })
  })

  it('error messages quote at most ~60 characters of a bad value', () => {
    const lines = [
      `{"command":"shoot","acc":3,"shots":3,"dmg":100,"pen":"${LONG}"}`,
      `{"command":"shoot","acc":3,"shots":3,"dmg":100,"bonus":"${LONG}"}`,
      `{"command":"roll","expression":"${LONG}"}`,
      `{"command":"shoot","acc":3,"shots":3,"dmg":100,"${LONG}":1}`,
      `{"command":"${LONG}"}`,
      `{"command":"shoot","acc":3,"shots":3,"dmg":100,"rolls":"${LONG}"}`,
      `{"command":"shoot","acc":["${LONG}"],"shots":3,"dmg":100}`,
      `{"command":"shoot","acc":3,"shots":3,"dmg":100,"seed":{"s":"${LONG}"}}`,
      `"${LONG}"`,
    ]
    const r = batch(lines)
    expect(r.code).toBe(2)
    expect(r.out).toHaveLength(lines.length)
    for (const o of r.out) {
      expect(o.error, JSON.stringify(o)).toBeDefined()
      expect(o.error).not.toMatch(/a{61}/)
      expect(o.error.length).toBeLessThan(300)
    }
    // what is quoted is the value's beginning, marked as cut
    expect(r.out[1].error).toMatch(/^"bonus": "a{40,60}\.\.\." is not one of /)
  })

  it('a value cut short keeps the words after it (its quote closed: the message read on to the next quote)', () => {
    const r = batch([
      `{"command":"${LONG}"}`,
      `{"command":"shoot","acc":{"x":"${LONG}"},"shots":3,"dmg":100}`,
    ])
    expect(r.out[0].error).toBe(
      `"command": "${'a'.repeat(55)}..." is not a command; see 'mecha --help' for the commands (in a group: "wargroup shoot")`,
    )
    expect(r.out[1].error).toBe(
      `"acc": got an object ({"x":"${'a'.repeat(51)}..."); give one value (see mecha shoot --help)`,
    )
  })

  it("1e400 (past JSON's range) and objects are described as what they are", () => {
    const r = batch([
      '{"command":"wargroup shoot","acu":1e400,"def":2,"str":5,"arm":3}',
      '{"command":"shoot","acc":-1e400,"shots":3,"dmg":100}',
      '{"command":"shoot","acc":3,"shots":3,"dmg":100,"seed":1e400}',
      '{"command":"shoot","acc":3,"shots":3,"dmg":100,"rolls":[1e400]}',
      '{"command":"shoot","acc":{"a":1},"shots":3,"dmg":100}',
      '{"command":"shoot","acc":[1,2],"shots":3,"dmg":100}',
      '{"command":"roll","expression":{"a":1}}',
      '{"command":"shoot","acc":3,"shots":3,"dmg":100,"seed":{"a":1}}',
    ])
    expect(r.code).toBe(2)
    const errors = r.out.map((o) => o.error as string)
    for (const e of errors) expect(e).not.toMatch(/Infinity|\[object Object\]|\bnull\b/)
    expect(errors[0]).toMatch(/^"acu": a number too large for JSON \(it overflows\)/)
    expect(errors[1]).toMatch(/^"acc": a number too large for JSON \(it overflows\)/)
    expect(errors[2]).toMatch(/^"seed": a number too large for JSON/)
    expect(errors[3]).toMatch(/^"rolls": a number too large for JSON/)
    expect(errors[4]).toBe('"acc": got an object ({"a":1}); give one value (see mecha shoot --help)')
    expect(errors[5]).toBe('"acc": got a list ([1,2]); give one value (see mecha shoot --help)')
    expect(errors[6]).toBe('"expression": got an object ({"a":1}); give one value (see mecha roll --help)')
    expect(errors[7]).toMatch(/^"seed": an object \{"a":1\} is not a seed; /)
  })
})

describe('batch: "seed" as the single command takes --seed', () => {
  it('a command that rolls nothing refuses a seed both ways', () => {
    expect(mecha(['vp', '--frame', '3', '--seed', 'x']).code).toBe(2)
    const r = batch([
      '{"command":"vp","frame":3,"seed":"x"}',
      '{"command":"vp","frame":3,"rolls":[1]}',
      '{"command":"vp","frame":3,"seed":null}',
    ])
    expect(r.out[0]).toEqual({
      line: 1,
      code: 'unknown-key',
      error: '"seed" is not an option of vp: it rolls no dice (see mecha vp --help)',
    })
    expect(r.out[1]).toEqual({
      line: 2,
      code: 'unknown-key',
      error: '"rolls" is not an option of vp: it rolls no dice (see mecha vp --help)',
    })
    expect(r.out[2]).toMatchObject({ line: 3, command: 'vp', vp: 3 }) // null: no seed given
  })

  it('a command that could roll but does not this time checks the seed and leaves it out, both ways', () => {
    const single = mecha(['roll', '3+4', '--seed', 'x', '--json'])
    expect(single.code).toBe(0)
    expect(mecha(['roll', '3+4', '--seed', ' ']).code).toBe(2)
    const r = batch([
      '{"command":"roll","expression":"3+4","seed":"x"}',
      '{"command":"roll","expression":"3+4","seed":" "}',
    ])
    const { line: _, ...answer } = r.out[0]
    expect(answer).toEqual(JSON.parse(single.stdout))
    expect(r.out[1]).toMatchObject({ line: 2, code: 'bad-seed' })
  })
})

describe('batch: interrupted', () => {
  // Lines are fed for as long as the batch runs; it is signalled once it has answered some
  // (100 KB: about 150 answers).
  const interrupt = (signal: NodeJS.Signals) =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
      (resolve) => {
        const child = spawn(process.execPath, [BIN, 'batch', '--seed', 'sig'], {
          env: { PATH: process.env.PATH ?? '' },
          stdio: ['pipe', 'pipe', 'pipe'],
        })
        const block = Array.from(
          { length: 2000 },
          (_, i) =>
            `{"command":"shoot","acc":${5 + (i % 7)},"evade":3,"shots":${1 + (i % 10)},"dmg":300,"pen":5,"armSv":2}\n`,
        ).join('')
        let stdout = ''
        let stderr = ''
        let sent = false
        const feed = () => {
          while (!child.stdin.destroyed && child.stdin.write(block));
        }
        child.stdin.on('drain', feed)
        child.stdin.on('error', () => {})
        child.stdout.setEncoding('utf8')
        child.stdout.on('data', (d: string) => {
          stdout += d
          if (!sent && stdout.length > 100_000) {
            sent = true
            child.kill(signal)
          }
        })
        child.stderr.on('data', (d) => (stderr += d))
        child.on('close', (code, sig) => {
          child.stdin.destroy()
          resolve({ code, signal: sig, stdout, stderr })
        })
        feed()
      },
    )

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'on %s it finishes the line it is writing, then exits %i',
    async (signal, code) => {
      const r = await interrupt(signal)
      expect(r.signal).toBeNull()
      expect(r.code).toBe(code)
      expect(r.stderr).toBe('')
      expect(r.stdout.endsWith('\n')).toBe(true)
      const lines = r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l))
      expect(lines.length).toBeGreaterThan(100)
      expect(lines.map((l) => l.line)).toEqual(lines.map((_, i) => i + 1))
    },
    30_000,
  )
})

describe('bin/mecha.js before a build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mecha-nodist-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('says in one line to run npm run build', () => {
    mkdirSync(join(dir, 'bin'))
    copyFileSync(BIN, join(dir, 'bin', 'mecha.js'))
    const r = spawnSync(process.execPath, [join(dir, 'bin', 'mecha.js'), 'roll', '2d6'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    })
    expect(r.status).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^mecha: dist\/mecha\.cjs is missing: run `npm run build` first\n$/)
  })
})
