import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { groups } from '../../src/commands/registry.js'

/**
 * docs/json.md and the library's answer types say the same: every field the page names for a
 * command (`targetNumber`, `luck.percentile`, `odds.expected.{damage, hpLeft}`) is a field of
 * that command's answer, odds or comparison type (src/models declares them where the answers are
 * built), read with TypeScript's own checker from src/api/index.ts. A field renamed in the code
 * and not in the page, or written wrong in the page, fails here. (Values in parentheses, such as
 * an outcome's words, are not fields and are not read.)
 */

const API = new URL('../../src/api/index.ts', import.meta.url).pathname
const DOC = readFileSync(new URL('../../docs/json.md', import.meta.url), 'utf8')

const program = ts.createProgram([API], {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  noEmit: true,
})
const checker = program.getTypeChecker()
const exported = new Map(
  checker
    .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(API)!)!)
    .map((s) => [s.name, s]),
)

/** An exported type of the library, by name. */
function typeNamed(name: string): ts.Type | undefined {
  const sym = exported.get(name)
  if (!sym) return undefined
  const target = sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym
  return checker.getDeclaredTypeOfSymbol(target)
}

/** The types a value of type t may be: a union's members, an array's items, without null. */
function shapes(t: ts.Type): ts.Type[] {
  const nonNull = checker.getNonNullableType(t)
  const parts = nonNull.isUnion() ? nonNull.types : [nonNull]
  return parts.flatMap((p) =>
    checker.isArrayType(p) ? shapes(checker.getTypeArguments(p as ts.TypeReference)[0]) : [p],
  )
}

/** Whether `path` (["odds", "expected", "damage"]) leads somewhere in type t. */
function hasPath(t: ts.Type, path: string[]): boolean {
  if (path.length === 0) return true
  const [head, ...rest] = path
  return shapes(t).some((s) => {
    const prop = s.getProperty(head)
    if (prop) return hasPath(checker.getTypeOfSymbol(prop), rest)
    // A map of chances (`odds.damage`: its outcomes are keys, not fields).
    return s.getStringIndexType() !== undefined && rest.length === 0 && /^\d+$/.test(head)
  })
}

const pascal = (name: string) =>
  name
    .split(/[\s-]+/)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('')

/** Each command's section of the page: the text after its bold name, up to the next command. */
function sections(): Map<string, string> {
  const names = groups.flatMap((g) => g.commands.map((c) => c.name))
  const out = new Map<string, string>()
  const marks = [...DOC.matchAll(/\*\*([a-z][a-z -]*)\*\*/g)].filter((m) => names.includes(m[1]))
  marks.forEach((m, i) => {
    const end = i + 1 < marks.length ? marks[i + 1].index! : DOC.length
    const text = DOC.slice(m.index! + m[0].length, end).split(/\n## /)[0]
    out.set(m[1], (out.get(m[1]) ?? '') + text)
  })
  // Sections written for two commands at once (`**wargroup burn**, **wargroup void**:`).
  for (const [name, text] of out) if (/^\s*$|^,\s*$/.test(text)) out.set(name, out.get(nextOf(name, marks))!)
  return out
}

function nextOf(name: string, marks: RegExpMatchArray[]): string {
  const i = marks.findIndex((m) => m[1] === name)
  return marks[i + 1][1]
}

/** The field paths a section names: backticked, outside parentheses, braces spread. */
function fieldsOf(text: string): string[][] {
  let outside = ''
  let depth = 0
  for (const ch of text.replace(/\[[^\]]*\]\([^)]*\)/g, '')) {
    if (ch === '(') depth++
    else if (ch === ')') depth = Math.max(0, depth - 1)
    else if (depth === 0) outside += ch
  }
  const paths: string[][] = []
  for (const [, token] of outside.matchAll(/`([^`]+)`/g)) {
    const m = /^([a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)*)(?:\.\{([a-zA-Z, ]+)\})?$/.exec(token)
    if (!m) continue
    const base = m[1].split('.')
    if (m[2]) for (const leaf of m[2].split(',')) paths.push([...base, leaf.trim()])
    else paths.push(base)
  }
  return paths
}

const LITERALS = new Set(['null', 'true', 'false'])

describe('docs/json.md and the answer types', () => {
  const all = sections()

  it('has a section for every command', () => {
    const names = groups.flatMap((g) => g.commands.map((c) => c.name))
    expect(names.filter((n) => !all.has(n))).toEqual([])
  })

  it.each([...sections()].map(([name, text]) => [name, text] as const))(
    '%s: every field the page names is a field of its answer, odds or comparison',
    (name, text) => {
      const P = pascal(name)
      const types = ['Answer', 'Odds', 'Compare']
        .map((k) => typeNamed(`${P}${k}`))
        .filter((t) => t !== undefined)
      expect(types.length, `${P}Answer is exported`).toBeGreaterThan(0)
      const [answer] = types
      expect(typeNamed(`${P}Answer`), `${P}Answer`).toBe(answer)
      const missing = fieldsOf(text)
        .filter((p) => !LITERALS.has(p[0]))
        // A field of the answer, of the odds (under `odds` or beside it), or of a comparison.
        .filter((p) => !types.some((t) => hasPath(t, p) || hasPath(t, ['odds', ...p])))
        .map((p) => p.join('.'))
      expect(missing).toEqual([])
    },
  )
})
