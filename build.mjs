// Builds dist/mecha.cjs, the one file bin/mecha.js runs: one CommonJS bundle (an ES-module entry
// and ~100 separate modules each cost milliseconds at every start), in which a command's modules
// are initialised only when it runs (src/commands/registry.ts imports them dynamically). Only the YAML
// library, read by nothing but a roster file's parse, is a file of its own.
// The library (package.json "exports", docs/api.md) is tsc's own output, dist/api/index.js and the
// modules it imports, each with its declaration file: plain ES modules a bundler can cut.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { build } from 'esbuild'

// commander loads node:child_process (~5 ms a start) only for executable subcommands, which
// mecha has none of: the bundle gets a stub that says so if it is ever reached.
const noChildProcess = {
  name: 'no-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, () => ({ path: 'child_process', namespace: 'stub' }))
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
      contents:
        "const no = () => { throw new Error('mecha runs no executable subcommands') }; module.exports = { spawn: no, execFileSync: no }",
      loader: 'js',
    }))
  },
}

// Every start reads and loads the whole bundle (~0.5 ms per 100 KB): the roster's YAML library
// (js-yaml, ~45 KB) is dist/yaml.cjs, required at the first use of one of its exports (a roster
// read from the cache, src/cli/roster-cache.ts, never loads it). Its export names are read from
// the file built first, below.
const yamlApart = (names) => ({
  name: 'yaml-apart',
  setup(b) {
    b.onResolve({ filter: /^js-yaml$/ }, () => ({ path: 'js-yaml', namespace: 'yaml-lazy' }))
    b.onResolve({ filter: /^\.\/yaml\.cjs$/ }, () => ({ path: './yaml.cjs', external: true }))
    b.onLoad({ filter: /.*/, namespace: 'yaml-lazy' }, () => ({
      contents: [
        "let yaml; const load = () => (yaml ??= require('./yaml.cjs'))",
        ...names.map(
          (n) =>
            `Object.defineProperty(exports, ${JSON.stringify(n)}, { enumerable: true, get: () => load()[${JSON.stringify(n)}] })`,
        ),
      ].join('\n'),
      loader: 'js',
    }))
  },
})

const options = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: !process.env.MECHA_NO_MINIFY, // MECHA_NO_MINIFY=1 for readable profiles
  logLevel: 'warning',
}
await build({ ...options, entryPoints: ['js-yaml'], outfile: 'dist/yaml.cjs' })
const yamlNames = Object.keys(createRequire(import.meta.url)('./dist/yaml.cjs'))
await build({
  ...options,
  entryPoints: ['dist/cli/entry.js'],
  outfile: 'dist/mecha.cjs',
  external: ['@inquirer/prompts'], // an ES module: imported by bin/mecha.js when a prompt is shown
  // Wrapped as Node wraps a CommonJS module, so bin/mecha.js compiles the file as it is (wrapping
  // it there copied ~0.5 MB at every start). import.meta.url in CommonJS: this file's URL.
  banner: {
    js: "(function (exports, require, module, __filename, __dirname) {\nconst __mechaFileUrl = require('node:url').pathToFileURL(__filename).href;",
  },
  footer: { js: '})' },
  define: { 'import.meta.url': '__mechaFileUrl' },
  plugins: [noChildProcess, yamlApart(yamlNames)],
})

// A new bundle needs a new V8 code cache: bin/mecha.js writes one at the first run that finds none.
rmSync('dist/mecha.cjs.cache', { force: true })

// The page (docs/web.md): one HTML file with its styles and its one script inline, so that it
// works opened from disk (a page from file:// may not load a module script from a file) and from
// any static host, with nothing fetched. The same script is the page's worker (src/web/page.ts).
//
// The library's `text` finds a command's words by its name in one table (src/render/texts.ts), so
// a bundler keeps every command's text: ~28 KB gzipped of wargroup, formation, mining and other
// texts the page never draws, a fifth of its budget. The page's bundle reads that table with the
// page's own commands only (src/web/worker.ts, COMMANDS); a command missing from it fails here.
const pageCommands = /export const COMMANDS = \{([^}]*)\}/.exec(
  readFileSync('src/web/worker.ts', 'utf8'),
)?.[1]
if (!pageCommands) throw new Error('build: no COMMANDS = { … } in src/web/worker.ts')
const pageTexts = (names) => ({
  name: 'page-texts',
  setup(b) {
    b.onLoad({ filter: /src[\\/]render[\\/]texts\.ts$/ }, (file) => {
      const kept = new Set()
      const source = readFileSync(file.path, 'utf8')
        .split('\n')
        .filter((line) => {
          const entry = /^\s+'?([\w -]+?)'?: \(\) => import\(/.exec(line)?.[1]
          if (entry === undefined || names.includes(entry)) return (kept.add(entry), true)
          return false
        })
        .join('\n')
      const missing = names.filter((n) => !kept.has(n))
      if (missing.length) throw new Error(`build: no text for ${missing.join(', ')} in src/render/texts.ts`)
      return { contents: source, loader: 'ts' }
    })
  },
})
const page = await build({
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: 'es2022',
  minify: !process.env.MECHA_NO_MINIFY,
  legalComments: 'none',
  logLevel: 'warning',
  write: false,
  entryPoints: ['src/web/main.ts'],
  outfile: 'page.js',
  plugins: [pageTexts(pageCommands.split(',').map((n) => n.trim()))],
})
// "</script" inside the script would end it early: written "<\/script" (the same text in a JS string).
const script = page.outputFiles[0].text.replace(/<\/script/gi, '<\\/script')
const html = readFileSync('src/web/index.html', 'utf8')
  .replace('/*STYLE*/', () => readFileSync('src/web/style.css', 'utf8'))
  .replace('/*SCRIPT*/', () => script)
mkdirSync('dist/web', { recursive: true })
writeFileSync('dist/web/index.html', html)
