import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * Every ```js example of docs/api.md (an ES module; CommonJS when it uses require) and every ```ts
 * example that shows what it prints runs against the built package (dist/api, as `import
 * 'mecha-dice'` finds it through package.json's exports), in a directory of its own, and prints
 * exactly what the `// Prints:` lines at the end of its block show. (test/package type-checks
 * the ```ts examples against the packed package.)
 */

const REPO = fileURLToPath(new URL('../..', import.meta.url))
const TSX = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs')).href

interface Example {
  line: number
  lang: 'js' | 'ts'
  code: string
  shown: string
}

function examples(): Example[] {
  const lines = readFileSync(join(REPO, 'docs/api.md'), 'utf8').split('\n')
  const out: Example[] = []
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```js' && lines[i] !== '```ts') continue
    const lang = lines[i] === '```js' ? 'js' : 'ts'
    const start = i + 1
    let end = start
    while (lines[end] !== '```') end++
    const body = lines.slice(start, end)
    const at = body.indexOf('// Prints:')
    i = end
    // A TypeScript example that prints nothing shown is only type-checked (test/package).
    if (lang === 'ts' && at === -1) continue
    out.push({
      lang,
      line: start,
      code: (at === -1 ? body : body.slice(0, at)).join('\n'),
      shown:
        at === -1
          ? ''
          : body
              .slice(at + 1)
              .map((l) => l.replace(/^\/\/ ?/, ''))
              .join('\n'),
    })
  }
  return out
}

describe('docs/api.md', () => {
  // A project that installed the package: node_modules/mecha-dice is this repository.
  const dir = mkdtempSync(join(tmpdir(), 'mecha-api-docs-'))
  mkdirSync(join(dir, 'node_modules'))
  symlinkSync(REPO, join(dir, 'node_modules', 'mecha-dice'), 'dir')
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const all = examples()
  it('has examples, each showing what it prints', () => {
    expect(all.length).toBeGreaterThanOrEqual(5)
    for (const e of all) expect(e.shown, `docs/api.md:${e.line}`).not.toBe('')
  })

  it.each(all.map((e) => [e.line, e] as const))('the example at line %i prints what it shows', (line, e) => {
    const ext = e.lang === 'ts' ? 'mts' : /\brequire\(/.test(e.code) ? 'cjs' : 'mjs'
    const file = join(dir, `example-${line}.${ext}`)
    writeFileSync(file, e.code + '\n')
    // TypeScript through tsx (its types are checked by the package's test, not here).
    const args = e.lang === 'ts' ? ['--import', TSX, file] : [file]
    const r = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', timeout: 20_000 })
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    expect(r.stdout.trimEnd()).toBe(e.shown)
  })
})
