import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    reporters: ['default', './test/support/summary-reporter.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores: keep parallelism modest so socket and kill tests stay stable.
    maxWorkers: 2,
  },
})
