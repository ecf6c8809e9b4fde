/**
 * The game log at its edges (issue 38, items 1-4 and 6-9), each as it was found: files that are
 * not games or cannot be written, torn writes, other writers, names that are not only names, a
 * Confrontation's length, an answer that cannot be printed. The binary runs where a shell, a
 * signal, a FIFO or a file size limit is the point; the rest runs in-process.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { appendEvents, loadGame } from '../../src/cli/game-file.js'
import { mecha } from './in-process.js'
import { BIN } from './run-cli.js'

const ROSTER = fileURLToPath(new URL('../../examples/battle.yaml', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'mecha-edges-'))
// Another user (root runs these tests here) must reach the read-only game of the test below.
chmodSync(work, 0o755)
afterAll(() => rmSync(work, { recursive: true, force: true }))

/**
 * The binary as another user runs it: a copy in `work`, as the clone itself may sit in a folder
 * only its owner can enter (a clone in `mktemp -d`, mode 0700).
 */
let otherBin: string | undefined
function binForOther(): string {
  if (otherBin) return otherBin
  const root = join(BIN, '..', '..')
  for (const f of ['bin/mecha.js', 'bin/package.json', 'package.json', 'dist/mecha.cjs', 'dist/yaml.cjs']) {
    if (!existsSync(join(root, f))) continue
    mkdirSync(join(work, 'pkg', f, '..'), { recursive: true, mode: 0o755 })
    copyFileSync(join(root, f), join(work, 'pkg', f))
  }
  return (otherBin = join(work, 'pkg', 'bin', 'mecha.js'))
}

let dirs = 0
/** A new directory holding a simple battle of examples/battle.yaml as g.jsonl. */
function newGame(mode = 'simple-battle'): { dir: string; file: string } {
  const dir = join(work, `d${++dirs}`)
  mkdirSync(dir, { mode: 0o755 })
  const r = mecha(['game', 'new', 'g.jsonl', '--roster', ROSTER, '--mode', mode, '--points', '1000'], {
    cwd: dir,
  })
  expect(r.code, r.stderr).toBe(0)
  return { dir, file: join(dir, 'g.jsonl') }
}

/** The built binary through /bin/sh in `cwd`: `mecha` is it. The timeout only guards a hang. */
function sh(cwd: string, line: string, opts: { uid?: number; gid?: number } = {}) {
  const bin = opts.uid === undefined ? BIN : binForOther()
  const r = spawnSync('/bin/sh', ['-c', line.replace(/\bmecha /g, `"${process.execPath}" "${bin}" `)], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
    timeout: 20_000,
    ...opts,
  })
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr }
}

const shot = (attacker: string, defender: string, seed: string) =>
  JSON.stringify({ command: 'shoot', attacker, defender, seed })

/** A file of `lines`, for `mecha batch FILE`. */
function linesFile(dir: string, lines: string[]): string {
  const f = join(dir, `lines${++dirs}.jsonl`)
  writeFileSync(f, lines.map((l) => l + '\n').join(''))
  return f
}

/** Pads the game with a torn entry (it changes nothing) so that its size is `size` bytes. */
function padTo(file: string, size: number): void {
  const room = size - statSync(file).size - '{"t":"torn","text":""}\n'.length
  if (room < 0) throw new Error(`padTo: ${file} is already over ${size} bytes`)
  appendFileSync(file, JSON.stringify({ t: 'torn', text: 'x'.repeat(room) }) + '\n')
}

/** `mecha batch …` fed one line at a time: each line's answer is waited for. */
function liveBatch(cwd: string, args: string[]) {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'batch', ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '' },
  })
  const answers: string[] = []
  let buffered = ''
  let stderr = ''
  let woken: (() => void) | undefined
  child.stdout!.on('data', (d: Buffer) => {
    buffered += String(d)
    for (let i = buffered.indexOf('\n'); i >= 0; i = buffered.indexOf('\n')) {
      answers.push(buffered.slice(0, i))
      buffered = buffered.slice(i + 1)
    }
    woken?.()
  })
  child.stderr!.on('data', (d: Buffer) => (stderr += String(d)))
  const closed = new Promise<number | null>((done) => child.on('close', (code) => done(code)))
  return {
    async ask(line: string) {
      const n = answers.length
      child.stdin!.write(line + '\n')
      while (answers.length === n) await new Promise<void>((wake) => (woken = wake))
      return JSON.parse(answers[n])
    },
    async end(signal?: NodeJS.Signals) {
      if (signal) child.kill(signal)
      else child.stdin!.end()
      return { code: await closed, stderr }
    },
  }
}

describe('1. a game that cannot be read or written: one line, never "internal error"', () => {
  it('batch --game on a symlink loop: refused before the first line (exit 2)', () => {
    const { dir } = newGame()
    symlinkSync('l2', join(dir, 'l1'))
    symlinkSync('l1', join(dir, 'l2'))
    const r = sh(dir, `mecha batch --game l1 ${linesFile(dir, [shot('argonaut:cannon', 'dervish', 'a')])}`)
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe(
      'mecha: "l1" is a symlink loop (a link that leads back to itself), not a game; give --game FILE\n',
    )
  })

  it('a read-only game: the line says it cannot be written (code write-failed), one line on stderr, exit 1', () => {
    const { dir, file } = newGame()
    chmodSync(file, 0o444)
    // Permissions do not stop root: the binary runs as another user then.
    const other = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}
    const lines = linesFile(dir, [shot('argonaut:cannon', 'dervish', 'a')])
    chmodSync(lines, 0o644)
    const before = readFileSync(file, 'utf8')
    const r = sh(dir, `mecha batch --game g.jsonl ${lines}`, other)
    expect(r.code, r.stderr).toBe(1)
    expect(JSON.parse(r.stdout)).toEqual({
      line: 1,
      error: 'cannot write the game "g.jsonl": permission denied',
      code: 'write-failed',
    })
    expect(r.stderr).toBe('mecha: line 1: cannot write the game "g.jsonl": permission denied\n')
    const set = sh(dir, 'mecha game set dervish --hp 5 --game g.jsonl', other)
    expect(set.code).toBe(1)
    expect(set.stderr).toBe('mecha: cannot write the game "g.jsonl": permission denied\n')
    expect(readFileSync(file, 'utf8')).toBe(before)
  })

  it('a write cut short by a file size limit: that line fails in words (exit 1), the next refuses the torn line', () => {
    const { dir, file } = newGame()
    // /bin/sh's ulimit -f counts 512-byte blocks: 5 bytes of room left for the first event.
    const blocks = Math.ceil((statSync(file).size + 40) / 512)
    padTo(file, blocks * 512 - 5)
    const lines = linesFile(dir, [
      shot('argonaut:cannon', 'dervish', 'a'),
      shot('argonaut:cannon', 'white-asura', 'b'),
    ])
    const r = sh(dir, `ulimit -f ${blocks}; mecha batch --game g.jsonl ${lines}`)
    expect(r.code).toBe(1)
    const [first, second] = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(first).toMatchObject({ line: 1, code: 'write-failed' })
    expect(first.error).toMatch(
      /^cannot write the game "g\.jsonl": only 5 of \d+ bytes were written, and its last line is cut short: mecha game repair keeps every whole event$/,
    )
    expect(second).toMatchObject({ line: 2, code: 'torn-game' })
    expect(r.stderr).toBe(`mecha: line 1: ${first.error}\n`)
  })
})

describe('2. a torn write loses no one else’s event', () => {
  it('an append never lands after a line cut short, even one torn after the game was read', () => {
    const { file } = newGame()
    const known = loadGame(file, 'g.jsonl')
    appendFileSync(file, '{"t":"set","unit":"der') // another player's write, cut short
    const torn = readFileSync(file, 'utf8')
    expect(() => appendEvents(file, 'g.jsonl', [{ t: 'set', unit: 'dervish', hp: 5 }], known)).toThrow(
      'g.jsonl:2: the last line is cut short (a write that did not finish), and nothing is appended after it: mecha game repair keeps every whole event; then play this again',
    )
    expect(readFileSync(file, 'utf8')).toBe(torn)
  })

  it('batch --game: a line after another player’s torn write is refused, not joined to it', async () => {
    const { dir, file } = newGame()
    const batch = liveBatch(dir, ['--game', 'g.jsonl'])
    expect((await batch.ask(shot('argonaut:cannon', 'dervish', 'a'))).game.n).toBe(1)
    appendFileSync(file, '{"t":"set","unit":"der')
    const torn = readFileSync(file, 'utf8')
    const refused = await batch.ask(shot('argonaut:cannon', 'white-asura', 'b'))
    expect(refused).toMatchObject({ line: 2, code: 'torn-game' })
    expect(refused.error).toMatch(/^g\.jsonl:3: the last line is cut short/)
    expect((await batch.end()).code).toBe(2)
    expect(readFileSync(file, 'utf8')).toBe(torn)
  })

  it('a plan whose write is cut short leaves none of its attacks in effect, said in one line', () => {
    const { dir, file } = newGame()
    const plan = 'plan white-asura argonaut:machine-gun argonaut:machine-gun argonaut:machine-gun --seed p'
    // The same plan played whole in a copy: its lines' lengths (the same dice, the same widths).
    copyFileSync(file, join(dir, 'whole.jsonl'))
    expect(sh(dir, `mecha ${plan} --game whole.jsonl`).code).toBe(0)
    const steps = readFileSync(join(dir, 'whole.jsonl'), 'utf8').trim().split('\n').slice(1)
    expect(steps).toHaveLength(3)
    // The limit falls in the second attack's line: the first lands whole, the rest is cut.
    const cut = steps[0].length + 1 + Math.floor(steps[1].length / 2)
    const blocks = Math.ceil((statSync(file).size + 40 + cut) / 512)
    padTo(file, blocks * 512 - cut)
    const status = mecha(['game', 'status', '--json', '--game', 'g.jsonl'], { cwd: dir }).stdout
    const r = sh(dir, `ulimit -f ${blocks}; mecha ${plan} --game g.jsonl`)
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(
      /^mecha: cannot write the game "g\.jsonl": only \d+ of \d+ bytes were written, and its last line is cut short \(a plan's attacks count only all together\): mecha game repair keeps every whole event\n$/,
    )
    expect(mecha(['game', 'repair', '--game', 'g.jsonl'], { cwd: dir }).code).toBe(0)
    const after = JSON.parse(mecha(['game', 'status', '--json', '--game', 'g.jsonl'], { cwd: dir }).stdout)
    expect(after).toEqual({ ...JSON.parse(status), events: 3 })
    const log = mecha(['game', 'log', '--game', 'g.jsonl'], { cwd: dir }).stdout.split('\n')
    expect(log[1]).toMatch(
      /^#2 {2}round 1 {2}plan 1\/3: shoot \(rolls [\d,]+\): white-asura -\d+ HP {2}\(its plan's write was cut short: not in effect\)$/,
    )
    expect(log[2]).toMatch(/^#3 {2}round 1 {2}torn line kept as text: /)
  })
})

describe('3. only a regular file is a game: refused before reading, never waited on', () => {
  it('a FIFO found as mecha-game.jsonl, a FIFO or /dev/zero given to batch --game: one line, exit 2', () => {
    const { dir } = newGame()
    expect(spawnSync('mkfifo', [join(dir, 'mecha-game.jsonl')]).status).toBe(0)
    const shoot = sh(dir, `mecha shoot argonaut:cannon dervish --roster ${ROSTER} --seed x`)
    expect(shoot.signal).toBeNull()
    expect(shoot.code).toBe(2)
    expect(shoot.stderr).toBe(
      'mecha: "mecha-game.jsonl" is a FIFO (a named pipe), not a game; give --game FILE\n',
    )
    const lines = linesFile(dir, [shot('argonaut:cannon', 'dervish', 'a')])
    for (const [game, what] of [
      ['mecha-game.jsonl', 'a FIFO (a named pipe)'],
      ['/dev/zero', 'a device'],
    ]) {
      const r = sh(dir, `mecha batch --game ${game} ${lines}`)
      expect(r.signal, game).toBeNull()
      expect(r.code, game).toBe(2)
      expect(r.stdout, game).toBe('')
      expect(r.stderr, game).toBe(`mecha: "${game}" is ${what}, not a game; give --game FILE\n`)
    }
  })

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('batch --game stops at %s between lines (exit %i)', async (signal, code) => {
    const { dir } = newGame()
    const batch = liveBatch(dir, ['--game', 'g.jsonl'])
    expect((await batch.ask(shot('argonaut:cannon', 'dervish', 'a'))).game.n).toBe(1)
    expect((await batch.end(signal)).code).toBe(code)
  })
})

describe('4. a unit named __proto__ in a log’s header', () => {
  it('game status and next-round list it and play on', () => {
    const { dir, file } = newGame()
    const [header] = readFileSync(file, 'utf8').split('\n')
    writeFileSync(
      file,
      header.replace('"dervish":', '"__proto__":') +
        '\n' +
        JSON.stringify({ t: 'set', unit: 'argonaut', hp: 5 }) +
        '\n',
    )
    const run = (args: string[]) => mecha([...args, '--game', 'g.jsonl'], { cwd: dir })
    const status = run(['game', 'status', '--json'])
    expect(status.code, status.stderr).toBe(0)
    const units = JSON.parse(status.stdout).units
    expect(Object.keys(units)).toEqual(['argonaut', 'blue-djinn', '__proto__', 'white-asura'])
    expect(units.__proto__).toMatchObject({ side: 'blue', hp: 2800 })
    expect(run(['game', 'next-round']).code).toBe(0)
    expect(run(['game', 'set', '__proto__', '--hp', '7']).stdout).toBe('#3 set __proto__: HP 7\n')
    expect(run(['game', 'status']).stdout).toMatch(/\n__proto__ +blue +7\/2800 *\n/)
  })
})

describe('6. how long a game is: a Confrontation is three battles of three rounds', () => {
  it('a roll reads the round of its battle; after the last round the game records no rolls, said in words', async () => {
    const { dir } = newGame('confrontation')
    const run = (args: string[]) => mecha([...args, '--game', 'g.jsonl'], { cwd: dir })
    for (let i = 0; i < 3; i++) run(['game', 'next-round'])
    expect(run(['game', 'status']).stdout).toMatch(
      /^confrontation, 1000 points, battle 2 of 3, round 1 of 3 /,
    )
    const shot = JSON.parse(run(['shoot', 'argonaut:cannon', 'dervish', '--seed', 'a', '--json']).stdout)
    expect(shot.inputs.round).toEqual({ value: 1, from: 'game' })
    const rounds = Array.from({ length: 6 }, () => run(['game', 'next-round']).stdout.split('\n')[0])
    expect(rounds).toEqual([
      '#5 battle 2 of 3, round 2 begins',
      '#6 battle 2 of 3, round 3 begins',
      '#7 battle 3 of 3, round 1 begins',
      '#8 battle 3 of 3, round 2 begins',
      '#9 battle 3 of 3, round 3 begins',
      '#10 the game is over: 3 battles of 3 rounds played',
    ])
    expect(run(['game', 'status']).stdout).toMatch(
      /^confrontation, 1000 points, over: 3 battles of 3 rounds played /,
    )
    const over = run(['shoot', 'argonaut:cannon', 'dervish', '--seed', 'b'])
    expect(over.code).toBe(2)
    expect(over.stderr).toBe(
      'mecha: shoot: the game is over (its 3 battles of 3 rounds played; mecha game status gives the score), and records no more rolls; if a round was begun by mistake: mecha game undo\n',
    )
    // Reading it records nothing: the odds read the last round.
    const odds = run(['shoot', 'argonaut:cannon', 'dervish', '--odds', '--json'])
    expect(odds.code, odds.stderr).toBe(0)
    expect(JSON.parse(odds.stdout).inputs.round).toEqual({ value: 3, from: 'game' })
    expect(JSON.parse(run(['game', 'stats', '--json']).stdout).rolls).toHaveLength(1)
    // The library reads the game as the command line does.
    const api = await import('../../src/api/index.js')
    const log = api.game.parse(readFileSync(join(dir, 'g.jsonl'), 'utf8'))
    const library = api.shoot.odds({ attacker: 'argonaut:cannon', defender: 'dervish', game: log })
    expect(library.inputs?.round).toMatchObject({ value: 3 })
    const third = api.game.parse(
      readFileSync(join(dir, 'g.jsonl'), 'utf8').split('\n').slice(0, 5).join('\n') + '\n',
    )
    const inBattle2 = api.shoot.odds({ attacker: 'argonaut:cannon', defender: 'dervish', game: third })
    expect(inBattle2.inputs?.round).toMatchObject({ value: 1 })
  })
})

describe('7. batch --game reads what others appended before each line', () => {
  it('a unit another player destroyed meanwhile is refused; event numbers count their events', async () => {
    const { dir } = newGame()
    const batch = liveBatch(dir, ['--game', 'g.jsonl'])
    expect((await batch.ask(shot('argonaut:cannon', 'white-asura', 'a'))).game.n).toBe(1)
    expect(sh(dir, 'mecha game set dervish --destroyed --game g.jsonl').stdout).toBe(
      '#2 set dervish: destroyed\n',
    )
    const refused = await batch.ask(shot('argonaut:cannon', 'dervish', 'b'))
    expect(refused).toMatchObject({ line: 2, code: 'destroyed' })
    expect(sh(dir, 'mecha game next-round --game g.jsonl').code).toBe(0)
    const third = await batch.ask(shot('argonaut:machine-gun', 'white-asura', 'd'))
    expect(third.game.n).toBe(4)
    expect(third.inputs.round).toEqual({ value: 2, from: 'game' })
    expect((await batch.end()).code).toBe(2)
    const events = JSON.parse(
      mecha(['game', 'log', '--json', '--game', 'g.jsonl'], { cwd: dir }).stdout,
    ).events
    expect(events.map((e: { t: string; seed?: string }) => e.seed ?? e.t)).toEqual([
      'a',
      'set',
      'next-round',
      'd',
    ])
  })
})

describe('8. an event recorded whose answer cannot be printed', () => {
  it('says it was recorded, and where (exit 1): a retry is not blind', () => {
    const { dir } = newGame()
    const set = sh(dir, 'mecha game set dervish --hp 5 --game g.jsonl > /dev/full')
    expect(set.code).toBe(1)
    expect(set.stderr).toBe(
      'mecha: cannot write to stdout: ENOSPC (no space left on device); the game event was recorded all the same (#1 in g.jsonl): mecha game log shows it, do not play it again\n',
    )
    const roll = sh(dir, 'mecha shoot argonaut:cannon white-asura --seed a --game g.jsonl > /dev/full')
    expect(roll.code).toBe(1)
    expect(roll.stderr).toMatch(/the game event was recorded all the same \(#2 in g\.jsonl\)/)
    const log = mecha(['game', 'log', '--game', 'g.jsonl'], { cwd: dir }).stdout
    expect(log.trim().split('\n')).toHaveLength(2)
  })
})
