import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // CLI tests run the front in-process (test/cli/in-process.ts, from dist/: `npm test` builds
    // first); a small tier runs the built binary. 20 s is for a loaded machine: a test takes
    // well under a second on an idle one.
    testTimeout: 20_000,
    pool: 'threads',
  },
})
