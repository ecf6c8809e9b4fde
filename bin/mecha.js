#!/usr/bin/env node
'use strict'
// Runs the one-file bundle dist/mecha.cjs, built by `npm run build` (see build.mjs).
const path = require('node:path')
const Module = require('node:module')

// Node 22.1+ keeps compiled code on disk between runs, so a start skips compiling the bundle.
Module.enableCompileCache?.()

const bundle = path.join(__dirname, '..', 'dist', 'mecha.cjs')
let cli
try {
  cli = require(bundle)
} catch (e) {
  if (e.code !== 'MODULE_NOT_FOUND' || !e.message.includes(bundle)) throw e
  process.stderr.write('mecha: dist/mecha.cjs is missing: run `npm run build` first\n')
  process.exit(1)
}

const argv = process.argv.slice(2)
// The prompt library is an ES module, imported from here (not the bundle) when a prompt is shown.
cli.run(argv, (specifier) => import(specifier)).then(() => {
  // A command has written its answer synchronously: exit without waiting for V8's background
  // compile jobs (saving the compile cache first, where there is one). Batch streams through
  // process.stdout and ends on its own.
  if (argv[0] !== 'batch') {
    Module.flushCompileCache?.()
    process.exit()
  }
})
