#!/usr/bin/env node
'use strict'
// Runs the bundled CLI, dist/mecha.cjs (built by `npm install`/`npm run build`, see build.mjs).
// It is compiled through node:vm with the V8 code cache written at build time, so a start skips
// parsing and compiling the code a command runs: about half of mecha's start-up time. Should the
// cache be missing or made by another V8, it is ignored and the bundle compiles as usual.
const fs = require('node:fs')
const path = require('node:path')
const vm = require('node:vm')
const Module = require('node:module')

const file = path.join(__dirname, '..', 'dist', 'mecha.cjs')
const cacheFile = `${file}.v8cache`

let cachedData
try {
  cachedData = fs.readFileSync(cacheFile)
} catch {
  cachedData = undefined
}
const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), {
  filename: file,
  cachedData,
})
const cli = { exports: {} }
script.runInThisContext().call(cli.exports, cli.exports, Module.createRequire(file), cli, file, path.dirname(file))

const warmup = process.env.MECHA_WRITE_CODE_CACHE
if (warmup) {
  // Build time only: run the given command lines, then save the compiled code.
  cli.exports.warm(JSON.parse(fs.readFileSync(warmup, 'utf8'))).then(() => fs.writeFileSync(cacheFile, script.createCachedData()))
} else {
  // The prompt library is an ES module, imported (from here) only when a prompt is shown.
  const argv = process.argv.slice(2)
  cli.exports.run(argv, (specifier) => import(specifier)).then(() => {
    // A command has written its answer synchronously by now. Exiting at once skips Node's wait
    // for V8's queued background compile jobs, useless at exit (~10 ms after a choice search).
    // Batch streams through process.stdout, and ends on its own.
    if (argv[0] !== 'batch') process.exit()
  })
}
