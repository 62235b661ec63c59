import { defineConfig } from 'vitest/config'
import { signatureTablePlugin } from './scripts/signatureTable.ts'

// Unit tests sit beside the code (src/**, contract/**, server/**); server tests start the real local service
// (real anvil, real gateway) on ports the OS picks, with a fresh data dir each.
export default defineConfig({
  plugins: [signatureTablePlugin(import.meta.dirname)],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
