/**
 * What an answer says, where new users tripped (issue 38, items 15 and 16): no outcome of a short
 * histogram hidden, no empty table, "an 8/1", HP never below 0 in words, a game past its last
 * round said to be over, blockSource, the help a usage error points to, and the example battle's
 * units as the example roster has them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { load } from 'js-yaml'
import { afterAll, describe, expect, it } from 'vitest'
import { flagsAsKeys } from '../../src/runtime/spec.js'
import { mecha } from './in-process.js'

const ROSTER = fileURLToPath(new URL('../../examples/battle.yaml', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'mecha-answer-text-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('odds text', () => {
  it('roll 3d6 --odds lists every total, 3 and 18 (0.46% each) too', () => {
    const r = mecha(['roll', '3d6', '--odds'])
    expect(r.stdout).toMatch(/\n {4}3 {4}0\.46% {3}100\.00% /)
    expect(r.stdout).toMatch(/\n {3}18 {4}0\.46% {5}0\.46% /)
    expect(r.stdout).not.toContain('less likely')
  })

  it('a long tail is still grouped past 40 rows', () => {
    expect(mecha(['roll', '10d10', '--odds']).stdout).toMatch(/less likely .* outcomes, each under 0\.5%/)
  })

  it('--compare: a distribution certain for every option is one line, not an empty table', () => {
    const r = mecha([
      'shoot',
      '--acc',
      '9',
      '--evade',
      '4',
      '--shots',
      '5',
      '--dmg',
      '300',
      '--odds',
      '--compare',
    ])
    expect(r.code).toBe(0)
    expect(r.stdout).not.toContain('failed saves (at least)')
    expect(r.stdout.match(/^failed saves: 0 for every option \(certain\)$/gm)).toHaveLength(2)
  })

  it('melee asks about "an 8/1 attack"', () => {
    const r = mecha([
      'melee',
      '--atk-split',
      '8/1',
      '--atk-dmg',
      '300',
      '--def-melee',
      '6',
      '--def-dmg',
      '300',
      '--odds',
      '--compare',
    ])
    expect(r.stdout).toContain("Compared: Defender's reaction to an 8/1 attack")
    expect(r.stdout).not.toContain('a 8/1')
  })
})

describe('HP in words as a game or a plan keeps it, never below 0', () => {
  it('shoot: "HP left 0, DESTROYED, overkill 500" where the JSON\'s remainingHp is -500', () => {
    const args = [
      'shoot',
      '--acc',
      '9',
      '--evade',
      '4',
      '--shots',
      '5',
      '--dmg',
      '300',
      '--hp',
      '100',
      '--seed',
      'a',
    ]
    expect(mecha(args).stdout).toContain('Damage: 600  (HP left 0, DESTROYED, overkill 500)\n')
    expect(JSON.parse(mecha([...args, '--json']).stdout)).toMatchObject({
      remainingHp: -500,
      destroyed: true,
    })
  })

  it('melee: "HP 300 -> 0, DESTROYED, overkill 1600"; exactly 0 says no overkill', () => {
    const args = [
      'melee',
      '--atk-melee',
      '10',
      '--atk-dmg',
      '300',
      '--atk-pen',
      '5',
      '--def-melee',
      '10',
      '--def-dmg',
      '300',
      '--def-pen',
      '5',
      '--atk-hp',
      '3000',
      '--seed',
      'b',
    ]
    expect(mecha([...args, '--def-hp', '300']).stdout).toContain(
      'Defender took 1900, HP 300 -> 0, DESTROYED, overkill 1600.',
    )
    expect(mecha([...args, '--def-hp', '1900']).stdout).toContain(
      'Defender took 1900, HP 1900 -> 0, DESTROYED.',
    )
    expect(mecha([...args, '--def-hp', '1901']).stdout).toContain('Defender took 1900, HP 1901 -> 1.')
  })
})

describe('shoot: blockSource names where the blocks came from', () => {
  it.each([
    [['--defense', 'guard'], 1, 'guard'],
    [['--defense', 'none'], 0, 'none'],
    [['--defense', 'guard', '--shield', '1'], 2, 'shield'],
    [['--defense', 'guard', '--cover'], 3, 'cover'],
    [['--defense', 'none', '--barrier', '2'], 2, 'barrier'],
    [['--defense', 'none', '--extra-blocks', '1'], 1, 'other'],
  ])('%j: %i blocks from %s', (flags, blocks, source) => {
    const args = [
      'shoot',
      '--acc',
      '9',
      '--evade',
      '4',
      '--shots',
      '5',
      '--dmg',
      '300',
      '--seed',
      'a',
      '--json',
    ]
    expect(JSON.parse(mecha([...args, ...flags]).stdout)).toMatchObject({ blocks, blockSource: source })
  })
})

describe('a game', () => {
  const game = (args: string[]) => mecha(['game', ...args], { cwd: dir })

  it("a usage error names the subcommand's help: mecha game new --help, not mecha game --help", () => {
    const r = game(['new'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(
      "mecha: required option '--mode <mode>' not specified; see 'mecha game new --help'\n",
    )
    expect(mecha(['roster', 'check', '--bogus']).stderr).toBe(
      "mecha: unknown option '--bogus'; see 'mecha roster check --help'\n",
    )
    expect(mecha(['wargroup', 'bogus']).stderr).toBe(
      "mecha: unknown command 'bogus'; see 'mecha wargroup --help'\n",
    )
  })

  it('stats: a heading within 80 columns; status and next-round past the last round say the battle is over', () => {
    expect(
      game(['new', 'mecha-game.jsonl', '--roster', ROSTER, '--mode', 'simple-battle', '--points', '1000'])
        .code,
    ).toBe(0)
    expect(mecha(['shoot', 'argonaut:cannon', 'dervish', '--seed', 'g1'], { cwd: dir }).code).toBe(0)
    const stats = game(['stats']).stdout
    for (const line of stats.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80)
    expect(stats).toMatch(/^Luck against the exact odds \(mecha-game\.jsonl\): each roll's damage, its\n/)
    for (let round = 2; round <= 5; round++)
      expect(game(['next-round']).stdout).toMatch(new RegExp(`round ${round} begins`))
    expect(game(['status']).stdout).toMatch(/^simple battle, 1000 points, round 5 of 5 /)
    expect(game(['next-round']).stdout).toBe(
      '#6 the battle is over: 5 rounds played\n- the battle ended with round 5: mecha game status gives the score\n',
    )
    expect(game(['status']).stdout).toMatch(
      /^simple battle, 1000 points, over: 5 rounds played \(mecha-game\.jsonl, 6 events\)\n/,
    )
  })
})

describe('a hand-edited game header that no longer reads', () => {
  it('is named by the log, its units and the field, no line of another text (not "(its units):8")', () => {
    const d = join(dir, 'edited-header')
    mkdirSync(d)
    expect(
      mecha(['game', 'new', 'g.jsonl', '--roster', ROSTER, '--mode', 'simple-battle', '--points', '500'], {
        cwd: d,
      }).code,
    ).toBe(0)
    const file = join(d, 'g.jsonl')
    writeFileSync(file, readFileSync(file, 'utf8').replace('"evade":4,', '"evade":"x",'))
    const r = mecha(['shoot', 'argonaut:cannon', 'white-asura', '--game', 'g.jsonl', '--seed', 'a'], {
      cwd: d,
    })
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(
      'mecha: g.jsonl (its units): units.dervish.evade: expected a whole number 0-30, got "x"\n',
    )
  })
})

describe('batch: flags as keys, but not in a command line to type', () => {
  it('a game\'s HP hint says "mecha game set b1 --hp N", not "hp"', () => {
    const d = join(dir, 'batch-hint')
    mkdirSync(d)
    expect(
      mecha(['game', 'new', 'g.jsonl', '--roster', ROSTER, '--mode', 'simple-battle', '--points', '500'], {
        cwd: d,
      }).code,
    ).toBe(0)
    const r = mecha(['batch', '--game', 'g.jsonl'], {
      cwd: d,
      input:
        '{"command":"shoot","attacker":"white-asura:beam-rifle","defender":"blue-djinn","hp":1000,"seed":"x"}\n',
    })
    expect(JSON.parse(r.stdout).error).toBe(
      '"hp": the game gives blue-djinn\'s HP left (3500); drop "hp" (mecha game set blue-djinn --hp N corrects it), or give --no-game',
    )
  })

  it('flagsAsKeys', () => {
    const keys = new Map([
      ['--hp', '"hp"'],
      ['--arm-sv', '"armSv"'],
    ])
    expect(
      flagsAsKeys('--arm-sv: 99; --hp (mecha game set x --hp N, or mecha shoot --help); --hp', keys),
    ).toBe('"armSv": 99; "hp" (mecha game set x --hp N, or mecha shoot --help); "hp"')
    expect(flagsAsKeys('the game mecha-game.jsonl: --hp', keys)).toBe('the game mecha-game.jsonl: "hp"')
  })
})

describe('U+202E and the other format characters are escaped where a name is printed', () => {
  it('in an error, and in a roster card', () => {
    const roster = fileURLToPath(new URL('../../examples/roster.yaml', import.meta.url))
    const r = mecha(['shoot', 'ab\u202ecd', 'dervish', '--roster', roster])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^mecha: "ab\\u202ecd" is not a unit name; /)
    expect(r.stderr).not.toContain('\u202e')
    const file = join(dir, 'bidi.yaml')
    writeFileSync(file, 'units:\n  ab:\n    name: "x\\u202ey\\u2066z"\n    acc: 9\n')
    const card = mecha(['roster', 'show', 'ab', '--roster', file]).stdout
    expect(card).toMatch(/\nname +x\\u202ey\\u2066z\n/)
    expect(card).not.toMatch(/[\u202e\u2066]/)
  })
})

describe('examples/battle.yaml', () => {
  it("has the example roster's units as they are there (the Dervish's Vulcan for overwatch too), each with a side", () => {
    const units = (file: string) =>
      (
        load(readFileSync(fileURLToPath(new URL(`../../examples/${file}`, import.meta.url)), 'utf8')) as {
          units: Record<string, Record<string, unknown>>
        }
      ).units
    const roster = units('roster.yaml')
    const battle = units('battle.yaml')
    expect(Object.keys(battle)).toEqual(['argonaut', 'blue-djinn', 'dervish', 'white-asura'])
    for (const [name, unit] of Object.entries(battle)) {
      const { side, ...rest } = unit
      expect(['red', 'blue']).toContain(side)
      expect(rest, name).toEqual(roster[name])
    }
    expect(battle.dervish.weapons).toHaveProperty('vulcan', { shots: 4, dmg: 100, overwatch: 2 })
  })
})
