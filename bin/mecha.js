#!/usr/bin/env node
'use strict'
// Runs the bundled CLI, dist/mecha.cjs (built by `npm install`/`npm run build`, see build.mjs).
// It is compiled through node:vm with a V8 code cache written at build time, so a start skips
// parsing and compiling the code a command runs: about half of mecha's start-up time. Each
// command has its own cache (a smaller cache loads faster); should one be missing or made by
// another V8, it is ignored and the bundle compiles as usual.
const fs = require('node:fs')
const path = require('node:path')
const vm = require('node:vm')
const Module = require('node:module')

const file = path.join(__dirname, '..', 'dist', 'mecha.cjs')
const argv = process.argv.slice(2)
const warmup = process.env.MECHA_WRITE_CODE_CACHE

let cachedData
try {
  cachedData = warmup ? undefined : readCache(argv)
} catch {
  cachedData = undefined
}

/** The cache for a command line: its command's (the first word), else `help` or `default`. */
function readCache(args) {
  const dir = path.join(__dirname, '..', 'dist', 'cache')
  const first = args[0]
  const name = first === undefined || first === '--help' || first === '-h' ? 'help' : /^[a-z][a-z-]*$/.test(first) ? first : 'default'
  try {
    return fs.readFileSync(path.join(dir, `${name}.v8cache`))
  } catch {
    return fs.readFileSync(path.join(dir, 'default.v8cache'))
  }
}

// The bundle is ASCII (esbuild escapes everything else), so latin1 reads it as utf8 would, faster.
const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'latin1')), {
  filename: file,
  cachedData,
})
const cli = { exports: {} }
script.runInThisContext().call(cli.exports, cli.exports, Module.createRequire(file), cli, file, path.dirname(file))

if (argv[0] === '--batch-worker') {
  // One of batch's worker threads (started by batch itself, from this file).
  cli.exports.batchWorker()
} else if (warmup) {
  // Build time only: run the given command lines, then save the compiled code.
  cli.exports.warm(JSON.parse(fs.readFileSync(warmup, 'utf8'))).then(() => fs.writeFileSync(process.env.MECHA_CODE_CACHE, script.createCachedData()))
} else {
  // The prompt library is an ES module, imported (from here) only when a prompt is shown.
  cli.exports.run(argv, (specifier) => import(specifier), __filename).then(() => {
    // A command has written its answer synchronously by now. Exiting at once skips Node's wait
    // for V8's queued background compile jobs, useless at exit (~10 ms after a choice search).
    // Batch streams through process.stdout, and ends on its own.
    if (argv[0] !== 'batch') process.exit()
  })
}
