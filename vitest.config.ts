import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // CLI tests run the front in-process (test/cli/in-process.ts, from dist/: `npm test` builds
    // first); a small tier runs the built binary. 20 s is for a loaded machine: a test takes
    // well under a second on an idle one.
    testTimeout: 20_000,
    pool: 'threads',
    // One test file per core (vitest's default leaves one core to itself, which on 2 cores runs
    // the files one at a time): the main thread only collects results. 35-40% less wall time
    // for the same CPU, measured on 10 CLI and rules files on this 2-core machine.
    maxWorkers: '100%',
  },
})
