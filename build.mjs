// Bundles the compiled CLI into one file: resolving and loading ~40 modules (commander,
// seedrandom and ours) cost ~30 ms per start, a single file a fraction of that. The prompt
// library stays outside the bundle and is imported only when a prompt is shown.
import { build } from 'esbuild'

await build({
  entryPoints: ['dist/cli/main.js'],
  outfile: 'dist/mecha.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['@inquirer/prompts'],
  // commander and seedrandom are CommonJS: give the bundle a require() for Node built-ins.
  banner: { js: "import { createRequire as __mechaRequire } from 'node:module'; const require = __mechaRequire(import.meta.url);" },
  minify: true,
  logLevel: 'warning',
})
