// Builds dist/mecha.cjs, the one file bin/mecha.js runs: one CommonJS bundle (an ES-module entry
// and ~100 separate modules each cost milliseconds at every start), in which a command's modules
// are initialised only when it runs (src/cli/registry.ts imports them dynamically).
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
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

await build({
  entryPoints: ['dist/cli/entry.js'],
  outfile: 'dist/mecha.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: !process.env.MECHA_NO_MINIFY, // MECHA_NO_MINIFY=1 for readable profiles
  external: ['@inquirer/prompts'], // an ES module: imported by bin/mecha.js when a prompt is shown
  // import.meta.url in a CommonJS bundle: this file's URL.
  define: { 'import.meta.url': '__mechaFileUrl' },
  banner: { js: "const __mechaFileUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [noChildProcess],
  logLevel: 'warning',
})

// bin/mecha.js keeps one V8 code cache beside the bundle on Node 20 (newer Node caches by
// itself): a new bundle needs a new one, made here by one ordinary run.
rmSync('dist/mecha.cjs.cache', { force: true })
execFileSync(
  process.execPath,
  [
    'bin/mecha.js',
    'shoot',
    '--acc',
    '9',
    '--evade',
    '4',
    '--shots',
    '5',
    '--dmg',
    '300',
    '--pen',
    '4',
    '--arm-sv',
    '2',
    '--seed',
    'build',
  ],
  { stdio: 'ignore' },
)
