/**
 * A roster file's text (YAML, or JSON as YAML's subset) read into a checked roster: the one module
 * that imports the YAML parser (js-yaml). A roster given as data needs none: readRoster in
 * roster.ts checks it, and this module hands it the parsed data with the line of each field.
 *
 * The lines are recorded during the one parse: the parser tells a listener where each node opens
 * and what it read when it closes, and the nodes make a tree beside the data. A message's line
 * is looked up in that tree (a map's keys told from its values when first asked for), never by
 * reading the text again.
 */
import { CORE_SCHEMA, type LoadOptions, type State, YAMLException, load } from 'js-yaml'
import { InputError } from '../../core/errors.js'
import { type Roster, type RosterLines, type RosterPath, readRoster } from './roster.js'

/**
 * Deepest nesting a roster may have: maps and lists within each other, the top map and 32 levels
 * below it. A real one is units → unit → weapons → weapon → a field's list: five or six levels.
 * Deeper is refused in words, whatever the stack of the process that reads it would have allowed.
 */
const MAX_ROSTER_DEPTH = 32

/**
 * The parser's own limit, which keeps its stack: it counts the nodes it opens within each other
 * (a value in a block map can be two), so it is set well above ours, which judges every roster;
 * only a file nested deeper still is stopped by the parser, on the line it had reached.
 */
const PARSER_DEPTH = 4 * MAX_ROSTER_DEPTH

/** js-yaml 4 takes maxDepth; its typings (@types/js-yaml) predate it. */
type ParserOptions = LoadOptions & { maxDepth: number }

/**
 * Parse one roster file's text. `file` names it in errors (as the user would write it).
 * Throws InputError('bad-roster', 'file:line: field: what is wrong').
 */
export function parseRoster(text: string, file: string): Roster {
  return parseRosterData(text, file).roster
}

/** parseRoster's roster with the data it was read from (the library gives that data back). */
export function parseRosterData(text: string, file: string): { data: unknown; roster: Roster } {
  const nodes = new Nodes(text)
  let data: unknown
  try {
    data = load(text, {
      schema: CORE_SCHEMA,
      maxDepth: PARSER_DEPTH,
      listener: (event, state) => nodes.met(event, state),
    } as ParserOptions)
  } catch (e) {
    if (e instanceof YAMLException) throw parserError(file, text, e)
    if (e instanceof RangeError && /call stack/i.test(e.message)) throw tooDeep(file, 1)
    throw e
  }
  const deep = nodes.tooDeep()
  if (deep !== undefined) throw tooDeep(file, nodes.lineOf(deep))
  return { data, roster: readRoster(data, file, nodes) }
}

/** The parser's message, on one line, with our position (its own says line and column). */
function parserError(file: string, text: string, e: YAMLException): InputError {
  const line = (e.mark?.line ?? 0) + 1
  const reason = e.reason.split('\n')[0]
  if (/maxDepth/.test(reason)) return tooDeep(file, line)
  if (reason === 'duplicated mapping key' && e.mark) {
    const key = /^[^:\n]*/.exec(text.slice(e.mark.position))![0].trim()
    return new InputError('bad-roster', `${file}:${line}: ${key} appears twice in one map; keep one`)
  }
  if (/found more/.test(reason))
    return new InputError(
      'bad-roster',
      `${file}:${secondDocument(text)}: a second YAML document starts here; a roster is one document (drop the --- and what follows, or merge them)`,
    )
  return new InputError('bad-roster', `${file}:${line}: ${reason}`)
}

function tooDeep(file: string, line: number): InputError {
  return new InputError(
    'bad-roster',
    `${file}:${line}: nested too deep (lists or maps within each other thousands of levels down); a roster is a few levels: units, their fields, their weapons (mecha roster new writes a starter file)`,
  )
}

/** The line where a second document starts: a `---` after the first one's content, or content after its `...`. */
function secondDocument(text: string): number {
  const lines = text.split(/\r\n?|\n/)
  let content = false
  let ended = false
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]
    if (/^---(\s|$)/.test(l)) {
      if (content || ended) return i + 1
      content = /^---\s+[^\s#]/.test(l)
    } else if (/^\.\.\.(\s|$)/.test(l)) ended = content
    else if (!/^\s*(#|$)/.test(l)) {
      if (ended) return i + 1
      content = true
    }
  }
  return 1
}

/**
 * One node as the parser met it: where it opened, its kind and value once read, the nodes read
 * within it (a map's keys and values in turn), how many maps and lists deep it goes, and a map's
 * entries by key once asked for (null: its keys and values cannot be told apart).
 */
interface Node {
  at: number
  kind: string | null
  result: unknown
  children?: Node[]
  height: number
  below: number
  entries?: Map<string, { at: number; value: Node }> | null
}

const isCollection = (node: Node) => node.kind === 'mapping' || node.kind === 'sequence'

/** The nodes of one parse, as the parser's listener reports them; where each field is. */
class Nodes implements RosterLines {
  private readonly top: Node = { at: 0, kind: null, result: undefined, height: 0, below: 0 }
  private readonly open: Node[] = [this.top]
  /** Where each line starts, made when a line is first asked for. */
  private starts?: number[]
  private names?: Map<string, { line: number; weapons: Map<string, number> }>

  constructor(readonly text: string) {}

  met(event: 'open' | 'close', state: State): void {
    if (event === 'open') {
      const node: Node = { at: state.position, kind: null, result: undefined, height: 0, below: 0 }
      ;(this.open[this.open.length - 1].children ??= []).push(node)
      this.open.push(node)
      return
    }
    const node = this.open.pop()!
    node.kind = state.kind
    node.result = state.result
    const only = node.children?.length === 1 ? node.children[0] : undefined
    if (only && only.kind === node.kind && only.result === node.result) {
      // In a block map, the parser reads a value as a would-be key first, a node within a node:
      // one node, opening where the inner one does (after the spaces).
      node.at = only.at
      node.children = only.children
      node.height = only.height
    } else node.height = node.below + (isCollection(node) ? 1 : 0)
    const parent = this.open[this.open.length - 1]
    if (node.height > parent.below) parent.below = node.height
  }

  /**
   * The line of each unit's name and of each of its weapons' names, by name: read in document
   * order, the lines counted on as the names go down the file.
   */
  private namesOf(): Map<string, { line: number; weapons: Map<string, number> }> {
    const names = new Map<string, { line: number; weapons: Map<string, number> }>()
    const starts = (this.lineOf(0), this.starts!)
    let next = 1 // the first line that starts after the last name
    const lineAt = (at: number) => {
      if (at < starts[next - 1]) return this.lineOf(at)
      while (next < starts.length && starts[next] <= at) next++
      return next
    }
    const root = this.root
    const units = root && pairs(root) && entriesOf(root)?.get('units')?.value
    const unitPairs = (units && pairs(units)) || []
    for (let i = 0; i < unitPairs.length; i += 2) {
      const weapons = new Map<string, number>()
      names.set(String(unitPairs[i].result), { line: lineAt(unitPairs[i].at), weapons })
      const fields = pairs(unitPairs[i + 1]) ?? []
      for (let k = 0; k < fields.length; k += 2) {
        if (fields[k].result !== 'weapons') continue
        const list = pairs(fields[k + 1]) ?? []
        for (let w = 0; w < list.length; w += 2) weapons.set(String(list[w].result), lineAt(list[w].at))
        break
      }
    }
    return names
  }

  private get root(): Node | undefined {
    return this.top.children?.[0]
  }

  /** Where the first map or list nested deeper than MAX_ROSTER_DEPTH opens, if one is. */
  tooDeep(): number | undefined {
    const root = this.root
    if (!root || root.height <= MAX_ROSTER_DEPTH + 1) return undefined
    // Only for such a file: the nodes in document order, each with the maps and lists above it.
    const todo: Array<[Node, number]> = [[root, 0]]
    while (todo.length) {
      const [node, above] = todo.pop()!
      if (isCollection(node) && above > MAX_ROSTER_DEPTH) return node.at
      const depth = above + (isCollection(node) ? 1 : 0)
      const children = node.children ?? []
      for (let i = children.length - 1; i >= 0; i--) todo.push([children[i], depth])
    }
    return root.at
  }

  lineOf(offset: number): number {
    if (!this.starts) {
      const starts = [0]
      const text = this.text
      // A line ends at \n, \r\n or a lone \r, as the parser counts them.
      if (/\r(?!\n)/.test(text))
        for (const m of text.matchAll(/\r\n?|\n/g)) starts.push(m.index + m[0].length)
      else for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1)
      this.starts = starts
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
    // Every unit's line and its weapons' (each roster carries them): read off together.
    if (key && path[0] === 'units' && (path.length === 2 || (path.length === 4 && path[2] === 'weapons'))) {
      const unit = (this.names ??= this.namesOf()).get(String(path[1]))
      const line = path.length === 2 ? unit?.line : unit?.weapons.get(String(path[3]))
      if (line !== undefined) return line
    }
    let node = this.root
    let line = node ? this.lineOf(node.at) : 1
    for (let i = 0; i < path.length && node; i++) {
      const step = path[i]
      if (node.kind === 'mapping') {
        const entry = entriesOf(node)?.get(String(step))
        if (!entry) return line
        line = this.lineOf(entry.at)
        if (key && i === path.length - 1) return line
        node = entry.value
        // A map or a list (a block one starts on the next line): its key's line is the one to name.
        if (!isCollection(node)) line = this.lineOf(node.at)
      } else if (node.kind === 'sequence' && typeof step === 'number') {
        const items = node.children ?? []
        if (items.length !== (node.result as unknown[]).length) return line
        node = items[step]
        if (!node) return line
        line = this.lineOf(node.at)
      } else return line
    }
    return line
  }
}

/**
 * A map's nodes, a key and its value in turn, when there are as many pairs as the data has keys;
 * otherwise (a key without a value, `{a, b: 1}`, or not a map) undefined: its keys are not told.
 */
function pairs(node: Node): Node[] | undefined {
  if (node.kind !== 'mapping') return undefined
  const nodes = node.children ?? []
  return nodes.length === 2 * Object.keys(node.result as object).length ? nodes : undefined
}

/** A map's entries by key, as the data names them (see pairs). */
function entriesOf(node: Node): Map<string, { at: number; value: Node }> | null {
  if (node.entries !== undefined) return node.entries
  const nodes = pairs(node)
  if (!nodes) return (node.entries = null)
  const entries = new Map<string, { at: number; value: Node }>()
  for (let i = 0; i < nodes.length; i += 2)
    entries.set(String(nodes[i].result), { at: nodes[i].at, value: nodes[i + 1] })
  return (node.entries = entries)
}
