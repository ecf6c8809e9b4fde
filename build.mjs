// Builds dist/mecha.cjs, the one file bin/mecha.js runs, and its V8 code cache.
//
// Start-up is most of a resolution's time. Measured on Node 20: an ES-module entry costs ~8 ms
// more than CommonJS, resolving and loading ~100 modules ~30 ms more than one bundle, and
// compiling the bundle ~10 ms more than loading its code cache. So: one CommonJS bundle whose
// command modules esbuild initialises only when their command runs (they are imported
// dynamically from src/cli/registry.ts), and a code cache made by running every command's
// --help examples once here.
import { execFileSync, spawnSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { build } from 'esbuild'

// commander loads node:child_process (5-6 ms at every start) only to run executable
// subcommands, which mecha never has. Inside the bundle it gets a stub that says so if reached.
const noChildProcess = {
  name: 'no-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, () => ({ path: 'child_process', namespace: 'stub' }))
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({
      contents: "const no = () => { throw new Error('mecha runs no executable subcommands') }; module.exports = { spawn: no, execFileSync: no }",
      loader: 'js',
    }))
  },
}

rmSync('dist/mecha.cjs.v8cache', { force: true })
await build({
  entryPoints: ['dist/cli/entry.js'],
  outfile: 'dist/mecha.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: !process.env.MECHA_NO_MINIFY, // MECHA_NO_MINIFY=1 for readable profiles
  external: ['@inquirer/prompts'],
  // import.meta.url in a CommonJS bundle: this file's URL.
  define: { 'import.meta.url': '__mechaFileUrl' },
  banner: { js: "const __mechaFileUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [noChildProcess],
  logLevel: 'warning',
})

// The code cache: every example in every command's --help, run once in one process.
const examples = JSON.parse(
  execFileSync(process.execPath, ['--input-type=module', '-e', `
    const { loadAllSpecs } = await import('./dist/cli/registry.js')
    const words = (l) => (l.match(/"[^"]*"|'[^']*'|\\S+/g) ?? []).map((w) => w.replace(/^["']|["']$/g, ''))
    const out = [['--help'], ['shoot', '--help']]
    for (const s of await loadAllSpecs()) for (const e of s.examples ?? []) out.push(words(e).slice(1))
    console.log(JSON.stringify(out))
  `], { encoding: 'utf8' }),
)
const list = 'dist/warmup.json'
writeFileSync(list, JSON.stringify(examples))
const warm = spawnSync(process.execPath, ['bin/mecha.js'], { env: { ...process.env, MECHA_WRITE_CODE_CACHE: list }, stdio: ['ignore', 'ignore', 'inherit'] })
rmSync(list, { force: true })
if (warm.status !== 0) console.warn('build: the code cache was not written; mecha works without it, only slower to start')
