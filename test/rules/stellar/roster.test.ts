import { readFileSync } from 'node:fs'
import { nearest } from '../../../src/core/nearest.js'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/core/errors.js'
import { TRAITS } from '../../../src/rules/stellar/traits.js'
import {
  findUnit,
  lookupUnit,
  mergeRosters,
  parseUnitRef,
  weaponsFor,
} from '../../../src/rules/stellar/roster.js'
import { parseRoster } from '../../../src/rules/stellar/roster-text.js'

/** The traits a profile takes, as an unknown one's error lists them. */
const KNOWN_TRAITS = `${TRAITS.map((t) => t.name).join(', ')}, advantage (mecha traits lists their other names)`

const argonaut = `units:
  argonaut:
    name: Argonaut
    pilot: 0
    acc: 9
    evade: 3
    melee: 5
    armSv: 2
    shield: 1
    size: 1
    hp: 3000
    traits: [close-combat-expert]
    weapons:
      machine-gun: { shots: 7, dmg: 200 }
      cannon: { shots: 4, rapidFire: 1, dmg: 800, pen: 4 }
      vulcan: { shots: 4, dmg: 100, overwatch: 2 }
      beam-saber: { melee: true, dmg: 400, pen: 6S, finisher: 1 }
  dervish:
    evade: 4
`

function errorOf(text: string, file = 'roster.yaml'): string {
  try {
    parseRoster(text, file)
  } catch (e) {
    expect(e).toBeInstanceOf(InputError)
    return (e as Error).message
  }
  throw new Error('parsed without an error')
}

describe('parseRoster', () => {
  it('reads a unit and its weapons', () => {
    const r = parseRoster(argonaut, 'roster.yaml')
    expect(r.units.map((u) => u.key)).toEqual(['argonaut', 'dervish'])
    const a = r.units[0]
    expect(a).toMatchObject({
      key: 'argonaut',
      name: 'Argonaut',
      kind: 'ms',
      file: 'roster.yaml',
      line: 2,
      pilot: 0,
      acc: 9,
      evade: 3,
      melee: 5,
      armSv: 2,
      shield: 1,
      size: 1,
      hp: 3000,
    })
    expect(a.traits).toEqual(['close-combat-expert'])
    expect(a.weapons.map((w) => [w.key, w.line, w.melee])).toEqual([
      ['machine-gun', 14, false],
      ['cannon', 15, false],
      ['vulcan', 16, false],
      ['beam-saber', 17, true],
    ])
    expect(a.weapons[1]).toMatchObject({
      shots: 4,
      rapidFire: 1,
      dmg: 800,
      pen: { value: 4, kind: 'damage' },
    })
    expect(a.weapons[3]).toMatchObject({ dmg: 400, pen: { value: 6, kind: 'stun' }, finisher: 1 })
    expect(a.weapons[0].pen).toBeUndefined()
    // Only what the file states: no defaults filled in.
    expect(r.units[1]).toMatchObject({
      key: 'dervish',
      name: 'dervish',
      kind: 'ms',
      evade: 4,
      traits: [],
      weapons: [],
    })
    expect(r.units[1].acc).toBeUndefined()
  })

  it('accepts JSON', () => {
    const r = parseRoster(
      '{"units": {"Dervish": {"evade": 4, "weapons": {"gun": {"shots": 3, "dmg": 100, "pen": "3P"}}}}}',
      'r.json',
    )
    expect(lookupUnit(r, 'dervish').weapons[0].pen).toEqual({ value: 3, kind: 'push' })
  })

  it.each([
    [
      'bad YAML',
      'units:\n  a:\n    acc: [9\n  b: 3\n',
      'roster.yaml:4: missed comma between flow collection entries',
    ],
    ['a tab', 'units:\n\ta: {}\n', 'roster.yaml:2: tab characters must not be used in indentation'],
    [
      'a second document',
      'units: {}\n---\nunits: {}\n',
      'roster.yaml:2: a second YAML document starts here; a roster is one document (drop the --- and what follows, or merge them)',
    ],
    [
      'a list as a key',
      'units:\n  a: {}\n  ? [a, b]\n  : {}\n',
      `roster.yaml:3: units.a,b: "a,b" is not a name; a name is letters, digits, - and _ (starting with a letter or digit), at most 40 characters`,
    ],
    [
      'a quoted key twice',
      'units:\n  a: {}\n  "a": {}\n',
      'roster.yaml:3: "a" appears twice in one map; keep one',
    ],
    // The name is the key as YAML reads it (0x10 is 16), found on its own line.
    [
      'a key read as a number',
      'units:\n  a: {}\n  0x10:\n    acc: 99\n',
      'roster.yaml:4: units.16.acc: 99 is not 0-30',
    ],
    [
      'an empty file',
      '',
      'roster.yaml:1: the roster is empty; it starts with `units:` and a unit under it (mecha roster new writes a starter file)',
    ],
    ['a list', '- argonaut\n', 'roster.yaml:1: expected a map with `units:` at the top, got a list'],
    [
      'no units',
      'unit:\n  a: {}\n',
      'roster.yaml:1: unit: unknown field "unit" of a roster; the fields are units',
    ],
    [
      'a number out of range',
      'units:\n  argonaut:\n    weapons:\n      cannon:\n        shots: 31\n        dmg: 800\n',
      'roster.yaml:5: units.argonaut.weapons.cannon.shots: 31 is not 1-30',
    ],
    [
      'a word for a number',
      'units:\n  argonaut:\n    acc: nine\n',
      'roster.yaml:3: units.argonaut.acc: expected a whole number 0-30, got "nine"',
    ],
    [
      'a fraction',
      'units:\n  a:\n    hp: 2500.5\n',
      'roster.yaml:3: units.a.hp: 2500.5 is not a whole number 1-1000000',
    ],
    ['a pilot level 3', 'units:\n  a: { pilot: 3 }\n', 'roster.yaml:2: units.a.pilot: 3 is not 0-2'],
    [
      'a text for a flag',
      'units:\n  a:\n    weapons:\n      s: { melee: yes, dmg: 1 }\n',
      'roster.yaml:4: units.a.weapons.s.melee: expected true or false, got "yes"',
    ],
    [
      'an unknown unit field',
      'units:\n  a:\n    acc: 9\n    accuracy: 3\n',
      'roster.yaml:4: units.a.accuracy: unknown field "accuracy" of a unit; the fields are name, kind, pilot, acc, evade, melee, shipMelee, armSv, shield, size, hp, role, move, frame, performance, side, traits, weapons',
    ],
    [
      'a flag spelling',
      'units:\n  a:\n    arm-sv: 2\n',
      'roster.yaml:3: units.a.arm-sv: unknown field "arm-sv" of a unit; the fields are name, kind, pilot, acc, evade, melee, shipMelee, armSv, shield, size, hp, role, move, frame, performance, side, traits, weapons',
    ],
    [
      'an unknown weapon field',
      'units:\n  a:\n    weapons:\n      gun: { shots: 3, dmg: 100, range: 24 }\n',
      'roster.yaml:4: units.a.weapons.gun.range: unknown field "range" of a weapon; the fields are name, melee, shots, rapidFire, dmg, pen, overwatch, finisher, aoe, indirect, energy',
    ],
    [
      'the same name twice',
      'units:\n  a: {}\n  b: {}\n  a: {}\n',
      'roster.yaml:4: a appears twice in one map; keep one',
    ],
    [
      'names differing in case',
      'units:\n  argonaut:\n    acc: 9\n  Argonaut:\n    acc: 3\n',
      'roster.yaml:4: units.Argonaut: Argonaut is also the unit on line 2 (argonaut); names are matched without case, rename one',
    ],
    [
      'weapons differing in case',
      'units:\n  a:\n    weapons:\n      Gun: { shots: 1, dmg: 1 }\n      gun: { shots: 1, dmg: 1 }\n',
      'roster.yaml:5: units.a.weapons.gun: gun is also the weapon on line 4 (Gun); names are matched without case, rename one',
    ],
    [
      'a name with a space',
      'units:\n  argo naut:\n    acc: 9\n',
      'roster.yaml:2: units.argo naut: "argo naut" is not a name; a name is letters, digits, - and _ (starting with a letter or digit), at most 40 characters',
    ],
    [
      'a name with a colon',
      'units:\n  "a:b": {}\n',
      'roster.yaml:2: units.a:b: "a:b" is not a name; a name is letters, digits, - and _ (starting with a letter or digit), at most 40 characters',
    ],
    [
      'a weapon name like a flag',
      'units:\n  a:\n    weapons:\n      -gun: { shots: 1, dmg: 1 }\n',
      'roster.yaml:4: units.a.weapons.-gun: "-gun" is not a name; a name is letters, digits, - and _ (starting with a letter or digit), at most 40 characters',
    ],
    [
      'an unknown trait',
      'units:\n  a:\n    traits: [close-combat-expert, flying]\n',
      `roster.yaml:3: units.a.traits.1: no trait "flying"; the traits are ${KNOWN_TRAITS}`,
    ],
    [
      'a misspelt trait',
      'units:\n  a:\n    traits: [gunery-expert]\n',
      `roster.yaml:3: units.a.traits.0: no trait "gunery-expert"; did you mean gunnery-expert? the traits are ${KNOWN_TRAITS}`,
    ],
    [
      'a choice the trait does not offer',
      'units:\n  a:\n    traits: [elusive, unyielding=sometimes]\n',
      'roster.yaml:3: units.a.traits.1: "sometimes" is not a choice of unyielding; give unyielding=blocks or unyielding=rerolls',
    ],
    [
      'a choice for a trait without one',
      'units:\n  a:\n    traits: [cool-under-fire=yes]\n',
      'roster.yaml:3: units.a.traits.0: elusive takes no choice; give elusive',
    ],
    [
      'a choice for Tactical Advantage',
      'units:\n  a:\n    traits: [advantage=high-ground]\n',
      'roster.yaml:3: units.a.traits.0: advantage takes no choice; give advantage',
    ],
    [
      'a trait that is not text',
      'units:\n  a:\n    traits: [3]\n',
      'roster.yaml:3: units.a.traits.0: expected a trait, e.g. close-combat-expert or unyielding=rerolls, got 3',
    ],
    [
      'traits with one effect',
      'units:\n  a:\n    traits:\n      - close-combat-expert\n      - merciless-melee\n',
      'roster.yaml:5: units.a.traits.1: close-combat-expert and merciless-melee have the same effect, and a unit cannot have both; keep one',
    ],
    [
      'a choice for an alias of a trait without one',
      'units:\n  a:\n    traits: [marksman, Gunnery-Expert=x]\n',
      'roster.yaml:3: units.a.traits.1: gunnery-expert takes no choice; give gunnery-expert',
    ],
    [
      'one trait by two of its names',
      'units:\n  a:\n    traits: [marksman, Gunnery-Expert]\n',
      'roster.yaml:3: units.a.traits.1: Gunnery-Expert is listed twice (marksman and Gunnery-Expert are names of one trait); keep one',
    ],
    [
      'an unknown kind',
      'units:\n  a: { kind: mech }\n',
      'roster.yaml:2: units.a.kind: "mech" is not a known kind; give one of ms, super-robot, kaiju, super-heavy, warship',
    ],
    [
      'an unknown role',
      'units:\n  a:\n    role: tank\n',
      'roster.yaml:3: units.a.role: "tank" is not a known role; give one of battler, interceptor, attacker, melee, other',
    ],
    [
      'a bad PEN',
      'units:\n  a:\n    weapons:\n      gun: { shots: 3, dmg: 100, pen: 7Q }\n',
      'roster.yaml:4: units.a.weapons.gun.pen: "7Q" is not a PEN value; give 0-20, optionally with S (stun) or P (push/pull), e.g. 5 or 5S',
    ],
    [
      'a PEN over 20',
      'units:\n  a:\n    weapons:\n      gun: { shots: 3, dmg: 100, pen: 21 }\n',
      'roster.yaml:4: units.a.weapons.gun.pen: 21 is not a PEN value; give 0-20, optionally with S (stun) or P (push/pull), e.g. 5 or 5S',
    ],
    [
      'a weapon left empty',
      'units:\n  a:\n    weapons:\n      gun:\n',
      'roster.yaml:4: units.a.weapons.gun: expected a weapon (a map of name, melee, shots, rapidFire, dmg, pen, overwatch, finisher, aoe, indirect, energy), got nothing',
    ],
    [
      'a weapon without DMG',
      'units:\n  a:\n    weapons:\n      gun:\n        shots: 3\n',
      'roster.yaml:4: units.a.weapons.gun: no dmg; every weapon needs its DMG per hit, e.g. dmg: 200',
    ],
    [
      'a shooting weapon without shots',
      'units:\n  a:\n    weapons:\n      gun: { dmg: 300 }\n',
      'roster.yaml:4: units.a.weapons.gun: no shots; a shooting weapon needs its shots, e.g. shots: 4 (or melee: true for a melee weapon)',
    ],
    [
      'a melee weapon with shots',
      'units:\n  a:\n    weapons:\n      saber:\n        melee: true\n        dmg: 400\n        shots: 2\n',
      'roster.yaml:7: units.a.weapons.saber.shots: a melee weapon has no shots; drop it, or drop melee: true for a shooting weapon',
    ],
    [
      'a shooting weapon with Finisher',
      'units:\n  a:\n    weapons:\n      gun: { shots: 2, dmg: 400, finisher: 1 }\n',
      'roster.yaml:4: units.a.weapons.gun.finisher: Finisher belongs to melee weapons; add melee: true or drop it',
    ],
    [
      'weapons as a list',
      'units:\n  a:\n    weapons: [gun]\n',
      'roster.yaml:3: units.a.weapons: expected a map of weapons by name, got a list',
    ],
    [
      'JSON with a text number',
      '{"units": {"a": {"weapons": {"gun": {"shots": 3, "dmg": "200"}}}}}',
      'roster.yaml:1: units.a.weapons.gun.dmg: expected a whole number 0-100000, got "200"',
    ],
  ])('%s: one line naming file:line and field', (_, text, message) => {
    const got = errorOf(text)
    expect(got).toBe(message)
    expect(got).not.toContain('\n')
  })

  it('takes every name and alias of the trait registry, each choice, and advantage, as written', () => {
    const written = TRAITS.flatMap((t) => [
      t.name,
      ...t.aliases.map((a) => a.toUpperCase()),
      ...Object.keys(t.choice ?? {}).map((c) => `${t.name} = ${c}`),
    ])
    written.push('advantage')
    // One trait a unit, so that no two share an effect.
    const text = `units:\n${written.map((w, i) => `  u${i}:\n    traits: ["${w}"]\n`).join('')}`
    const r = parseRoster(text, 'roster.yaml')
    expect(r.units.map((u) => u.traits)).toEqual(written.map((w) => [w]))
  })

  it('reports the problem met first in the file, whatever the schema checks first', () => {
    const text =
      'units:\n  a:\n    weapons:\n      gun: { shots: 31, dmg: 1 }\n  b:\n    acc: 99\n    name: 7\n'
    expect(errorOf(text)).toBe('roster.yaml:4: units.a.weapons.gun.shots: 31 is not 1-30')
    expect(errorOf('units:\n  b:\n    name: 7\n    acc: 99\n')).toBe(
      'roster.yaml:3: units.b.name: expected text, got 7',
    )
  })

  it('keeps units and weapons named constructor and prototype, each with its line (issue 38)', () => {
    const text =
      'units:\n  constructor:\n    weapons:\n      prototype: { shots: 2, dmg: 1 }\n      constructor: { melee: true, dmg: 1 }\n  prototype: {}\n'
    const r = parseRoster(text, 'roster.yaml')
    expect(r.units.map((u) => [u.key, u.line])).toEqual([
      ['constructor', 2],
      ['prototype', 6],
    ])
    expect(r.units[0].weapons.map((w) => [w.key, w.line, w.melee])).toEqual([
      ['prototype', 4, false],
      ['constructor', 5, true],
    ])
    expect(errorOf(text.replace('shots: 2', 'shots: 99'))).toBe(
      'roster.yaml:4: units.constructor.weapons.prototype.shots: 99 is not 1-30',
    )
  })

  it('takes maps and lists 32 levels below the top map, and not one more', () => {
    // The top map, units and a: three levels; the lists within lists the others.
    const nested = (lists: number) => `units:\n  a:\n    traits: ${'['.repeat(lists)}${']'.repeat(lists)}\n`
    expect(errorOf(nested(30))).toMatch(/^roster\.yaml:3: units\.a\.traits\.0: expected a trait/)
    expect(errorOf(nested(31))).toMatch(/^roster\.yaml:3: nested too deep /)
  })

  it('names the file as given', () => {
    expect(errorOf('units:\n  a: { acc: -1 }\n', '../forces/red.yaml')).toBe(
      '../forces/red.yaml:2: units.a.acc: -1 is not 0-30',
    )
  })
})

describe('mergeRosters', () => {
  const red = parseRoster('units:\n  argonaut: { acc: 9 }\n  dervish: { evade: 4 }\n', 'red.yaml')
  const blue = parseRoster('units:\n  zaku: { acc: 7 }\n\n  Dervish: { evade: 2 }\n', 'blue.yaml')

  it('joins units from several files', () => {
    const r = mergeRosters([red, parseRoster('units:\n  zaku: { acc: 7 }\n', 'blue.yaml')])
    expect(r.files).toEqual(['red.yaml', 'blue.yaml'])
    expect(r.units.map((u) => `${u.file}:${u.key}`)).toEqual([
      'red.yaml:argonaut',
      'red.yaml:dervish',
      'blue.yaml:zaku',
    ])
    expect(lookupUnit(r, 'ZAKU').acc).toBe(7)
  })

  it('refuses a name in two files, naming both', () => {
    expect(() => mergeRosters([red, blue])).toThrow(
      'blue.yaml:4: units.Dervish: Dervish is also in red.yaml:3; rename one (each unit name is taken once across the roster files)',
    )
  })
})

describe('finding units', () => {
  const r = parseRoster(argonaut, 'roster.yaml')

  it.each([
    ['argonaut:machine-gun', undefined, 'argonaut', 'machine-gun'],
    ['ARGONAUT:Cannon', undefined, 'argonaut', 'cannon'],
    ['argonaut:beam-saber', 'melee', 'argonaut', 'beam-saber'],
    ['argonaut', 'melee', 'argonaut', 'beam-saber'],
  ] as const)('%s (%s) is %s with %s', (ref, use, unit, weapon) => {
    const found = findUnit(r, ref, use)
    expect(found.unit.key).toBe(unit)
    expect(found.weapon.key).toBe(weapon)
  })

  it.each([
    [
      'argonat:cannon',
      undefined,
      'unknown-unit',
      'argonat: no such unit in the roster (roster.yaml); did you mean argonaut?',
    ],
    [
      'zaku',
      undefined,
      'unknown-unit',
      'zaku: no such unit in the roster (roster.yaml); the units are argonaut, dervish',
    ],
    [
      'argonaut:canon',
      'shoot',
      'unknown-weapon',
      'argonaut:canon: argonaut has no weapon canon; did you mean cannon? its shooting weapons are machine-gun, cannon, vulcan',
    ],
    [
      'argonaut:laser',
      'melee',
      'unknown-weapon',
      'argonaut:laser: argonaut has no weapon laser; its melee weapons are beam-saber',
    ],
    [
      'argonaut',
      'shoot',
      'choose-weapon',
      'argonaut has 3 shooting weapons; name one: argonaut:machine-gun, argonaut:cannon, argonaut:vulcan',
    ],
    [
      'argonaut',
      undefined,
      'choose-weapon',
      'argonaut has 4 weapons; name one: argonaut:machine-gun, argonaut:cannon, argonaut:vulcan, argonaut:beam-saber',
    ],
    [
      'argonaut:beam-saber',
      'shoot',
      'wrong-weapon',
      'argonaut:beam-saber is a melee weapon, not for shooting; its shooting weapons are machine-gun, cannon, vulcan',
    ],
    [
      'argonaut:cannon',
      'melee',
      'wrong-weapon',
      'argonaut:cannon is a shooting weapon, not for a melee clash; its melee weapons are beam-saber',
    ],
    ['dervish', 'shoot', 'no-weapon', 'dervish has no shooting weapon in roster.yaml:18'],
    ['dervish:gun', undefined, 'unknown-weapon', 'dervish:gun: dervish has no weapons in roster.yaml'],
    [
      'argo naut',
      undefined,
      'bad-unit',
      '"argo naut" is not a unit name; give UNIT or UNIT:WEAPON (a name is letters, digits, - and _ (starting with a letter or digit), at most 40 characters)',
    ],
    [
      'argonaut:',
      undefined,
      'bad-unit',
      '"argonaut:": "" is not a weapon name; give UNIT:WEAPON (a name is letters, digits, - and _ (starting with a letter or digit), at most 40 characters)',
    ],
  ] as const)('%s (%s): %s', (ref, use, code, message) => {
    try {
      findUnit(r, ref, use)
      expect.unreachable()
    } catch (e) {
      expect(e).toBeInstanceOf(InputError)
      expect((e as InputError).code).toBe(code)
      expect((e as Error).message).toBe(message)
    }
  })

  it('parses references', () => {
    expect(parseUnitRef(' argonaut:machine-gun ')).toEqual({ unit: 'argonaut', weapon: 'machine-gun' })
    expect(parseUnitRef('dervish')).toEqual({ unit: 'dervish' })
    expect(() => parseUnitRef('a:b:c')).toThrow('"b:c" is not a weapon name')
  })

  it('lists the weapons for a use in file order', () => {
    const a = lookupUnit(r, 'Argonaut')
    expect(weaponsFor(a, 'shoot').map((w) => w.key)).toEqual(['machine-gun', 'cannon', 'vulcan'])
    expect(weaponsFor(a, 'melee').map((w) => w.key)).toEqual(['beam-saber'])
  })

  it.each([
    ['argonat', 'argonaut'],
    ['argo', 'argonaut'],
    ['dervsh', 'dervish'],
    ['zaku', undefined],
    ['blue', undefined],
  ])('nearest(%s) is %s', (name, near) => {
    expect(nearest(name, ['argonaut', 'dervish', 'white-asura'])).toBe(near)
  })
})

describe('the example roster', () => {
  const text = readFileSync(new URL('../../../examples/roster.yaml', import.meta.url), 'utf8')
  const r = parseRoster(text, 'examples/roster.yaml')

  it('validates, with the numbers the rules give', () => {
    expect(r.units.length).toBeGreaterThanOrEqual(15)
    expect(lookupUnit(r, 'argonaut')).toMatchObject({ acc: 9, move: 13, pilot: 0 })
    expect(findUnit(r, 'argonaut:machine-gun', 'shoot').weapon).toMatchObject({ shots: 7, dmg: 200 })
    expect(findUnit(r, 'argonaut:cannon', 'shoot').weapon).toMatchObject({ shots: 4 })
    expect(lookupUnit(r, 'dervish').evade).toBe(4)
    expect(lookupUnit(r, 'blue-djinn')).toMatchObject({ pilot: 2, melee: 7, shield: 1 })
    expect(findUnit(r, 'blue-djinn:heat-sword', 'melee').weapon.dmg).toBe(300)
    expect(findUnit(r, 'blue-djinn:arc-whip', 'melee').weapon.pen?.kind).toBe('stun')
    expect(lookupUnit(r, 'white-asura')).toMatchObject({ pilot: 1, melee: 7, shield: 1 })
    expect(lookupUnit(r, 'laughing-joker').armSv).toBe(2)
    expect(lookupUnit(r, 'green-viking').role).toBe('battler')
    expect(findUnit(r, 'green-viking:machine-gun', 'shoot').weapon.pen).toBeUndefined()
    expect(lookupUnit(r, 'saronic-cruiser').kind).toBe('warship')
    expect(weaponsFor(lookupUnit(r, 'acrogunner'), 'shoot').map((w) => w.overwatch)).toEqual([3, 3, 3])
    expect(lookupUnit(r, 'trident-drake').kind).toBe('kaiju')
    expect(lookupUnit(r, 'voltlion').size).toBe(2)
  })

  it('marks every unit line without a number from the rules as plausible', () => {
    // A stat line either cites its example in a comment or says plausible.
    const statLines = text
      .split('\n')
      .filter((l) =>
        /^\s{4}(pilot|acc|evade|melee|armSv|shield|size|hp|move|role|frame|performance|traits|kind):/.test(l),
      )
    expect(statLines.length).toBeGreaterThan(100)
    for (const line of statLines) expect(line, line).toMatch(/#\s*\S/)
  })
})

describe('a large roster', () => {
  function generated(n: number): string {
    const lines = ['units:']
    for (let i = 0; i < n; i++) {
      lines.push(
        `  unit-${i}:`,
        `    name: Unit ${i}`,
        `    kind: ${i % 10 === 0 ? 'warship' : 'ms'}`,
        `    pilot: ${i % 3}`,
        `    acc: ${6 + (i % 5)}`,
        `    evade: ${i % 6}`,
        `    melee: ${3 + (i % 8)}`,
        `    armSv: ${i % 4}`,
        `    shield: ${i % 2}`,
        `    size: ${1 + (i % 3)}`,
        `    hp: ${2000 + 100 * (i % 30)}`,
        `    role: ${['battler', 'interceptor', 'attacker', 'melee', 'other'][i % 5]}`,
        `    move: ${10 + (i % 10)}`,
        `    traits: [${i % 4 === 0 ? 'close-combat-expert' : 'skilled-swordsman'}]`,
        '    weapons:',
        `      rifle: { shots: ${1 + (i % 10)}, rapidFire: 1, dmg: ${100 * (1 + (i % 9))}, pen: ${i % 8}${i % 3 === 0 ? 'S' : ''} }`,
        `      vulcan: { shots: 4, dmg: 100, overwatch: ${1 + (i % 3)} }`,
        `      saber: { melee: true, dmg: 400, pen: 6, finisher: ${i % 3} }`,
      )
    }
    return lines.join('\n') + '\n'
  }

  it('parses and validates 500 units, each in its order, with its own line and stats', () => {
    // Time linear in the units: bench/run.mjs's row "roster list, 5,000 units (linear: at most 10x)".
    const units = parseRoster(generated(500), 'big.yaml').units
    expect(units.map((u) => u.key)).toEqual(Array.from({ length: 500 }, (_, i) => `unit-${i}`))
    for (const i of [0, 1, 377, 499])
      expect(units[i]).toMatchObject({
        name: `Unit ${i}`,
        kind: i % 10 === 0 ? 'warship' : 'ms',
        line: 2 + i * 18,
        acc: 6 + (i % 5),
        melee: 3 + (i % 8),
        hp: 2000 + 100 * (i % 30),
      })
    expect(units[377].weapons.map((w) => w.key)).toEqual(['rifle', 'vulcan', 'saber'])
  })

  it('finds the bad field among 500 units', () => {
    const text = generated(500).replace(
      '  unit-377:\n    name: Unit 377\n    kind: ms\n    pilot: 2\n    acc: 8',
      '  unit-377:\n    name: Unit 377\n    kind: ms\n    pilot: 2\n    acc: 31',
    )
    expect(text).toContain('acc: 31')
    expect(errorOf(text, 'big.yaml')).toBe(`big.yaml:${1 + 377 * 18 + 5}: units.unit-377.acc: 31 is not 0-30`)
  })
})
