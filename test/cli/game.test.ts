/**
 * `mecha game …` through the built binary: the walkthrough of docs/game.md through /bin/sh (as a
 * reader types it), two processes appending at once, a torn last line and its repair, and how a
 * game is found. Reducer and format: test/game/state.test.ts.
 */
import { spawn } from 'node:child_process'
import {
  appendFileSync,
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { BIN, mecha, shLines } from './run-cli.js'

const REPO = fileURLToPath(new URL('../../', import.meta.url))
const ROSTER = join(REPO, 'examples/battle.yaml')
const work = mkdtempSync(join(tmpdir(), 'mecha-game-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

let dirs = 0
const scratch = () => {
  const d = join(work, `d${++dirs}`)
  mkdirSync(d)
  return d
}

/** Shown output as a pattern: `…` alone on a line is any lines, `…` in a line any text (as docs-examples). */
function shownPattern(shown: string): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const parts = shown
    .replace(/\s+$/, '')
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .map((l) => (l.trim() === '…' ? '(?:[^\\n]*\\n)*?' : l.split('…').map(escape).join('[^\\n]*') + '\\n'))
  return new RegExp(`^${parts.join('')}$`)
}

const tidy = (out: string) =>
  out
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\s+$/, '') + '\n'

/** The ```console blocks of docs/game.md: each `$ command` with the output shown under it. */
function walkthrough(): Array<{ command: string; exit: number; shown: string; line: number }> {
  const lines = readFileSync(join(REPO, 'docs/game.md'), 'utf8').split('\n')
  const steps: Array<{ command: string; exit: number; shown: string; line: number }> = []
  let inside = false
  lines.forEach((l, i) => {
    if (/^```console\s*$/.test(l)) inside = true
    else if (/^```\s*$/.test(l)) inside = false
    else if (inside && l.startsWith('$ ')) {
      const exit = /#\s*exit (\d+)\s*$/.exec(l)
      steps.push({ command: l.slice(2), exit: exit ? Number(exit[1]) : 0, shown: '', line: i + 1 })
    } else if (inside) steps[steps.length - 1].shown += l + '\n'
  })
  return steps
}

describe('docs/game.md: the short game, through /bin/sh', () => {
  it('every step answers as shown, in one directory, the game found as mecha-game.jsonl', () => {
    const steps = walkthrough()
    expect(steps.length).toBeGreaterThan(12)
    const cwd = scratch()
    const bin = join(cwd, '..', `bin${dirs}`)
    mkdirSync(bin)
    writeFileSync(join(bin, 'mecha'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`)
    chmodSync(join(bin, 'mecha'), 0o755)
    symlinkSync(join(REPO, 'examples'), join(cwd, 'examples'))
    const out = shLines(
      steps.map((s) => s.command),
      { cwd, env: { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: cwd } },
    )
    steps.forEach((s, i) => {
      const r = out[i]
      const label = `docs/game.md:${s.line}: ${s.command}\nstderr: ${r.stderr}`
      expect(r.code, label).toBe(s.exit)
      expect(tidy(r.stdout !== '' ? r.stdout : r.stderr), label).toMatch(shownPattern(s.shown))
    })
    // The state is the replay of the file: the same answer from a fresh process, in-process front aside.
    const status = mecha(['game', 'status', '--json'], { cwd })
    expect(JSON.parse(status.stdout)).toMatchObject({
      round: 2,
      events: 17,
      units: { dervish: { hp: 0, destroyed: true }, argonaut: { hp: 3000 } },
    })
  })
})

const newGame = (dir: string, mode = 'simple-battle') => {
  const r = mecha(['game', 'new', 'g.jsonl', '--roster', ROSTER, '--mode', mode, '--points', '1000'], {
    cwd: dir,
  })
  expect(r.code, r.stderr).toBe(0)
  return join(dir, 'g.jsonl')
}

/**
 * A process appending `count` events to a game with the CLI's own append (dist/cli/game-file.js),
 * each after reading what was appended since its last one (as a batch does), each numbered where
 * it landed: the numbers it was given are printed, one a line.
 */
function writer(
  file: string,
  unit: string,
  count: number,
): Promise<{ code: number | null; numbers: number[] }> {
  const code = `
    const { appendEvents, loadGame } = await import(${JSON.stringify(join(REPO, 'dist/cli/game-file.js'))})
    let disk = loadGame(${JSON.stringify(file)}, 'g')
    const numbers = []
    for (let i = 1; i <= ${count}; i++) {
      const r = appendEvents(${JSON.stringify(file)}, 'g', [{ t: 'set', unit: ${JSON.stringify(unit)}, hp: i }], disk)
      numbers.push(r.first)
      disk = r.disk
    }
    console.log(numbers.join('\\n'))
  `
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += String(d)))
  return new Promise((done) =>
    child.on('close', (c) => done({ code: c, numbers: out.trim().split('\n').map(Number) })),
  )
}

describe('nothing is lost', () => {
  it('two processes appending at once: every event of each, whole and in its order', async () => {
    const file = newGame(scratch())
    const count = 1500
    const writers = await Promise.all([writer(file, 'argonaut', count), writer(file, 'dervish', count)])
    expect(writers.map((w) => w.code)).toEqual([0, 0])
    const r = mecha(['game', 'log', '--json', '--game', file])
    expect(r.code, r.stderr).toBe(0)
    const events = JSON.parse(r.stdout).events as Array<{ n: number; unit: string; hp: number }>
    expect(events).toHaveLength(2 * count)
    for (const [w, unit] of ['argonaut', 'dervish'].entries()) {
      expect(events.filter((e) => e.unit === unit).map((e) => e.hp)).toEqual(
        Array.from({ length: count }, (_, i) => i + 1),
      )
      // Each event's number is where it landed, the other writer's events before it counted.
      expect(writers[w].numbers.map((n) => [events[n - 1].unit, events[n - 1].hp])).toEqual(
        Array.from({ length: count }, (_, i) => [unit, i + 1]),
      )
    }
  }, 60_000)

  it('two players typing at once through the binary: every event kept', () => {
    const dir = scratch()
    newGame(dir)
    const loop = (unit: string) =>
      `for i in 1 2 3 4 5 6 7 8; do "${process.execPath}" "${BIN}" game set ${unit} --hp $i >/dev/null || echo fail; done`
    const out = shLines([`(${loop('argonaut')}) & (${loop('white-asura')}) & wait`], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', MECHA_GAME: 'g.jsonl' },
    })
    expect(out[0].stdout).toBe('')
    const log = JSON.parse(
      mecha(['game', 'log', '--json'], { cwd: dir, env: { MECHA_GAME: 'g.jsonl' } }).stdout,
    )
    expect(log.events).toHaveLength(16)
    const status = JSON.parse(mecha(['game', 'status', '--json', '--game', 'g.jsonl'], { cwd: dir }).stdout)
    expect(status.units.argonaut.hp).toBe(8)
    expect(status.units['white-asura'].hp).toBe(8)
  }, 60_000)

  it('a torn last line: every command says where (exit 2); repair keeps every whole event', () => {
    const dir = scratch()
    const file = newGame(dir)
    for (const hp of ['100', '200'])
      expect(mecha(['game', 'set', 'dervish', '--hp', hp, '--game', file]).code).toBe(0)
    appendFileSync(file, '{"t":"set","unit":"dervish","h')
    for (const args of [['status'], ['log'], ['set', 'dervish', '--hp', '5'], ['undo']]) {
      const r = mecha(['game', ...args, '--game', file])
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr).toBe(
        `mecha: ${file}:4: the last line is cut short (a write that did not finish); mecha game repair keeps every whole event\n`,
      )
    }
    const fixed = mecha(['game', 'repair', '--game', file])
    expect(fixed.code, fixed.stderr).toBe(0)
    expect(fixed.stdout).toMatch(/line 4 was cut short, kept as torn entries/)
    const log = mecha(['game', 'log', '--game', file])
    expect(log.stdout).toBe(
      '#1  round 1  set dervish: HP 100\n#2  round 1  set dervish: HP 200\n#3  round 1  torn line kept as text: "{\\"t\\":\\"set\\",\\"unit\\":\\"dervish\\",\\"h"\n',
    )
    expect(JSON.parse(mecha(['game', 'status', '--json', '--game', file]).stdout).units.dervish.hp).toBe(200)
    // the game goes on; a second repair finds nothing to do
    expect(mecha(['game', 'undo', '--game', file]).stdout).toBe('#4 undo #2 (set dervish: HP 200)\n')
    expect(mecha(['game', 'repair', '--game', file]).stdout).toMatch(/nothing to repair \(4 events/)
  })

  it('a symlinked game is written neither by an append nor by repair (one rule: the game never splits)', () => {
    const dir = scratch()
    const real = newGame(dir)
    symlinkSync('g.jsonl', join(dir, 'link.jsonl'))
    const refused = `mecha: "link.jsonl" is a symlink (to "g.jsonl"); a game is written only as a file of its own, never through a link: give --game with the file itself\n`
    const before = readFileSync(real, 'utf8')
    // Read through the link: yes; a roll, a correction, a plan: refused before anything is rolled.
    expect(mecha(['game', 'status', '--game', 'link.jsonl'], { cwd: dir }).code).toBe(0)
    for (const args of [
      ['game', 'set', 'dervish', '--hp', '5'],
      ['game', 'next-round'],
      ['shoot', 'argonaut:cannon', 'dervish', '--seed', 'x'],
      ['plan', 'dervish', 'argonaut:cannon', '--seed', 'x'],
    ]) {
      const r = mecha([...args, '--game', 'link.jsonl'], { cwd: dir })
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.stdout, args.join(' ')).toBe('')
      expect(r.stderr, args.join(' ')).toBe(refused)
    }
    expect(readFileSync(real, 'utf8')).toBe(before)
    appendFileSync(real, '{"t":"next-')
    const torn = readFileSync(real, 'utf8')
    const r = mecha(['game', 'repair', '--game', 'link.jsonl'], { cwd: dir })
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(refused)
    expect(lstatSync(join(dir, 'link.jsonl')).isSymbolicLink()).toBe(true)
    expect(readFileSync(real, 'utf8')).toBe(torn)
    expect(readdirSync(dir).sort()).toEqual(['g.jsonl', 'link.jsonl'])
    // The file itself repairs in place (synced, renamed over it: never half-written).
    expect(mecha(['game', 'repair', '--game', 'g.jsonl'], { cwd: dir }).code).toBe(0)
    expect(readFileSync(real, 'utf8')).toBe(
      torn.replace('{"t":"next-', '{"t":"torn","text":"{\\"t\\":\\"next-"}\n'),
    )
  })
})

describe('a game that cannot be read is bad input: one line, exit 2', () => {
  it('a directory as --game, for game commands and a resolution by names', () => {
    const dir = scratch()
    for (const args of [
      ['game', 'status'],
      ['game', 'log'],
      ['shoot', 'argonaut:cannon', 'dervish', '--roster', ROSTER, '--seed', 'x'],
    ]) {
      const r = mecha([...args, '--game', dir])
      expect(r.code, r.stderr).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr).toBe(`mecha: "${dir}" is a directory, not a game; give --game FILE\n`)
    }
  })

  it('a header cut short is said as torn, not as an empty file', () => {
    const dir = scratch()
    const whole = readFileSync(newGame(dir), 'utf8')
    const file = join(dir, 'torn.jsonl')
    writeFileSync(file, whole.slice(0, 40))
    const r = mecha(['game', 'status', '--game', file])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(
      `mecha: ${file}:1: the header line is cut short (a write that did not finish); the game cannot be read: start it again with mecha game new\n`,
    )
  })
})

describe('a game here lends its units to shoot, melee, plan and matrix only', () => {
  it('plan and matrix read it; another command by names without a roster says so in one line (exit 2)', () => {
    const dir = scratch()
    newGame(dir)
    const env = { MECHA_GAME: 'g.jsonl', XDG_CONFIG_HOME: dir }
    const shot = mecha(['shoot', 'argonaut:cannon', 'dervish', '--odds'], { cwd: dir, env })
    expect(shot.code, shot.stderr).toBe(0)
    for (const args of [
      ['plan', 'dervish', 'argonaut:cannon', '--odds'],
      ['matrix', 'argonaut', '--vs', 'dervish'],
    ]) {
      const r = mecha(args, { cwd: dir, env })
      expect(r.code, r.stderr).toBe(0)
      expect(r.stdout).toMatch(/^\(from g\.jsonl, round 1\)\n/)
    }
    const r = mecha(['save', 'argonaut:cannon', 'dervish'], { cwd: dir, env })
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe(
      `mecha: save argonaut:cannon: no roster found; give --roster FILE, set MECHA_ROSTER, or put mecha-roster.yaml here (mecha examples --copy writes the example roster there); the game g.jsonl lends its units to shoot, melee, plan and matrix only\n`,
    )
    // No game here: the message as before.
    const none = mecha(['plan', 'dervish', 'argonaut:cannon'], {
      cwd: scratch(),
      env: { XDG_CONFIG_HOME: dir },
    })
    expect(none.stderr).toMatch(/mecha examples --copy writes the example roster there\)\n$/)
  })
})

describe('finding and starting a game', () => {
  it('--game, else MECHA_GAME, else mecha-game.jsonl here; none: one line, exit 2', () => {
    const dir = scratch()
    const none = mecha(['game', 'status'], { cwd: dir })
    expect(none.code).toBe(2)
    expect(none.stderr).toBe(
      'mecha: no game at "mecha-game.jsonl": give --game FILE, set MECHA_GAME, or start one with mecha game new mecha-game.jsonl --roster R --mode M\n',
    )
    newGame(dir)
    expect(mecha(['game', 'next-round'], { cwd: dir, env: { MECHA_GAME: 'g.jsonl' } }).stdout).toMatch(
      /^#1 round 2 begins/,
    )
    expect(
      mecha(['game', 'status', '--json', '--game', 'g.jsonl'], { cwd: dir, env: { MECHA_GAME: 'x' } }).code,
    ).toBe(0)
  })

  it('never overwrites a game; refuses a roster without sides, an unknown unit, a bad value', () => {
    const dir = scratch()
    newGame(dir)
    const again = mecha(
      ['game', 'new', 'g.jsonl', '--roster', ROSTER, '--mode', 'confrontation', '--points', '500'],
      { cwd: dir },
    )
    expect(again.code).toBe(2)
    expect(again.stderr).toMatch(/^mecha: game new: "g.jsonl" already exists; a game is never overwritten/)
    const sideless = mecha(
      [
        'game',
        'new',
        'h.jsonl',
        '--roster',
        join(REPO, 'examples/roster.yaml'),
        '--mode',
        'simple-battle',
        '--points',
        '500',
      ],
      { cwd: dir },
    )
    expect(sideless.code).toBe(2)
    expect(sideless.stderr).toMatch(/^mecha: game new: argonaut, dervish, .* have no side; give every unit/)
    const cases: Array<[string[], RegExp]> = [
      [['set', 'dervsh', '--hp', '3'], /did you mean dervish\?/],
      [['set', 'dervish', '--hp', '-3'], /--hp "-3" is not a whole number 0-1000000/],
      [['set', 'dervish', '--momentum', '11'], /--momentum "11" is not a whole number 0-10/],
      [['set', 'dervish'], /give what to set/],
      [['undo', '--to', '5'], /--to 5: the game has 0 events/],
      [['undo'], /nothing to undo/],
      [['new', 'x.jsonl', '--roster', ROSTER, '--mode', 'skirmish'], /skirmish/],
    ]
    for (const [args, message] of cases) {
      const r = mecha(['game', ...args, '--game', 'g.jsonl'], { cwd: dir })
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.stderr.split('\n'), args.join(' ')).toHaveLength(2)
      expect(r.stderr, args.join(' ')).toMatch(message)
    }
    // a bad line in the middle: named with its line, exit 2
    appendFileSync(join(dir, 'g.jsonl'), '{"t":"set","unit":"dervish","hp":"lots"}\n')
    const bad = mecha(['game', 'status', '--game', 'g.jsonl'], { cwd: dir })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toBe('mecha: g.jsonl:2: "hp": "lots"; expected a whole number 0-1000000\n')
  })

  it('a directory or a symlink loop as the game is bad input (exit 2)', () => {
    const dir = scratch()
    mkdirSync(join(dir, 'game.d'))
    const r = mecha(['game', 'next-round', '--game', 'game.d'], { cwd: dir })
    expect(r.code).toBe(2)
    expect(r.stderr).toBe('mecha: "game.d" is a directory, not a game; give --game FILE\n')
    symlinkSync('loop.jsonl', join(dir, 'loop.jsonl'))
    const loop = mecha(['game', 'next-round', '--game', 'loop.jsonl'], { cwd: dir })
    expect(loop.code).toBe(2)
    expect(loop.stderr).toBe(
      'mecha: "loop.jsonl" is a symlink loop (a link that leads back to itself), not a game; give --game FILE\n',
    )
  })
})
