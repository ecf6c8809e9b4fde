import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The layers, as issues 14 and 24 draw them: rule inputs, odds and rule constants live in
 * src/rules; each command's model (its result, report, odds, compare, choices) in src/models;
 * src/commands keeps each command's options and the request it builds, nothing else; render never
 * reaches into the commands; the library (src/api) and everything under it never into src/cli.
 */
const SRC = fileURLToPath(new URL('../../src', import.meta.url))

function files(dir: string): string[] {
  return readdirSync(join(SRC, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f))
}

const read = (f: string) => readFileSync(join(SRC, f), 'utf8')
const commandFiles = files('commands')

describe('layers', () => {
  it('an answer never loads text: nothing under render imports render (runtime, models, commands)', () => {
    const below = ['runtime', 'models', 'commands', 'rules', 'core', 'game']
    const bad = below.flatMap((l) => files(l)).filter((f) => /from '[./]*render\//.test(read(f)))
    expect(bad).toEqual([])
  })

  it('the library and the layers under it import nothing from cli', () => {
    const layers = ['api', 'runtime', 'models', 'commands', 'render', 'rules', 'core']
    const bad = layers.flatMap((l) => files(l)).filter((f) => /from '[./]*cli\//.test(read(f)))
    expect(bad).toEqual([])
  })

  it("command files shape no JSON: their answers are their models' (src/models)", () => {
    const found: string[] = []
    for (const f of commandFiles)
      for (const m of read(f).matchAll(/^.*\b(json|toJSON|JSON)\b.*$/gm)) found.push(`${f}: ${m[0].trim()}`)
    expect(found).toEqual([
      "commands/stellar/traits.ts: examples: ['mecha traits', 'mecha traits --in shoot', 'mecha traits --json'],",
    ])
  })

  it('the page (src/web) imports the library (src/api) and its own files only', () => {
    const imports = files('web').flatMap((f) =>
      [...read(f).matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => `${f}: ${m[1]}`),
    )
    expect(imports.length).toBeGreaterThan(5)
    expect(imports.filter((i) => !/: (\.\/[\w-]+|\.\.\/api\/index)\.js$/.test(i))).toEqual([])
  })

  it('rules import nothing from cli or render', () => {
    const bad = files('rules').filter((f) => /from '[./]*(cli|render)\//.test(read(f)))
    expect(bad).toEqual([])
  })

  it('commands export no odds functions and no rule constants', () => {
    const found: string[] = []
    for (const f of commandFiles) {
      for (const m of read(f).matchAll(/^export (?:function (\w*Odds)\b|const ([A-Z][A-Z0-9_]+)\b)/gm))
        found.push(`${f}: ${m[1] ?? m[2]}`)
    }
    expect(found).toEqual([])
  })
})

/**
 * The names a file imports as values (not `import type`, not `type X` inside braces) from modules
 * whose path matches `from`, as "file: name".
 */
function valueImports(dir: string, from: RegExp): string[] {
  const out: string[] = []
  for (const f of files(dir)) {
    for (const m of read(f).matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
      if (m[1] || !from.test(m[3])) continue
      for (const raw of m[2].split(',')) {
        const name = raw.trim().split(/\s+as\s+/)[0]
        if (name && !name.startsWith('type ')) out.push(`${f}: ${name}`)
      }
    }
  }
  return out.sort()
}

/**
 * What src/render may take from src/rules, src/models and src/runtime besides types (issue 36 item 3: render
 * reads answers and never works a rule out again). A rule constant (SCREAMING_CASE: a die's
 * sides, a cap, a threshold the text prints) and these helpers, which turn a value the answer
 * holds into words and decide nothing:
 */
const RENDER_HELPERS = new Set([
  // PEN as a rulebook writes it: "5", "3S", "2P".
  'penText',
  // The sum of a list of bonus terms the answer carries (the text prints the terms and their sum).
  'bonusTotal',
  // Names of outcomes, effects and levels: a lookup of words.
  'reasonText',
  'effectNoun',
  'qualityName',
  // Which sides a trait of the trait table belongs to (the table's own column), for `traits`.
  'traitSides',
  // A plan table's row, as its report names it; formation's signed numbers and "needs N+".
  'rowName',
  'signed',
  'neededText',
  // An outmaneuver's outcome code as its sentence.
  'outcomeText',
])

describe('render reads answers', () => {
  it('render takes from src/rules, src/models and src/runtime only types, rule constants and word helpers', () => {
    // src/runtime too: it runs the models (the pools a walk-through reads are seen there: seen-pools.ts).
    const imported = valueImports('render', /\/(rules|models|runtime)\//)
    // The scan sees value imports (so the test below cannot pass by reading none).
    expect(imported).toContain('render/stellar/melee.ts: penText')
    expect(imported).toContain('render/stellar/melee.ts: MELEE_DIE')
    const calls = imported.filter((i) => {
      const name = i.slice(i.indexOf(': ') + 2)
      return !/^[A-Z][A-Z0-9_]*$/.test(name) && !RENDER_HELPERS.has(name)
    })
    expect(calls).toEqual([])
  })
})

describe('typed option tables', () => {
  it('every command is made by defineCommand', () => {
    const untyped = commandFiles.filter(
      (f) => /^export const \w+Spec\b/m.test(read(f)) && !/defineCommand[<(]/.test(read(f)),
    )
    expect(untyped).toEqual([])
  })

  it('no option value is cast, read untyped or required by hand', () => {
    const found: string[] = []
    for (const f of commandFiles) {
      const text = read(f)
      for (const m of text.matchAll(/\bv\.\w+ as [^c]|\bv\[\w+\] as |\bValues\b|requireValue\(/g))
        found.push(`${f}: ${m[0]}`)
    }
    expect(found).toEqual([])
  })
})
