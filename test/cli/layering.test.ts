import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The layers, as issue 14 draws them: rule inputs, odds and rule constants live in src/rules;
 * src/cli/commands keeps what is about the command line (options, open choices, chosenBy,
 * prompts); render never reaches into the commands.
 */
const SRC = fileURLToPath(new URL('../../src', import.meta.url))

function files(dir: string): string[] {
  return readdirSync(join(SRC, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f))
}

const read = (f: string) => readFileSync(join(SRC, f), 'utf8')
const commandFiles = files('cli/commands')

describe('layers', () => {
  it('render imports nothing from cli/commands', () => {
    const bad = files('render').filter((f) => /from '[./]*cli\/commands\//.test(read(f)))
    expect(bad).toEqual([])
  })

  it('rules import nothing from cli or render', () => {
    const bad = files('rules').filter((f) => /from '[./]*(cli|render)\//.test(read(f)))
    expect(bad).toEqual([])
  })

  it('cli/commands exports no odds functions and no rule constants', () => {
    const found: string[] = []
    for (const f of commandFiles) {
      for (const m of read(f).matchAll(/^export (?:function (\w*Odds)\b|const ([A-Z][A-Z0-9_]+)\b)/gm))
        found.push(`${relative('cli', f)}: ${m[1] ?? m[2]}`)
    }
    expect(found).toEqual([])
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
        found.push(`${relative('cli', f)}: ${m[0]}`)
    }
    expect(found).toEqual([])
  })
})
