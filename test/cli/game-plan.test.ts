/**
 * `mecha plan` and `mecha matrix` in a game (issue 27): they read the game's units, HP left and
 * round as `shoot` by unit names does; `--odds`, `--need` and a matrix append nothing; a rolled
 * plan appends each attack made as its own resolution event, so the log replays to the state the
 * plan left and `game stats` resolves each again. And what a game now takes from a roll: the
 * defender's Improvise once a round, the Momentum of a Skill given as a trait, stun from overwatch.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { mecha } from './in-process.js'

const REPO = fileURLToPath(new URL('../../', import.meta.url))
const BATTLE = join(REPO, 'examples/battle.yaml')
const work = mkdtempSync(join(tmpdir(), 'mecha-game-plan-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

let dirs = 0
function newGame(roster = BATTLE): string {
  const dir = join(work, `d${++dirs}`)
  mkdirSync(dir)
  const r = mecha(
    ['game', 'new', 'mecha-game.jsonl', '--roster', roster, '--mode', 'simple-battle', '--points', '1000'],
    { cwd: dir },
  )
  expect(r.code, r.stderr).toBe(0)
  return dir
}

const run = (dir: string, args: string[]) => mecha(args, { cwd: dir })
const json = (dir: string, args: string[]): any => {
  const r = run(dir, [...args, '--json'])
  expect(r.code, r.stderr).toBe(0)
  return JSON.parse(r.stdout)
}
const status = (dir: string) => json(dir, ['game', 'status'])
const logLines = (dir: string) => readFileSync(join(dir, 'mecha-game.jsonl'), 'utf8').trim().split('\n')
const refusedIn = (dir: string, args: string[]) => {
  const r = run(dir, args)
  expect(r.code).toBe(2)
  expect(r.stderr.trim().split('\n')).toHaveLength(1)
  return r.stderr
}

describe('plan and matrix read the game', () => {
  it('plan --odds: the HP left and round are the game’s, exactly as --hp and --round give them; nothing appended', () => {
    const dir = newGame()
    expect(run(dir, ['game', 'set', 'dervish', '--hp', '1100']).code).toBe(0)
    run(dir, ['game', 'next-round'])
    const before = logLines(dir).length
    const inGame = json(dir, ['plan', 'dervish', 'argonaut:cannon', 'argonaut:machine-gun', '--odds'])
    const byHand = json(dir, [
      'plan',
      'dervish',
      'argonaut:cannon',
      'argonaut:machine-gun',
      '--odds',
      '--no-game',
      '--roster',
      BATTLE,
      '--hp',
      '1100',
      '--round',
      '2',
    ])
    expect(inGame.hp).toBe(1100)
    expect(inGame.odds).toEqual(byHand.odds)
    expect(inGame.game).toEqual({ file: 'mecha-game.jsonl' })
    expect(json(dir, ['plan', 'dervish', 'argonaut:cannon', '--need', '0.9']).need.attacks).toBe(
      json(dir, [
        'plan',
        'dervish',
        'argonaut:cannon',
        '--need',
        '0.9',
        '--no-game',
        '--roster',
        BATTLE,
        '--hp',
        '1100',
      ]).need.attacks,
    )
    // --hp asks "what if" with --odds; a roll's HP is the game's.
    expect(json(dir, ['plan', 'dervish', 'argonaut:cannon', '--odds', '--hp', '2800']).hp).toBe(2800)
    expect(refusedIn(dir, ['plan', 'dervish', 'argonaut:cannon', '--hp', '2800', '--seed', 'x'])).toMatch(
      /--hp: the game gives dervish's HP left \(1100\)/,
    )
    expect(logLines(dir)).toHaveLength(before)
  })

  it('matrix: each cell at the HP the game left, destroyed units left out or refused; nothing appended', () => {
    const dir = newGame()
    run(dir, ['game', 'set', 'white-asura', '--hp', '900'])
    run(dir, ['game', 'set', 'dervish', '--destroyed'])
    const before = logLines(dir).length
    const m = json(dir, ['matrix'])
    expect(m.defenders).toEqual(['white-asura'])
    const cell = m.cells.find(
      (c: { attacker: string; weapon: string }) => c.attacker === 'argonaut' && c.weapon === 'cannon',
    )
    const shot = json(dir, ['shoot', 'argonaut:cannon', 'white-asura', '--odds'])
    expect(cell.destroyed).toBeCloseTo(shot.odds.destroyed.true, 12)
    expect(cell.expectedDamage).toBeCloseTo(shot.odds.expected.damage, 9)
    expect(refusedIn(dir, ['matrix', 'argonaut', '--vs', 'dervish'])).toMatch(/dervish is destroyed/)
    expect(logLines(dir)).toHaveLength(before)
  })

  it('a game named that is not there is said so (not a flag suggestion)', () => {
    const dir = newGame()
    expect(refusedIn(dir, ['plan', 'dervish', 'argonaut:cannon', '--game', 'nope.jsonl', '--odds'])).toMatch(
      /no game at "?nope.jsonl/,
    )
    expect(refusedIn(dir, ['plan', '--game', 'x'])).not.toMatch(/did you mean/i)
  })
})

describe('a rolled plan in a game', () => {
  it('appends each attack made as a resolution event that replays to the same roll; undone whole', () => {
    const dir = newGame()
    const before = logLines(dir).length
    const p = json(dir, ['plan', 'white-asura', 'argonaut:machine-gun', 'argonaut:cannon', '--seed', 'p2'])
    expect(p.steps).toHaveLength(2)
    const lines = logLines(dir).slice(before)
    expect(lines).toHaveLength(2)
    expect(p.game.events.map((e: { n: number }) => e.n)).toEqual([before, before + 1])
    const st = status(dir)
    expect(st.units['white-asura'].hp).toBe(p.hpLeft)
    lines.forEach((line, i) => {
      const e = JSON.parse(line)
      const step = p.steps[i]
      expect(e).toMatchObject({
        t: 'resolution',
        command: 'shoot',
        rolls: step.rolls,
        plan: { step: i + 1, of: 2 },
      })
      expect(e.request).toMatchObject({ attacker: step.attack, defender: 'white-asura' })
      // The step's own command with its dice and choices, at the HP it met, is the same roll.
      const alone = json(dir, [
        'shoot',
        step.attack,
        'white-asura',
        '--no-game',
        '--roster',
        BATTLE,
        '--hp',
        String(step.hp),
        '--bonus',
        e.request.bonus,
        '--defense',
        e.request.defense,
        '--rolls',
        step.rolls.join(','),
      ])
      expect(alone.damage).toBe(step.damage)
    })
    // game stats resolves each attack again from its event.
    const stats = json(dir, ['game', 'stats'])
    expect(stats.rolls.map((r: { dealt: number }) => r.dealt)).toEqual(
      p.steps.map((s: { damage: number }) => s.damage),
    )
    // One undo takes the plan back whole.
    const undo = json(dir, ['game', 'undo'])
    expect(undo.events).toEqual([before, before + 1])
    expect(status(dir).units['white-asura'].hp).toBe(3500)
  })

  it('a destroyed unit in a plan is refused, nothing appended', () => {
    const dir = newGame()
    run(dir, ['game', 'set', 'argonaut', '--destroyed'])
    const before = logLines(dir).length
    expect(refusedIn(dir, ['plan', 'dervish', 'argonaut:cannon', '--seed', 'x'])).toMatch(
      /argonaut is destroyed/,
    )
    expect(logLines(dir)).toHaveLength(before)
  })
})

/** A roster for what a game now takes: Improvise, a Skill trait's Momentum, a stun overwatch. */
const TRAITS_ROSTER = `units:
  gunner:
    side: red
    acc: 9
    evade: 3
    melee: 6
    armSv: 3
    size: 1
    hp: 5000
    weapons:
      rifle: { shots: 6, dmg: 200, pen: 3 }
      sword: { melee: true, dmg: 300, pen: 5 }
  dodger:
    side: blue
    acc: 8
    evade: 5
    melee: 5
    armSv: 3
    size: 1
    hp: 9000
    traits: [improvise]
    weapons:
      zapper: { shots: 4, dmg: 100, pen: 6S, overwatch: 3 }
      knife: { melee: true, dmg: 100, pen: 2 }
  stubborn:
    side: blue
    acc: 8
    evade: 3
    melee: 5
    armSv: 3
    size: 1
    hp: 9000
    traits: [persevere]
    weapons:
      knife: { melee: true, dmg: 100, pen: 2 }
`

describe('what a roll now does to the game', () => {
  const traitsGame = () => {
    const dir = join(work, `t${++dirs}`)
    mkdirSync(dir)
    writeFileSync(join(dir, 'r.yaml'), TRAITS_ROSTER)
    const r = mecha(
      [
        'game',
        'new',
        'mecha-game.jsonl',
        '--roster',
        'r.yaml',
        '--mode',
        'simple-battle',
        '--points',
        '1000',
      ],
      { cwd: dir },
    )
    expect(r.code, r.stderr).toBe(0)
    return dir
  }

  it('Improvise is spent once a round when the target’s pick rerolls, and comes back next round', () => {
    const dir = traitsGame()
    // The first seed whose shot makes the target reroll evade dice (the others undone).
    let seed = 0
    for (; seed < 40; seed++) {
      const r = json(dir, ['shoot', 'gunner:rifle', 'dodger', '--seed', `s${seed}`])
      const rerolled = r.evadeReroll?.faces.length ?? 0
      const spent = status(dir).units.dodger.spentThisRound
      if (rerolled > 0) {
        expect(spent).toEqual(['improvise'])
        expect(r.game.effects.find((e: { unit: string }) => e.unit === 'dodger').spentThisRound).toEqual([
          'improvise',
        ])
        break
      }
      expect(spent).toEqual([])
      run(dir, ['game', 'undo'])
    }
    expect(seed).toBeLessThan(40)
    // Spent: the next shot this round has no Improvise (nor any evade reroll).
    const next = json(dir, ['shoot', 'gunner:rifle', 'dodger', '--seed', 'after'])
    expect(next.traits).toBeUndefined()
    expect(next.evadeReroll).toBeUndefined()
    run(dir, ['game', 'next-round'])
    expect(status(dir).units.dodger.spentThisRound).toEqual([])
    expect(json(dir, ['shoot', 'gunner:rifle', 'dodger', '--seed', 'after']).traits.defender).toEqual([
      'improvise',
    ])
  })

  it('a plan in a game carries Improvise as the game does: each attack replays from its event', () => {
    const dir = traitsGame()
    for (let i = 0; i < 20; i++) {
      const p = json(dir, [
        'plan',
        'dodger',
        'gunner:rifle',
        'gunner:rifle',
        'gunner:rifle',
        '--seed',
        `q${i}`,
      ])
      const spentAt = p.steps.findIndex((s: { spent?: string[] }) => s.spent?.includes('improvise'))
      const stats = json(dir, ['game', 'stats'])
      expect(stats.rolls.map((r: { dealt: number }) => r.dealt)).toEqual(
        p.steps.map((s: { damage: number }) => s.damage),
      )
      if (spentAt >= 0) {
        expect(status(dir).units.dodger.spentThisRound).toEqual(['improvise'])
        // The attacks after the one that spent it meet the target without it.
        for (const s of p.steps.slice(spentAt + 1)) expect(s.answer.traits).toBeUndefined()
        if (spentAt < p.steps.length - 1) return
      }
      run(dir, ['game', 'undo'])
    }
    throw new Error('no seed spent Improvise before the last attack')
  })

  it('a Skill given as a roster trait costs its side the Momentum it says ([M-2] Persevere)', () => {
    const dir = traitsGame()
    const m = status(dir).sides.blue.momentum
    const r = json(dir, ['shoot', 'gunner:rifle', 'stubborn', '--seed', 'p'])
    expect(r.traits.defender).toEqual(['persevere'])
    expect(status(dir).sides.blue.momentum).toBe(m - 2)
  })

  it('a charge: each side’s Improvise is spent, and overwatch with a stun weapon stuns the charger', () => {
    const dir = traitsGame()
    let found = false
    for (let i = 0; i < 30 && !found; i++) {
      const r = json(dir, ['melee', 'gunner:sword', 'dodger:knife', '--seed', `c${i}`])
      const failed = (r.overwatch?.attacks ?? []).reduce(
        (n: number, a: { failedSaves: number }) => n + a.failedSaves,
        0,
      )
      const st = status(dir)
      expect(st.units.gunner.stun).toBe(failed + (r.counter?.actionsLost ?? 0))
      expect(st.units.dodger.spentThisRound).toEqual(['improvise'])
      found = failed > 0
      run(dir, ['game', 'undo'])
    }
    expect(found).toBe(true)
  })
})

describe('batch --game and the library with a game', () => {
  it('batch --game: lines by names read the game in turn; rolled shoot and plan lines appended, odds and matrix not', () => {
    const dir = newGame()
    const lines = [
      { command: 'shoot', attacker: 'argonaut:cannon', defender: 'dervish', seed: 'g1' },
      { command: 'shoot', attacker: 'argonaut:cannon', defender: 'dervish', odds: true },
      {
        command: 'plan',
        defender: 'white-asura',
        attacks: ['argonaut:machine-gun', 'argonaut:cannon'],
        seed: 'p',
      },
      { command: 'matrix', vs: ['dervish'] },
      { command: 'save', attacker: 'argonaut:cannon', defender: 'dervish' },
    ]
    const r = mecha(['batch', '--game', 'mecha-game.jsonl'], {
      cwd: dir,
      input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n',
    })
    expect(r.code).toBe(2) // the save line: a game lends its units to shoot, melee, plan and matrix
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    const hpLeft = 2800 - out[0].damage
    expect(out[0].game).toMatchObject({ file: 'mecha-game.jsonl', n: 1 })
    // The odds line reads the HP the first line left.
    const alone = json(dir, [
      'shoot',
      'argonaut:cannon',
      'dervish',
      '--odds',
      '--no-game',
      '--roster',
      BATTLE,
      '--hp',
      String(hpLeft),
    ])
    expect(out[1].odds.damage).toEqual(alone.odds.damage)
    expect(out[2].game.events.map((e: { n: number }) => e.n)).toEqual(
      out[2].steps.map((_: unknown, i: number) => 2 + i),
    )
    expect(out[3].cells[0].destroyed).toBeCloseTo(
      json(dir, ['shoot', `${out[3].cells[0].attacker}:${out[3].cells[0].weapon}`, 'dervish', '--odds']).odds
        .destroyed.true,
      12,
    )
    expect(out[4]).toMatchObject({ code: 'bad-usage' })
    const st = status(dir)
    expect(st.events).toBe(1 + out[2].steps.length)
    expect(st.units.dervish.hp).toBe(hpLeft)
    expect(st.units['white-asura'].hp).toBe(out[2].hpLeft)
    expect(refusedIn(dir, ['batch', '--game', 'mecha-game.jsonl', '--roster', BATTLE])).toMatch(/--roster/)
  })

  it('the library reads a game for odds, and refuses a roll it cannot record', async () => {
    const dir = newGame()
    run(dir, ['game', 'set', 'dervish', '--hp', '700'])
    const api = await import('../../src/api/index.js')
    const log = api.game.parse(readFileSync(join(dir, 'mecha-game.jsonl'), 'utf8'))
    const odds = api.shoot.odds({ attacker: 'argonaut:cannon', defender: 'dervish', game: log })
    const byHand = json(dir, ['shoot', 'argonaut:cannon', 'dervish', '--odds'])
    expect(odds.odds).toEqual(byHand.odds)
    expect(() =>
      api.shoot.resolve({ attacker: 'argonaut:cannon', defender: 'dervish', game: log }, { seed: 'x' }),
    ).toThrow(/a roll in a game is recorded/)
    // game.roster: the units with their HP left, to roll without recording.
    const rolled = api.shoot.resolve(
      { attacker: 'argonaut:cannon', defender: 'dervish', roster: api.game.roster(log) },
      { seed: 'x' },
    )
    expect(rolled.inputs?.hp).toMatchObject({ value: 700 })
  })
})

/** A defender with every kind of limited use a game carries (rules-notes, "Limited uses"). */
const USES_ROSTER = `units:
  gunner:
    side: red
    acc: 9
    evade: 3
    armSv: 3
    size: 1
    hp: 5000
    weapons:
      rifle: { shots: 9, dmg: 100, pen: 3 }
  sniper: { side: red, acc: 9, evade: 3, armSv: 3, size: 1, hp: 5000, weapons: { rifle: { shots: 9, dmg: 100, pen: 3 } } }
  knight:
    side: blue
    acc: 8
    evade: 4
    armSv: 3
    size: 1
    hp: 90000
    traits: [invincible, unyielding, superior-instincts]
    weapons:
      rifle: { shots: 3, dmg: 100, pen: 3 }
`

describe('a game carries the limited uses of traits', () => {
  const usesGame = () => {
    const dir = join(work, `u${++dirs}`)
    mkdirSync(dir)
    writeFileSync(join(dir, 'r.yaml'), USES_ROSTER)
    const args = ['game', 'new', 'mecha-game.jsonl', '--roster', 'r.yaml', '--mode', 'simple-battle']
    expect(mecha([...args, '--points', '1000'], { cwd: dir }).code).toBe(0)
    return dir
  }
  // Each seed's shot by the unit that rolls it in the tests below: gunner, sniper, then gunner.
  const BY: Record<string, string> = { a: 'gunner', a2: 'gunner', b: 'sniper', c: 'gunner', d: 'gunner' }
  const shot = (dir: string, seed: string) =>
    json(dir, ['shoot', `${BY[seed]}:rifle`, 'knight', '--defense', 'guard', '--seed', seed]).traits.defender

  it('Invincible and Unyielding spent this round, back after next-round; Superior Instincts twice a game, a turn each', () => {
    const dir = usesGame()
    expect(shot(dir, 'a')).toEqual([
      'invincible=crits-as-hits',
      'unyielding=blocks',
      'superior-instincts=blocks',
    ])
    let knight = status(dir).units.knight
    expect(knight.spentThisRound).toEqual(['invincible', 'unyielding'])
    expect(knight.spent).toEqual(['superior-instincts'])
    // gunner's turn goes on: W, Superior Instincts "+3 Blocks this Turn", held, not taken again.
    expect(shot(dir, 'a2')).toEqual(['invincible=spent', 'unyielding=rerolls', 'superior-instincts=blocks'])
    expect(status(dir).units.knight.spent).toEqual(['superior-instincts'])
    // Spent this round: sniper's turn meets them spent; Superior Instincts' second use.
    expect(shot(dir, 'b')).toEqual(['invincible=spent', 'unyielding=rerolls', 'superior-instincts=blocks'])
    expect(status(dir).units.knight.spent).toEqual(['superior-instincts', 'superior-instincts'])
    // The status text counts a use taken twice.
    const text = mecha(['game', 'status'], { cwd: dir }).stdout
    expect(text).toMatch(/knight .*used: superior-instincts x2; used this round:\s+invincible, unyielding/)
    // gunner again after sniper: another turn, and both uses are taken.
    expect(shot(dir, 'c')).toEqual(['invincible=spent', 'unyielding=rerolls', 'superior-instincts=immune'])
    run(dir, ['game', 'next-round'])
    knight = status(dir).units.knight
    expect(knight.spentThisRound).toEqual([])
    // A new round gives the once-a-round uses back, never Superior Instincts' (twice a game).
    expect(shot(dir, 'd')).toEqual([
      'invincible=crits-as-hits',
      'unyielding=blocks',
      'superior-instincts=immune',
    ])
    // Undone, the shot takes nothing.
    run(dir, ['game', 'undo'])
    expect(status(dir).units.knight.spentThisRound).toEqual([])
    // Each shot replays from its event in the state it was played in (the traits as spent then).
    const dealt = json(dir, ['game', 'stats']).rolls.map((r: { dealt: number }) => r.dealt)
    expect(dealt.some((d: number) => d > 0)).toBe(true)
    const seeds = ['a', 'a2', 'b', 'c']
    const again = seeds.map((seed, i) => {
      const d = usesGame()
      for (const s of seeds.slice(0, i)) shot(d, s)
      return json(d, ['shoot', `${BY[seed]}:rifle`, 'knight', '--defense', 'guard', '--seed', seed]).damage
    })
    expect(dealt).toEqual(again)
  })

  it('a plan in a game starts from the uses the game has taken: Superior Instincts’ second use, held for the turn', () => {
    const dir = usesGame()
    shot(dir, 'a')
    run(dir, ['game', 'next-round'])
    const p = json(dir, [
      'plan',
      'knight',
      'gunner:rifle',
      'gunner:rifle',
      '--defense',
      'guard',
      '--seed',
      'p',
    ])
    expect(p.steps.map((s: { spent?: string[] }) => s.spent)).toEqual([
      ['invincible', 'superior-instincts', 'unyielding'],
      undefined,
    ])
    expect(p.steps[1].answer.traits.defender).toEqual([
      'invincible=spent',
      'unyielding=rerolls',
      'superior-instincts=blocks',
    ])
    const knight = status(dir).units.knight
    expect(knight.spentThisRound).toEqual(['invincible', 'unyielding'])
    expect(knight.spent).toEqual(['superior-instincts', 'superior-instincts'])
    // The odds read the same state: the plan's first attack at the game's uses taken.
    const odds = json(dir, ['plan', 'knight', 'gunner:rifle', '--defense', 'guard', '--odds'])
    const byHand = json(dir, ['shoot', 'gunner:rifle', 'knight', '--defense', 'guard', '--odds'])
    expect(odds.odds.damage).toEqual(byHand.odds.damage)
  })
})
