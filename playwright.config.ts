import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumArgs, findTestBrowser } from './scripts/browser.mjs'
import { e2ePorts } from './e2e/ports.ts'

/**
 * The end-to-end suite: the real service (chain, gateway, demo scenario, traffic) serving the built app, on
 * ports of its own so it never meets a running `npm start`, with a fresh data dir per run.
 */
export { e2ePorts }
const appUrl = `http://127.0.0.1:${e2ePorts.app}`

if (!fs.existsSync(path.join(import.meta.dirname, 'dist', 'index.html'))) {
  throw new Error('the app is not built: run npm run build (npm test does) before the end-to-end suite')
}

// Made once by the main process; workers load this file too and inherit the variable instead of making more.
process.env.CHAINGLASS_E2E_DATA ??= fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-e2e-'))

/**
 * Specs whose subject is liveness (the home page's live lists and chart, the socket's drops and reconnects, the
 * presentation walk's timers). Each mines the blocks it watches and asserts on exactly those (the head shows
 * N + 2 after two), so they run after the rest, one at a time: no other spec's transaction mines a block
 * between. One of them alone: `npx playwright test e2e/home.spec.ts --no-deps` (without it, the other project
 * runs first). A failure in the first project leaves these as "did not run" (Playwright's rule for dependencies).
 */
const liveSpecs = /[\\/](home|live|present|socket-faults)\.spec\.ts$/

export default defineConfig({
  testDir: 'e2e',
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // Guards against hangs, not speed checks (speed is the bench's): the chain moves only when a test moves it,
  // so nothing here waits on a block time.
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: appUrl,
    headless: true,
    viewport: { width: 1440, height: 1000 },
    launchOptions: { executablePath: findTestBrowser() ?? undefined, args: [...chromiumArgs] },
    // No trace by default: recording one (DOM snapshots, network) for every test cost 7 % of the suite's CPU,
    // and CI, where a failure is read, keeps only what is printed. A failure to look into:
    // npx playwright test <spec> --trace retain-on-failure.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: liveSpecs },
    { name: 'live', use: { browserName: 'chromium' }, testMatch: liveSpecs, dependencies: ['chromium'], workers: 1 },
  ],
  webServer: {
    command: 'npx tsx server/main.ts --app',
    // The service's own word that everything is up, and no URL: Playwright starts the tests at whichever comes
    // first, and the app answers before the demo scenario is deployed. Tests then read a scenario.json not yet
    // written, and tests funding from account 0 raced the scenario's deployer for its nonce ("nonce too low").
    wait: { stdout: /chainglass ready/ },
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      CHAINGLASS_APP_PORT: String(e2ePorts.app),
      CHAINGLASS_RPC_PORT: String(e2ePorts.rpc),
      CHAINGLASS_FILES_PORT: String(e2ePorts.files),
      // The chain moves only when a test moves it: no block time (a block per transaction), no traffic, and a
      // seeded history of the traffic's mix built at start (the same blocks every run). Tests mine, send, fund
      // and set time through the test control (server/testControl.ts, e2e/chain.ts), never through the gateway.
      CHAINGLASS_BLOCK_TIME: '0',
      CHAINGLASS_TRAFFIC: '0',
      CHAINGLASS_HISTORY_BLOCKS: '60',
      CHAINGLASS_TEST_CONTROL_PORT: String(e2ePorts.control),
      CHAINGLASS_DATA: process.env.CHAINGLASS_E2E_DATA,
      // The tests read what the server rendered; on two busy cores (Chromium beside the node) the home page's
      // three round trips took up to 1.6 s and missed the 800 ms default in 2 of 60 loads. What a page does
      // without its data is e2e/first-screen-faults.spec.ts's, injected, not left to the machine's load.
      CHAINGLASS_FIRST_SCREEN_DEADLINE_MS: '10000',
      // Likewise the status line's wait for a page's data: a missing block's answer came after the 50 ms default
      // once in a full CI run (2 workers and the node on two cores), and its page went as 200.
      CHAINGLASS_STATUS_WAIT_MS: '2000',
    },
  },
})
