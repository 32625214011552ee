import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    reporters: ['default', './test/support/summary-reporter.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // A loaded CI machine (two cores, two test files at once, each with its own Chromium) can
    // take well over vitest's default second to show what a test waits for; a real failure
    // still fails, only later.
    expect: { poll: { timeout: 5_000 } },
    // Two cores: keep parallelism modest so socket and kill tests stay stable.
    maxWorkers: 2,
  },
})
