import { defineConfig } from 'vitest/config'

// Unit tests sit beside the code (src/**, contract/**, server/**); server tests start the real local service
// (real anvil, real gateway) on ports the OS picks, with a fresh data dir each.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
