/**
 * A game log (issue 27): JSON lines, one entry a line. The first line is the header (the format
 * version, the mode, the points size, the sides with their starting Momentum and the roster's
 * units as they were when the game began); every line after it is one event. Event N is on line
 * N + 1. Nothing else is kept: the state of the game is the replay of its events (state.ts).
 *
 * This module is pure (no node:, a page can use it): text in, a checked log out, or one
 * InputError naming the file and the line. Reading and appending files is src/cli/game-file.ts.
 */
import { InputError } from '../core/errors.js'
import { quoteValue } from '../core/text.js'
import { UNIT_KINDS, type UnitKind } from '../rules/stellar/roster.js'
import { CITY_SIDES, type GameMode, MAX_POINTS, MODES } from './modes.js'

/** The version this build writes, and the newest it reads. */
export const GAME_FORMAT = 1

export { CITY_SIDES, type GameMode } from './modes.js'

/** The most Momentum a side can hold (quickstart, Momentum), the most a correction may give. */
export const MAX_MOMENTUM = 10
export const MAX_HP = 1_000_000
export const MAX_STUN = 20

/**
 * A unit as the game knows it: its roster profile when the game began (every field the roster
 * gave, kept as written), and its side. The fields read here are checked on load.
 */
export interface GameUnit {
  side: string
  name?: string
  kind?: UnitKind
  /** Full HP: the unit starts with it. A unit without one is tracked as destroyed or not. */
  hp?: number
  frame?: number
  pilot?: number
  performance?: number
  [field: string]: unknown
}

export interface GameHeader {
  mecha: 'game'
  version: number
  mode: GameMode
  /** The game's points size; none in Defend the City, where Momentum does not follow it. */
  points?: number
  /** Each side and its starting Momentum, in roster order. */
  sides: Record<string, { momentum: number }>
  units: Record<string, GameUnit>
  /** The roster files the units came from, as named. */
  roster?: string[]
  created?: string
}

/** What a resolution did to one unit (its side's Momentum for `momentum`). */
export interface Effect {
  unit: string
  /** HP taken off (never below 0; at 0 the unit is destroyed). */
  hpLost?: number
  /** Destroyed whatever its HP (a unit without HP, a rule that destroys outright). */
  destroyed?: boolean
  /** Change to the unit's side's Momentum: -2 spent on Skill Defense, +1 for a melee attack. */
  momentum?: number
  /** -1 Action penalties added (failed saves against stun weapons). */
  stun?: number
  /** Once-per-game traits or skills used up. */
  spent?: string[]
  /** Once-per-round traits used this round (next-round gives them back). */
  spentThisRound?: string[]
  /** Skills paid for in this roll (their Momentum in `momentum`): in effect for the rest of the unit turn. */
  skills?: string[]
}

interface Stamp {
  /** When it was written (ISO time); informative only. */
  at?: string
}

/** A hand correction: any of HP, destroyed, the unit's side's Momentum, stun penalties. */
export interface SetEvent extends Stamp {
  t: 'set'
  unit: string
  hp?: number
  destroyed?: boolean
  momentum?: number
  stun?: number
}

/** Marks earlier events (by number) undone; they stay in the log. An undo can be undone. */
export interface UndoEvent extends Stamp {
  t: 'undo'
  events: number[]
}

export interface NextRoundEvent extends Stamp {
  t: 'next-round'
}

/** A shot, a charge…: its command and request, its dice (a seed or typed rolls), its effects. */
export interface ResolutionEvent extends Stamp {
  t: 'resolution'
  command: string
  request: Record<string, unknown>
  seed?: string
  rolls?: number[]
  effects: Effect[]
  /**
   * One attack of a plan (`mecha plan` in a game): its step of the attacks the plan made, all
   * written together in one append and in effect only together (state.ts, cutShort).
   */
  plan?: { step: number; of: number }
}

/** A line that was cut short, kept as text by `mecha game repair`; it changes nothing. */
export interface TornEntry extends Stamp {
  t: 'torn'
  text: string
}

export type GameEvent = SetEvent | UndoEvent | NextRoundEvent | ResolutionEvent | TornEntry

export interface GameLog {
  header: GameHeader
  events: GameEvent[]
}

/**
 * A record keyed by names a log gives (units, sides), without a prototype: a unit named
 * `__proto__` or `constructor` is only ever a name, written and read as any other.
 */
export function byName<T>(entries: Iterable<readonly [string, T]> = []): Record<string, T> {
  const out = Object.create(null) as Record<string, T>
  for (const [k, v] of entries) out[k] = v
  return out
}

// ---------------------------------------------------------------------------------------------
// Reading

const REPAIR = 'mecha game repair keeps every whole event'

class LineProblem extends Error {}

const fail = (message: string): never => {
  throw new LineProblem(message)
}

type Obj = Record<string, unknown>

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x)

const showValue = (x: unknown) => (typeof x === 'string' ? quoteValue(x) : (JSON.stringify(x) ?? String(x)))

function int(o: Obj, key: string, min: number, max: number, optional = true): number | undefined {
  const x = o[key]
  if (x === undefined && optional) return undefined
  if (!Number.isInteger(x) || (x as number) < min || (x as number) > max)
    fail(`"${key}": ${x === undefined ? 'missing' : showValue(x)}; expected a whole number ${min}-${max}`)
  return x as number
}

function text(o: Obj, key: string, optional = true): string | undefined {
  const x = o[key]
  if (x === undefined && optional) return undefined
  if (typeof x !== 'string') fail(`"${key}": ${x === undefined ? 'missing' : showValue(x)}; expected text`)
  return x as string
}

function flag(o: Obj, key: string): boolean | undefined {
  const x = o[key]
  if (x !== undefined && typeof x !== 'boolean') fail(`"${key}": ${showValue(x)}; expected true or false`)
  return x as boolean | undefined
}

function texts(o: Obj, key: string): string[] | undefined {
  const x = o[key]
  if (x === undefined) return undefined
  if (!Array.isArray(x) || x.some((s) => typeof s !== 'string'))
    fail(`"${key}": ${showValue(x)}; expected a list of names`)
  return x as string[]
}

function only(o: Obj, keys: readonly string[], what: string): void {
  for (const k of Object.keys(o))
    if (!keys.includes(k)) fail(`unknown field "${k}" in ${what}; its fields are ${keys.join(', ')}`)
}

function checkHeader(h: unknown): GameHeader {
  if (!isObj(h) || h.mecha !== 'game')
    fail(
      'not a mecha game log: the first line is its header, {"mecha": "game", …} (mecha game new writes one)',
    )
  const o = h as Obj
  const version = int(o, 'version', 1, 1000, false)!
  if (version > GAME_FORMAT)
    fail(`written in game format ${version}, and this mecha reads up to ${GAME_FORMAT}: update mecha`)
  if (!MODES.includes(o.mode as GameMode))
    fail(`"mode": ${showValue(o.mode)}; expected one of ${MODES.join(', ')}`)
  int(o, 'points', 1, MAX_POINTS)
  if (!isObj(o.sides) || Object.keys(o.sides).length !== 2)
    fail(`"sides": expected two sides, each {"momentum": N}`)
  for (const [side, s] of Object.entries(o.sides as Obj)) {
    if (!isObj(s)) fail(`"sides.${side}": expected {"momentum": N}`)
    int(s as Obj, 'momentum', 0, MAX_MOMENTUM, false)
  }
  if (o.mode === 'defend-the-city' && !CITY_SIDES.every((s) => Object.hasOwn(o.sides as Obj, s)))
    fail(`"sides": Defend the City is played by an ${CITY_SIDES.join(' and a ')} (the sides' names)`)
  if (!isObj(o.units) || Object.keys(o.units).length === 0) fail('"units": expected the units by name')
  for (const [key, u] of Object.entries(o.units as Obj)) {
    const at = (m: string) => `"units.${key}": ${m}`
    if (!isObj(u)) fail(at('expected a unit'))
    const unit = u as Obj
    if (!Object.hasOwn(o.sides as Obj, unit.side as string))
      fail(
        at(
          `side ${showValue(unit.side)} is not one of the sides (${Object.keys(o.sides as Obj).join(', ')})`,
        ),
      )
    try {
      int(unit, 'hp', 1, MAX_HP)
      int(unit, 'frame', 1, 5)
      int(unit, 'pilot', 0, 2)
      int(unit, 'performance', 0, 10)
      if (unit.kind !== undefined && !UNIT_KINDS.includes(unit.kind as UnitKind))
        fail(`"kind": ${showValue(unit.kind)}; expected one of ${UNIT_KINDS.join(', ')}`)
    } catch (e) {
      if (e instanceof LineProblem) fail(at(e.message))
      throw e
    }
  }
  texts(o, 'roster')
  text(o, 'created')
  return proven<GameHeader>(o)
}

/** A record whose fields the checks above went through one by one: the type they proved. */
function proven<T>(o: Obj): T {
  return o as Obj & T
}

const UNIT_FIELDS = ['unit', 'hpLost', 'destroyed', 'momentum', 'stun', 'spent', 'spentThisRound', 'skills']

function checkEffect(e: unknown, units: Obj): Effect {
  if (!isObj(e)) fail('"effects": expected a list of {"unit": …, "hpLost": …}')
  const o = e as Obj
  only(o, UNIT_FIELDS, 'an effect')
  const unit = text(o, 'unit', false)!
  if (!Object.hasOwn(units, unit)) fail(`effect on ${quoteValue(unit)}: no such unit in this game`)
  int(o, 'hpLost', 0, MAX_HP)
  flag(o, 'destroyed')
  int(o, 'momentum', -MAX_MOMENTUM, MAX_MOMENTUM)
  int(o, 'stun', 0, MAX_STUN)
  texts(o, 'spent')
  texts(o, 'spentThisRound')
  texts(o, 'skills')
  return proven<Effect>(o)
}

/** Event `n` (on line n + 1), checked against the header's units and the events before it. */
function checkEvent(e: unknown, n: number, header: GameHeader): GameEvent {
  if (!isObj(e)) fail('expected an event, {"t": …}')
  const o = e as Obj
  const unitOf = () => {
    const unit = text(o, 'unit', false)!
    if (!Object.hasOwn(header.units, unit)) fail(`${quoteValue(unit)}: no such unit in this game`)
  }
  text(o, 'at')
  switch (o.t) {
    case 'set':
      only(o, ['t', 'at', 'unit', 'hp', 'destroyed', 'momentum', 'stun'], 'a set event')
      unitOf()
      int(o, 'hp', 0, MAX_HP)
      flag(o, 'destroyed')
      int(o, 'momentum', 0, MAX_MOMENTUM)
      int(o, 'stun', 0, MAX_STUN)
      if (['hp', 'destroyed', 'momentum', 'stun'].every((k) => o[k] === undefined))
        fail('a set event sets something: "hp", "destroyed", "momentum" or "stun"')
      break
    case 'undo': {
      only(o, ['t', 'at', 'events'], 'an undo event')
      const list = o.events
      if (!Array.isArray(list) || list.length === 0)
        fail('"events": expected the numbers of the events undone, e.g. [3]')
      for (const k of list as unknown[])
        if (!Number.isInteger(k) || (k as number) < 1 || (k as number) >= n)
          fail(`"events": ${showValue(k)} is not an earlier event (1-${n - 1})`)
      break
    }
    case 'next-round':
      only(o, ['t', 'at'], 'a next-round event')
      break
    case 'resolution':
      only(o, ['t', 'at', 'command', 'request', 'seed', 'rolls', 'effects', 'plan'], 'a resolution')
      text(o, 'command', false)
      if (o.plan !== undefined) {
        const p = o.plan as Obj
        if (
          !isObj(p) ||
          !Number.isInteger(p.step) ||
          !Number.isInteger(p.of) ||
          (p.step as number) < 1 ||
          (p.step as number) > (p.of as number)
        )
          fail(
            `"plan": ${showValue(o.plan)}; expected the attack's step in its plan, e.g. {"step": 1, "of": 2}`,
          )
        only(p, ['step', 'of'], '"plan"')
      }
      if (!isObj(o.request)) fail('"request": expected the request resolved, {…}')
      text(o, 'seed')
      if (o.rolls !== undefined && (!Array.isArray(o.rolls) || o.rolls.some((d) => !Number.isInteger(d))))
        fail(`"rolls": ${showValue(o.rolls)}; expected the dice typed, e.g. [3, 5, 10]`)
      if ((o.seed === undefined) === (o.rolls === undefined))
        fail('a resolution carries its dice: a "seed" or typed "rolls" (one of them)')
      if (!Array.isArray(o.effects)) fail('"effects": expected a list (empty when nothing changed)')
      for (const x of o.effects as unknown[]) checkEffect(x, header.units as Obj)
      break
    case 'torn':
      only(o, ['t', 'at', 'text'], 'a torn entry')
      text(o, 'text', false)
      break
    default:
      fail(`"t": ${showValue(o.t)} is not an event; expected set, undo, next-round, resolution or torn`)
  }
  return proven<GameEvent>(o)
}

/**
 * Read a game log's text. `file` names it in errors: `game.jsonl:12: …` (code 'bad-game'), or
 * for a last line cut short by a write that did not finish, code 'torn-game' with the line.
 * With `before`, `text` is what follows the lines of that log (read earlier from the same file):
 * its events are checked against `before`'s header and counted on from its events.
 */
export function parseGame(text: string, file: string, before?: GameLog): GameLog {
  const lines = text.split('\n')
  // A whole log ends with a newline: what follows the last one is a line cut short.
  const tail = lines.pop()!
  const first = before ? before.events.length + 2 : 1
  const where = (line: number, m: string, code = 'bad-game') => new InputError(code, `${file}:${line}: ${m}`)
  if (!before && lines.length === 0 && tail === '')
    throw where(1, 'the file is empty: a game log starts with its header (mecha game new writes one)')
  if (!before && tail !== '' && lines.length === 0)
    throw where(
      1,
      'the header line is cut short (a write that did not finish); the game cannot be read: start it again with mecha game new',
      'torn-game',
    )
  if (tail !== '') {
    // Reported when every line before it reads (the first problem is the one to fix first).
    parseLines(lines, file, before)
    throw where(
      first + lines.length,
      `the last line is cut short (a write that did not finish); ${REPAIR}`,
      'torn-game',
    )
  }
  return parseLines(lines, file, before)
}

function parseLines(lines: string[], file: string, before?: GameLog): GameLog {
  let header = before?.header
  const events: GameEvent[] = before ? before.events.slice() : []
  const first = before ? before.events.length + 2 : 1
  for (let i = 0; i < lines.length; i++) {
    const line = first + i
    try {
      let data: unknown
      try {
        data = JSON.parse(lines[i])
      } catch {
        fail(
          lines[i].trim() === ''
            ? 'an empty line; every line is one JSON entry'
            : `not a whole JSON line (a torn write, or an edit); ${REPAIR}`,
        )
      }
      if (header === undefined) header = checkHeader(data)
      else events.push(checkEvent(data, events.length + 1, header))
    } catch (e) {
      if (e instanceof LineProblem) throw new InputError('bad-game', `${file}:${line}: ${e.message}`)
      throw e
    }
  }
  if (!header)
    throw new InputError('bad-game', `${file}:1: the file is empty: a game log starts with its header`)
  return { header, events }
}

/**
 * What a repair keeps: every line that reads as JSON, and each one that does not (cut short,
 * or run together with the next write) as a torn entry holding its text, so that no line is
 * lost and every event keeps its number. The header must read; the result is checked whole.
 */
export function repairGame(text: string, file: string): { text: string; torn: number[] } {
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  const torn: number[] = []
  const out = lines.map((l, i) => {
    if (i > 0) {
      try {
        JSON.parse(l)
        return l
      } catch {
        torn.push(i + 1)
        return JSON.stringify({ t: 'torn', text: l } satisfies TornEntry)
      }
    }
    return l
  })
  const repaired = out.map((l) => l + '\n').join('')
  parseGame(repaired, file)
  return { text: repaired, torn }
}

/** One entry as its line in the log (without the newline). */
export const entryLine = (entry: GameHeader | GameEvent) => JSON.stringify(entry)

/**
 * A log given as data (a library caller's, built or changed by hand), checked as its text is:
 * its entries are written as the lines they would be and read again, so a header without units
 * or an event naming no unit is one InputError with its line, not a TypeError in the replay.
 * What is checked and returned is what the log would hold (JSON's values).
 */
/** What a value is, in words, whatever it is (a BigInt or a cycle is not shown as JSON). */
export function kindOf(x: unknown): string {
  if (x === undefined || x === null) return String(x)
  if (Array.isArray(x)) return 'a list'
  if (typeof x === 'string') return quoteValue(x)
  if (typeof x === 'number' || typeof x === 'boolean') return String(x)
  return typeof x === 'object' ? 'an object' : `a ${typeof x}`
}

export function readLog(data: unknown, file: string): GameLog {
  if (!isObj(data) || !isObj(data.header) || !Array.isArray(data.events))
    throw new InputError('bad-game', `${file}: a game log is { header, events }, as game.parse gives it`)
  // Array.from: a list with holes reads them as undefined, refused below by their line.
  const entries: unknown[] = [data.header, ...Array.from(data.events as unknown[])]
  const lines = entries.map((e, i) => {
    let line: string | undefined
    try {
      line = isObj(e) ? JSON.stringify(e) : undefined
    } catch (err) {
      // A cycle or a BigInt: JSON cannot hold it.
      throw new InputError(
        'bad-game',
        `${file}:${i + 1}: the entry cannot be written as JSON (${(err as Error).message.split('\n')[0]})`,
      )
    }
    if (line === undefined)
      throw new InputError(
        'bad-game',
        `${file}:${i + 1}: ${e === undefined ? 'an empty place' : kindOf(e)}; expected an entry, {…}`,
      )
    return line + '\n'
  })
  return parseGame(lines.join(''), file)
}
