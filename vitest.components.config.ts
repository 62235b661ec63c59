import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { findTestBrowser } from './scripts/browser.mjs'
import { signatureTablePlugin } from './scripts/signatureTable.ts'

/**
 * The component layer: every page and the shared UI rendered in real Chromium (Debian's, the one the e2e suite
 * uses: scripts/browser.mjs findTestBrowser) against recorded JSON-RPC answers (src/testing/replay.ts), with screenshots compared to baselines
 * committed beside the tests (__screenshots__/). Vitest's browser mode, not Playwright's component testing:
 * the unit suite is Vitest, so the same plugins and expect, and one runner to learn.
 * Update the baselines: npm run test:components -- --update
 */
const chromium = process.env.CHAINGLASS_CHROMIUM ?? findTestBrowser() ?? '/usr/bin/chromium'

export default defineConfig({
  plugins: [react(), tailwindcss(), signatureTablePlugin(import.meta.dirname)],
  optimizeDeps: { include: ['react', 'react-dom', 'react-dom/client', 'react/jsx-dev-runtime', 'react/jsx-runtime', 'react-router', '@tanstack/react-query', '@tanstack/react-virtual', 'viem', 'valibot', 'axe-core'] },
  test: {
    include: ['src/**/*.browser.test.tsx'],
    setupFiles: [path.join(import.meta.dirname, 'src/testing/componentSetup.ts')],
    testTimeout: 15_000,
    hookTimeout: 15_000,
    expect: { poll: { timeout: 5_000 } },
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: chromium,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--font-render-hinting=none', '--force-color-profile=srgb'],
        },
        // The runner's own page as big as the biggest viewport a test sets: a smaller one scales the test's frame
        // down, and a screenshot with it. Tall: a screenshot makes the window as tall as the page
        // (src/testing/pageChecks.ts tallAsThePage), and the longest page at 390 px is over 5,000 px.
        contextOptions: { reducedMotion: 'reduce', deviceScaleFactor: 1, viewport: { width: 1440, height: 6400 } },
      }),
      instances: [{ browser: 'chromium' }],
      viewport: { width: 1440, height: 1600 },
      screenshotFailures: false,
      expect: { toMatchScreenshot: { comparatorName: 'pixelmatch', comparatorOptions: { threshold: 0.1, allowedMismatchedPixelRatio: 0.002 } } },
    },
    fileParallelism: true,
    maxWorkers: 2,
  },
})
