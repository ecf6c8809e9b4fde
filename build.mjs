// Builds dist/mecha.cjs, the one file bin/mecha.js runs, and its V8 code cache.
//
// Start-up is most of a resolution's time. Measured on Node 20: an ES-module entry costs ~8 ms
// more than CommonJS, resolving and loading ~100 modules ~30 ms more than one bundle, and
// compiling the bundle ~10 ms more than loading its code cache. So: one CommonJS bundle whose
// command modules esbuild initialises only when their command runs (they are imported
// dynamically from src/cli/registry.ts), and a code cache made by running every command's
// --help examples once here.
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
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

rmSync('dist/mecha.cjs.v8cache', { force: true }) // from older builds
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
  charset: 'ascii', // the default, relied on: bin/mecha.js reads the bundle as latin1
  logLevel: 'warning',
})

// The code caches. Loading a cache costs time in proportion to its size (~5 ms for every
// command's code, ~2 ms for one command's), so each command gets its own cache, made by running
// its --help examples, and bin/mecha.js loads the one for the command it runs. `default` (every
// example) serves batch, which may run any command, and anything unrecognised; `help` serves
// mecha --help. Each is written by a fresh process: a cache holds every function its process
// compiled.
const examples = JSON.parse(
  execFileSync(process.execPath, ['--input-type=module', '-e', `
    const { loadAllSpecs } = await import('./dist/cli/registry.js')
    const words = (l) => (l.match(/"[^"]*"|'[^']*'|\\S+/g) ?? []).map((w) => w.replace(/^["']|["']$/g, ''))
    const out = []
    for (const s of await loadAllSpecs()) {
      out.push([...s.name.split(' '), '--help'])
      for (const e of s.examples ?? []) out.push(words(e).slice(1))
    }
    console.log(JSON.stringify(out))
  `], { encoding: 'utf8' }),
)
// Batch (which uses the default cache, as do its worker threads) runs a few lines of each kind.
const batchLines = 'dist/cache/batch-warmup.jsonl'
const warmLines =
  [
    { command: 'shoot', acc: 9, evade: 4, shots: 5, dmg: 300, pen: 5, armSv: 2, bonus: 'precision', defense: 'dodge', seed: 'w1' },
    { command: 'shoot', acc: 9, evade: 4, shots: 5, dmg: 300, pen: 5, armSv: 2, bonus: 'precision', defense: 'dodge', seed: 'w2' },
    { command: 'shoot', acc: 8, evade: 3, shots: 6, dmg: 200, seed: 'w3' },
    { command: 'melee', atkMelee: 6, defMelee: 5, atkDmg: 300, defDmg: 300, seed: 'w4' },
    { command: 'roll', expression: '3d6' },
    { command: 'shot' },
  ]
    .map((l) => JSON.stringify(l))
    .join('\n') + '\n'
rmSync('dist/cache', { recursive: true, force: true })
mkdirSync('dist/cache')
writeFileSync(batchLines, warmLines)
const groups = new Map([['help', [['--help']]], ['default', [['--help'], ...examples, ['batch', batchLines, '--seed', 'warm']]]])
for (const argv of examples) {
  if (!groups.has(argv[0])) groups.set(argv[0], [])
  groups.get(argv[0]).push(argv)
}
// One process per cache, as many at a time as there are cores.
const warmOne = ([name, lines]) =>
  new Promise((resolve) => {
    const list = `dist/cache/${name}.warmup.json`
    writeFileSync(list, JSON.stringify(lines))
    const child = spawn(process.execPath, ['bin/mecha.js'], {
      env: { ...process.env, MECHA_WRITE_CODE_CACHE: list, MECHA_CODE_CACHE: `dist/cache/${name}.v8cache` },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    child.on('error', () => resolve(false))
    child.on('close', (code) => {
      rmSync(list, { force: true })
      resolve(code === 0)
    })
  })
const queue = [...groups]
let written = 0
await Promise.all(
  Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
    while (queue.length) if (await warmOne(queue.shift())) written++
  }),
)
rmSync(batchLines, { force: true })
if (written < groups.size) console.warn(`build: ${groups.size - written} of ${groups.size} code caches were not written; mecha works without them, only slower to start`)
