/**
 * A shot or a charge by unit names played in a game, through the built binary: the state after
 * it, after its undo, its replay, `--odds` appending nothing, two players shooting at once, what
 * the game refuses, and `game stats` against an exact probability worked out here by brute force.
 * The walkthrough of docs/game.md: test/cli/game.test.ts.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { bruteShot } from '../rules/stellar/evade-brute.js'
import { BIN, mecha } from './run-cli.js'

const REPO = fileURLToPath(new URL('../../', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'mecha-play-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

let dirs = 0
/** A new directory holding a simple battle of examples/battle.yaml as mecha-game.jsonl. */
function newGame(roster = join(REPO, 'examples/battle.yaml')): string {
  const dir = join(work, `d${++dirs}`)
  mkdirSync(dir)
  const r = mecha(
    ['game', 'new', 'mecha-game.jsonl', '--roster', roster, '--mode', 'simple-battle', '--points', '1000'],
    {
      cwd: dir,
    },
  )
  expect(r.code, r.stderr).toBe(0)
  return dir
}

const run = (dir: string, args: string[]) => mecha(args, { cwd: dir })
const json = (dir: string, args: string[]) => {
  const r = run(dir, [...args, '--json'])
  expect(r.code, r.stderr).toBe(0)
  return JSON.parse(r.stdout)
}
const status = (dir: string) => json(dir, ['game', 'status'])
const logText = (dir: string) => readFileSync(join(dir, 'mecha-game.jsonl'), 'utf8')

describe('a shot by unit names in a game', () => {
  it('takes the HP off the target, is undone, and replays to the same roll', () => {
    const dir = newGame()
    const shot = json(dir, ['shoot', 'argonaut:cannon', 'dervish', '--seed', 'g1'])
    expect(shot.damage).toBeGreaterThan(0)
    expect(shot.game).toEqual({
      file: 'mecha-game.jsonl',
      n: 1,
      effects: [{ unit: 'dervish', hpLost: Math.min(shot.damage, 2800) }],
    })
    const after = status(dir)
    expect(after.units.dervish.hp).toBe(2800 - shot.damage)
    expect(after.units.argonaut.hp).toBe(3000)
    // The event: the units, the choices made, the seed.
    const event = JSON.parse(logText(dir).split('\n')[1])
    expect(event).toMatchObject({
      t: 'resolution',
      command: 'shoot',
      request: { attacker: 'argonaut:cannon', defender: 'dervish', bonus: shot.bonus, defense: shot.defense },
      seed: 'g1',
    })
    // Replayed outside the game from the event alone: the same roll.
    const again = json(dir, [
      'shoot',
      'argonaut:cannon',
      'dervish',
      '--no-game',
      '--roster',
      join(REPO, 'examples/battle.yaml'),
      '--seed',
      event.seed,
      '--bonus',
      event.request.bonus,
      '--defense',
      event.request.defense,
    ])
    expect(again.damage).toBe(shot.damage)
    expect(again.dice).toEqual(shot.dice)
    // The second shot reads the HP left.
    const second = json(dir, ['shoot', 'argonaut:cannon', 'dervish', '--seed', 'g2', '--odds'])
    expect(second.inputs.hp).toMatchObject({ value: 2800 - shot.damage })
    // Undone: the HP back, the event kept and marked.
    const undo = run(dir, ['game', 'undo'])
    expect(undo.stdout).toMatch(/^#2 undo #1 \(shoot \(seed "g1"\): dervish -\d+ HP\)/)
    expect(status(dir).units.dervish.hp).toBe(2800)
    const log = json(dir, ['game', 'log']).events
    expect(log[0]).toMatchObject({ n: 1, t: 'resolution', undoneBy: 2 })
  })

  it('says in its text what it appended, as game log does', () => {
    const dir = newGame()
    const r = run(dir, ['shoot', 'argonaut:cannon', 'dervish', '--seed', 'g1'])
    expect(r.code, r.stderr).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines[0]).toBe('argonaut:cannon vs dervish (from mecha-game.jsonl)')
    const last = lines[lines.length - 1]
    expect(last).toMatch(/^#1 shoot \(seed "g1"\): dervish -\d+ HP$/)
    expect(run(dir, ['game', 'log']).stdout).toBe(`#1  round 1  ${last.slice(3)}\n`)
  })

  it('--odds and --compare read the game and append nothing; flags alone append nothing', () => {
    const dir = newGame()
    run(dir, ['game', 'set', 'dervish', '--hp', '900'])
    const before = logText(dir)
    const odds = json(dir, ['shoot', 'argonaut:cannon', 'dervish', '--odds'])
    expect(odds.inputs.hp).toMatchObject({ value: 900 })
    expect(odds.game).toBeUndefined()
    expect(run(dir, ['shoot', 'argonaut:cannon', 'dervish', '--odds', '--compare']).code).toBe(0)
    expect(run(dir, ['melee', 'blue-djinn:heat-sword', 'dervish', '--odds']).code).toBe(0)
    const flags = run(dir, ['shoot', '--acc', '9', '--shots', '3', '--dmg', '300', '--seed', 'f'])
    expect(flags.code, flags.stderr).toBe(0)
    expect(logText(dir)).toBe(before)
  })

  it('a charge by names: both sides hit, the charger gains 1 Momentum, the round from the game', () => {
    const dir = newGame()
    run(dir, ['game', 'next-round'])
    const charge = json(dir, ['melee', 'blue-djinn:heat-sword', 'white-asura', '--seed', 'c3'])
    expect(charge.inputs.round).toEqual({ value: 2, from: 'game' })
    expect(charge.inputs.defHp).toEqual({ value: 3500, from: 'game', field: 'white-asura.hp' })
    const event = JSON.parse(logText(dir).split('\n')[2])
    expect(event.request).toMatchObject({ attacker: 'blue-djinn:heat-sword', defender: 'white-asura' })
    const s = status(dir)
    expect(s.units['white-asura'].hp).toBe(Math.max(0, 3500 - charge.defender.damageTaken))
    expect(s.units['blue-djinn'].hp).toBe(Math.max(0, 3500 - charge.attacker.damageTaken))
    expect(s.sides.red.momentum).toBe(
      Math.min(10, 5 + (charge.clash ? 1 : 0) + (charge.defender.destroyed ? 1 : 0)),
    )
  })

  it('refuses, one line and exit 2, appending nothing: a destroyed attacker or target, --hp, Momentum it has not, a Skill spent', () => {
    const dir = newGame()
    run(dir, ['game', 'set', 'argonaut', '--destroyed'])
    run(dir, ['game', 'set', 'blue-djinn', '--momentum', '2'])
    const before = logText(dir)
    const cases: Array<[string[], RegExp]> = [
      [
        ['shoot', 'argonaut:cannon', 'dervish', '--seed', 'x'],
        /^mecha: shoot: argonaut is destroyed in round 1 and cannot attack/,
      ],
      [['shoot', 'argonaut:cannon', 'dervish', '--odds'], /argonaut is destroyed/],
      [
        ['melee', 'dervish:beam-saber', 'argonaut', '--seed', 'x'],
        /^mecha: melee: argonaut is already destroyed/,
      ],
      [
        ['shoot', 'dervish:beam-rifle', 'white-asura', '--hp', '300'],
        /^mecha: --hp: the game gives white-asura's HP left \(3500\)/,
      ],
      [
        ['shoot', 'dervish:beam-rifle', 'blue-djinn', '--momentum', '3'],
        /^mecha: shoot: --momentum and --not-over-yet offer 3 Momentum, and red has 2 in the game/,
      ],
      [
        ['shoot', 'dervish:beam-rifle', 'white-asura', '--roster', join(REPO, 'examples/battle.yaml')],
        /^mecha: --roster: in a game the units are the game's/,
      ],
      [
        ['shoot', '--game', 'mecha-game.jsonl', '--acc', '9', '--shots', '2', '--dmg', '100'],
        /^mecha: --game: a game records a shoot by unit names/,
      ],
    ]
    for (const [args, message] of cases) {
      const r = run(dir, args)
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.stderr, args.join(' ')).toMatch(message)
      expect(r.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1)
    }
    expect(logText(dir)).toBe(before)
    const once = ['shoot', 'dervish:beam-rifle', 'blue-djinn', '--make-it-count', '--seed', 'm']
    expect(run(dir, once).code).toBe(0)
    expect(status(dir).units.dervish.spent).toEqual(['make-it-count'])
    const twice = run(dir, once)
    expect([twice.code, twice.stderr]).toEqual([
      2,
      'mecha: shoot: dervish has used make-it-count already, and it is once a game (mecha game log)\n',
    ])
  })

  it('--no-game, and no game file here: nothing is read or appended', () => {
    const dir = join(work, 'none')
    mkdirSync(dir)
    const r = mecha(
      ['shoot', 'argonaut:cannon', 'dervish', '--roster', join(REPO, 'examples/battle.yaml'), '--seed', 'g1'],
      { cwd: dir },
    )
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/\(from the roster\)/)
    const missing = mecha(['shoot', 'argonaut:cannon', 'dervish', '--game', 'nope.jsonl'], { cwd: dir })
    expect([missing.code, missing.stderr]).toEqual([
      2,
      expect.stringMatching(/^mecha: no game at "?nope\.jsonl/),
    ])
  })
})

describe('two players shooting at once', () => {
  it('every roll of each is kept, whole, and the state is their replay', async () => {
    const dir = newGame()
    // Targets that stand every shot: a refused shot at a wreck would be no test of appending.
    for (const unit of ['white-asura', 'blue-djinn']) run(dir, ['game', 'set', unit, '--hp', '100000'])
    const shots = 6
    const player = (attacker: string, defender: string) =>
      new Promise<number | null>((done) => {
        const script = Array.from(
          { length: shots },
          (_, i) =>
            `"${process.execPath}" "${BIN}" shoot ${attacker} ${defender} --seed ${attacker}${i} --json >/dev/null || echo fail`,
        ).join('\n')
        const child = spawn('/bin/sh', ['-c', script], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] })
        child.on('exit', done)
      })
    expect(
      await Promise.all([
        player('argonaut:machine-gun', 'white-asura'),
        player('dervish:beam-rifle', 'blue-djinn'),
      ]),
    ).toEqual([0, 0])
    const events = json(dir, ['game', 'log']).events.filter(
      (e: { t: string }) => e.t === 'resolution',
    ) as Array<{
      request: { attacker: string }
      effects: Array<{ unit: string; hpLost?: number }>
    }>
    expect(events).toHaveLength(2 * shots)
    for (const a of ['argonaut:machine-gun', 'dervish:beam-rifle'])
      expect(events.filter((e) => e.request.attacker === a)).toHaveLength(shots)
    const lost = (unit: string) =>
      events
        .flatMap((e) => e.effects)
        .filter((f) => f.unit === unit)
        .reduce((s, f) => s + (f.hpLost ?? 0), 0)
    const s = status(dir)
    expect(s.units['white-asura'].hp).toBe(100000 - lost('white-asura'))
    expect(s.units['blue-djinn'].hp).toBe(100000 - lost('blue-djinn'))
    expect(lost('white-asura') + lost('blue-djinn')).toBeGreaterThan(0)
  }, 60_000)
})

describe('mecha game stats', () => {
  it("each roll's P(at least) and percentile are the exact ones, worked out here by brute force", () => {
    const dir = join(work, 'stats')
    mkdirSync(dir)
    writeFileSync(
      join(dir, 'r.yaml'),
      [
        'units:',
        '  gunner: { side: red, acc: 9, hp: 2000, weapons: { rifle: { shots: 3, dmg: 300, pen: 4 } } }',
        '  target: { side: blue, evade: 4, armSv: 2, hp: 9000 }',
      ].join('\n') + '\n',
    )
    const made = mecha(
      ['game', 'new', 'mecha-game.jsonl', '--roster', 'r.yaml', '--mode', 'simple-battle', '--points', '500'],
      { cwd: dir },
    )
    expect(made.code, made.stderr).toBe(0)
    const dealt: number[] = []
    for (const seed of ['a', 'b', 'c'])
      dealt.push(
        json(dir, ['shoot', 'gunner:rifle', 'target', '--bonus', 'none', '--defense', 'none', '--seed', seed])
          .damage,
      )
    // The shot, independently: Acc 9 vs Evade 4, three d10s, PEN 4 vs ARM Sv 2.
    const brute = bruteShot({
      acc: 9,
      evade: 4,
      dodge: false,
      guard: false,
      shots: 3,
      dmg: 300,
      pen: 4,
      armSv: 2,
      shield: 0,
      rerolls: 0,
    })
    const exact = (d: number) => {
      let below = 0
      let at = 0
      let atLeast = 0
      for (const [v, p] of brute.damage) {
        if (v < d) below += p
        if (v === d) at += p
        if (v >= d) atLeast += p
      }
      return { percentile: below + at / 2, atLeast }
    }
    const stats = json(dir, ['game', 'stats'])
    expect(stats.rolls).toHaveLength(3)
    stats.rolls.forEach(
      (
        r: {
          n: number
          side: string
          by: string
          against: string
          dealt: number
          percentile: number
          atLeast: number
        },
        i: number,
      ) => {
        expect(r).toMatchObject({ n: i + 1, side: 'red', by: 'gunner', against: 'target', dealt: dealt[i] })
        expect(r.atLeast).toBeCloseTo(exact(dealt[i]).atLeast, 6)
        expect(r.percentile).toBeCloseTo(exact(dealt[i]).percentile, 6)
      },
    )
    const mean = [...brute.damage].reduce((s, [v, p]) => s + v * p, 0)
    expect(stats.sides.red.rolls).toBe(3)
    expect(stats.sides.red.dealt).toBe(dealt[0] + dealt[1] + dealt[2])
    expect(stats.sides.red.expected).toBeCloseTo(3 * mean, 4)
    expect(stats.sides.blue).toEqual({ rolls: 0, dealt: 0, expected: 0, meanPercentile: 0.5 })
    // An undone roll is not in the stats.
    run(dir, ['game', 'undo'])
    expect(json(dir, ['game', 'stats']).rolls).toHaveLength(2)
    const text = run(dir, ['game', 'stats'])
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toMatch(/^Luck against the exact odds \(mecha-game\.jsonl\)/)
    expect(text.stdout).toMatch(/\nred +2 +\d+/)
  })
})
