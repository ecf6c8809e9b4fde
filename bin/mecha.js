#!/usr/bin/env node
'use strict'
// Runs the one-file bundle dist/mecha.cjs, built by `npm run build` (see build.mjs).
const fs = require('node:fs')
const path = require('node:path')
const Module = require('node:module')
const vm = require('node:vm')

const bundle = path.join(__dirname, '..', 'dist', 'mecha.cjs')
if (!fs.existsSync(bundle)) {
  process.stderr.write('mecha: dist/mecha.cjs is missing: run `npm run build` first\n')
  process.exit(1)
}

// Compiling the bundle is a third of a start. Node 22.1+ keeps the compiled code on disk itself
// (enableCompileCache); on Node 20 one V8 code cache beside the bundle does the same, written
// after a run that found none (or one another Node made), and ignored if it cannot be written.
let saveCache = () => {}
let cli
if (Module.enableCompileCache) {
  Module.enableCompileCache()
  cli = require(bundle)
  saveCache = () => Module.flushCompileCache?.()
} else {
  const cacheFile = `${bundle}.cache`
  let cachedData
  try {
    cachedData = fs.readFileSync(cacheFile)
  } catch {
    // no cache yet: compile as usual
  }
  const script = new vm.Script(Module.wrap(fs.readFileSync(bundle, 'utf8')), { filename: bundle, cachedData })
  const mod = { exports: {} }
  script
    .runInThisContext()
    .call(mod.exports, mod.exports, Module.createRequire(bundle), mod, bundle, path.dirname(bundle))
  cli = mod.exports
  if (!cachedData || script.cachedDataRejected) {
    saveCache = () => {
      try {
        fs.writeFileSync(cacheFile, script.createCachedData())
      } catch {
        // a read-only install: every start compiles, as without a cache
      }
    }
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
