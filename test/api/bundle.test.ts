import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

/**
 * The library as a page's bundler takes it (dist/api, the package's own modules, with its
 * "sideEffects": false): a page that imports `roll` carries roll, one that imports the five
 * fights carries those, with no YAML parser (a roster reaches them as data) and no node module.
 * Sizes minified and gzipped, as a page would ship them.
 */

const LIB = new URL('../../dist/api/index.js', import.meta.url).pathname

async function bundle(names: string[]): Promise<{ gzipped: number; inputs: string[]; code: string }> {
  const out = await build({
    stdin: {
      contents: `import { ${names.join(', ')} } from ${JSON.stringify(LIB)}\nconsole.log(${names.join(', ')})\n`,
      resolveDir: new URL('.', import.meta.url).pathname,
      loader: 'js',
    },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const code = out.outputFiles[0].text
  // The files that put code in the bundle (the metafile's inputs also list those read and cut).
  const used = Object.entries(Object.values(out.metafile.outputs)[0].inputs)
    .filter(([, v]) => v.bytesInOutput > 0)
    .map(([f]) => f)
  return { gzipped: gzipSync(code, { level: 9 }).length, inputs: used, code }
}

describe('the library in a browser bundle', () => {
  it('roll alone: 15 KB gzipped at most, none of the other commands', async () => {
    const b = await bundle(['roll'])
    expect(b.gzipped).toBeLessThanOrEqual(15 * 1024)
    expect(b.inputs.filter((f) => /dist\/(report|rules)\/stellar|yaml|valibot/.test(f))).toEqual([])
  })

  it('shoot, melee, plan, save and matrix: 80 KB gzipped at most, no YAML parser', async () => {
    const b = await bundle(['shoot', 'melee', 'plan', 'save', 'matrix'])
    // 66.4 KB when the budget was 70; the rules of issue 37 (turns, Skills in a game, the clash
    // chosen after the overwatch, warships, barriers, Rapid Fire's range) brought it to 73.3 KB.
    // The budget is there to catch a parser, the text code or a node module coming in.
    expect(b.gzipped).toBeLessThanOrEqual(80 * 1024)
    expect(b.inputs.filter((f) => /node_modules\/(yaml|js-yaml)\//.test(f))).toEqual([])
    expect(b.inputs.filter((f) => /dist\/render\//.test(f))).toEqual([])
    // Each fight is there (its answer is built in the bundle), and nothing loads a node module.
    for (const needle of ['Overwatch', 'Finishing Blow']) expect(b.code).toContain(needle)
    expect(b.code).not.toMatch(/require\(["']node:|from ?["']node:/)
  })
})
