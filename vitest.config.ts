import { defineConfig } from 'vitest/config'

/** Test files that replace a module (vi.mock): they need modules of their own. */
const MOCKING = ['test/cli/batch-internal.test.ts']

export default defineConfig({
  test: {
    // CLI tests run the front in-process (test/cli/in-process.ts, from dist/: `npm test` builds
    // first); a small tier runs the built binary.
    // No test is timed: on a loaded machine any test may take many times its usual time, and a
    // test's speed is not what it checks (speed is measured as ratios in `npm run bench`). Ten
    // minutes only stops a test that hangs, so that it fails instead of holding the run.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Rosters the CLI keeps between runs go to a temporary folder of this run, never to the
    // user's cache folder (test/cache-dir.ts).
    globalSetup: ['test/cache-dir.ts'],
    pool: 'threads',
    // One test file per core (vitest's default leaves one core to itself, which on 2 cores runs
    // the files one at a time): the main thread only collects results. 35-40% less wall time
    // for the same CPU, measured on 10 CLI and rules files on this 2-core machine.
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: ['test/**/*.test.ts'],
          exclude: MOCKING,
          // The files of a worker share its modules (loaded once, not once a file): 28% less CPU
          // for the whole suite on this 2-core machine (298 s against 409 s). What src keeps between
          // calls is answers remembered by their inputs, the same whichever file asked first; a
          // file that changes a shared setting gives it to each call instead (fast-check's seed).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'mocking', include: MOCKING } },
    ],
  },
})
