#!/usr/bin/env node
'use strict'
// Runs the one-file bundle dist/mecha.cjs, built by `npm run build` (see build.mjs).
const fs = require('node:fs')
const path = require('node:path')
const Module = require('node:module')
const vm = require('node:vm')

// Node 22.1+ keeps the compiled code of what else is loaded (the YAML reader, the prompt library).
Module.enableCompileCache?.()

const root = path.join(__dirname, '..')
const bundle = path.join(root, 'dist', 'mecha.cjs')
// In a clone, `npm install` builds nothing (the package has no install script): the first run
// builds dist/ with the clone's own tools, once. An installed package ships it built.
if (!fs.existsSync(bundle) && fs.existsSync(path.join(root, 'build.mjs'))) {
  process.stderr.write('mecha: building dist/ (the first run in this clone; `npm run build` does it again)\n')
  const { spawnSync } = require('node:child_process')
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc')
  for (const args of [[tsc, '-p', 'tsconfig.build.json'], ['build.mjs']]) {
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 2, 2] })
    if (r.status !== 0) {
      process.stderr.write(
        'mecha: the build failed (is `npm install` done?); run `npm run build` to see why\n',
      )
      process.exit(1)
    }
  }
}
if (!fs.existsSync(bundle)) {
  process.stderr.write('mecha: dist/mecha.cjs is missing: run `npm run build` first\n')
  process.exit(1)
}

// Compiling the bundle is a third of a start: one V8 code cache beside it holds the compiled code,
// written after a run that found none (or one another Node made), so it holds the functions the
// run compiled too, and ignored if it cannot be written. (Node 22's own compile cache keeps only
// the code compiled before a module runs: each start would compile the command's functions again;
// it is on, above, for the other files.)
const cacheFile = `${bundle}.cache`
let cachedData
try {
  cachedData = fs.readFileSync(cacheFile)
} catch {
  // no cache yet: compile as usual
}
// The bundle is one function (exports, require, module, __filename, __dirname), as Node wraps a module.
const script = new vm.Script(fs.readFileSync(bundle, 'utf8'), { filename: bundle, cachedData })
const mod = { exports: {} }
script
  .runInThisContext()
  .call(mod.exports, mod.exports, Module.createRequire(bundle), mod, bundle, path.dirname(bundle))
const cli = mod.exports
const saveCache = () => {
  if (cachedData && !script.cachedDataRejected) return
  try {
    fs.writeFileSync(cacheFile, script.createCachedData())
  } catch {
    // a read-only install: every start compiles, as without a cache
  }
}

const argv = process.argv.slice(2)
// The prompt library is an ES module, imported from here (not the bundle) when a prompt is shown.
cli
  .run(argv, (specifier) => import(specifier))
  .then(() => {
    // A command has written its answer synchronously: exit without waiting for V8's background
    // compile jobs. Batch streams through process.stdout and ends on its own.
    saveCache()
    if (argv[0] !== 'batch') process.exit()
  })
