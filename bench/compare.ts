import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { chromiumArgs, findBrowser } from '../scripts/browser.mjs'
import { repoRoot } from '../server/config.ts'
import { newBenchContext, pageState, retriedOnce, waitForInteractive, waitForWatch, type WatchName } from './browser.ts'
import { emulatedNetwork, NetworkRecorder } from './network.ts'
import { pairedDifference } from './pairs.ts'
import { benchHardfork, benchStateFile, ensureBenchScenario } from './scenario.ts'
import { median, round } from './stats.ts'

/**
 * `npm run bench:compare -- <other checkout> [--pages=block5,tx] [--runs=N] [--mode=loopback|emulated|returning]`:
 * the same cold loads as the bench's, of two builds at the same time: the other checkout's (its own server code
 * and its built dist/ and dist-server/, "A") and this one's ("B"), each a service of its own on the bench chain,
 * loads alternating A, B then B, A. On a two-core host the spread of one page's loads within one bench run is
 * wider than most changes' effect, and the host's load drifts between runs: only loads made side by side can
 * say whether a change helped. Both checkouts must be built (`vite build`); the other needs its node_modules.
 * Prints, per page, each side's medians (content painted, interactive) and the mean of the paired differences.
 */
type Page = { path: (scenario: Awaited<ReturnType<typeof ensureBenchScenario>>) => string; watch: WatchName }

const pages: Record<string, Page> = {
  block5: { path: (scenario) => `/block/${scenario.smallBlock.number}`, watch: 'block' },
  block1000: { path: (scenario) => `/block/${scenario.bigBlock.number}`, watch: 'block' },
  tx: { path: (scenario) => `/tx/${scenario.smallBlock.sampleTransaction}`, watch: 'tx' },
  home: { path: () => '/', watch: 'home' },
}

const args = process.argv.slice(2)
const flag = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1]
const other = args.find((arg) => !arg.startsWith('--'))
if (!other) throw new Error('usage: npm run bench:compare -- <other checkout> [--pages=block5,block1000,tx,home] [--runs=10] [--mode=loopback]')
const otherRoot = path.resolve(other)
const chosen = (flag('pages') ?? 'block5,block1000,tx,home').split(',')
for (const name of chosen) if (!pages[name]) throw new Error(`no page ${name} (${Object.keys(pages).join(', ')})`)
const runs = Number(flag('runs') ?? 10)
const mode = flag('mode') ?? 'loopback'
if (!['loopback', 'emulated', 'returning'].includes(mode)) throw new Error(`no mode ${mode}`)
for (const root of [otherRoot, repoRoot]) if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) throw new Error(`${root} has no build (run vite build there)`)

const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`)

type Service = { urls: { app?: string }; anvil: { httpUrl: string } }

/** A service from `root`'s own server code and build, on ports from `base`, with the bench chain and 100 empty blocks on top (as the bench). */
async function startFrom(root: string, base: number): Promise<string> {
  const { loadConfig } = (await import(path.join(root, 'server', 'config.ts'))) as typeof import('../server/config.ts')
  const { startService } = (await import(path.join(root, 'server', 'service.ts'))) as { startService: (config: unknown, options: unknown) => Promise<Service> }
  const { createChainClient } = (await import(path.join(root, 'server', 'chain', 'chainClient.ts'))) as typeof import('../server/chain/chainClient.ts')
  const config = loadConfig({
    ...process.env,
    CHAINGLASS_APP_DIST: path.join(root, 'dist'),
    CHAINGLASS_DATA: fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-compare-')),
    CHAINGLASS_RPC_PORT: String(base + 1),
    CHAINGLASS_APP_PORT: String(base + 2),
    CHAINGLASS_FILES_PORT: String(base + 3),
    CHAINGLASS_BLOCK_TIME: '0',
    CHAINGLASS_TRAFFIC: '0',
    CHAINGLASS_RATE_LIMIT: '0',
  })
  const service = await startService(config, { app: true, scenario: false, loadChainFrom: benchStateFile(), chainHardfork: benchHardfork })
  await createChainClient(service.anvil.httpUrl).mine({ blocks: 0x64 })
  return service.urls.app!
}

/** One load as the bench's cold loads make it: a fresh context, then until the network is quiet (what the page does after). */
async function load(browser: Browser, appUrl: string, page: Page, pagePath: string): Promise<{ shown: number; interactive: number }> {
  const context = await newBenchContext(browser)
  try {
    const tab = await context.newPage()
    const recorder = await NetworkRecorder.attach(tab, mode === 'emulated' ? emulatedNetwork : undefined)
    if (mode === 'returning') {
      await tab.goto(`${appUrl}/`, { waitUntil: 'commit' })
      await waitForWatch(tab, 'home')
      await waitForInteractive(tab)
      await recorder.quiet(1_000, 8_000)
    }
    await tab.goto(`${appUrl}${pagePath}`, { waitUntil: 'commit' })
    const stuck = async (error: unknown): Promise<never> => {
      throw new Error(`${appUrl}${pagePath} (${mode}) never showed: ${error instanceof Error ? error.message : String(error)}; the page: ${JSON.stringify(await pageState(tab))}`)
    }
    const shown = await waitForWatch(tab, page.watch, 30_000).catch(stuck)
    const interactive = await waitForInteractive(tab, 30_000).catch(stuck)
    await recorder.quiet(1_000, 8_000)
    await recorder.detach()
    return { shown, interactive }
  } finally {
    await context.close()
  }
}

const scenario = await ensureBenchScenario(log)
// Ports of their own (19400-19499), away from the bench's, npm start's and the e2e suites'.
const urls = { A: await startFrom(otherRoot, 19400), B: await startFrom(repoRoot, 19410) }
const executablePath = findBrowser()
if (!executablePath) throw new Error('no Chromium on this machine (scripts/browser.mjs looks for one)')
const browser = await chromium.launch({ executablePath, args: [...chromiumArgs] })
try {
  const samples = new Map<string, Record<'A' | 'B', Array<{ shown: number; interactive: number }>>>()
  // A load that never shows is said and made once more (as the bench does): the comparison goes on.
  const loadOrRetry = (appUrl: string, name: string) => retriedOnce(() => load(browser, appUrl, pages[name]!, pages[name]!.path(scenario)), log)
  // One throw-away round: the servers' file caches, the node's page cache.
  for (const name of chosen) for (const side of ['A', 'B'] as const) await loadOrRetry(urls[side], name)
  for (let run = 0; run < runs; run++) {
    for (const name of chosen) {
      const entry = samples.get(name) ?? { A: [], B: [] }
      samples.set(name, entry)
      for (const side of run % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) entry[side].push(await loadOrRetry(urls[side], name))
    }
    log(`run ${run + 1}/${runs}`)
  }
  log(`A = ${otherRoot}, B = ${repoRoot}, ${mode}, ${runs} loads each (medians; paired: mean of B - A over the pairs)`)
  for (const [name, entry] of samples) {
    const of = (side: 'A' | 'B', key: 'shown' | 'interactive') => entry[side].map((sample) => sample[key])
    const figure = (key: 'shown' | 'interactive') =>
      `${round(median(of('A', key)))} -> ${round(median(of('B', key)))} ms (paired ${round(pairedDifference(of('A', key), of('B', key)))})`
    log(`${name}: content ${figure('shown')}; interactive ${figure('interactive')}`)
  }
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await browser.close()
  // The services' processes (anvil and the parts) end with this one.
  process.exit()
}
