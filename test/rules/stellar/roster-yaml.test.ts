import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { type Document, LineCounter, isMap, isPair, isScalar, isSeq, parseDocument } from 'yaml'
import { describe, expect, it } from 'vitest'
import { STARTER } from '../../../src/cli/roster-command.js'
import { parseRoster } from '../../../src/rules/stellar/roster.js'
import { type PlainYaml, readPlainYaml } from '../../../src/rules/stellar/roster-yaml.js'

/**
 * The fast reader answers only where it is sure, and then what the YAML library answers: the
 * same data, and the same line for every key and list item of a block collection.
 */

/** The library's reading: its data, or undefined when it reports an error or a warning. */
function library(text: string): { data: unknown; doc: Document; lines: LineCounter } | undefined {
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true })
  if (doc.errors.length || doc.warnings.length) return undefined
  return { data: doc.toJS(), doc, lines }
}

/** Every block map key's and list item's line in the library's document, by path. */
function libraryLines(doc: Document, lines: LineCounter): Map<string, number> {
  const out = new Map<string, number>()
  const walk = (node: unknown, path: string) => {
    if (isMap(node) && node.flow !== true) {
      for (const p of node.items) {
        if (!isPair(p) || !isScalar(p.key)) continue
        const at = `${path}/${String(p.key.value)}`
        out.set(at, lines.linePos(p.key.range![0]).line)
        walk(p.value, at)
      }
    } else if (isSeq(node) && node.flow !== true) {
      node.items.forEach((item, i) => {
        const at = `${path}/${i}`
        out.set(at, lines.linePos((item as { range: [number] }).range[0]).line)
        walk(item, at)
      })
    }
  }
  walk(doc.contents, '')
  return out
}

/** The same from the fast reader (block collections only: flow ones record no lines). */
function plainLines(p: PlainYaml): Map<string, number> {
  const out = new Map<string, number>()
  const walk = (node: unknown, path: string) => {
    if (node === null || typeof node !== 'object') return
    const lines = p.lines.get(node)
    for (const [k, v] of Object.entries(node)) {
      const at = `${path}/${k}`
      const line = lines?.[k]
      if (line !== undefined) out.set(at, line)
      walk(v, at)
    }
  }
  walk(p.data, '')
  return out
}

/** The reader agrees with the library, or declines. Returns whether it read the text. */
function agrees(text: string): boolean {
  const plain = readPlainYaml(text)
  if (!plain) return false
  const lib = library(text)
  expect(lib, `the library finds a problem in a text read as plain:\n${text}`).toBeDefined()
  expect(plain.data).toEqual(lib!.data)
  expect(plainLines(plain)).toEqual(libraryLines(lib!.doc, lib!.lines))
  return true
}

const example = readFileSync(new URL('../../../examples/roster.yaml', import.meta.url), 'utf8')

describe('readPlainYaml', () => {
  it('reads the example roster and the starter file, as the library does', () => {
    expect(agrees(example)).toBe(true)
    expect(agrees(STARTER)).toBe(true)
  })

  it.each([
    [
      'block lists at the key or deeper',
      'units:\n  a:\n    traits:\n    - berserker\n    - advantage\n  b:\n    traits:\n      - bold-leader\n',
    ],
    ['flow values', 'units:\n  a: { acc: 9, name: Red One, traits: [a, b], w: {}, x: [] }\n'],
    ['quotes', `units:\n  a:\n    name: "Red: One"\n    b: 'it''s'\n    c: '#1'   # a comment\n`],
    [
      'core-schema scalars',
      'a:\n  b: ~\n  c: null\n  d: True\n  e: -3\n  f: +4\n  g: 2.5\n  h: 1e3\n  i: yes\n  j: 007\n  k: .5\n  l: 5S\n  m: a#b\n',
    ],
    ['empty values', 'a:\nb:\n  c:\n  # comment only\nd: 1\n'],
    ['trailing commas', 'a: { b: 1, c: 2, }\nd: [1, 2, ]\n'],
    ['CRLF line ends', 'units:\r\n  a:\r\n    acc: 9\r\n'],
  ])('reads %s as the library does', (_, text) => {
    expect(agrees(text)).toBe(true)
  })

  it.each([
    ['an anchor and alias', 'a: &x 1\nb: *x\n'],
    ['a tag', 'a: !!str 5\n'],
    ['a block scalar', 'a: |\n  text\n'],
    ['a value over two lines', 'a: some\n  text\n'],
    ['a flow map over two lines', 'a: { b: 1,\n  c: 2 }\n'],
    ['a quoted key', '"a:b": {}\n'],
    ['a key twice', 'a: 1\na: 2\n'],
    ['a tab', 'a:\n\tb: 1\n'],
    ['a document marker', '---\na: 1\n'],
    ['a list of maps', 'a:\n  - name: x\n'],
    ['a hexadecimal number', 'a: 0x10\n'],
    ['.inf', 'a: .inf\n'],
    ['a key that reads as a number', '1: a\n'],
    ['an escape in double quotes', 'a: "x\\ty"\n'],
    ['a list at the top', '- a\n'],
    ['a comment right after a value', 'a: { b: 1 }#c\n'],
    ['a key without a space after the colon', 'a:1\n'],
    ['JSON', '{"units": {"a": {"acc": 9}}}'],
    ['an empty file', ''],
    ['__proto__', '__proto__: 1\n'],
  ])('declines %s', (_, text) => {
    expect(readPlainYaml(text)).toBeUndefined()
  })

  // Texts built from the pieces a roster is written with, some outside the subset.
  const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/)
  const scalarText = fc.oneof(
    fc.integer({ min: -50, max: 5000 }).map(String),
    fc.constantFrom('5S', '3P', 'true', 'False', 'null', '~', 'yes', '1.5', '+2', '-0', '007', '1e2'),
    fc.constantFrom('0x1f', '.inf', '.NaN', '0o7', 'a: b', 'x #y', 'a#b', '-x', '- x', '&a', '*a', '!t'),
    fc.constantFrom('Red One', "'q''s'", '"dq"', '"e\\n"', "'#'", '[a, b]', '{}', '[]', '{ a: 1 }'),
    name,
  )
  const flowMap = fc
    .array(fc.tuple(name, scalarText), { maxLength: 5 })
    .map((es) => `{ ${es.map(([k, v]) => `${k}: ${v}`).join(', ')} }`)
  const comment = fc.constantFrom('', '', '  # note', ' #x', '#glued')
  const line = (indent: number) =>
    fc.oneof(
      fc.tuple(name, scalarText, comment).map(([k, v, c]) => `${' '.repeat(indent)}${k}: ${v}${c}`),
      fc.tuple(name, flowMap, comment).map(([k, v, c]) => `${' '.repeat(indent)}${k}: ${v}${c}`),
      fc.tuple(name, comment).map(([k, c]) => `${' '.repeat(indent)}${k}:${c}`),
      scalarText.map((v) => `${' '.repeat(indent)}- ${v}`),
      fc.constantFrom('', '# a comment', `${' '.repeat(indent)}# indented comment`),
    )
  const doc = fc
    .array(
      fc.integer({ min: 0, max: 3 }).chain((depth) => line(depth * 2)),
      { minLength: 1, maxLength: 14 },
    )
    .map((ls) => ls.join('\n') + '\n')

  it('on lines in any order, reads only what the library reads, and as it does', () => {
    fc.assert(
      fc.property(doc, (text) => {
        agrees(text)
      }),
      { numRuns: 2000 },
    )
  })

  // Well-formed documents, built as a roster is: maps by indentation, lists, flow values.
  const flowList = fc.array(scalarText, { maxLength: 4 }).map((vs) => `[${vs.join(', ')}]`)
  const inline = fc.oneof(scalarText, scalarText, flowMap, flowList)
  const blockList = (indent: number) =>
    fc
      .array(fc.tuple(inline, comment), { minLength: 1, maxLength: 3 })
      .map((items) => items.map(([v, c]) => `${' '.repeat(indent)}- ${v}${c}`))
  const blockMap: (indent: number, depth: number) => fc.Arbitrary<string[]> = (indent, depth) =>
    fc
      .uniqueArray(
        fc.tuple(
          name,
          fc.oneof(
            { weight: 4, arbitrary: fc.tuple(inline, comment).map(([v, c]) => ({ inline: `${v}${c}` })) },
            { weight: depth > 0 ? 3 : 0, arbitrary: fc.constant({ nested: 'map' as const }) },
            {
              weight: 1,
              arbitrary: fc.constantFrom({ nested: 'list' as const }, { nested: 'list-here' as const }),
            },
            { weight: 1, arbitrary: fc.constant({ inline: '' }) },
          ),
          fc.constantFrom('', '', '', '\n', '\n# between\n'),
        ),
        { minLength: 1, maxLength: 4, selector: ([k]) => k },
      )
      .chain((entries) =>
        fc.tuple(
          ...entries.map(([key, value, gap]) => {
            const at = ' '.repeat(indent)
            if ('inline' in value)
              return fc.constant([`${at}${key}:${value.inline ? ' ' + value.inline : ''}${gap}`])
            const below =
              value.nested === 'map'
                ? blockMap(indent + 2, depth - 1)
                : blockList(value.nested === 'list' ? indent + 2 : indent)
            return below.map((ls) => [`${at}${key}:`, ...ls])
          }),
        ),
      )
      .map((parts) => parts.flat())
  const wellFormed = blockMap(0, 3).map((ls) => ls.join('\n') + '\n')

  it('on well-formed generated documents, reads most, and as the library does', () => {
    let read = 0
    fc.assert(
      fc.property(wellFormed, (text) => {
        if (agrees(text)) read++
      }),
      { numRuns: 2000 },
    )
    // Some scalars are outside the subset on purpose; most documents are not.
    expect(read).toBeGreaterThan(200)
  })

  it('on the example roster with a character changed, reads only what the library reads', () => {
    const chars = [' ', ':', '#', '-', '{', '}', '[', ']', ',', "'", '"', '&', '*', '!', '|', '\n', 'x', '0']
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: example.length - 1 }),
        fc.constantFrom(...chars),
        fc.boolean(),
        (at, c, insert) => {
          agrees(example.slice(0, at) + c + example.slice(insert ? at : at + 1))
        },
      ),
      { numRuns: 1500 },
    )
  })
})

describe('parseRoster, fast or through the library', () => {
  const file = 'r.yaml'
  const outcome = (text: string, fast: boolean) => {
    try {
      return parseRoster(text, file, fast)
    } catch (e) {
      return (e as Error).message
    }
  }

  it('gives the same roster, or the same error, for the example with a character changed', () => {
    const chars = [' ', ':', '#', '-', '{', '}', ',', '1', '\n', 'x']
    fc.assert(
      fc.property(fc.integer({ min: 0, max: example.length - 1 }), fc.constantFrom(...chars), (at, c) => {
        const text = example.slice(0, at) + c + example.slice(at + 1)
        expect(outcome(text, true)).toEqual(outcome(text, false))
      }),
      { numRuns: 400 },
    )
  })

  it('reads the example through the fast reader', () => {
    expect(readPlainYaml(example)).toBeDefined()
    expect(parseRoster(example, file)).toEqual(parseRoster(example, file, false))
  })
})
