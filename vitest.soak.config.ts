import { defineConfig } from 'vitest/config'

/**
 * `npm run soak`: the long, bounded-time versions of the reliability suites (*.soak.ts), loopback only.
 * CHAINGLASS_SOAK_SECONDS (default 120) is how long each load phase runs; one file at a time, so the
 * figures are not measured against another suite's load.
 */
const seconds = Number(process.env.CHAINGLASS_SOAK_SECONDS ?? 120)

export default defineConfig({
  test: {
    include: ['server/**/*.soak.ts', 'src/**/*.soak.ts'],
    environment: 'node',
    testTimeout: (seconds * 3 + 120) * 1000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
})
