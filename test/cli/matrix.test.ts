import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import * as library from '../../src/api/index.js'
import { MechaError } from '../../src/api/index.js'
import { mecha } from './in-process.js'

// `mecha matrix`: every cell is the answer `mecha shoot A:W D --odds --json` (a melee weapon:
// `mecha melee A:W D --odds --json`, a charge) gives for the same names and flags.
const dir = mkdtempSync(join(tmpdir(), 'mecha-matrix-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// gunner and twin: the same red unit with its rifle; only gunner carries a blade.
const RED_RIFLE = `    side: red
    acc: 9
    evade: 3
    melee: 5
    armSv: 2
    hp: 2000
    weapons:
      rifle: { shots: 5, dmg: 300, pen: 4 }`
const ROSTER_TEXT = `units:
  gunner:
${RED_RIFLE}
      blade: { melee: true, dmg: 400, pen: 5 }
  twin:
${RED_RIFLE}
  brute:
    side: blue
    acc: 7
    evade: 2
    melee: 6
    armSv: 1
    hp: 2500
    weapons:
      cannon: { shots: 4, dmg: 400, pen: 3 }
      claw: { melee: true, dmg: 300, pen: 4 }
  scout:
    side: blue
    acc: 8
    evade: 5
    melee: 7
    hp: 1200
    weapons:
      smg: { shots: 6, dmg: 100 }
      knife: { melee: true, dmg: 200, pen: 2 }
      axe: { melee: true, dmg: 300, pen: 3 }
`
const roster = join(dir, 'roster.yaml')
writeFileSync(roster, ROSTER_TEXT)
// No sides: all against all.
const plain = join(dir, 'plain.yaml')
writeFileSync(plain, ROSTER_TEXT.replace(/ {4}side: \w+\n/g, ''))

interface Cell {
  attacker: string
  weapon: string
  defender: string
  command: 'shoot' | 'melee'
  expectedDamage: number
  destroyed: number | null
  best: boolean
  defenderWeapon?: string | null
  attackerDestroyed?: number | null
  attackerDamage?: number | null
  error?: string
}

interface Matrix {
  attackers: Array<{ unit: string; weapon: string; command: string }>
  defenders: string[]
  cells: Cell[]
  requests: number
}

function json(args: string[], file = roster): Matrix {
  const r = mecha(['matrix', '--roster', file, ...args, '--json'])
  expect(r.code, r.stderr).toBe(0)
  return JSON.parse(r.stdout)
}

/** The single command's answer for one cell, as its --odds --json gives it. */
function single(command: string, attacker: string, defender: string, flags: string[] = []) {
  const r = mecha([command, attacker, defender, '--roster', roster, '--odds', '--json', ...flags])
  expect(r.code, r.stderr).toBe(0)
  const odds = JSON.parse(r.stdout).odds
  return command === 'shoot'
    ? { expectedDamage: odds.expected.damage, destroyed: odds.destroyed.true }
    : {
        expectedDamage: odds.expected.defenderDamage,
        destroyed: odds.destroyed.defender.true,
        attackerDestroyed: odds.destroyed.attacker.true,
        attackerDamage: odds.expected.attackerDamage,
      }
}

const rank = (a: Cell) => [a.destroyed ?? -1, a.expectedDamage]
const better = (a: Cell, b: Cell) => {
  const [x, y] = [rank(a), rank(b)]
  return x[0] - y[0] || x[1] - y[1]
}

describe('mecha matrix: each cell is the single command by names', () => {
  const m = json(['gunner', 'brute:cannon', '--vs', 'scout', 'brute'])

  it('rows: a unit alone is each of its weapons, unit:weapon one; columns: the units after --vs', () => {
    expect(m.attackers).toEqual([
      { unit: 'gunner', weapon: 'rifle', command: 'shoot' },
      { unit: 'gunner', weapon: 'blade', command: 'melee' },
      { unit: 'brute', weapon: 'cannon', command: 'shoot' },
    ])
    expect(m.defenders).toEqual(['scout', 'brute'])
    // brute:cannon against brute is left out: a unit is never its own target.
    expect(m.cells.map((c) => `${c.attacker}:${c.weapon}>${c.defender}`)).toEqual([
      'gunner:rifle>scout',
      'gunner:rifle>brute',
      'gunner:blade>scout',
      'gunner:blade>brute',
      'brute:cannon>scout',
    ])
  })

  it('a shooting weapon is `mecha shoot A:W D --odds`: the same expected damage and chance to destroy', () => {
    for (const c of m.cells.filter((x) => x.command === 'shoot'))
      expect({ expectedDamage: c.expectedDamage, destroyed: c.destroyed }).toEqual(
        single('shoot', `${c.attacker}:${c.weapon}`, c.defender),
      )
  })

  it('a melee weapon is a charge, `mecha melee A:W D --odds`, against the reply the defender fares best with', () => {
    const brute = m.cells.find((c) => c.weapon === 'blade' && c.defender === 'brute')!
    expect(brute.defenderWeapon).toBe('claw')
    expect({
      expectedDamage: brute.expectedDamage,
      destroyed: brute.destroyed,
      attackerDestroyed: brute.attackerDestroyed,
      attackerDamage: brute.attackerDamage,
    }).toEqual(single('melee', 'gunner:blade', 'brute'))
    // The scout has two melee weapons: each reply is worked out, and the scout takes the one
    // that leaves it the least chance to be destroyed, then the highest chance to destroy the
    // charger, then deals it the most damage.
    const scout = m.cells.find((c) => c.weapon === 'blade' && c.defender === 'scout')!
    const replies = ['knife', 'axe'].map((w) => ({ w, ...single('melee', 'gunner:blade', `scout:${w}`) }))
    const key = (r: (typeof replies)[number]) => [-r.destroyed, r.attackerDestroyed, r.attackerDamage]
    const kept = replies.reduce((a, b) => {
      const [x, y] = [key(a), key(b)]
      return (y[0] - x[0] || y[1] - x[1] || y[2] - x[2]) > 0 ? b : a
    })
    // The reply changes the defender's own split, and so its chance to be destroyed.
    expect(replies[0].destroyed).not.toBe(replies[1].destroyed)
    expect(scout.defenderWeapon).toBe(kept.w)
    expect(scout).toMatchObject({
      destroyed: kept.destroyed,
      expectedDamage: kept.expectedDamage,
      attackerDestroyed: kept.attackerDestroyed,
      attackerDamage: kept.attackerDamage,
    })
  })

  it('the best weapon per defender: the highest chance to destroy, then expected damage', () => {
    for (const d of m.defenders) {
      const mine = m.cells.filter((c) => c.defender === d)
      const top = mine.reduce((a, b) => (better(b, a) > 0 ? b : a))
      expect(mine.filter((c) => c.best)).toEqual(mine.filter((c) => better(c, top) === 0))
      expect(top.best).toBe(true)
    }
  })

  it('the flags apply to every cell, as the single commands take them (--hp is a charge’s --def-hp)', () => {
    const flagged = json(['gunner', '--vs', 'brute', '--bonus', 'precision', '--hp', '900'])
    const [rifle, blade] = flagged.cells
    expect({ expectedDamage: rifle.expectedDamage, destroyed: rifle.destroyed }).toEqual(
      single('shoot', 'gunner:rifle', 'brute', ['--bonus', 'precision', '--hp', '900']),
    )
    expect({
      expectedDamage: blade.expectedDamage,
      destroyed: blade.destroyed,
      attackerDestroyed: blade.attackerDestroyed,
      attackerDamage: blade.attackerDamage,
    }).toEqual(single('melee', 'gunner:blade', 'brute', ['--def-hp', '900']))
    expect(rifle.destroyed).not.toBe(m.cells[1].destroyed)
  })

  it('each distinct request is answered once: two units with one weapon profile share theirs', () => {
    const both = json(['gunner:rifle', 'twin:rifle', '--vs', 'brute', 'scout'])
    expect(both.cells).toHaveLength(4)
    expect(both.requests).toBe(2)
    expect(both.cells[0].expectedDamage).toBe(both.cells[2].expectedDamage)
  })
})

describe('mecha matrix: the units when none are named', () => {
  it('a roster with sides: the first side against the others; --side picks the attackers', () => {
    const red = json([])
    expect(red.attackers).toEqual([
      { unit: 'gunner', weapon: 'rifle', command: 'shoot' },
      { unit: 'gunner', weapon: 'blade', command: 'melee' },
      { unit: 'twin', weapon: 'rifle', command: 'shoot' },
    ])
    expect(red.defenders).toEqual(['brute', 'scout'])
    const blue = json(['--side', 'blue'])
    expect(blue.attackers.map((a) => a.unit)).toEqual(['brute', 'brute', 'scout', 'scout', 'scout'])
    expect(blue.defenders).toEqual(['gunner', 'twin'])
  })

  it('only attackers named: the units of the other sides defend; only --vs: theirs attack', () => {
    expect(json(['scout:smg']).defenders).toEqual(['gunner', 'twin'])
    expect(json(['--vs', 'gunner']).attackers.map((a) => a.unit)).toEqual([
      'brute',
      'brute',
      'scout',
      'scout',
      'scout',
    ])
  })

  it('a roster without sides: all against all, never a unit against itself', () => {
    const all = json([], plain)
    expect(all.defenders).toEqual(['gunner', 'twin', 'brute', 'scout'])
    expect(all.attackers).toHaveLength(8)
    expect(all.cells.some((c) => c.attacker === c.defender)).toBe(false)
    expect(all.cells).toHaveLength(8 * 4 - 8)
  })
})

describe('mecha matrix: outputs', () => {
  it('the table: every line within 80 columns, the best marked with *', () => {
    const r = mecha(['matrix', '--roster', plain])
    expect(r.code, r.stderr).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(80)
    expect(r.stdout).toMatch(/\d\*/)
    expect(r.stdout).toContain('gunner:blade (charge)')
    // More defenders than 80 columns take: the next ones in a table below, within the width.
    const wide = mecha([
      'matrix',
      '--roster',
      'examples/roster.yaml',
      'argonaut:cannon',
      '--vs',
      'dervish',
      'blue-djinn',
      'white-asura',
      'laughing-joker',
      'green-viking',
      'zodiac',
    ])
    expect(wide.code, wide.stderr).toBe(0)
    for (const l of wide.stdout.trimEnd().split('\n')) expect(l.length, l).toBeLessThanOrEqual(80)
    const heads = wide.stdout.split('\n').filter((l) => /^\s+dervish|^\s+\S.*zodiac/.test(l))
    expect(heads).toHaveLength(2)
  })

  it('--csv: a header, then one row per cell with the JSON values', () => {
    const m = json(['gunner', '--vs', 'brute', 'scout'])
    const r = mecha(['matrix', '--roster', roster, 'gunner', '--vs', 'brute,scout', '--csv'])
    expect(r.code, r.stderr).toBe(0)
    const [head, ...rows] = r.stdout.trimEnd().split('\n')
    expect(head).toBe(
      'attacker,weapon,defender,command,expectedDamage,destroyed,best,defenderWeapon,attackerDestroyed,attackerDamage',
    )
    expect(rows).toEqual(
      m.cells.map((c) =>
        [
          c.attacker,
          c.weapon,
          c.defender,
          c.command,
          c.expectedDamage,
          c.destroyed,
          c.best,
          c.defenderWeapon ?? '',
          c.attackerDestroyed ?? '',
          c.attackerDamage ?? '',
        ].join(','),
      ),
    )
  })

  it('batch: a "matrix" line answers as --json does', () => {
    const line = JSON.stringify({ command: 'matrix', attacker: ['gunner'], vs: ['brute', 'scout'] })
    const r = mecha(['batch', '--roster', roster], { input: line + '\n' })
    expect(r.code, r.stderr).toBe(0)
    const { line: n, ...answer } = JSON.parse(r.stdout)
    expect(n).toBe(1)
    expect(answer).toEqual(json(['gunner', '--vs', 'brute', 'scout']))
    const none = mecha(['batch', '--roster', roster], { input: '{"command":"matrix"}\n' })
    expect(JSON.parse(none.stdout)).toMatchObject({ command: 'matrix', defenders: ['brute', 'scout'] })
  })

  it('the library: matrix.resolve with the roster read by parseRoster answers as --json does', () => {
    const data = library.parseRoster(ROSTER_TEXT)
    const answer = library.matrix.resolve({ roster: data, attacker: 'gunner', vs: ['brute', 'scout'] })
    expect(JSON.parse(JSON.stringify(answer))).toEqual(json(['gunner', '--vs', 'brute', 'scout']))
    expect(() => library.matrix.resolve({ roster: data, attacker: 'nobody' })).toThrow(MechaError)
    expect(() => library.matrix.resolve({ attacker: 'gunner' })).toThrow(/roster/)
  })
})

describe('mecha matrix: bad input, one line and exit 2', () => {
  it.each([
    [['nobody', '--vs', 'brute'], /^mecha: nobody: no such unit in the roster/],
    [['gunner', '--vs', 'nobody'], /^mecha: nobody: no such unit in the roster/],
    [['gunner:laser', '--vs', 'brute'], /^mecha: gunner:laser: gunner has no weapon laser/],
    [['gunner', '--vs', 'gunner'], /^mecha: matrix: nothing to compare/],
    [['--side', 'green'], /^mecha: matrix: --side green: no such side; the sides are red, blue/],
    [['gunner', '--side', 'red'], /^mecha: matrix: --side picks the attacking side/],
    [['gunner', '--vs', 'brute', '--bonus', 'lots'], /^mecha: --bonus: "lots" is not one of/],
    [['gunner', '--vs', 'brute', '--csv', '--json'], /^mecha: --csv and --json both print the answer/],
    // An empty --vs is not "every unit": it names no defender.
    [['gunner', '--vs', ''], /^mecha: matrix: --vs names no defender; give units/],
    [['gunner', '--vs', ',', '--vs', ' '], /^mecha: matrix: --vs names no defender; give units/],
  ])('matrix %j', (args, message) => {
    const r = mecha(['matrix', '--roster', roster, ...args])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(message)
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1)
  })

  it('no roster: one line saying where one is looked for', () => {
    const r = mecha(['matrix'], { cwd: dir, env: { XDG_CONFIG_HOME: dir } })
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^mecha: matrix: no roster found/)
  })

  it('a cell its command refuses is said in the cell; a matrix of only those is bad input', () => {
    const noMelee = join(dir, 'nomelee.yaml')
    writeFileSync(
      noMelee,
      `units:
  a: { acc: 8, melee: 5, hp: 1000, weapons: { sword: { melee: true, dmg: 300 }, gun: { shots: 3, dmg: 200 } } }
  b: { acc: 8, melee: 5, hp: 1000, weapons: { gun: { shots: 3, dmg: 200 } } }
`,
    )
    const m = json(['a', '--vs', 'b'], noMelee)
    const sword = m.cells.find((c) => c.weapon === 'sword')!
    expect(sword).toMatchObject({ expectedDamage: null, destroyed: null, best: false })
    expect(sword.error).toMatch(/--def-dmg is required/)
    expect(m.cells.find((c) => c.weapon === 'gun')!.best).toBe(true)
    const text = mecha(['matrix', '--roster', noMelee, 'a', '--vs', 'b'])
    expect(text.stdout).toMatch(/n\/a \(a:sword vs b\): --def-dmg is required/)
    const only = mecha(['matrix', '--roster', noMelee, 'a:sword', '--vs', 'b'])
    expect(only.code).toBe(2)
    expect(only.stderr).toMatch(/^mecha: matrix: a:sword vs b: --def-dmg is required/)
  })
})
