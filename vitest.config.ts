import { defineConfig } from 'vitest/config'
import { signatureTablePlugin } from './scripts/signatureTable.ts'

// Unit tests sit beside the code (src/**, contract/**, server/**); server tests start the real local service
// (real anvil, real gateway) on ports the OS picks, with a fresh data dir each.
export default defineConfig({
  plugins: [signatureTablePlugin(import.meta.dirname)],
  test: {
    // The component layer's *.browser.test.tsx run in Chromium (vitest.components.config.ts), not here.
    exclude: ['**/node_modules/**', '**/*.browser.test.tsx'],
    include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    // No test may take longer than this. A hook that starts a real service (anvil, the gateway, a scenario and
    // its history) gets longer; one slower than 40 s prints the service's log (server/testing/service.ts).
    testTimeout: 30_000,
    hookTimeout: 90_000,
    pool: 'forks',
    maxWorkers: 2,
    // What the unit suite runs of the app and the service (`npm run test:unit` reports it; the summary is the figure).
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
      exclude: ['**/*.test.{ts,tsx}', '**/testing/**', '**/*.d.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
    },
  },
})
