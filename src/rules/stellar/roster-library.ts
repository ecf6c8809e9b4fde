/**
 * Roster files read with the YAML library: any YAML, and every error found and worded with the
 * file, the line and the field (`roster.yaml:14: units.argonaut.acc: 31 is not 0-30`). The fast
 * reader (parsePlainRoster, roster.ts) takes the plain files; this module, and the library with
 * it, is loaded only for the others and for a file with a problem.
 */
import * as v from 'valibot'
import { type Document, LineCounter, type Node, isMap, isPair, isScalar, isSeq, parseDocument } from 'yaml'
import { InputError } from '../../core/errors.js'
import {
  type Path,
  type Roster,
  type RosterSource,
  buildRoster,
  parsePlainRoster,
  rosterSchema,
  show,
} from './roster.js'

/**
 * Parse one roster file's text: the fast reader where it can, else the YAML library. `file`
 * names it in errors (as the user would write it). Throws InputError('bad-roster', 'file:line:
 * field: what is wrong'). `fast: false` always takes the library (for tests).
 */
export function parseRoster(text: string, file: string, fast = true): Roster {
  return (fast ? parsePlainRoster(text, file) : undefined) ?? parseRosterWithLibrary(text, file)
}

/** Where things are in one document the YAML library parsed, for error lines. */
class Source implements RosterSource {
  constructor(
    readonly file: string,
    readonly doc: Document,
    readonly lines: LineCounter,
  ) {}

  get root(): unknown {
    return this.doc.contents
  }

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

/** The first line of a YAML library message, without its own position (we give ours). */
function yamlMessage(message: string): string {
  return message
    .split('\n')[0]
    .replace(/ at line \d+, column \d+:?$/, '')
    .replace(/:$/, '')
}

export function parseRosterWithLibrary(text: string, file: string): Roster {
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: true })
  const src = new Source(file, doc, lines)
  if (doc.errors.length) {
    const e = doc.errors[0]
    const line = e.linePos?.[0].line ?? lines.linePos(e.pos[0]).line
    const what =
      e.code === 'DUPLICATE_KEY'
        ? `${/^[^:\n]*/.exec(text.slice(e.pos[0]))![0].trim()} appears twice in one map; keep one`
        : yamlMessage(e.message)
    throw new InputError('bad-roster', `${file}:${line}: ${what}`)
  }
  let data: unknown
  try {
    data = doc.toJS({ maxAliasCount: 1000 })
  } catch (e) {
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
