// Bundles the compiled CLI: resolving and loading ~100 modules cost ~30 ms per start. The entry
// chunk holds the CLI and the registry; each command's spec, rules and renderers are split into
// chunks loaded only when that command runs (see src/cli/registry.ts). The prompt library stays
// outside and is imported only when a prompt is shown.
import { rmSync } from 'node:fs'
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

rmSync('dist/bundle', { recursive: true, force: true })
await build({
  entryPoints: { mecha: 'dist/cli/main.js' },
  outdir: 'dist/bundle',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: !process.env.MECHA_NO_MINIFY, // MECHA_NO_MINIFY=1 for readable profiles
  external: ['@inquirer/prompts'],
  // commander and seedrandom are CommonJS: give the bundle a require() for Node built-ins.
  banner: { js: "import { createRequire as __mechaRequire } from 'node:module'; const require = __mechaRequire(import.meta.url);" },
  plugins: [noChildProcess],
  logLevel: 'warning',
})
