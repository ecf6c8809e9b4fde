import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // CLI tests spawn the built binary; the rest are pure and fast.
    testTimeout: 20_000,
    pool: 'threads',
  },
})
