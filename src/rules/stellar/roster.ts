/**
 * Saved units (issue 15): a roster file describes a force once, unit by unit, so a command can
 * take `argonaut:machine-gun` instead of retyping its numbers. This module is pure: it turns the
 * text of a roster (YAML, or JSON as YAML's subset) into checked units, merges several rosters and
 * finds a unit and its weapon by name. Reading files and finding them is src/cli/roster-file.ts.
 *
 * Every problem is one line naming the file, the line and the field, the first problem in the
 * file: `roster.yaml:14: units.argonaut.weapons.cannon.shots: 31 is not 1-30`. Field names are
 * the batch keys of today's commands (acc, evade, armSv, rapidFire, …), and each range is the
 * range of the command option the field feeds, so a unit that loads is a unit the commands take.
 */
import * as v from 'valibot'
import { type Document, LineCounter, type Node, isMap, isPair, isScalar, isSeq, parseDocument } from 'yaml'
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
  line: number
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
  /** The file it came from, as the user would name it, and the line of its name. */
  file: string
  line: number
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
    weapons: v.optional(
      notList(
        v.record(nameKey, weaponSchema, (i) => `expected a map of weapons by name, got ${show(i.input)}`),
        (x) => `expected a map of weapons by name, got ${show(x)}`,
      ),
    ),
  },
  'a unit',
)

const rosterSchema = fields(
  {
    units: notList(
      v.record(nameKey, unitSchema, (i) => `expected a map of units by name, got ${show(i.input)}`),
      (x) => `expected a map of units by name, got ${show(x)}`,
    ),
  },
  'a roster',
)

type RawRoster = v.InferOutput<typeof rosterSchema>

// ---------------------------------------------------------------------------------------------
// Parsing

type Path = Array<string | number>

/** Where things are in one parsed file, for error lines. */
class Source {
  constructor(
    readonly file: string,
    readonly doc: Document,
    readonly lines: LineCounter,
  ) {}

  lineOf(offset: number): number {
    return this.lines.linePos(offset).line
  }

  /**
   * The line of a field: its value's line, or its key's when `key` is set (unknown fields) or
   * the value is on a later line. A field that is missing points at the nearest key above it.
   */
  line(path: Path, key = false): number {
    let node: unknown = this.doc.contents
    let line = node && (node as Node).range ? this.lineOf((node as Node).range![0]) : 1
    for (let i = 0; i < path.length; i++) {
      const step = path[i]
      const last = i === path.length - 1
      if (isMap(node)) {
        const pair = node.items.find(
          (p) => isPair(p) && String(isScalar(p.key) ? p.key.value : p.key) === String(step),
        )
        if (!pair) return line
        const k = pair.key as Node | null
        if (k?.range) line = this.lineOf(k.range[0])
        if (last && key) return line
        node = pair.value
        const val = node as Node | null
        // A nested block map starts on the next line; its key's line is the one to name.
        if (val?.range && !isMap(val) && !isSeq(val)) line = this.lineOf(val.range[0])
      } else if (isSeq(node) && typeof step === 'number') {
        const item = node.items[step] as Node | undefined
        if (!item?.range) return line
        line = this.lineOf(item.range[0])
        node = item
      } else return line
    }
    return line
  }

  /** A map node's entries by key: the line of the key and the value node (none for a non-map). */
  entries(node: unknown): Map<string, { line: number; value: unknown }> {
    const out = new Map<string, { line: number; value: unknown }>()
    if (!isMap(node)) return out
    for (const p of node.items) {
      const k = p.key as Node | null
      out.set(String(isScalar(k) ? k.value : k), {
        line: k?.range ? this.lineOf(k.range[0]) : 1,
        value: p.value,
      })
    }
    return out
  }

  fail(path: Path, message: string, key = false): InputError {
    return rosterError(this.file, this.line(path, key), path, message)
  }
}

function rosterError(file: string, line: number, path: Path, message: string): InputError {
  const field = path.length ? `${path.join('.')}: ` : ''
  return new InputError('bad-roster', `${file}:${line}: ${field}${message}`)
}

/**
 * Deepest nesting a roster may have. A real one is units → unit → weapons → weapon → a field's
 * list: five or six levels. Deeper is refused in words, whatever the stack of the process
 * that reads it would have allowed.
 */
const MAX_ROSTER_DEPTH = 32

/**
 * Where the first key written twice in one map is (its second writing), and where nesting first
 * goes past MAX_ROSTER_DEPTH, if anywhere: a map's keys in a Set, each map once. Keys that are not
 * plain values (a map as a key) are never the same.
 */
function checkTree(node: unknown): { twice?: number; deep?: number } {
  let twice: number | undefined
  let deep: number | undefined
  const walk = (n: unknown, depth: number): void => {
    if (!isMap(n) && !isSeq(n)) return
    if (depth > MAX_ROSTER_DEPTH) {
      deep ??= n.range?.[0] ?? 0
      return
    }
    if (isMap(n)) {
      const seen = new Set<unknown>()
      for (const pair of n.items) {
        const k = pair.key
        if (isScalar(k)) {
          if (seen.has(k.value) && k.range && (twice === undefined || k.range[0] < twice)) twice = k.range[0]
          seen.add(k.value)
        }
        walk(pair.value, depth + 1)
      }
    } else for (const item of n.items) walk(item, depth + 1)
  }
  walk(node, 0)
  return { twice, deep }
}

/** The first line of a YAML library message, without its own position (we give ours). */
function yamlMessage(message: string): string {
  return message
    .split('\n')[0]
    .replace(/ at line \d+, column \d+:?$/, '')
    .replace(/:$/, '')
}

/**
 * Parse one roster file's text. `file` names it in errors (as the user would write it).
 * Throws InputError('bad-roster', 'file:line: field: what is wrong').
 */
export function parseRoster(text: string, file: string): Roster {
  try {
    return parseRosterText(text, file)
  } catch (e) {
    if (isStackOverflow(e)) throw tooDeep(file, 1)
    throw e
  }
}

/** A stack overflow: what the YAML library meets in values nested thousands of levels deep. */
const isStackOverflow = (e: unknown) => e instanceof RangeError && /call stack/i.test(e.message)

function tooDeep(file: string, line: number): InputError {
  return new InputError(
    'bad-roster',
    `${file}:${line}: nested too deep (lists or maps within each other thousands of levels down); a roster is a few levels: units, their fields, their weapons (mecha roster new writes a starter file)`,
  )
}

function parseRosterText(text: string, file: string): Roster {
  const lines = new LineCounter()
  // Keys are checked here, not by the library (its check reads every earlier key of a map for
  // each key: 5,000 units took twice as long to read).
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false, prettyErrors: true })
  const src = new Source(file, doc, lines)
  const { twice, deep } = checkTree(doc.contents)
  if (deep !== undefined) throw tooDeep(file, lines.linePos(deep).line)
  const e = doc.errors[0]
  if (twice !== undefined && (e === undefined || twice < e.pos[0])) {
    const key = /^[^:\n]*/.exec(text.slice(twice))![0].trim()
    throw new InputError(
      'bad-roster',
      `${file}:${lines.linePos(twice).line}: ${key} appears twice in one map; keep one`,
    )
  }
  if (e) {
    const line = e.linePos?.[0].line ?? lines.linePos(e.pos[0]).line
    if (/maximum call stack/i.test(e.message)) throw tooDeep(file, line)
    throw new InputError('bad-roster', `${file}:${line}: ${yamlMessage(e.message)}`)
  }
  let data: unknown
  try {
    data = doc.toJS({ maxAliasCount: 1000 })
  } catch (e) {
    if (isStackOverflow(e)) throw tooDeep(file, 1)
    throw new InputError('bad-roster', `${file}:1: ${yamlMessage((e as Error).message)}`)
  }
  if (data === null || data === undefined) {
    throw new InputError(
      'bad-roster',
      `${file}:1: the roster is empty; it starts with \`units:\` and a unit under it (mecha roster new writes a starter file)`,
    )
  }
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new InputError(
      'bad-roster',
      `${file}:1: expected a map with \`units:\` at the top, got ${show(data)}`,
    )
  }
  const result = v.safeParse(rosterSchema, data, { abortPipeEarly: true })
  if (!result.success) throw firstIssue(src, result.issues)
  return buildRoster(src, result.output)
}

/** The issue met first reading the file: the one a person fixes first. */
function firstIssue(src: Source, issues: readonly v.BaseIssue<unknown>[]): InputError {
  let best: { line: number; path: Path; message: string; present: boolean } | undefined
  for (const issue of issues) {
    const items = issue.path ?? []
    const path: Path = items.map((p) => p.key as string | number)
    const onKey = items.length > 0 && (items[items.length - 1] as { origin?: string }).origin === 'key'
    const line = src.line(path, onKey)
    // On one line, a field that is there (`unit:`, misspelt) explains more than one that is missing.
    const last = items[items.length - 1] as { input?: unknown; key?: unknown } | undefined
    const present =
      !last ||
      (typeof last.input === 'object' && last.input !== null && Object.hasOwn(last.input, String(last.key)))
    if (!best || line < best.line || (line === best.line && present && !best.present))
      best = { line, path, message: issue.message, present }
  }
  return rosterError(src.file, best!.line, best!.path, best!.message)
}

function buildRoster(src: Source, raw: RawRoster): Roster {
  const units: RosterUnit[] = []
  const byName = new Map<string, RosterUnit>()
  // Lines from one pass over the parsed document (finding each name from the top is quadratic).
  const unitNodes = src.entries(src.entries(src.doc.contents).get('units')?.value)
  for (const [key, u] of Object.entries(raw.units)) {
    const at = ['units', key]
    const node = unitNodes.get(key)
    const weaponNodes = src.entries(src.entries(node?.value).get('weapons')?.value)
    const same = byName.get(key.toLowerCase())
    if (same)
      throw src.fail(
        at,
        `${key} is also the unit on line ${same.line} (${same.key}); names are matched without case, rename one`,
        true,
      )
    const traits = u.traits ?? []
    checkTraits(src, [...at, 'traits'], traits)
    if (u.shipMelee !== undefined && (u.kind ?? 'ms') !== 'warship')
      throw src.fail(
        [...at, 'shipMelee'],
        'shipMelee is for a warship (a ship with a Melee stat); drop it, or give kind: warship',
      )
    const weapons: RosterWeapon[] = []
    for (const [wkey, w] of Object.entries(u.weapons ?? {})) {
      const wat = [...at, 'weapons', wkey]
      const wsame = weapons.find((o) => o.key.toLowerCase() === wkey.toLowerCase())
      if (wsame)
        throw src.fail(
          wat,
          `${wkey} is also the weapon on line ${wsame.line} (${wsame.key}); names are matched without case, rename one`,
          true,
        )
      weapons.push(buildWeapon(src, wat, wkey, w, weaponNodes.get(wkey)?.line ?? 1))
    }
    const unit: RosterUnit = {
      key,
      name: u.name ?? key,
      file: src.file,
      line: node?.line ?? 1,
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
  return { files: [src.file], units, byName }
}

/** No trait twice (by any of its names), and no two with the same effect: a unit has one of them. */
function checkTraits(src: Source, at: Path, traits: readonly string[]): void {
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
    throw src.fail(
      [...at, i],
      o === t || typeof o === 'string' || typeof t === 'string'
        ? `${traits[i]} is listed twice${alias}; keep one`
        : `${o.name} and ${t.name} have the same effect, and a unit cannot have both; keep one`,
    )
  })
}

type RawWeapon = v.InferOutput<typeof weaponSchema>

function buildWeapon(src: Source, at: Path, key: string, w: RawWeapon, line: number): RosterWeapon {
  const melee = w.melee ?? false
  if (w.dmg === undefined) throw src.fail(at, `no dmg; every weapon needs its DMG per hit, e.g. dmg: 200`)
  if (melee) {
    for (const f of ['shots', 'rapidFire', 'overwatch', 'aoe', 'indirect'] as const) {
      if (w[f] !== undefined)
        throw src.fail(
          [...at, f],
          `a melee weapon has no ${f}; drop it, or drop melee: true for a shooting weapon`,
          true,
        )
    }
  } else {
    if (w.shots === undefined)
      throw src.fail(
        at,
        `no shots; a shooting weapon needs its shots, e.g. shots: 4 (or melee: true for a melee weapon)`,
      )
    if (w.finisher !== undefined)
      throw src.fail(
        [...at, 'finisher'],
        'Finisher belongs to melee weapons; add melee: true or drop it',
        true,
      )
  }
  return {
    key,
    name: w.name ?? key,
    line,
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
          `${u.file}:${u.line}: units.${u.key}: ${u.key} is also in ${other.file}:${other.line}; rename one (each unit name is taken once across the roster files)`,
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
    throw new InputError('no-weapon', `${unit.key} has no ${kind} in ${unit.file}:${unit.line}`)
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
