/**
 * A profile's Skill offered at a prompt in a game (issue 37, Wrong 1: "In a game, a profile Skill
 * is offered (at a prompt, or by a flag naming it) or taken automatically only when its side can
 * pay and it helps"). Quickstart, Pilot Skills: a Skill costs Momentum ("[M-#]") and "You may only
 * use one Skill per unit turn". In a terminal each Skill the roll would take is asked about, Yes
 * the default; a No is `--decline UNIT:SKILL`, recorded, so the replay declines it too.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { game, parseRoster, shoot } from '../../src/api/index.js'
import { gamesOf } from './game-fixture.js'
import { mecha } from './in-process.js'
import { mechaTty } from './run-cli.js'

const ROSTER = `units:
  shooter: { side: red, acc: 9, pilot: 1, evade: 3, melee: 5, armSv: 2, hp: 3000, size: 1, traits: [giant-slayer],
             weapons: { rifle: { shots: 4, dmg: 300, pen: 5 }, knife: { melee: true, dmg: 300, pen: 4 } } }
  tank:    { side: blue, acc: 7, pilot: 1, evade: 2, melee: 4, armSv: 3, hp: 40000, size: 2, traits: [persevere],
             weapons: { cannon: { shots: 2, dmg: 600, pen: 6 }, fist: { melee: true, dmg: 300, pen: 4 } } }
  brawler: { side: blue, acc: 7, pilot: 1, evade: 2, armSv: 3, hp: 40000, size: 1, traits: [unbeaten],
             weapons: { gun: { shots: 2, dmg: 300, pen: 4 } } }
`

const hasPython = spawnSync('python3', ['-c', 'import pty'], { encoding: 'utf8' }).status === 0
const { newGame, run, json } = gamesOf(ROSTER)
const momentum = (dir: string) => {
  const sides = json(dir, ['game', 'status']).sides
  return [sides.red.momentum, sides.blue.momentum]
}
const setMomentum = (dir: string, unit: string, m: number) =>
  expect(run(dir, ['game', 'set', unit, '--momentum', String(m)]).code).toBe(0)
/** The game's events as its file holds them (the header left out). */
const events = (dir: string) =>
  readFileSync(join(dir, 'mecha-game.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l))

/** shooter's shot at `target`, the other prompts answered by flags, so only the Skills are asked. */
const shotAt = (target: string) => [
  'shooter:rifle',
  target,
  '--bonus',
  'none',
  '--defense',
  'none',
  '--momentum',
  '0',
]
const SHOT = shotAt('tank')
const tty = (dir: string, args: string[], steps: Array<[string, string]>) =>
  mechaTty([...args, '--game', join(dir, 'mecha-game.jsonl')], steps)
/** A roll in a terminal whose every step's text appeared, exit 0. */
function answered(dir: string, args: string[], steps: Array<[string, string]>) {
  const r = tty(dir, args, steps)
  expect(r.missing).toBeUndefined()
  expect(r.code).toBe(0)
  return r
}
/** The effect of a game's first event on `unit`. */
const effectOn = (dir: string, unit: string) =>
  events(dir)[0].effects.find((f: { unit: string }) => f.unit === unit)
const YES = '\r'
const NO = '\x1b[B\r'

describe.runIf(hasPython)('a profile Skill offered at a prompt, in a terminal', () => {
  it('answered Yes: used, paid once, and recorded in the effects; the question says cost, pool and effect', () => {
    const dir = newGame()
    const r = answered(
      dir,
      ['shoot', ...SHOT, '--seed', 'a'],
      [
        ['Giant Slayer', YES],
        ['Persevere', YES],
      ],
    )
    expect(r.output).toContain(
      "red's shooter may use Giant Slayer (this turn +1 ARM PEN; in melee +2 more against a larger Size) for 1 Momentum (red has 5): use it?",
    )
    expect(r.output).toMatch(
      /blue's tank may use Persevere \(this turn -200 DMG a hit it takes.*\) for 2 Momentum \(blue has 5\): use it\?/,
    )
    expect(momentum(dir)).toEqual([4, 3])
    const [e] = events(dir)
    expect(e.effects).toEqual(
      expect.arrayContaining([
        { unit: 'shooter', skills: ['giant-slayer'], momentum: -1 },
        expect.objectContaining({ unit: 'tank', skills: ['persevere'], momentum: -2 }),
      ]),
    )
    expect(e.request.decline).toBeUndefined()
    // The same shot with no terminal takes both automatically: the same event.
    const auto = newGame()
    json(auto, ['shoot', ...SHOT, '--seed', 'a'])
    expect(events(auto)[0].effects).toEqual(e.effects)
  })

  it('answered No: the roll is made without it, nothing paid, the No recorded and replayed', () => {
    const dir = newGame()
    answered(
      dir,
      ['shoot', ...SHOT, '--seed', 'a'],
      [
        ['Giant Slayer', YES],
        ['Persevere', NO],
      ],
    )
    expect(momentum(dir)).toEqual([4, 5])
    const [e] = events(dir)
    expect(e.request.decline).toEqual(['tank:persevere'])
    expect(effectOn(dir, 'tank').skills).toBeUndefined()
    // The roll is the one --decline makes: the same damage, Persevere not among the traits.
    const flag = newGame()
    const j = json(flag, ['shoot', ...SHOT, '--seed', 'a', '--decline', 'tank:persevere'])
    expect(j.traits.defender).toEqual([])
    expect(j.game.declined).toEqual(['tank:persevere'])
    expect(events(flag)[0].effects).toEqual(e.effects)
    // Without Persevere the tank takes more than with it: the No changed the roll.
    const taken = newGame()
    json(taken, ['shoot', ...SHOT, '--seed', 'a'])
    const hpLost = (d: string) => effectOn(d, 'tank').hpLost
    expect(hpLost(dir)).toBeGreaterThan(hpLost(taken))
    // game stats resolves the event again as it was rolled (the No read from its request).
    expect(json(dir, ['game', 'stats']).rolls[0].dealt).toBe(hpLost(dir))
  })

  it('not asked when its side cannot pay (blue at 1, red at 0) or it does not help (Unbeaten against a shot)', () => {
    const dir = newGame()
    setMomentum(dir, 'tank', 1)
    setMomentum(dir, 'shooter', 0)
    const r = tty(dir, ['shoot', ...SHOT, '--seed', 'a'], [])
    expect(r.code).toBe(0)
    expect(r.output).not.toMatch(/use it\?/)
    const brawler = newGame()
    const b = answered(brawler, ['shoot', ...shotAt('brawler'), '--seed', 'a'], [['Giant Slayer', YES]])
    expect(b.output).not.toMatch(/Unbeaten/)
  })

  it('not asked when a flag names it, declines it, or --auto is given', () => {
    const dir = newGame()
    const r = tty(
      dir,
      ['shoot', ...SHOT, '--seed', 'a', '--trait', 'giant-slayer', '--decline', 'tank:persevere'],
      [],
    )
    expect(r.code).toBe(0)
    expect(r.output).not.toMatch(/use it\?/)
    expect(momentum(dir)).toEqual([4, 5])
    const auto = tty(newGame(), ['shoot', ...SHOT, '--seed', 'a', '--auto'], [])
    expect(auto.code).toBe(0)
    expect(auto.output).not.toMatch(/use it\?/)
  })

  it('not asked again in the same unit turn: Persevere paid once is in effect', () => {
    const dir = newGame()
    json(dir, ['shoot', ...SHOT, '--seed', 'a', '--decline', 'shooter:giant-slayer'])
    const r = tty(dir, ['shoot', ...SHOT, '--seed', 'b', '--decline', 'shooter:giant-slayer'], [])
    expect(r.code).toBe(0)
    expect(r.output).not.toMatch(/use it\?/)
    expect(momentum(dir)).toEqual([5, 3])
  })

  it('Ctrl+C at it exits 130 without a trace, nothing recorded', () => {
    const dir = newGame()
    const r = tty(dir, ['shoot', ...SHOT, '--seed', 'a'], [['Giant Slayer', '\x03']])
    expect(r.code).toBe(130)
    expect(r.output).not.toMatch(/ExitPromptError|Error|at .*\.js/)
    expect(events(dir)).toEqual([])
  })

  it('a charge asks too: the defender’s Persevere declined, recorded', () => {
    const dir = newGame()
    const charge = ['melee', 'shooter:knife', 'tank:fist', '--atk-split', '3/2', '--def-split', '2/2']
    const settled = ['--def-choice', 'guard', '--atk-momentum', '0', '--def-momentum', '0', '--seed', 'm']
    answered(
      dir,
      [...charge, ...settled],
      [
        ['Giant Slayer', YES],
        ['Persevere', NO],
      ],
    )
    expect(events(dir)[0].request.decline).toEqual(['tank:persevere'])
    expect(effectOn(dir, 'tank').skills).toBeUndefined()
    expect(effectOn(dir, 'shooter').skills).toEqual(['giant-slayer'])
    // Red pays 1 for Giant Slayer and gains 1 for the clash; blue pays nothing.
    expect(momentum(dir)).toEqual([5, 5])
  })

  it('a rolled plan asks for its attacks: the No recorded on each attack made', () => {
    const dir = newGame()
    answered(
      dir,
      ['plan', 'tank', 'shooter:rifle', ...SHOT.slice(2), '--seed', 'p'],
      [
        ['Giant Slayer', NO],
        ['Persevere', YES],
      ],
    )
    const [e] = events(dir)
    expect(e.plan).toEqual({ step: 1, of: 1 })
    expect(e.request.decline).toEqual(['shooter:giant-slayer'])
    expect(momentum(dir)).toEqual([5, 3])
  })
})

describe('--decline UNIT:SKILL', () => {
  it('with flags alone there is no profile: refused in one line', () => {
    const dir = newGame()
    const r = run(dir, [
      'shoot',
      '--acc',
      '9',
      '--evade',
      '3',
      '--shots',
      '2',
      '--dmg',
      '100',
      '--decline',
      'persevere',
    ])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^mecha: --decline: leaves a Skill out of a unit named from a roster or a game/)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
  })

  it.each([
    ['tank:rifle', /"tank:rifle" is not a unit's Skill; give UNIT:SKILL/],
    ['nobody:persevere', /--decline: nobody: no such unit/],
  ])('%s is refused in one line', (value, message) => {
    const r = run(newGame(), ['shoot', 'shooter:rifle', 'tank', '--odds', '--decline', value])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(message)
  })

  it('with a roster (no game) the Skill is left out of the shot: its odds are those without the trait', () => {
    const dir = newGame()
    const base = ['shoot', 'shooter:rifle', 'tank', '--roster', 'r.yaml', '--no-game', '--odds']
    const declined = json(dir, [...base, '--decline', 'persevere'])
    const taken = json(dir, base)
    expect(taken.odds.expected.damage).toBeLessThan(declined.odds.expected.damage)
    writeFileSync(join(dir, 'bare.yaml'), ROSTER.replace('traits: [persevere]', 'traits: []'))
    const bare = json(dir, ['shoot', 'shooter:rifle', 'tank', '--roster', 'bare.yaml', '--no-game', '--odds'])
    expect(declined.odds).toEqual(bare.odds)
  })

  it('a batch line in a game takes it as a key, recorded as the command line records it', () => {
    const dir = newGame()
    const line = JSON.stringify({
      command: 'shoot',
      attacker: 'shooter:rifle',
      defender: 'tank',
      decline: ['tank:persevere'],
      seed: 'a',
      bonus: 'none',
      defense: 'none',
      momentum: '0',
    })
    const r = mecha(['batch', '--game', 'mecha-game.jsonl'], { cwd: dir, input: line + '\n' })
    expect(r.code, r.stderr).toBe(0)
    expect(JSON.parse(r.stdout).game.declined).toEqual(['tank:persevere'])
    expect(events(dir)[0].request.decline).toEqual(['tank:persevere'])
    expect(momentum(dir)).toEqual([4, 5])
  })
})

describe('decline in a library request', () => {
  it("shoot.odds in a game: decline leaves the defender's Persevere out, as the command line's --decline", () => {
    const log = game.parse(game.start(parseRoster(ROSTER), 'simple-battle', 1000))
    const req = { attacker: 'shooter:rifle', defender: 'tank', game: log }
    const declined = shoot.odds({ ...req, decline: ['tank:persevere'] })
    const dir = newGame()
    const cli = json(dir, ['shoot', 'shooter:rifle', 'tank', '--odds', '--decline', 'tank:persevere'])
    expect(declined.odds.expected.damage).toBe(cli.odds.expected.damage)
    expect(declined.odds.expected.damage).toBeGreaterThan(shoot.odds(req).odds.expected.damage)
  })
})
