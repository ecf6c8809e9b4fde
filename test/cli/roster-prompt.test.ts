import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { mecha, mechaJson } from './in-process.js'
import { mechaTty } from './run-cli.js'

/**
 * The weapon prompt (issue 15): a unit with several weapons for the command and none named is
 * asked about in a terminal, each weapon with the exact expected outcome of the command with it
 * (what `--odds` of the same command by name reports), the best first.
 */
const FILE = 'examples/roster.yaml'
const hasPython = spawnSync('python3', ['-c', 'import pty'], { encoding: 'utf8' }).status === 0

/** As the prompts print an expectation: one decimal at most (render/format num). */
const one = (x: number) => String(Number(x.toFixed(1)))
const expected = (args: string[]) => mechaJson([...args, '--odds', '--auto']).odds.expected

const dir = mkdtempSync(join(tmpdir(), 'mecha-prompt-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
/** Two sides with two melee weapons each, so both are asked. */
const duel = join(dir, 'duel.yaml')
writeFileSync(
  duel,
  `units:
  red:
    melee: 6
    armSv: 1
    hp: 3000
    weapons:
      sword: { melee: true, dmg: 400, pen: 5 }
      knife: { melee: true, dmg: 200 }
  blue:
    melee: 5
    armSv: 2
    hp: 2500
    weapons:
      axe: { melee: true, dmg: 500, pen: 3 }
      whip: { melee: true, dmg: 200, pen: 4S }
`,
)

describe.runIf(hasPython)('the weapon prompt, in a terminal', () => {
  const given = ['--bonus', 'none', '--defense', 'none', '--momentum', '0']

  it('shoot: every shooting weapon with its expected damage; the one picked is fired', () => {
    const byName = (w: string) => ['shoot', `argonaut:${w}`, 'dervish', '--roster', FILE, ...given]
    const cannon = expected(byName('cannon')).damage
    const gun = expected(byName('machine-gun')).damage
    expect(cannon).toBeGreaterThan(gun) // so the cannon is listed first, and is the default
    const r = mechaTty(
      ['shoot', 'argonaut', 'dervish', '--roster', FILE, ...given, '--seed', 'p1'],
      [["argonaut's shooting weapon against dervish", '\x1b[B\r']],
    )
    expect(r.missing).toBeUndefined()
    expect(r.code).toBe(0)
    const menu = r.output.slice(r.output.indexOf("argonaut's shooting weapon"))
    expect(menu).toMatch(new RegExp(`cannon +4 shots, DMG 800, PEN 4: expected ${one(cannon)} DMG\\s`))
    expect(menu).toMatch(new RegExp(`machine-gun +7 shots, DMG 200: expected ${one(gun)} DMG\\s`))
    expect(menu.indexOf('cannon')).toBeLessThan(menu.indexOf('machine-gun'))
    // The answer is the machine gun's, as if it had been named; the replay line names it.
    const named = mecha([...byName('machine-gun'), '--seed', 'p1'])
    expect(named.code).toBe(0)
    const [answer, replay] = [
      named.stdout.trimEnd().split('\n').slice(0, -1).join('\n'),
      named.stdout.trimEnd().split('\n').pop(),
    ]
    expect(replay).toBe('seed p1 (replay: --seed p1)')
    expect(r.output.replace(/\r\n/g, '\n')).toContain(answer)
    expect(r.output).toContain('seed p1 (replay: argonaut:machine-gun dervish --seed p1)')
  })

  it("melee: the attacker's melee weapons, dealt and taken", () => {
    // Splits and choices given, so only the weapon is asked.
    const settled = ['--atk-split', '4/3', '--def-split', '3/4', '--def-choice', 'guard']
    const momentum = ['--atk-momentum', '0', '--def-momentum', '0']
    const args = (w: string) => ['melee', `blue-djinn:${w}`, 'white-asura', '--roster', FILE, ...settled]
    const sword = expected(args('heat-sword'))
    const whip = expected(args('arc-whip'))
    const r = mechaTty(
      ['melee', 'blue-djinn', 'white-asura', '--roster', FILE, ...settled, ...momentum, '--seed', 'p2'],
      [["blue-djinn's melee weapon against white-asura", '\r']],
    )
    expect(r.missing).toBeUndefined()
    expect(r.code).toBe(0)
    for (const [w, e] of [
      ['heat-sword', sword],
      ['arc-whip', whip],
    ] as const)
      expect(r.output).toMatch(
        new RegExp(
          `${w} +DMG \\d+, PEN 5S?: deals ${one(e.defenderDamage)}, takes ${one(e.attackerDamage)} DMG expected\\s`,
        ),
      )
    expect(r.output).toContain('blue-djinn:heat-sword vs white-asura (from the roster)')
  })

  it('melee, neither side naming a weapon: the attacker against the best reply, then the defender', () => {
    const settled = ['--atk-split', '3/3', '--def-split', '2/3', '--def-choice', 'counter']
    const ex = (a: string, d: string) =>
      expected(['melee', `red:${a}`, `blue:${d}`, '--roster', duel, ...settled])
    const value = (e: Record<string, number>, side: 'atk' | 'def') =>
      side === 'atk' ? e.defenderDamage - e.attackerDamage : e.attackerDamage - e.defenderDamage
    // The defender's best reply to each attacker weapon, by its own expected damage dealt less taken.
    const reply = (a: string) => (value(ex(a, 'axe'), 'def') >= value(ex(a, 'whip'), 'def') ? 'axe' : 'whip')
    const r = mechaTty(
      [
        'melee',
        'red',
        'blue',
        '--roster',
        duel,
        ...settled,
        '--atk-momentum',
        '0',
        '--def-momentum',
        '0',
        '--seed',
        'p3',
      ],
      [
        ["red's melee weapon against blue", '\x1b[B\r'],
        ["blue's melee weapon against red:", '\r'],
      ],
    )
    expect(r.missing).toBeUndefined()
    expect(r.code).toBe(0)
    for (const a of ['sword', 'knife']) {
      const e = ex(a, reply(a))
      expect(r.output).toMatch(
        new RegExp(
          `${a} +DMG \\d+(, PEN 5)?: deals ${one(e.defenderDamage)}, takes ${one(e.attackerDamage)} DMG expected \\(vs ${reply(a)}\\)`,
        ),
      )
    }
    // The attacker's list is best first: the second is the other one.
    const order = ['sword', 'knife'].sort(
      (x, y) => value(ex(y, reply(y)), 'atk') - value(ex(x, reply(x)), 'atk'),
    )
    const picked = order[1]
    const defender = r.output.slice(r.output.indexOf("blue's melee weapon"))
    expect(defender).toContain(`blue's melee weapon against red:${picked}`)
    for (const d of ['axe', 'whip']) {
      const e = ex(picked, d)
      expect(defender).toMatch(
        new RegExp(
          `${d} +DMG \\d+, PEN \\dS?: deals ${one(e.attackerDamage)}, takes ${one(e.defenderDamage)} DMG expected\\s`,
        ),
      )
    }
    expect(r.output).toMatch(new RegExp(`red:${picked} vs blue:(axe|whip) \\(from the roster\\)`))
  })

  it('save: any weapon, with the expected damage of the saves', () => {
    const e = (w: string) =>
      expected(['save', `laughing-joker:${w}`, 'dervish', '--hits', '3', '--roster', FILE]).damage
    const r = mechaTty(
      ['save', 'laughing-joker', 'dervish', '--hits', '3', '--roster', FILE, '--seed', 'p4'],
      [["laughing-joker's weapon against dervish", '\r']],
    )
    expect(r.code).toBe(0)
    expect(r.output).toMatch(
      new RegExp(`bazooka +2 shots, DMG 800, PEN 5: expected ${one(e('bazooka'))} DMG`),
    )
    expect(r.output).toMatch(
      new RegExp(`machine-gun +7 shots, DMG 200, PEN 4: expected ${one(e('machine-gun'))} DMG`),
    )
  })

  it('Ctrl+C at the weapon prompt exits 130 without a stack trace', () => {
    const r = mechaTty(
      ['shoot', 'argonaut', 'dervish', '--roster', FILE],
      [["argonaut's shooting weapon", '\x03']],
    )
    expect(r.code).toBe(130)
    expect(r.output).not.toMatch(/ExitPromptError|Error|at .*\.js/)
  })

  it('--auto never asks: the choices are named, exit 2', () => {
    const r = mechaTty(['shoot', 'argonaut', 'dervish', '--roster', FILE, '--auto'], [])
    expect(r.code).toBe(2)
    expect(r.output).toMatch(
      /argonaut has 2 shooting weapons; name one: argonaut:cannon, argonaut:machine-gun/,
    )
  })

  it('a named weapon, or only one, is not asked about', () => {
    const r = mechaTty(['shoot', 'zodiac', 'dervish', '--roster', FILE, ...given, '--seed', 's'], [])
    expect(r.code).toBe(2) // zodiac has no shooting weapon: said, not asked
    expect(r.output).toMatch(/zodiac has no shooting weapon/)
    const one = mechaTty(['shoot', 'falconeye', 'dervish', '--roster', FILE, ...given, '--seed', 's'], [])
    expect(one.code).toBe(0)
    expect(one.output).toContain('falconeye vs dervish (from the roster)')
  })
})

describe('without a terminal', () => {
  it('names the choices and exits 2', () => {
    const r = mecha(['melee', 'blue-djinn', 'white-asura', '--roster', FILE])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(
      'mecha: blue-djinn has 2 melee weapons; name one: blue-djinn:heat-sword, blue-djinn:arc-whip\n',
    )
  })
})
