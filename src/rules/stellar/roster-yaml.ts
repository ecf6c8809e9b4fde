/**
 * A fast reader for the YAML a roster file is usually written in: block maps by indentation,
 * `key: value` lines, one-line flow maps and lists (`{ shots: 4, dmg: 800 }`, `[a, b]`), block
 * lists of scalars (`- close-combat-expert`), plain, single- and simply double-quoted scalars,
 * and comments.
 *
 * Why: the general YAML library takes ~0.5 ms per unit on a cold start (a 500-unit roster: 250
 * ms of a 300 ms command), where this reads the same file in a few ms, mostly inside regular
 * expressions (which run at full speed before the JavaScript around them is compiled). It reads
 * nothing it is not sure of: any other construct (anchors, tags, block scalars, values over
 * several lines, quoted keys, tabs, a key twice, a document marker…) makes it answer undefined,
 * and the caller reads the file with the YAML library instead, which also words every error.
 * Where it answers, it answers what the library would (the YAML 1.2 core schema;
 * test/rules/stellar/roster-yaml.test.ts compares the two on generated files).
 */

/** The data, and the line (1-based) of each map key and list item, by the map or list holding it. */
export interface PlainYaml {
  data: Record<string, unknown>
  lines: Map<object, Record<string, number>>
}

/** Thrown inside the reader when the text leaves the subset; never escapes it. */
class NotPlain extends Error {}

const INT = /^[-+]?[0-9]+$/
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/
/** Octal, hexadecimal, infinities and NaN: the forms left to the library. */
const SPECIAL_NUMBER = /^(?:0[ox]|[-+]?\.(?:inf|Inf|INF)$|\.(?:nan|NaN|NAN)$)/

/** A plain scalar's value under the core schema. */
function scalar(text: string): unknown {
  // Most scalars are names and numbers: a letter that starts no keyword is text, at once.
  const c = text.charCodeAt(0)
  if (((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) && !'tTfFnN'.includes(text[0])) return text
  switch (text) {
    case '~':
    case 'null':
    case 'Null':
    case 'NULL':
      return null
    case 'true':
    case 'True':
    case 'TRUE':
      return true
    case 'false':
    case 'False':
    case 'FALSE':
      return false
  }
  if (INT.test(text) || FLOAT.test(text)) return Number(text)
  if (SPECIAL_NUMBER.test(text)) throw new NotPlain()
  return text
}

/** A block line: `key: rest`, `- rest`, blank or a comment; anything else is not plain. */
const LINE = /^( *)(?:([A-Za-z0-9_][A-Za-z0-9_-]*):(?: +(.*))?|- +(.*)|(#.*)?)$/
/** A plain scalar that is something else, or is not plain everywhere: left to the library. */
const NOT_PLAIN = /: |:$|[[\]{}]|^[?:,#&*!|>'"%@`]|^-(?![0-9.])/
/** What may follow a value on its line: spaces, and a comment after a space. */
const LINE_END = /^(?: *| +#.*)$/
/** A `key:` or `- ` with no value on its line (the spaces after it are already read). */
const NO_VALUE = /^(?:#.*)?$/
const DQ = /^"([^"\\]*)"/
const SQ = /^'((?:[^']|'')*)'/

/** Keys that may read as something other than their text (a number, true, null). */
const MAYBE_NOT_TEXT = /^(?:[-+.0-9~]|(?:true|True|TRUE|false|False|FALSE|null|Null|NULL)$)/

/** A key that stays the same text under the core schema, and is not in the map yet. */
function checkedKey(key: string, map: Record<string, unknown>): string {
  if (
    (MAYBE_NOT_TEXT.test(key) && typeof scalar(key) !== 'string') ||
    key === '__proto__' ||
    Object.hasOwn(map, key)
  )
    throw new NotPlain()
  return key
}

/**
 * A flat flow map of plain values, `{ shots: 4, dmg: 800, pen: 4S }`, and what may follow it
 * on its line: most weapons are written so, and are read with one expression and a split.
 */
const FLAT_MAP =
  /^\{ *((?:[A-Za-z0-9_][A-Za-z0-9_-]*: +[^ ,[\]{}#:'"][^,[\]{}#:'"]*?(?: *, *(?=[A-Za-z0-9_])| *(?=[,}])))*) *,? *\}(?: *| +#.*)$/

function flatMap(inner: string): Record<string, unknown> {
  const map: Record<string, unknown> = {}
  if (inner === '') return map
  for (const entry of inner.split(',')) {
    const colon = entry.indexOf(':')
    const value = entry.slice(colon + 1).trim()
    if (NOT_PLAIN.test(value)) throw new NotPlain()
    map[checkedKey(entry.slice(0, colon).trim(), map)] = scalar(value)
  }
  return map
}

/** A value written on one line (`rest`, after `key: ` or `- `), and nothing after it but a comment. */
function inlineValue(rest: string): unknown {
  const c = rest[0]
  if (c === '{') {
    const flat = FLAT_MAP.exec(rest)
    if (flat) return flatMap(flat[1].trimEnd().replace(/ *,$/, ''))
  }
  if (c === '{' || c === '[') {
    const flow = new FlowReader(rest)
    const value = flow.value()
    if (!LINE_END.test(rest.slice(flow.at))) throw new NotPlain()
    return value
  }
  if (c === '"' || c === "'") {
    const m = (c === '"' ? DQ : SQ).exec(rest)
    if (!m || !LINE_END.test(rest.slice(m[0].length))) throw new NotPlain()
    return c === '"' ? m[1] : m[1].replace(/''/g, "'")
  }
  const hash = rest.indexOf(' #')
  const body = (hash < 0 ? rest : rest.slice(0, hash)).trimEnd()
  if (NOT_PLAIN.test(body)) throw new NotPlain()
  return scalar(body)
}

/** A flow map or list on one line, read with sticky expressions from `at`. */
class FlowReader {
  at = 0
  private static readonly KEY = / *([A-Za-z0-9_][A-Za-z0-9_-]*): +/y
  private static readonly PLAIN = /([^,[\]{}#:'"]*?) *(?=[,\]}])/y
  private static readonly QUOTED = /"([^"\\]*)" *|'((?:[^']|'')*)' */y
  private static readonly SEPARATOR = / *([,\]}])/y
  private static readonly SPACES = / */y

  constructor(readonly text: string) {}

  private sticky(re: RegExp): RegExpExecArray | null {
    re.lastIndex = this.at
    const m = re.exec(this.text)
    if (m) this.at = re.lastIndex
    return m
  }

  value(): unknown {
    this.sticky(FlowReader.SPACES)
    const c = this.text[this.at]
    if (c === '{') return this.map()
    if (c === '[') return this.list()
    if (c === '"' || c === "'") {
      const m = this.sticky(FlowReader.QUOTED)
      if (!m) throw new NotPlain()
      return m[1] ?? m[2].replace(/''/g, "'")
    }
    const m = this.sticky(FlowReader.PLAIN)
    if (!m || m[1] === '' || NOT_PLAIN.test(m[1])) throw new NotPlain()
    return scalar(m[1])
  }

  /** The separator after an entry: true at the closing bracket. */
  private next(close: string): boolean {
    const m = this.sticky(FlowReader.SEPARATOR)
    if (!m || (m[1] !== ',' && m[1] !== close)) throw new NotPlain()
    if (m[1] === close) return true
    // A trailing comma before the bracket.
    this.sticky(FlowReader.SPACES)
    if (this.text[this.at] === close) {
      this.at++
      return true
    }
    return false
  }

  private map(): Record<string, unknown> {
    const map: Record<string, unknown> = {}
    this.at++
    this.sticky(FlowReader.SPACES)
    if (this.text[this.at] === '}') {
      this.at++
      return map
    }
    for (;;) {
      const k = this.sticky(FlowReader.KEY)
      if (!k) throw new NotPlain()
      map[checkedKey(k[1], map)] = this.value()
      if (this.next('}')) return map
    }
  }

  private list(): unknown[] {
    const list: unknown[] = []
    this.at++
    this.sticky(FlowReader.SPACES)
    if (this.text[this.at] === ']') {
      this.at++
      return list
    }
    for (;;) {
      list.push(this.value())
      if (this.next(']')) return list
    }
  }
}

interface Line {
  /** 1-based. */
  number: number
  indent: number
  /** `key` for `key: rest`; undefined for a list item `- rest`. */
  key?: string
  /** The text after `key:` or `- `, comment and all ('' when none). */
  rest: string
}

/** Read `text` if it is in the subset; undefined when it is not (the YAML library reads it then). */
export function readPlainYaml(text: string): PlainYaml | undefined {
  try {
    return new BlockReader(text).document()
  } catch (e) {
    if (e instanceof NotPlain) return undefined
    throw e
  }
}

class BlockReader {
  private readonly lines: Line[] = []
  private i = 0
  private readonly where = new Map<object, Record<string, number>>()

  constructor(text: string) {
    // Tabs, lone carriage returns and a byte-order mark, document markers and directives.
    if (/\t|\r(?!\n)|\uFEFF|^(?:---|\.\.\.|%)/m.test(text)) throw new NotPlain()
    const raw = text.split(/\r?\n/)
    for (let n = 0; n < raw.length; n++) {
      const m = LINE.exec(raw[n])
      if (!m) throw new NotPlain()
      if (m[2] !== undefined)
        this.lines.push({ number: n + 1, indent: m[1].length, key: m[2], rest: m[3] ?? '' })
      else if (m[4] !== undefined) this.lines.push({ number: n + 1, indent: m[1].length, rest: m[4] })
    }
  }

  document(): PlainYaml {
    const first = this.lines[0]
    if (!first || first.indent !== 0 || first.key === undefined) throw new NotPlain()
    return { data: this.map(0), lines: this.where }
  }

  /** The lines of a block map's keys or a block list's items, by key or index. */
  private linesOf(container: object): Record<string, number> {
    const lines: Record<string, number> = {}
    this.where.set(container, lines)
    return lines
  }

  /** The value after a `key:` or `- ` with nothing on its line: the block below, deeper, or null. */
  private below(indent: number, sameIndentList: boolean): unknown {
    const next = this.lines[this.i]
    if (next && next.indent > indent)
      return next.key === undefined ? this.list(next.indent) : this.map(next.indent)
    if (sameIndentList && next && next.indent === indent && next.key === undefined) return this.list(indent)
    return null
  }

  /** After a value on its own line, nothing deeper may follow (a value continued, or a map under it). */
  private noDeeper(indent: number): void {
    const next = this.lines[this.i]
    if (next && next.indent > indent) throw new NotPlain()
  }

  /** The block map whose keys are at `indent`. */
  private map(indent: number): Record<string, unknown> {
    const map: Record<string, unknown> = {}
    const lines = this.linesOf(map)
    while (this.i < this.lines.length) {
      const line = this.lines[this.i]
      if (line.indent < indent) break
      if (line.indent > indent || line.key === undefined) throw new NotPlain()
      const key = checkedKey(line.key, map)
      lines[key] = line.number
      this.i++
      if (NO_VALUE.test(line.rest)) map[key] = this.below(indent, true)
      else {
        map[key] = inlineValue(line.rest)
        this.noDeeper(indent)
      }
    }
    return map
  }

  /** A block list of scalars and flow values (`- a`) at `indent`. */
  private list(indent: number): unknown[] {
    const list: unknown[] = []
    const lines = this.linesOf(list)
    while (this.i < this.lines.length) {
      const line = this.lines[this.i]
      if (line.indent < indent || (line.indent === indent && line.key !== undefined)) break
      // An item that is a map (`- name: x`), a list (`- - a`) or empty is for the library.
      if (line.indent > indent || NO_VALUE.test(line.rest) || /^- |^-$|^[^'"[{]*?:(?: |$)/.test(line.rest))
        throw new NotPlain()
      lines[list.length] = line.number
      this.i++
      list.push(inlineValue(line.rest))
      this.noDeeper(indent)
    }
    return list
  }
}
