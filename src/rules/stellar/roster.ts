/**
 * Saved units (issue 15): a roster describes a force once, unit by unit, so a command can take
 * `argonaut:machine-gun` instead of retyping its numbers. This module is pure and reads no text:
 * it checks a roster given as data (readRoster: what a roster file's YAML or JSON gives, or the
 * library's caller hands over), merges several rosters and finds a unit and its weapon by name.
 * A roster file's text is parsed by roster-text.ts, the one module with a YAML parser; reading
 * files and finding them is src/cli/roster-file.ts.
 *
 * Every problem is one line naming the roster, the line (for text) and the field, the first
 * problem in the file: `roster.yaml:14: units.argonaut.weapons.cannon.shots: 31 is not 1-30`, or
 * `roster: units.argonaut.weapons.cannon.shots: 31 is not 1-30` for data. Field names are the
 * batch keys of today's commands (acc, evade, armSv, rapidFire, …), and each range is the range
 * of the command option the field feeds, so a unit that loads is a unit the commands take.
 */
import * as v from 'valibot'
import { InputError } from '../../core/errors.js'
import { nearest } from '../../core/nearest.js'
import { quoteValue, shortText } from '../../core/text.js'
import { ROLES, type Role } from './outmaneuver.js'
import { MAX_WEAPON_SHOTS } from './shoot.js'
import { readTrait, sameEffect, traitOf } from './traits.js'
import { type Level, type Penetration, penText } from './weapon.js'

// ---------------------------------------------------------------------------------------------
// The vocabulary

export const UNIT_KINDS = ['ms', 'super-robot', 'kaiju', 'super-heavy', 'warship'] as const
export type UnitKind = (typeof UNIT_KINDS)[number]

/**
 * Tactical Advantage is not a trait, but a profile may list it as one: the unit has it (High
 * Ground, a Shutdown target...) in every attack, as the commands' --advantage flags say.
 */
export const ADVANTAGE = 'advantage'

/** Unit and weapon names: what a command line can carry without quoting, and no `:`. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/
const NAME_RULE =
  'a name is letters, digits, - and _ (starting with a letter or digit), at most 40 characters'

export interface RosterWeapon {
  /** The name as written in the file (matched case-insensitively). */
  key: string
  /** Display name: `name:` or the key. */
  name: string
  /** The line of its name, in a roster read from text. */
  line?: number
  melee: boolean
  shots?: number
  rapidFire?: number
  dmg: number
  pen?: Penetration
  /** Overwatch level: Overwatch II fires twice per action. */
  overwatch?: number
  finisher?: number
  aoe?: boolean
  indirect?: boolean
  energy?: boolean
}

export interface RosterUnit {
  key: string
  name: string
  /**
   * The file it came from, as the user would name it, and the line of its name; for a roster
   * given as data, the name it was given and no line (unitPlace says both).
   */
  file: string
  line?: number
  kind: UnitKind
  pilot?: Level
  acc?: number
  evade?: number
  melee?: number
  /**
   * A warship with a Melee stat (`melee` is it): it attacks and splits in melee as any unit.
   * Without it a warship's `melee` is its AA DEF, its melee defence only.
   */
  shipMelee?: boolean
  armSv?: number
  shield?: number
  size?: number
  /** Full HP. */
  hp?: number
  role?: Role
  move?: number
  frame?: number
  performance?: number
  /** The side it plays for in a game log (mecha game): a name, as unit names are. */
  side?: string
  /**
   * As written (trimmed): each a name of the trait registry (src/rules/stellar/traits.ts), any
   * of its names, with `=CHOICE` where it takes one, or `advantage`; checked, in file order.
   * Reading (docs/rules-notes.md): a listed trait is in effect whenever the unit is named, as a
   * trait named on the command line is.
   */
  traits: string[]
  /** In file order. */
  weapons: RosterWeapon[]
}

export interface Roster {
  /** The files merged into it, in order. */
  files: string[]
  /** In file order. */
  units: RosterUnit[]
  /** By lower-case name. */
  byName: Map<string, RosterUnit>
}

// ---------------------------------------------------------------------------------------------
// The schema

const show = (x: unknown): string => {
  if (x === null || x === undefined) return 'nothing'
  if (typeof x === 'string') return JSON.stringify(x)
  if (Array.isArray(x)) return 'a list'
  if (typeof x === 'object') return 'a map'
  return String(x)
}

function int(min: number, max: number) {
  const range = () => `${min}-${max}`
  return v.pipe(
    v.number((i) => `expected a whole number ${range()}, got ${show(i.input)}`),
    v.integer((i) => `${show(i.input)} is not a whole number ${range()}`),
    v.minValue(min, (i) => `${show(i.input)} is not ${range()}`),
    v.maxValue(max, (i) => `${show(i.input)} is not ${range()}`),
  )
}

const bool = () => v.boolean((i) => `expected true or false, got ${show(i.input)}`)

function oneOf<const T extends readonly string[]>(values: T, what: string) {
  return v.picklist(
    values,
    (i) => `${show(i.input)} is not a known ${what}; give one of ${values.join(', ')}`,
  )
}

/** valibot's object and record schemas take arrays (they are objects too); a roster's maps never are. */
function notList<S extends v.GenericSchema>(schema: S, message: (input: unknown) => string) {
  // A list is refused by a schema that takes nothing (its output type never: the map's type stays S's).
  const list = v.custom<never>(
    () => false,
    (i) => message(i.input),
  )
  return v.lazy((input): S | typeof list => (Array.isArray(input) ? list : schema))
}

/** A strict map: unknown fields are errors naming the known ones. */
function fields<E extends v.ObjectEntries>(entries: E, what: string) {
  const known = Object.keys(entries).join(', ')
  const mapOf = (input: unknown) => `expected ${what} (a map of ${known}), got ${show(input)}`
  return notList(
    v.strictObject(entries, (i) =>
      i.expected === 'never'
        ? `unknown field ${show(i.input)} of ${what}; the fields are ${known}`
        : i.expected?.startsWith('"')
          ? `missing; ${what} needs ${i.expected}`
          : mapOf(i.input),
    ),
    mapOf,
  )
}

const PEN_TEXT = /^(\d{1,2})\s*([sSpP]?)$/
const penRule = 'give 0-20, optionally with S (stun) or P (push/pull), e.g. 5 or 5S'
const pen = v.pipe(
  v.custom<number | string>(
    (x) =>
      (typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 20) ||
      (typeof x === 'string' && PEN_TEXT.test(x.trim()) && Number(PEN_TEXT.exec(x.trim())![1]) <= 20),
    (i) => `${show(i.input)} is not a PEN value; ${penRule}`,
  ),
  v.transform((x): Penetration => {
    const m = PEN_TEXT.exec(String(x).trim())!
    const s = m[2].toUpperCase()
    return { value: Number(m[1]), kind: s === 'S' ? 'stun' : s === 'P' ? 'push' : 'damage' }
  }),
)

const weaponSchema = fields(
  {
    name: v.optional(v.string((i) => `expected text, got ${show(i.input)}`)),
    melee: v.optional(bool()),
    shots: v.optional(int(1, MAX_WEAPON_SHOTS)),
    rapidFire: v.optional(int(-10, 10)),
    dmg: v.optional(int(0, 100000)),
    pen: v.optional(pen),
    overwatch: v.optional(int(1, 10)),
    finisher: v.optional(int(0, 10)),
    aoe: v.optional(bool()),
    indirect: v.optional(bool()),
    energy: v.optional(bool()),
  },
  'a weapon',
)

/** What is wrong with a profile's trait, if anything: the registry reads it, or it is Tactical Advantage. */
function traitProblem(text: string): string | undefined {
  const [name, ...choice] = text.split('=')
  if (name.trim().toLowerCase() === ADVANTAGE)
    return choice.length ? `${ADVANTAGE} takes no choice; give ${ADVANTAGE}` : undefined
  const t = readTrait(text, [ADVANTAGE])
  return 'problem' in t ? t.problem : undefined
}

const traitSchema = v.pipe(
  v.string((i) => `expected a trait, e.g. close-combat-expert or unyielding=rerolls, got ${show(i.input)}`),
  v.check(
    (t) => traitProblem(t) === undefined,
    (i) => traitProblem(i.input as string)!,
  ),
  v.transform((t) => t.trim()),
)

const nameKey = v.pipe(
  v.string(),
  v.check(
    (k) => NAME.test(k) && k.length <= 40,
    (i) => `${show(i.input)} is not a name; ${NAME_RULE}`,
  ),
)

/**
 * Units or weapons by name, read into a Map with every name the map has: valibot's record leaves
 * out the keys `constructor` and `prototype` (issue 38: such units vanished), valid names here.
 */
function byName<S extends v.GenericSchema>(item: S, what: string) {
  const expected = (input: unknown) => `expected a map of ${what} by name, got ${show(input)}`
  return v.pipe(
    v.custom<Record<string, unknown>>(
      (x) => typeof x === 'object' && x !== null && !Array.isArray(x),
      (i) => expected(i.input),
    ),
    v.transform((map) => new Map(Object.entries(map))),
    v.map(nameKey, item),
  )
}

const unitSchema = fields(
  {
    name: v.optional(v.string((i) => `expected text, got ${show(i.input)}`)),
    kind: v.optional(oneOf(UNIT_KINDS, 'kind')),
    pilot: v.optional(int(0, 2)),
    acc: v.optional(int(0, 30)),
    evade: v.optional(int(0, 30)),
    melee: v.optional(int(0, 30)),
    shipMelee: v.optional(bool()),
    armSv: v.optional(int(0, 20)),
    shield: v.optional(int(0, 20)),
    size: v.optional(int(0, 10)),
    hp: v.optional(int(1, 1000000)),
    role: v.optional(oneOf(ROLES, 'role')),
    move: v.optional(int(0, 100)),
    frame: v.optional(int(1, 5)),
    performance: v.optional(int(0, 10)),
    side: v.optional(
      v.pipe(
        v.string((i) => `expected a side's name, e.g. red, got ${show(i.input)}`),
        v.check(
          (k) => NAME.test(k) && k.length <= 40,
          (i) => `${show(i.input)} is not a side's name; ${NAME_RULE}`,
        ),
      ),
    ),
    traits: v.optional(
      v.array(
        traitSchema,
        (i) => `expected a list of traits, e.g. [close-combat-expert], got ${show(i.input)}`,
      ),
    ),
    weapons: v.optional(byName(weaponSchema, 'weapons')),
  },
  'a unit',
)

const rosterSchema = fields({ units: byName(unitSchema, 'units') }, 'a roster')

type RawRoster = v.InferOutput<typeof rosterSchema>

// ---------------------------------------------------------------------------------------------
// Checking

/** A field's place in a roster: `['units', 'argonaut', 'weapons', 'cannon', 'shots']`. */
export type RosterPath = ReadonlyArray<string | number>

/**
 * Where a roster's fields are written, for its messages: a roster read from text
 * (roster-text.ts) has lines; one given as data has none.
 */
export interface RosterLines {
  /**
   * The line of a field: its value's line, or its key's when `key` is set (unknown fields) or
   * the value is a map or a list. A field that is missing points at the nearest key above it.
   */
  line(path: RosterPath, key?: boolean): number
}

/** One problem of a roster as one line: `roster.yaml:14: units.argonaut.acc: …`, without a line for data. */
export function rosterError(
  name: string,
  line: number | undefined,
  path: RosterPath,
  message: string,
): InputError {
  const field = path.length ? `${path.join('.')}: ` : ''
  return new InputError('bad-roster', `${line === undefined ? name : `${name}:${line}`}: ${field}${message}`)
}

/** The roster being read: its name in messages, and its lines when it was text. */
class Reading {
  constructor(
    readonly name: string,
    readonly lines?: RosterLines,
  ) {}

  line(path: RosterPath, key = false): number | undefined {
    return this.lines?.line(path, key)
  }

  fail(path: RosterPath, message: string, key = false): InputError {
    return rosterError(this.name, this.line(path, key), path, message)
  }
}

/**
 * A roster given as data (what a roster file's YAML or JSON gives: plain objects, lists and
 * values), checked. `name` names it in messages: `roster: units.argonaut.acc: 31 is not 0-30`;
 * with `lines` (roster-text.ts reads a file's text), each message names the line too. Throws
 * InputError('bad-roster'), the first problem in the roster.
 */
export function readRoster(data: unknown, name: string, lines?: RosterLines): Roster {
  // What is wrong with the whole is said of the file's first line.
  const top = lines && 1
  if (data === null || data === undefined)
    throw rosterError(
      name,
      top,
      [],
      'the roster is empty; it starts with `units:` and a unit under it (mecha roster new writes a starter file)',
    )
  if (typeof data !== 'object' || Array.isArray(data))
    throw rosterError(name, top, [], `expected a map with \`units:\` at the top, got ${show(data)}`)
  const reading = new Reading(name, lines)
  const result = v.safeParse(rosterSchema, data, { abortPipeEarly: true })
  if (!result.success) throw firstIssue(reading, result.issues)
  return buildRoster(reading, result.output)
}

/**
 * The issue met first reading the file: the one a person fixes first. Data has no lines: its
 * first issue in the order its maps are read.
 */
function firstIssue(reading: Reading, issues: readonly v.BaseIssue<unknown>[]): InputError {
  let best: { line: number; path: RosterPath; message: string; present: boolean } | undefined
  for (const issue of issues) {
    const items = issue.path ?? []
    const path = items.map((p) => p.key as string | number)
    const onKey = items.length > 0 && (items[items.length - 1] as { origin?: string }).origin === 'key'
    const line = reading.line(path, onKey) ?? 0
    // On one line, a field that is there (`unit:`, misspelt) explains more than one that is missing.
    const last = items[items.length - 1] as { input?: unknown; key?: unknown } | undefined
    const present =
      !last ||
      (last.input instanceof Map
        ? last.input.has(last.key)
        : typeof last.input === 'object' &&
          last.input !== null &&
          Object.hasOwn(last.input, String(last.key)))
    if (!best || line < best.line || (line === best.line && present && !best.present))
      best = { line, path, message: issue.message, present }
  }
  return reading.fail(best!.path, best!.message)
}

/** `the unit on line 4 (Argonaut)`, or `the unit Argonaut` in a roster given as data. */
const theOther = (what: string, o: { key: string; line?: number }) =>
  o.line === undefined ? `the ${what} ${o.key}` : `the ${what} on line ${o.line} (${o.key})`

function buildRoster(reading: Reading, raw: RawRoster): Roster {
  const units: RosterUnit[] = []
  const byName = new Map<string, RosterUnit>()
  for (const [key, u] of raw.units) {
    const at = ['units', key]
    const same = byName.get(key.toLowerCase())
    if (same)
      throw reading.fail(
        at,
        `${key} is also ${theOther('unit', same)}; names are matched without case, rename one`,
        true,
      )
    const traits = u.traits ?? []
    checkTraits(reading, [...at, 'traits'], traits)
    if (u.shipMelee !== undefined && (u.kind ?? 'ms') !== 'warship')
      throw reading.fail(
        [...at, 'shipMelee'],
        'shipMelee is for a warship (a ship with a Melee stat); drop it, or give kind: warship',
      )
    const weapons: RosterWeapon[] = []
    for (const [wkey, w] of u.weapons ?? []) {
      const wat = [...at, 'weapons', wkey]
      const wsame = weapons.find((o) => o.key.toLowerCase() === wkey.toLowerCase())
      if (wsame)
        throw reading.fail(
          wat,
          `${wkey} is also ${theOther('weapon', wsame)}; names are matched without case, rename one`,
          true,
        )
      weapons.push(buildWeapon(reading, wat, wkey, w))
    }
    const unit: RosterUnit = {
      key,
      name: u.name ?? key,
      file: reading.name,
      line: reading.line(at, true),
      kind: u.kind ?? 'ms',
      pilot: u.pilot as Level | undefined,
      acc: u.acc,
      evade: u.evade,
      melee: u.melee,
      shipMelee: u.shipMelee,
      armSv: u.armSv,
      shield: u.shield,
      size: u.size,
      hp: u.hp,
      role: u.role,
      move: u.move,
      frame: u.frame,
      performance: u.performance,
      side: u.side,
      traits,
      weapons,
    }
    units.push(unit)
    byName.set(key.toLowerCase(), unit)
  }
  return { files: [reading.name], units, byName }
}

/** No trait twice (by any of its names), and no two with the same effect: a unit has one of them. */
function checkTraits(reading: Reading, at: RosterPath, traits: readonly string[]): void {
  const entries = traits.map((t) => traitOf(t) ?? ADVANTAGE)
  entries.forEach((t, i) => {
    const j = entries.findIndex(
      (o, k) => k < i && (o === t || (typeof o !== 'string' && typeof t !== 'string' && sameEffect(o, t))),
    )
    if (j < 0) return
    const o = entries[j]
    const alias =
      traits[i].toLowerCase() === traits[j].toLowerCase()
        ? ''
        : ` (${traits[j]} and ${traits[i]} are names of one trait)`
    throw reading.fail(
      [...at, i],
      o === t || typeof o === 'string' || typeof t === 'string'
        ? `${traits[i]} is listed twice${alias}; keep one`
        : `${o.name} and ${t.name} have the same effect, and a unit cannot have both; keep one`,
    )
  })
}

type RawWeapon = v.InferOutput<typeof weaponSchema>

function buildWeapon(reading: Reading, at: RosterPath, key: string, w: RawWeapon): RosterWeapon {
  const melee = w.melee ?? false
  if (w.dmg === undefined) throw reading.fail(at, `no dmg; every weapon needs its DMG per hit, e.g. dmg: 200`)
  if (melee) {
    for (const f of ['shots', 'rapidFire', 'overwatch', 'aoe', 'indirect'] as const) {
      if (w[f] !== undefined)
        throw reading.fail(
          [...at, f],
          `a melee weapon has no ${f}; drop it, or drop melee: true for a shooting weapon`,
          true,
        )
    }
  } else {
    if (w.shots === undefined)
      throw reading.fail(
        at,
        `no shots; a shooting weapon needs its shots, e.g. shots: 4 (or melee: true for a melee weapon)`,
      )
    if (w.finisher !== undefined)
      throw reading.fail(
        [...at, 'finisher'],
        'Finisher belongs to melee weapons; add melee: true or drop it',
        true,
      )
  }
  return {
    key,
    name: w.name ?? key,
    line: reading.line(at, true),
    melee,
    shots: w.shots,
    rapidFire: w.rapidFire,
    dmg: w.dmg,
    pen: w.pen,
    overwatch: w.overwatch,
    finisher: w.finisher,
    aoe: w.aoe,
    indirect: w.indirect,
    energy: w.energy,
  }
}

/** Where a unit is written: `roster.yaml:14`, or the name of a roster given as data. */
export const unitPlace = (unit: RosterUnit): string =>
  unit.line === undefined ? unit.file : `${unit.file}:${unit.line}`

/** Several rosters as one; a unit name in two files is an error naming both. */
export function mergeRosters(rosters: readonly Roster[]): Roster {
  const out: Roster = { files: [], units: [], byName: new Map() }
  for (const r of rosters) {
    out.files.push(...r.files)
    for (const u of r.units) {
      const k = u.key.toLowerCase()
      const other = out.byName.get(k)
      if (other) {
        throw new InputError(
          'roster-conflict',
          `${unitPlace(u)}: units.${u.key}: ${u.key} is also in ${unitPlace(other)}; rename one (each unit name is taken once across the roster files)`,
        )
      }
      out.units.push(u)
      out.byName.set(k, u)
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Finding units

export interface UnitRef {
  unit: string
  weapon?: string
}

/** `argonaut:machine-gun` → {unit: 'argonaut', weapon: 'machine-gun'}; `dervish` → {unit}. */
export function parseUnitRef(text: string): UnitRef {
  const t = text.trim()
  const m = /^([^:]*)(?::(.*))?$/.exec(t)!
  const unit = m[1]
  const weapon = m[2]
  if (!NAME.test(unit) || unit.length > 40)
    throw new InputError(
      'bad-unit',
      `${quoteValue(text)} is not a unit name; give UNIT or UNIT:WEAPON (${NAME_RULE})`,
    )
  if (weapon !== undefined && (!NAME.test(weapon) || weapon.length > 40)) {
    throw new InputError(
      'bad-unit',
      `${quoteValue(text)}: ${quoteValue(weapon)} is not a weapon name; give UNIT:WEAPON (${NAME_RULE})`,
    )
  }
  return weapon === undefined ? { unit } : { unit, weapon }
}

/** A unit by name (any case), or an error suggesting the nearest name. */
export function lookupUnit(roster: Roster, given: string): RosterUnit {
  const unit = roster.byName.get(given.toLowerCase())
  if (unit) return unit
  const name = shortText(given)
  if (roster.units.length === 0)
    throw new InputError(
      'unknown-unit',
      `${name}: the roster has no units (${roster.files.join(', ') || 'no roster file'})`,
    )
  const near = nearest(
    name,
    roster.units.map((u) => u.key),
  )
  const hint = near ? `did you mean ${near}?` : `the units are ${listNames(roster.units.map((u) => u.key))}`
  throw new InputError(
    'unknown-unit',
    `${name}: no such unit in the roster (${roster.files.join(', ')}); ${hint}`,
  )
}

/** What a weapon is used for: shooting (shoot, overwatch) or a melee clash. */
export type WeaponUse = 'shoot' | 'melee'

export function weaponsFor(unit: RosterUnit, use: WeaponUse): RosterWeapon[] {
  return unit.weapons.filter((w) => w.melee === (use === 'melee'))
}

export function findWeapon(unit: RosterUnit, given: string, use?: WeaponUse): RosterWeapon {
  const w = unit.weapons.find((o) => o.key.toLowerCase() === given.toLowerCase())
  const name = shortText(given)
  const usable = use ? weaponsFor(unit, use) : unit.weapons
  if (!w) {
    if (unit.weapons.length === 0)
      throw new InputError(
        'unknown-weapon',
        `${unit.key}:${name}: ${unit.key} has no weapons in ${unit.file}`,
      )
    const near = nearest(
      name,
      unit.weapons.map((o) => o.key),
    )
    const kind = use === 'melee' ? 'melee weapons' : use === 'shoot' ? 'shooting weapons' : 'weapons'
    const rest = usable.length
      ? `its ${kind} are ${listNames(usable.map((o) => o.key))}`
      : `its weapons are ${listNames(unit.weapons.map((o) => o.key))}`
    throw new InputError(
      'unknown-weapon',
      `${unit.key}:${name}: ${unit.key} has no weapon ${name}; ${near ? `did you mean ${near}? ` : ''}${rest}`,
    )
  }
  if (use && w.melee !== (use === 'melee')) {
    const what = w.melee ? 'a melee weapon' : 'a shooting weapon'
    const others = usable.length
      ? `; its ${use === 'melee' ? 'melee' : 'shooting'} weapons are ${listNames(usable.map((o) => o.key))}`
      : ''
    throw new InputError(
      'wrong-weapon',
      `${unit.key}:${w.key} is ${what}, not for ${use === 'melee' ? 'a melee clash' : 'shooting'}${others}`,
    )
  }
  return w
}

/**
 * A unit and the weapon it uses: `argonaut:machine-gun`, or `argonaut` when it has one weapon
 * for this use. Several and none named is an error (code 'choose-weapon') naming the choices;
 * the CLI asks instead when a person is there (weaponsFor lists the choices).
 */
export function findUnit(
  roster: Roster,
  ref: string | UnitRef,
  use?: WeaponUse,
): { unit: RosterUnit; weapon: RosterWeapon } {
  const r = typeof ref === 'string' ? parseUnitRef(ref) : ref
  const unit = lookupUnit(roster, r.unit)
  if (r.weapon !== undefined) return { unit, weapon: findWeapon(unit, r.weapon, use) }
  const choices = use ? weaponsFor(unit, use) : unit.weapons
  if (choices.length === 1) return { unit, weapon: choices[0] }
  const kind = use === 'melee' ? 'melee weapon' : use === 'shoot' ? 'shooting weapon' : 'weapon'
  if (choices.length === 0)
    throw new InputError('no-weapon', `${unit.key} has no ${kind} in ${unitPlace(unit)}`)
  const names = choices.map((w) => `${unit.key}:${w.key}`)
  throw new InputError(
    'choose-weapon',
    `${unit.key} has ${choices.length} ${kind}s; name one: ${names.join(', ')}`,
  )
}

function listNames(names: string[]): string {
  return names.length > 12
    ? `${names.slice(0, 12).join(', ')} and ${names.length - 12} more`
    : names.join(', ')
}

/** A weapon's PEN as the --pen flag takes it (5, 5S, 3P). */
export function weaponPenText(w: RosterWeapon): string | undefined {
  return w.pen ? penText(w.pen) : undefined
}
