/**
 * A roster file's text (YAML, or JSON as YAML's subset) read into a checked roster: the one module
 * that imports the YAML parser (js-yaml). A roster given as data needs none: readRoster in
 * roster.ts checks it, and this module hands it the parsed data with the line of each field.
 *
 * The parser's events (every node, with its offsets in the text) are read twice: once here, into
 * each node's place and each map's keys (for the lines, keys written twice and keys that are
 * maps), and once by the parser's own constructor, into the data. One parse: no document tree,
 * no second reading of the text when a message needs a line.
 */
import {
  type DocumentEvent,
  EVENT_ID,
  type Event,
  SCALAR_STYLE,
  type ScalarEvent,
  YAMLException,
  constructFromEvents,
  getScalarValue,
  parseEvents,
} from 'js-yaml'
import { InputError } from '../../core/errors.js'
import { type Roster, type RosterLines, type RosterPath, readRoster } from './roster.js'

/**
 * Deepest nesting a roster may have: maps and lists within each other, the top map and 32 levels
 * below it. A real one is units → unit → weapons → weapon → a field's list: five or six levels.
 * Deeper is refused in words, whatever the stack of the process that reads it would have allowed.
 */
const MAX_ROSTER_DEPTH = 32

/**
 * The parser's own limit, which keeps its stack: it counts levels its own way (a block list
 * within a map is two), so it is set well above ours, which judges every roster; only a file
 * nested deeper still is stopped by the parser, on the line it had reached.
 */
const PARSER_DEPTH = 4 * MAX_ROSTER_DEPTH

/**
 * Parse one roster file's text. `file` names it in errors (as the user would write it).
 * Throws InputError('bad-roster', 'file:line: field: what is wrong').
 */
export function parseRoster(text: string, file: string): Roster {
  return parseRosterData(text, file).roster
}

/** parseRoster's roster with the data it was read from (the library gives that data back). */
export function parseRosterData(text: string, file: string): { data: unknown; roster: Roster } {
  try {
    return parseRosterText(text, file)
  } catch (e) {
    if (e instanceof YAMLException) throw parserError(file, e)
    if (e instanceof RangeError && /call stack/i.test(e.message)) throw tooDeep(file, 1)
    throw e
  }
}

function parseRosterText(text: string, file: string): { data: unknown; roster: Roster } {
  const events = parseEvents(text, { maxDepth: PARSER_DEPTH })
  const places = new Places(text, events)
  const fail = (at: number, message: string) =>
    new InputError('bad-roster', `${file}:${places.lineOf(at)}: ${message}`)
  if (places.deep !== undefined) throw tooDeep(file, places.lineOf(places.deep))
  if (places.secondDocument !== undefined)
    throw fail(
      places.secondDocument,
      'a second YAML document starts here; a roster is one document (drop the --- and what follows, or merge them)',
    )
  if (places.complexKey !== undefined)
    throw fail(places.complexKey, 'a key is a list or a map; a key is a name, e.g. argonaut:')
  if (places.twice !== undefined) {
    const key = /^[^:\n]*/.exec(text.slice(places.twice))![0].trim()
    throw fail(places.twice, `${key} appears twice in one map; keep one`)
  }
  const [data] = constructFromEvents(events, { source: text })
  return { data, roster: readRoster(data, file, places) }
}

/** The parser's message, on one line, with our position (its own says line and column). */
function parserError(file: string, e: YAMLException): InputError {
  const line = (e.mark?.line ?? 0) + 1
  if (/maxDepth/.test(e.reason)) return tooDeep(file, line)
  return new InputError('bad-roster', `${file}:${line}: ${e.reason.split('\n')[0]}`)
}

function tooDeep(file: string, line: number): InputError {
  return new InputError(
    'bad-roster',
    `${file}:${line}: nested too deep (lists or maps within each other thousands of levels down); a roster is a few levels: units, their fields, their weapons (mecha roster new writes a starter file)`,
  )
}

/** A node's place: where it starts (-1: an empty value), and a map's entries by key or a list's items. */
interface Place {
  at: number
  keys?: Map<string, { at: number; value: Place }>
  items?: Place[]
}

/** A plain key that is text as written: not a number, a null or a boolean to the YAML schema. */
const PLAIN_TEXT = /^[A-Za-z][\w-]*$/
const NOT_TEXT = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/

/** Where each node of one parsed document is, by the path to it; and what the data cannot say. */
class Places implements RosterLines {
  root?: Place
  /** Offsets of the first problems met walking the events (the first written, for keys twice). */
  twice?: number
  complexKey?: number
  secondDocument?: number
  /** The first map or list nested deeper than MAX_ROSTER_DEPTH (the top map is at 0). */
  deep?: number
  /** Where each line starts, made when a line is first asked for. */
  private starts?: number[]

  constructor(
    readonly text: string,
    events: readonly Event[],
  ) {
    // One frame per open collection: a map waits for a key, then for that key's value.
    type Frame = { place: Place; key?: { name: string | undefined; at: number } }
    const stack: Frame[] = []
    let doc: DocumentEvent | undefined
    for (let i = 0; i < events.length; i++) {
      const ev = events[i]
      if (ev.type === EVENT_ID.DOCUMENT) {
        if (doc) {
          this.secondDocument = this.documentStart(events, i)
          return
        }
        doc = ev
        continue
      }
      if (ev.type === EVENT_ID.POP) {
        stack.pop()
        continue
      }
      const place: Place =
        ev.type === EVENT_ID.MAPPING
          ? { at: ev.start, keys: new Map() }
          : ev.type === EVENT_ID.SEQUENCE
            ? { at: ev.start, items: [] }
            : ev.type === EVENT_ID.SCALAR
              ? { at: ev.valueStart }
              : { at: ev.anchorStart }
      const parent = stack[stack.length - 1]
      if (!parent) this.root = place
      else if (parent.place.items) parent.place.items.push(place)
      else if (!parent.key) {
        const written = ev.type === EVENT_ID.SCALAR ? scalarStart(ev) : place.at
        const at = written >= 0 ? written : parent.place.at
        if (ev.type !== EVENT_ID.SCALAR && ev.type !== EVENT_ID.ALIAS) this.complexKey ??= at
        parent.key = { name: ev.type === EVENT_ID.SCALAR ? this.keyName(doc!, ev) : undefined, at }
      } else {
        const { name, at } = parent.key
        parent.key = undefined
        const keys = parent.place.keys!
        if (name !== undefined) {
          if (keys.has(name) && (this.twice === undefined || at < this.twice)) this.twice = at
          keys.set(name, { at, value: place })
        }
      }
      if (place.keys || place.items) {
        if (stack.length > MAX_ROSTER_DEPTH) this.deep ??= place.at
        stack.push({ place })
      }
    }
  }

  /**
   * The name the data has for a key: a plain word as written; otherwise the key's value as the
   * parser reads it, as text (`1`, `0x10` is 16, a quoted "1" is 1).
   */
  private keyName(doc: DocumentEvent, ev: ScalarEvent): string {
    const written = getScalarValue(this.text, ev)
    if (
      ev.tagStart < 0 &&
      (ev.style !== SCALAR_STYLE.PLAIN || (PLAIN_TEXT.test(written) && !NOT_TEXT.test(written)))
    )
      return written
    return String(constructFromEvents([doc, ev, { type: EVENT_ID.POP }], { source: this.text })[0])
  }

  /** Where the document starting at events[i] starts: its `---`, or its first node. */
  private documentStart(events: readonly Event[], i: number): number {
    let last = 0
    for (let k = 0; k < i; k++) {
      const ev = events[k]
      const end =
        ev.type === EVENT_ID.SCALAR
          ? ev.valueEnd
          : ev.type === EVENT_ID.ALIAS
            ? ev.anchorEnd
            : 'start' in ev
              ? ev.start
              : 0
      last = Math.max(last, end)
    }
    const marker = /^(?:---|\.\.\.)/gm
    marker.lastIndex = last
    return marker.exec(this.text)?.index ?? last
  }

  lineOf(offset: number): number {
    if (!this.starts) {
      this.starts = [0]
      const breaks = /\r\n?|\n/g
      while (breaks.exec(this.text)) this.starts.push(breaks.lastIndex)
    }
    const s = this.starts
    let lo = 0
    let hi = s.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (s[mid] <= offset) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }

  line(path: RosterPath, key = false): number {
    let node = this.root
    let line = node && node.at >= 0 ? this.lineOf(node.at) : 1
    for (let i = 0; i < path.length && node; i++) {
      const step = path[i]
      if (node.keys) {
        const entry = node.keys.get(String(step))
        if (!entry) return line
        line = this.lineOf(entry.at)
        if (key && i === path.length - 1) return line
        node = entry.value
        // A map or a list (a block one starts on the next line): its key's line is the one to name.
        if (node.at >= 0 && !node.keys && !node.items) line = this.lineOf(node.at)
      } else if (node.items && typeof step === 'number') {
        node = node.items[step]
        if (!node || node.at < 0) return line
        line = this.lineOf(node.at)
      } else return line
    }
    return line
  }
}

/** Where a scalar is written, with its tag, anchor and quote; -1 for an empty one. */
function scalarStart(ev: ScalarEvent): number {
  const quoted = ev.style === SCALAR_STYLE.SINGLE_QUOTED || ev.style === SCALAR_STYLE.DOUBLE_QUOTED
  const starts = [ev.tagStart, ev.anchorStart, quoted ? ev.valueStart - 1 : ev.valueStart].filter(
    (s) => s >= 0,
  )
  return starts.length ? Math.min(...starts) : -1
}
