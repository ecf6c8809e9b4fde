import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runBatch } from '../../src/cli/batch.js'
import { rosterList, rosterShow } from '../../src/cli/roster-command.js'
import { MAX_ROSTER_BYTES, loadRoster, readRosterFiles } from '../../src/cli/roster-file.js'
import { InputError } from '../../src/core/errors.js'
import { MAX_SEED_CHARS } from '../../src/core/seeded.js'
import { oneLine, printable } from '../../src/core/text.js'
import { parseRoster } from '../../src/rules/stellar/roster-text.js'
import { mecha, refused } from './in-process.js'
import { BIN } from './run-cli.js'

/** Issue 24's reliability findings (outside fuzzing), each as it was found. */

let root: string
const cacheDir = () => join(root, 'cache')
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'mecha-reliability-'))
  process.env.MECHA_CACHE_DIR = cacheDir()
})
afterAll(() => {
  delete process.env.MECHA_CACHE_DIR
  rmSync(root, { recursive: true, force: true })
})

async function batch(input: string): Promise<{ code: number; out: any[]; err: string }> {
  let out = ''
  let err = ''
  const stdout = new Writable({
    write(chunk, _enc, cb) {
      out += chunk
      cb()
    },
  })
  const stderr = new Writable({
    write(chunk, _enc, cb) {
      err += chunk
      cb()
    },
  })
  const code = await runBatch(
    { odds: false, summary: false, summaryJson: false, color: false, progress: false },
    { stdin: Readable.from([input]), stdout, stderr, stdoutIsTTY: false, env: {} },
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

const GOOD = '{"command":"roll","expression":"2d6","seed":"g"}'

describe('batch: one bad line never ends a batch', () => {
  it("a 12-million-character value is that line's error, cut; the next line is answered", async () => {
    const huge = JSON.stringify({ command: 'roll', expression: 'y'.repeat(12_000_000) })
    const r = await batch(`${huge}\n${GOOD}\n`)
    expect(r.code).toBe(2)
    expect(r.out).toHaveLength(2)
    expect(r.out[0]).toMatchObject({ line: 1, code: 'bad-expression' })
    expect(r.out[0].error.length).toBeLessThan(300)
    expect(r.out[0].error).toMatch(/^roll: "y{50,57}\.\.\." is not a dice term/)
    expect(r.out[1]).toMatchObject({ line: 2, command: 'roll', seed: 'g' })
  })

  it('a line\'s "seed" is at most MAX_SEED_CHARS characters', async () => {
    const long = JSON.stringify({ command: 'roll', expression: '2d6', seed: 's'.repeat(MAX_SEED_CHARS + 1) })
    const ok = JSON.stringify({ command: 'roll', expression: '2d6', seed: 's'.repeat(MAX_SEED_CHARS) })
    const r = await batch(`${long}\n${ok}\n`)
    expect(r.out[0]).toMatchObject({ line: 1, code: 'bad-seed' })
    expect(r.out[0].error).toContain(`"seed": a seed is at most ${MAX_SEED_CHARS} characters`)
    expect(r.out[1].seed).toBe('s'.repeat(MAX_SEED_CHARS))
  })
})

describe('messages: one line, values cut to ~60 characters, controls escaped', () => {
  it('oneLine cuts every quoted value and every runaway word, and escapes controls', () => {
    expect(oneLine(`"${'a'.repeat(500)}" is bad`)).toBe(`"${'a'.repeat(55)}..." is bad`)
    expect(oneLine(`x ${'b'.repeat(500)} y`)).toBe(`x ${'b'.repeat(57)}... y`)
    expect(oneLine('a\nb\x1b[2J "c\\nd"')).toBe('a\\nb\\x1b[2J "c\\nd"')
    // short quotes and words are left as they are
    expect(oneLine('"armSv": "two" is not a whole number')).toBe('"armSv": "two" is not a whole number')
    // an escape is never cut in half
    const cut = oneLine(JSON.stringify('a'.repeat(54) + '\u0001' + 'b'.repeat(100)))
    expect(cut).toBe(`"${'a'.repeat(54)}..."`)
    // an unclosed quote: the rest is words, read once
    expect(oneLine(`"open ${'\\"'.repeat(100_000)}`).length).toBeLessThan(200)
  })

  it('every InputError is one printable line', () => {
    const e = new InputError('x', `bad "${'v'.repeat(1000)}\nsecond line"`)
    expect(e.message).not.toContain('\n')
    expect(e.message.length).toBeLessThan(80)
  })

  it('CLI errors echo at most ~60 characters of a value (a 100 KB value)', () => {
    const big = 'y'.repeat(100_000)
    for (const args of [
      ['roll', big],
      ['shoot', '--acc', big, '--shots', '3', '--dmg', '1'],
      ['shoot', `--${big}`],
      ['roster', 'show', big, '--roster', 'examples/roster.yaml'],
    ]) {
      const line = refused(args)
      expect(line.length, line.slice(0, 200)).toBeLessThan(300)
      expect(line).not.toMatch(/y{61}/)
    }
  })

  it('a value holding a newline or a terminal escape gives a one-line error', () => {
    const line = refused(['roster', 'show', 'a\nb\x1b[2J', '--roster', 'examples/roster.yaml'])
    expect(line).toMatch(/^mecha: a\\nb\\x1b\[2J: no such unit in the roster/)
  })

  it('a seed is at most MAX_SEED_CHARS characters, said before anything is rolled', () => {
    const line = refused(['roll', '2d6', '--seed', 's'.repeat(MAX_SEED_CHARS + 1)])
    expect(line).toBe(
      `mecha: --seed: a seed is at most ${MAX_SEED_CHARS} characters, this one has ${MAX_SEED_CHARS + 1}; give a shorter text, e.g. table1`,
    )
    expect(mecha(['roll', '2d6', '--seed', 's'.repeat(MAX_SEED_CHARS)]).code).toBe(0)
    expect(refused(['batch', '--seed', 's'.repeat(MAX_SEED_CHARS + 1)])).toContain('a seed is at most')
  })

  it('a seed with a control character is refused; one with spaces or quotes replays as a shell retypes it', () => {
    expect(refused(['roll', '2d6', '--seed', 'a\nb'])).toContain('a seed holds no control characters')
    const batch = mecha(['batch'], { input: '{"command":"roll","expression":"2d6","seed":"a\\tb"}\n' })
    expect(JSON.parse(batch.stdout).error).toContain('a seed holds no control characters')
    const r = mecha(['roll', '2d6', '--seed', "table 1's"])
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(`seed table 1's (replay: --seed 'table 1'\\''s')`)
    // Typed back through a shell, the replay gives the same roll.
    const again = spawnSync(
      '/bin/sh',
      ['-c', `"${process.execPath}" "${BIN}" roll 2d6 --seed 'table 1'\\''s'`],
      {
        encoding: 'utf8',
      },
    )
    expect(again.stdout).toBe(r.stdout)
  })
})

describe('rosters: names printed escaped', () => {
  const text =
    'units:\n  evil:\n    name: "Evil\\e[2J\\e[31mRed"\n    acc: 9\n    weapons:\n      gun: { shots: 2, dmg: 100 }\n'

  it('roster show escapes the control characters of a display name and a file name', () => {
    const roster = parseRoster(text, 'bad\x1b]0;title\x07.yaml')
    const card = rosterShow(roster.units[0], 80)
    expect([...card].filter((c) => c !== '\n' && (c < ' ' || c === '\x7f'))).toEqual([])
    expect(card).toContain('Evil\\x1b[2J\\x1b[31mRed')
    expect(card).toContain('bad\\x1b]0;title\\x07.yaml:2')
    expect(rosterList(roster, 80)).toContain('(bad\\x1b]0;title\\x07.yaml)')
  })

  it('through the binary: no escape reaches the terminal', () => {
    const file = join(root, 'escapes.yaml')
    writeFileSync(file, text)
    const r = mecha(['roster', 'show', 'evil', '--roster', file], { env: { MECHA_CACHE_DIR: cacheDir() } })
    expect(r.code).toBe(0)
    expect(r.stdout).not.toContain('\x1b')
    expect(r.stdout).toContain('Evil\\x1b[2J')
  })

  it('printable names \\n, \\r, \\t and writes the rest as \\xHH', () => {
    expect(printable('a\tb\r\nc\x00\x7f\x9b')).toBe('a\\tb\\r\\nc\\x00\\x7f\\x9b')
    expect(printable('plain Ünïcode')).toBe('plain Ünïcode')
  })
})

describe('roster files: size, kind and depth', () => {
  const unit = 'units:\n  one:\n    acc: 9\n'
  const read = (path: string, from: 'flag' | 'directory' = 'flag') =>
    readRosterFiles({ from, files: [{ path, shown: path.slice(root.length + 1) }] })
  const problem = (f: () => unknown) => {
    try {
      f()
    } catch (e) {
      expect(e).toBeInstanceOf(InputError)
      return (e as InputError).message
    }
    throw new Error('no error')
  }

  it(`a file over ${MAX_ROSTER_BYTES / 1024 / 1024} MB is refused by its size, unread`, () => {
    const file = join(root, 'huge.yaml')
    writeFileSync(file, unit)
    truncateSync(file, MAX_ROSTER_BYTES + 1) // sparse: 10 MB of nothing, never parsed
    expect(problem(() => read(file))).toBe(
      '--roster: cannot read huge.yaml: it is 10.0 MB, over the 10 MB a roster may be; a roster of thousands of units is a few MB',
    )
    truncateSync(file, MAX_ROSTER_BYTES) // at the limit it is read (and is a roster with NULs after it)
    expect(problem(() => read(file))).toMatch(/^huge\.yaml:\d+: /)
  })

  it('a directory, a FIFO and a symlink loop named mecha-roster.yaml are found and named', () => {
    const at = (name: string) => {
      const dir = join(root, name)
      mkdirSync(dir, { recursive: true })
      return dir
    }
    mkdirSync(join(at('dir'), 'mecha-roster.yaml'))
    expect(spawnSync('mkfifo', [join(at('fifo'), 'mecha-roster.yaml')]).status).toBe(0)
    symlinkSync('loop-b', join(at('loop'), 'mecha-roster.yaml'))
    symlinkSync('mecha-roster.yaml', join(root, 'loop', 'loop-b'))
    const load = (dir: string) => () => loadRoster({ cwd: join(root, dir), env: {}, home: root })
    expect(problem(load('dir'))).toBe(
      'found: cannot read mecha-roster.yaml: it is a directory, not a file; give a roster file (YAML)',
    )
    expect(problem(load('fifo'))).toBe(
      'found: cannot read mecha-roster.yaml: it is a FIFO (a named pipe), not a file; give a roster file (YAML)',
    )
    expect(problem(load('loop'))).toBe(
      'found: cannot read mecha-roster.yaml: it is a symlink loop (a link that leads back to itself)',
    )
  })

  it('a FIFO named with --roster is refused at once (exit 2), not waited on', () => {
    const fifo = join(root, 'pipe.yaml')
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0)
    const r = spawnSync(process.execPath, [BIN, 'roster', 'list', '--roster', fifo], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', MECHA_CACHE_DIR: cacheDir() },
      timeout: 15_000,
    })
    expect(r.signal).toBeNull()
    expect(r.status).toBe(2)
    expect(r.stderr).toBe(
      `mecha: --roster: cannot read ${fifo}: it is a FIFO (a named pipe), not a file; give a roster file (YAML)\n`,
    )
  })

  it('nesting too deep is said in words, with its line', () => {
    const flow = 'units:\n  a:\n    weapons: ' + '['.repeat(20_000) + ']'.repeat(20_000) + '\n'
    expect(problem(() => parseRoster(flow, 'deep.yaml'))).toMatch(
      /^deep\.yaml:3: nested too deep \(lists or maps within each other thousands of levels down\); /,
    )
    // Maps nested by indentation, through the binary (its stack, not the test runner's).
    let block = 'units:\n'
    for (let i = 0; i < 3000; i++) block += '  '.repeat(i + 1) + `k${i}:\n`
    const file = join(root, 'deep.yaml')
    writeFileSync(file, block)
    const r = mecha(['roster', 'check', file], { env: { MECHA_CACHE_DIR: cacheDir() } })
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^mecha: \S*deep\.yaml:\d+: nested too deep \(/)
  })
})

describe('--plot: a whole file, renamed over the target', () => {
  it('a symlink at FILE is replaced by the chart, its target untouched', () => {
    const dir = join(root, 'plot')
    mkdirSync(dir)
    const kept = join(dir, 'precious.txt')
    writeFileSync(kept, 'keep me')
    symlinkSync(kept, join(dir, 'chart.svg'))
    const r = mecha(['roll', '2d6', '--odds', '--plot', join(dir, 'chart.svg')])
    expect(r.code, r.stderr).toBe(0)
    expect(readFileSync(kept, 'utf8')).toBe('keep me')
    expect(lstatSync(join(dir, 'chart.svg')).isFile()).toBe(true)
    expect(readFileSync(join(dir, 'chart.svg'), 'utf8')).toMatch(/<svg /)
    expect(readdirSync(dir).sort()).toEqual(['chart.svg', 'precious.txt'])
  })

  it('a chart that cannot be written is an I/O failure: exit 1, one line, no file left behind', () => {
    // As root, permissions do not stop a write: /proc takes no new file (and passes the check
    // made before the odds). Otherwise, a read-only directory holding a writable chart.svg.
    let target = '/proc/chart.svg'
    let dir = '/proc'
    if (process.getuid?.() !== 0) {
      dir = join(root, 'readonly')
      mkdirSync(dir)
      target = join(dir, 'chart.svg')
      writeFileSync(target, 'old')
      chmodSync(dir, 0o555)
    }
    const r = mecha(['roll', '2d6', '--odds', '--plot', target])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(/^mecha: --plot: cannot write "[^"]*chart\.svg": [^\n]+\n$/)
    expect(readdirSync(dir).filter((name) => name.includes('chart.svg') && name !== 'chart.svg')).toEqual([])
    if (dir !== '/proc') {
      expect(readFileSync(target, 'utf8')).toBe('old')
      chmodSync(dir, 0o755)
    }
  })
})
