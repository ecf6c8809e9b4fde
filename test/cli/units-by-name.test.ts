import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findUnit, lookupUnit } from '../../src/rules/stellar/roster.js'
import { parseRoster } from '../../src/rules/stellar/roster-text.js'
import {
  type RosterInputs,
  meleeInputs,
  outmaneuverInputs,
  saveInputs,
  shootInputs,
  vpInputs,
} from '../../src/runtime/roster-inputs.js'
import { mecha } from './in-process.js'

/**
 * Units by name (issue 15): `mecha shoot ATTACKER[:WEAPON] DEFENDER` gives exactly the answer of
 * the same command spelled with flags, plus where each input came from.
 */
const FILE = 'examples/roster.yaml'
const roster = parseRoster(readFileSync(FILE, 'utf8'), FILE)

/** The roster's values as the command-line flags a player would type (a trait list: the flag once a trait). */
function asFlags(inputs: RosterInputs): string[] {
  return Object.entries(inputs).flatMap(([key, r]) => {
    const flag = '--' + key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())
    if (Array.isArray(r)) return r.flatMap((item) => [flag, String(item.value)])
    return r.value === true ? [flag] : r.value === false ? [] : [flag, String(r.value)]
  })
}

const json = (args: string[]) => {
  const r = mecha(args)
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
  return JSON.parse(r.stdout)
}

describe('units by name give the answer of the same flags', () => {
  const shot = () => {
    const a = findUnit(roster, 'argonaut:machine-gun', 'shoot')
    return asFlags(shootInputs(a.unit, a.weapon, lookupUnit(roster, 'dervish')))
  }

  it.each([
    ['--seed', 'table1'],
    ['--rolls', '1,1,4,5,7,7,10', '--bonus', 'none', '--defense', 'none'],
    ['--odds'],
  ])('shoot argonaut:machine-gun dervish %s', (...extra) => {
    const byName = json(['shoot', 'argonaut:machine-gun', 'dervish', '--roster', FILE, ...extra, '--json'])
    const byFlags = json(['shoot', ...shot(), ...extra, '--json'])
    expect(byName.inputs.acc).toEqual({ value: 9, from: 'roster', field: 'argonaut.acc' })
    expect(byName.inputs.evade).toEqual({ value: 4, from: 'roster', field: 'dervish.evade' })
    delete byName.inputs
    expect(byName).toEqual(byFlags)
  })

  it.each([
    ['save', 'argonaut:cannon', 'dervish', ['--hits', '3', '--seed', 's1']],
    ['save', 'argonaut:machine-gun', 'dervish', ['--hits', '3', '--seed', 's1']],
    ['save', 'laughing-joker:bazooka', 'saronic-cruiser', ['--hits', '6', '--odds']],
    ['outmaneuver', 'argonaut', 'dervish', ['--seed', 's1']],
    ['outmaneuver', 'green-viking', 'saronic-cruiser', ['--odds']],
  ])('%s %s %s', (command, attacker, defender, extra) => {
    const flags =
      command === 'save'
        ? (() => {
            const a = findUnit(roster, attacker)
            return asFlags(saveInputs(a.unit, a.weapon, lookupUnit(roster, defender)))
          })()
        : asFlags(outmaneuverInputs(lookupUnit(roster, attacker), lookupUnit(roster, defender)))
    const byName = json([command, attacker, defender, '--roster', FILE, ...extra, '--json'])
    const byFlags = json([command, ...flags, ...extra, '--json'])
    expect(Object.values(byName.inputs).some((i) => (i as { from: string }).from === 'roster')).toBe(true)
    delete byName.inputs
    expect(byName).toEqual(byFlags)
  })

  it.each([
    ['saronic-cruiser', []],
    ['dervish', ['--commander', '--round', '3', '--challenge']],
    ['argonaut', ['--below-half', '--performance', '9']],
  ])('vp %s %j', (unit, extra) => {
    const byName = json(['vp', unit, '--roster', FILE, ...extra, '--json'])
    const byFlags = json(['vp', ...asFlags(vpInputs(lookupUnit(roster, unit))), ...extra, '--json'])
    expect(byName.inputs.frame).toEqual({
      value: lookupUnit(roster, unit).frame,
      from: 'roster',
      field: `${unit}.frame`,
    })
    delete byName.inputs
    expect(byName).toEqual(byFlags)
  })

  it('vp by name: a warship scores as one, and a flag beside the name wins', () => {
    const cruiser = json(['vp', 'saronic-cruiser', '--roster', FILE, '--json'])
    expect(cruiser.parts).toContainEqual({ reason: 'warship', vp: 2 })
    expect(cruiser.inputs.warship).toEqual({ value: true, from: 'roster', field: 'saronic-cruiser.kind' })
    const framed = json(['vp', 'saronic-cruiser', '--frame', '1', '--roster', FILE, '--json'])
    expect(framed.inputs.frame).toEqual({ value: '1', from: 'flag' })
    expect(framed.vp).toBe(cruiser.vp - 3) // Frame 4 -> 1
    const text = mecha(['vp', 'saronic-cruiser', '--roster', FILE])
    expect(text.stdout.split('\n')[0]).toBe('saronic-cruiser (from the roster)')
  })

  it('outmaneuver refuses a weapon where only the unit counts', () => {
    const r = mecha(['outmaneuver', 'argonaut:cannon', 'dervish', '--roster', FILE, '--seed', 'x'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(
      'mecha: outmaneuver: "argonaut:cannon" names a weapon, but only the unit counts here; give argonaut\n',
    )
  })

  it('melee blue-djinn:heat-sword white-asura:beam-saber', () => {
    const a = findUnit(roster, 'blue-djinn:heat-sword', 'melee')
    const d = findUnit(roster, 'white-asura:beam-saber', 'melee')
    const flags = asFlags(meleeInputs(a.unit, a.weapon, d.unit, d.weapon))
    const byName = json([
      'melee',
      'blue-djinn:heat-sword',
      'white-asura:beam-saber',
      '--roster',
      FILE,
      '--seed',
      'clash',
      '--json',
    ])
    delete byName.inputs
    expect(byName).toEqual(json(['melee', ...flags, '--seed', 'clash', '--json']))
  })

  it("a unit's shooting trait changes the shot exactly as the flag would", () => {
    // lunar-ravager lists gunnery-expert: Precision +1 over its pilot's +2.
    const extra = ['--bonus', 'precision', '--defense', 'none', '--seed', 'gx', '--json']
    const a = findUnit(roster, 'lunar-ravager', 'shoot')
    const flags = asFlags(shootInputs(a.unit, a.weapon, lookupUnit(roster, 'dervish')))
    expect(flags.join(' ')).toContain('--trait gunnery-expert')
    const byName = json(['shoot', 'lunar-ravager', 'dervish', '--roster', FILE, ...extra])
    expect(byName.inputs.trait).toEqual([
      { value: 'gunnery-expert', from: 'roster', field: 'lunar-ravager.traits.0' },
    ])
    expect(byName.traits).toEqual({ attacker: ['gunnery-expert'], defender: [] })
    const withFlag = json(['shoot', ...flags, ...extra])
    const withoutTrait = json([
      'shoot',
      ...flags.filter((f) => f !== '--trait' && f !== 'gunnery-expert'),
      ...extra,
    ])
    delete byName.inputs
    expect(byName).toEqual(withFlag)
    // Acc 9 + Precision 3 against Evade 4: 8+ to evade; without the trait Precision is 2, 7+.
    expect(byName.targetNumber).toBe(8)
    expect(withoutTrait.targetNumber).toBe(7)
    // A trait typed beside the name adds to the profile's; a batch line names them the same way.
    const more = json([
      'shoot',
      'lunar-ravager',
      'dervish',
      '--roster',
      FILE,
      '--def-trait',
      'elusive',
      ...extra,
    ])
    expect(more.inputs.defTrait).toEqual([{ value: 'elusive', from: 'flag' }])
    expect(more.traits).toEqual({ attacker: ['gunnery-expert'], defender: ['elusive'] })
    const line = { command: 'shoot', attacker: 'lunar-ravager', defender: 'dervish', defTrait: 'elusive' }
    const batch = mecha(['batch', '--roster', FILE], {
      input: JSON.stringify(Object.assign(line, { bonus: 'precision', defense: 'none', seed: 'gx' })) + '\n',
    })
    expect(batch.code).toBe(0)
    const { line: _, inputs, ...answer } = JSON.parse(batch.stdout)
    expect(inputs.trait).toEqual(more.inputs.trait)
    delete more.inputs
    expect(answer).toEqual(more)
  })

  it('a flag typed beside the names wins, and says so', () => {
    const j = json([
      'shoot',
      'argonaut:machine-gun',
      'dervish',
      '--roster',
      FILE,
      '--acc',
      '12',
      '--seed',
      'x',
      '--json',
    ])
    expect(j.inputs.acc).toEqual({ value: '12', from: 'flag' })
    expect(j.inputs.shots.from).toBe('roster')
  })

  it('the text names the units', () => {
    const r = mecha(['shoot', 'argonaut:machine-gun', 'dervish', '--roster', FILE, '--seed', 'x'])
    expect(r.code).toBe(0)
    expect(r.stdout.split('\n')[0]).toBe('argonaut:machine-gun vs dervish (from the roster)')
  })
})

describe('units by name: bad input is one line and exit 2', () => {
  it.each([
    [
      ['shoot', 'argonaut', 'dervish', '--roster', FILE],
      /argonaut has 2 shooting weapons; name one: argonaut:cannon, argonaut:machine-gun/,
    ],
    [
      ['shoot', 'argonot:machine-gun', 'dervish', '--roster', FILE],
      /argonot: no such unit .*did you mean argonaut\?/,
    ],
    [
      ['shoot', 'argonaut:machine-gun', '--roster', FILE],
      /unexpected word "argonaut:machine-gun": units by name take two/,
    ],
    [['shoot', 'argonaut:machine-gun', 'dervish', '--roster', 'no-such.yaml'], /no-such\.yaml/],
    // A third word is a second target (DEFENDER...): a unit the roster must know.
    [['shoot', 'argonaut:machine-gun', 'dervish', 'extra', '--roster', FILE], /^mecha: extra: no such unit/],
    [['save', 'argonaut:cannon', 'dervish', 'extra', '--roster', FILE], /unexpected word "extra"/],
    [
      ['vp', 'dervish', 'argonaut', '--roster', FILE],
      /^mecha: vp: unexpected word "argonaut"; every input is a flag/,
    ],
    [
      ['vp', 'dervish:beam-rifle', '--roster', FILE],
      /^mecha: vp: "dervish:beam-rifle" names a weapon, but only the unit counts here; give dervish$/m,
    ],
    [
      ['vp', 'dervish', '--mode', 'simple', '--roster', FILE],
      /^mecha: vp: a unit by name is one destroyed unit's VP \(--mode unit\); for --mode simple drop dervish and list units in --kills$/m,
    ],
    [
      ['vp', 'zodiac', '--roster', FILE],
      /^mecha: vp: zodiac has no frame in examples\/roster\.yaml:\d+; add frame: 1-5 to it, or give --frame$/m,
    ],
  ])('mecha %j', (args, message) => {
    const r = mecha(args as string[])
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toMatch(message)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
  })

  describe('a malformed roster, through the binary', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mecha-bad-roster-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    const good =
      'units:\n  a:\n    acc: 9\n    weapons:\n      gun: { shots: 3, dmg: 100 }\n  b:\n    evade: 2\n'
    it.each([
      ['bad YAML', 'units:\n  a: { acc: 9\n', /^mecha: bad\.yaml:\d+: /],
      [
        'a wrong type',
        good.replace('acc: 9', 'acc: nine'),
        /^mecha: bad\.yaml:3: units\.a\.acc: expected a whole number 0-30, got "nine"$/,
      ],
      [
        'an unknown field',
        good.replace('evade: 2', 'evasion: 2'),
        /^mecha: bad\.yaml:7: units\.b\.evasion: unknown field "evasion" of a unit; the fields are /,
      ],
      [
        'a unit named twice',
        good + '  a:\n    acc: 3\n',
        /^mecha: bad\.yaml:8: a appears twice in one map; keep one$/,
      ],
      [
        'a weapon without DMG',
        good.replace('dmg: 100', 'pen: 2'),
        /^mecha: bad\.yaml:5: units\.a\.weapons\.gun: no dmg; /,
      ],
      [
        'an unknown trait',
        good.replace('acc: 9', 'acc: 9\n    traits: [sniper]'),
        /^mecha: bad\.yaml:4: units\.a\.traits\.0: no trait "sniper"; the traits are gunnery-expert, .*, advantage \(mecha traits lists their other names\)$/,
      ],
      [
        'a choice the trait does not offer',
        good.replace('evade: 2', 'evade: 2\n    traits: [unyielding=always]'),
        /^mecha: bad\.yaml:8: units\.b\.traits\.0: "always" is not a choice of unyielding; give unyielding=blocks or unyielding=rerolls$/,
      ],
    ])('%s: one line naming the file and line, exit 2', (_, text, message) => {
      const file = join(dir, 'bad.yaml')
      writeFileSync(file, text)
      for (const args of [
        ['shoot', 'a:gun', 'b', '--seed', 's'],
        ['roster', 'list'],
      ]) {
        const r = mecha([...args, '--roster', 'bad.yaml'], { cwd: dir })
        expect(r.code, args.join(' ')).toBe(2)
        expect(r.stdout).toBe('')
        expect(r.stderr.trimEnd()).toMatch(message)
        expect(r.stderr.trimEnd().split('\n')).toHaveLength(1)
      }
    })

    it('a weapon the unit does not have: the error lists the ones it has', () => {
      writeFileSync(join(dir, 'ok.yaml'), good)
      const r = mecha(['shoot', 'a:cannon', 'b', '--roster', 'ok.yaml'], { cwd: dir })
      expect(r.code).toBe(2)
      expect(r.stderr).toBe('mecha: a:cannon: a has no weapon cannon; its shooting weapons are gun\n')
    })
  })

  it('no roster anywhere: says where one is looked for', () => {
    const r = mecha(['shoot', 'argonaut:machine-gun', 'dervish'], {
      env: { HOME: '/nonexistent', XDG_CONFIG_HOME: '/nonexistent' },
    })
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/no roster found; give --roster FILE, set MECHA_ROSTER/)
  })
})

describe('mecha roster', () => {
  it('list: every unit and every weapon, within 80 columns', () => {
    const r = mecha(['roster', 'list', '--roster', FILE])
    expect(r.code).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines[0]).toBe(`${roster.units.length} units (${FILE})`)
    for (const u of roster.units) expect(r.stdout).toMatch(new RegExp(`^${u.key} `, 'm'))
    for (const u of roster.units) for (const w of u.weapons) expect(r.stdout).toContain(` ${w.key} `)
    expect(lines.filter((l) => l.length > 80)).toEqual([])
  })

  it("show: one unit's card, any case", () => {
    const r = mecha(['roster', 'show', 'Dervish', '--roster', FILE])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^Evade +4$/m)
    expect(r.stdout).toMatch(/beam-rifle \(4 shots, DMG 300, PEN 5, Rapid Fire \+1\)/)
    const bad = mecha(['roster', 'show', 'dervis', '--roster', FILE])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/did you mean dervish\?/)
  })

  it('check: exit 0 with a count, or 2 with the first problem as file:line', () => {
    const ok = mecha(['roster', 'check', FILE])
    expect(ok.code).toBe(0)
    expect(ok.stdout).toMatch(/^ok: 18 units, \d+ weapons \(examples\/roster\.yaml\)$/m)
    const bad = mecha(['roster', 'check', 'README.md'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/^mecha: README\.md:\d+: /)
    expect(bad.stderr.trim().split('\n')).toHaveLength(1)
  })

  it('new: a starter file that checks, and works by name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mecha-roster-'))
    const file = join(dir, 'mecha-roster.yaml')
    writeFileSync(file, mecha(['roster', 'new']).stdout)
    expect(mecha(['roster', 'check', file]).code).toBe(0)
    const shot = mecha(['shoot', 'my-mech:rifle', 'their-mech', '--roster', file, '--seed', 's', '--json'])
    expect(shot.code).toBe(0)
    expect(JSON.parse(shot.stdout).inputs.dmg).toEqual({
      value: 300,
      from: 'roster',
      field: 'my-mech.weapons.rifle.dmg',
    })
    rmSync(dir, { recursive: true, force: true })
  })
})

describe('units named constructor and prototype (issue 38)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mecha-roster-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'roster.yaml')
  writeFileSync(
    file,
    [
      'units:',
      '  constructor:',
      '    acc: 9',
      '    weapons:',
      '      prototype: { shots: 5, dmg: 300 }',
      '      constructor: { melee: true, dmg: 200 }',
      '  prototype: { evade: 4, hp: 1000 }',
      '  toString: { evade: 2 }',
      '',
    ].join('\n'),
  )
  const byFlags = ['--acc', '9', '--shots', '5', '--dmg', '300', '--evade', '4', '--hp', '1000']

  it('roster check counts them, and list shows them', () => {
    expect(mecha(['roster', 'check', file]).stdout).toBe(`ok: 3 units, 2 weapons (${file})\n`)
    const list = mecha(['roster', 'list', '--roster', file]).stdout
    for (const name of ['constructor ', 'prototype ', 'toString '])
      expect(list).toMatch(new RegExp(`^${name}`, 'm'))
  })

  it('a shot by those names is the shot by flags', () => {
    const byName = json([
      'shoot',
      'constructor:prototype',
      'prototype',
      '--roster',
      file,
      '--seed',
      'p',
      '--json',
    ])
    expect(byName.inputs.shots).toEqual({
      value: 5,
      from: 'roster',
      field: 'constructor.weapons.prototype.shots',
    })
    delete byName.inputs
    const flags = json(['shoot', ...byFlags, '--seed', 'p', '--json'])
    delete flags.inputs
    expect(byName).toEqual(flags)
  })

  it('batch lines name them too', () => {
    const line = { command: 'shoot', attacker: 'constructor:prototype', defender: 'prototype', seed: 'p' }
    const r = mecha(['batch', '--roster', file], { input: JSON.stringify(line) + '\n' })
    expect(r.stderr).toBe('')
    const { line: _, ...answer } = JSON.parse(r.stdout)
    expect(answer).toEqual(
      json(['shoot', 'constructor:prototype', 'prototype', '--roster', file, '--seed', 'p', '--json']),
    )
  })
})

describe('batch lines name units too', () => {
  it('a line with "attacker" and "defender" answers as the command by name does', () => {
    const lines = [
      { command: 'shoot', attacker: 'argonaut:machine-gun', defender: 'dervish', seed: 'r1' },
      { command: 'melee', attacker: 'blue-djinn:heat-sword', defender: 'white-asura:beam-saber', seed: 'r3' },
      { command: 'shoot', attacker: 'nobody', defender: 'dervish' },
      { command: 'shoot', attacker: 'argonaut:machine-gun', defender: 'dervish', acc: 12, seed: 'r1' },
    ]
    const r = mecha(['batch', '--roster', FILE], {
      input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n',
    })
    expect(r.code).toBe(2)
    const out = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(out).toHaveLength(4)
    const { line: _1, ...first } = out[0]
    expect(first).toEqual(
      json(['shoot', 'argonaut:machine-gun', 'dervish', '--roster', FILE, '--seed', 'r1', '--json']),
    )
    const { line: _2, ...second } = out[1]
    expect(second).toEqual(
      json([
        'melee',
        'blue-djinn:heat-sword',
        'white-asura:beam-saber',
        '--roster',
        FILE,
        '--seed',
        'r3',
        '--json',
      ]),
    )
    expect(out[2]).toMatchObject({ line: 3, code: 'unknown-unit' })
    expect(out[3].inputs.acc).toEqual({ value: 12, from: 'flag' })
    expect(out[3].targetNumber).toBeGreaterThan(first.targetNumber) // Acc 12 over the roster's 9
  })

  it('a vp line names its unit with "unit"', () => {
    const lines = [
      { command: 'vp', unit: 'saronic-cruiser', commander: true, round: 2 },
      { command: 'vp', unit: 'dervish:beam-rifle' },
      { command: 'vp', unit: 7 },
      { command: 'vp', unit: 'dervish', attacker: 'argonaut' },
    ]
    const r = mecha(['batch', '--roster', FILE], {
      input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n',
    })
    const out = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    const { line: _, inputs, ...first } = out[0]
    const single = json(['vp', 'saronic-cruiser', '--commander', '--round', '2', '--roster', FILE, '--json'])
    // The inputs keep each value as given: a line's 2, the command line's "2".
    expect(inputs.round).toEqual({ value: 2, from: 'flag' })
    expect(single.inputs.round).toEqual({ value: '2', from: 'flag' })
    delete single.inputs
    expect(first).toEqual(single)
    expect(out[1]).toMatchObject({ line: 2, code: 'bad-usage' })
    expect(out[2]).toEqual({
      line: 3,
      error: '"unit" is a unit name, e.g. "unit": "dervish"',
      code: 'bad-value',
    })
    expect(out[3]).toMatchObject({ line: 4, code: 'unknown-key' })
  })
})
