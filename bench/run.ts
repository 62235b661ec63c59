import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumArgs, findBrowser } from '../scripts/browser.mjs'
import { loadConfig, repoRoot } from '../server/config.ts'
import { createChainClient } from '../server/chain/chainClient.ts'
import { startService } from '../server/service.ts'
import { measureBundle } from './bundle.ts'
import { measureTrace } from './trace.ts'
import { measureColdLoads, type ColdCase } from './cold.ts'
import { measureLoadApart, type LoadResult } from './gatewayOverhead.ts'
import { measureLive, measureMemory } from './live.ts'
import { measureUpload, summarizeUploads } from './upload.ts'
import { historyFirstPage, tokenScanStatic, tokenScanThroughApp } from './address.ts'
import { historyScanFound, historyScanStatic, historyScanThroughApp } from './historyScan.ts'
import { logsByStaticPartition, logsThroughApp, staticPartitionFor } from './logs.ts'
import { fullLoad, inAppColdAndWarm, renderAndScroll, summarizeVisits, type Visit } from './pages.ts'
import { budgetChecks, formatTable } from './report.ts'
import { benchHardfork, benchStateFile, checkBenchChain, ensureBenchScenario, runsDir } from './scenario.ts'
import { ratio } from './partition.ts'
import { partialFirstScreenRows } from '../contract/listWindow.ts'
import { median, round, summarize } from './stats.ts'

/**
 * `npm run bench`: builds the app, starts the local service on the bench chain (built once on anvil's
 * internal port and cached in bench/.runs/), measures in headless Chromium and writes bench/results.json
 * and a table. It reports numbers; it never fails because a machine is slow.
 *   --no-build     use the dist/ there is
 *   --runs=N       runs per page figure (default 5)
 *   --only=a,b     some items only: cold, pages, live, logs, long, bundle, memory, gateway, proxy, address, trace, upload
 */
const args = process.argv.slice(2)
const flag = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1]
const runs = Number(flag('runs') ?? 5)
const only = flag('only')?.split(',')
const wanted = (item: string) => !only || only.includes(item)
const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`)
// Ports of the bench's own (19300-19399), away from npm start and the e2e suites.
const ports = { rpc: 19301, app: 19302, files: 19303 }

if (!args.includes('--no-build')) {
  log('building the app (vite build)')
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' })
}
const executablePath = findBrowser()
if (!executablePath) throw new Error('no Chromium on this machine (scripts/browser.mjs looks for one)')

const scenario = await ensureBenchScenario(log)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-bench-'))
const config = loadConfig({
  ...process.env,
  CHAINGLASS_DATA: dataDir,
  CHAINGLASS_RPC_PORT: String(ports.rpc),
  CHAINGLASS_APP_PORT: String(ports.app),
  CHAINGLASS_FILES_PORT: String(ports.files),
  CHAINGLASS_BLOCK_TIME: '0',
  CHAINGLASS_TRAFFIC: '0',
  CHAINGLASS_RATE_LIMIT: '0',
})
const service = await startService(config, { app: true, scenario: false, loadChainFrom: benchStateFile(), chainHardfork: benchHardfork })
const browser = await chromium.launch({ executablePath, args: [...chromiumArgs] })
const results: Record<string, unknown> = {}
try {
  await checkBenchChain(service.anvil.httpUrl, scenario)
  // 100 empty blocks on top: the measured blocks are then outside what the home page reads (its last 50),
  // so a block page is really cold.
  await createChainClient(service.anvil.httpUrl).mine({ blocks: 0x64 })
  const appUrl = service.urls.app!
  const big = scenario.bigBlock
  const bigPath = `/block/${big.number}`
  const txPath = `/tx/${big.sampleTransaction}`

  results.machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '',
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    node: process.version,
    chromium: browser.version(),
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((value) => round(value, 2)),
    date: new Date().toISOString(),
  }
  results.scenario = {
    plan: scenario.plan,
    logs: scenario.logs.total,
    logBlocks: `${scenario.logs.from}-${scenario.logs.to}`,
    emitter: scenario.emitter,
    bigBlock: big.number,
    bigBlockTransactions: big.transactions,
    hugeBlock: scenario.hugeBlock.number,
    hugeBlockTransactions: scenario.hugeBlock.transactions,
    smallBlock: scenario.smallBlock.number,
    smallBlockTransactions: scenario.smallBlock.transactions,
    head: scenario.head,
  }

  if (wanted('bundle')) {
    results.bundle = measureBundle(path.join(repoRoot, 'dist'))
    log(`bundle: ${JSON.stringify(results.bundle)}`)
  }

  if (wanted('cold')) {
    const small = scenario.smallBlock
    const cases: ColdCase[] = [
      { name: 'block5', label: `Block page (${small.transactions} txs)`, path: `/block/${small.number}`, watch: 'block', floor: { kind: 'block', block: small.number } },
      // The page's first screen holds a long block's first rows and their receipts only (queries/blockPage.ts): so does its floor.
      { name: 'block1000', label: `Block page (${big.transactions.toLocaleString('en')} txs)`, path: bigPath, watch: 'block', floor: { kind: 'block', block: big.number, firstRows: partialFirstScreenRows(big.transactions) } },
      { name: 'tx', label: 'Transaction page', path: `/tx/${small.sampleTransaction}`, watch: 'tx', floor: { kind: 'tx', hash: small.sampleTransaction } },
      { name: 'home', label: 'Home page (first block row)', path: '/', watch: 'home', floor: { kind: 'home' } },
    ]
    results.coldLoads = await measureColdLoads(browser, appUrl, path.join(repoRoot, 'dist'), cases, runs, log)
  }

  if (wanted('pages')) {
    const blockFull: Visit[] = []
    const blockCold: Visit[] = []
    const blockWarm: Visit[] = []
    const txFull: Visit[] = []
    const txCold: Visit[] = []
    // One throw-away round first: the server's file cache and the browser's code cache warm up.
    await fullLoad(browser, appUrl, bigPath, 'block')
    for (let run = 0; run < runs; run++) {
      blockFull.push(await fullLoad(browser, appUrl, bigPath, 'block'))
      const visit = await inAppColdAndWarm(browser, appUrl, bigPath, 'block', { path: txPath, watch: 'tx' })
      blockCold.push(visit.cold)
      blockWarm.push(visit.warm!)
      txFull.push(await fullLoad(browser, appUrl, txPath, 'tx'))
      txCold.push((await inAppColdAndWarm(browser, appUrl, txPath, 'tx')).cold)
      log(`pages run ${run + 1}/${runs}: block full ${round(blockFull.at(-1)!.ms)} ms, in-app cold ${round(visit.cold.ms)} ms, warm ${round(visit.warm!.ms)} ms; tx full ${round(txFull.at(-1)!.ms)} ms, in-app ${round(txCold.at(-1)!.ms)} ms`)
    }
    results.blockPage = {
      block: big.number,
      transactions: big.transactions,
      fullLoad: summarizeVisits(blockFull),
      inAppCold: summarizeVisits(blockCold),
      warmBack: summarizeVisits(blockWarm),
    }
    results.transactionPage = { hash: big.sampleTransaction, fullLoad: summarizeVisits(txFull), inAppCold: summarizeVisits(txCold) }
  }

  if (wanted('long')) {
    const long: Record<string, unknown> = {}
    for (const [name, block] of [['block1000', scenario.bigBlock], ['block5000', scenario.hugeBlock]] as const) {
      const samples = []
      for (let run = 0; run < Math.min(runs, 3); run++) samples.push(await renderAndScroll(browser, appUrl, `/block/${block.number}`))
      const tasks = samples.flatMap((sample) => sample.longTasks)
      long[name] = {
        block: block.number,
        transactions: block.transactions,
        renderMs: summarize(samples.map((sample) => sample.renderMs)),
        scroll: {
          pxPerFrame: 300,
          scrolledPx: samples[0]!.scrolledPx,
          longTasksPerRun: median(samples.map((sample) => sample.longTasks.length)),
          longestTaskMs: round(Math.max(0, ...tasks)),
          over100ms: tasks.filter((duration) => duration > 100).length,
        },
      }
      log(`${name}: ${JSON.stringify(long[name])}`)
    }
    results.longLists = long
  }

  if (wanted('logs')) {
    const partition = staticPartitionFor(scenario)
    const app = []
    const baseline = []
    const direct = []
    for (let run = 0; run < Math.min(runs, 5); run++) {
      baseline.push(await logsByStaticPartition(browser, appUrl, scenario))
      app.push(await logsThroughApp(browser, appUrl, scenario))
      direct.push(await logsByStaticPartition(browser, appUrl, scenario, service.urls.rpc))
      log(`logs run ${run + 1}: app ${round(app.at(-1)!.ms)} ms in ${app.at(-1)!.getLogsRequests} requests (${app.at(-1)!.refused} refused; page says ${app.at(-1)!.shownRequests}, found ${app.at(-1)!.found}); static ${round(baseline.at(-1)!.ms)} ms in ${baseline.at(-1)!.requests} (${round(direct.at(-1)!.ms)} ms straight from the gateway)`)
    }
    const appMs = median(app.map((run) => run.ms))
    const baseMs = median(baseline.map((run) => run.ms))
    const appRequests = median(app.map((run) => run.getLogsRequests))
    results.logs = {
      logs: scenario.logs.total,
      range: [scenario.logs.from, scenario.logs.to],
      staticPartition: { ranges: partition.length, largest: Math.max(...partition.map((range) => range.logs)), ms: summarize(baseline.map((run) => run.ms)), gatewayMs: summarize(direct.map((run) => run.ms)) },
      app: { ms: summarize(app.map((run) => run.ms)), requests: appRequests, refused: median(app.map((run) => run.refused)), found: app.at(-1)!.found },
      requestRatio: ratio(appRequests, partition.length),
      timeRatio: ratio(appMs, baseMs),
    }
  }

  if (wanted('trace')) {
    const trace = await measureTrace(browser, appUrl, service.anvil.httpUrl, scenario.emitter, Math.max(...scenario.logs.placement.map((entry) => entry.logs)))
    results.trace = trace
    log(`trace: a ${trace.frames}-frame call tree painted ${trace.traceShown.p50} ms after its answer (p50; budget 150); the state changes of ${trace.stateTransaction} ${trace.stateShown.p50} ms after theirs (budget 150); long tasks scrolling a 10,001-frame tree: ${JSON.stringify(trace.scroll10k.longTasks)}`)
  }

  if (wanted('address')) {
    const visits = []
    for (let run = 0; run < runs; run++) {
      visits.push(await historyFirstPage(browser, appUrl, scenario))
      log(`address history run ${run + 1}: ${round(visits.at(-1)!.ms)} ms, ${visits.at(-1)!.rpcPosts} POSTs, the search in POST #${visits.at(-1)!.postsBeforeSearch + 1}`)
    }
    const app = []
    const floor = []
    for (let run = 0; run < runs; run++) {
      floor.push(await tokenScanStatic(browser, appUrl, service.urls.rpc, scenario))
      app.push(await tokenScanThroughApp(browser, appUrl, scenario))
      log(`token scan run ${run + 1}: app ${round(app.at(-1)!.ms)} ms (request left at ${round(app.at(-1)!.leftMs)} ms, answered in ${round(app.at(-1)!.answerMs)} ms), ${app.at(-1)!.getLogsCalls} eth_getLogs in ${app.at(-1)!.posts} POSTs (found ${app.at(-1)!.found}); static ${round(floor.at(-1)!.ms)} ms, ${floor.at(-1)!.logs} logs`)
    }
    // The history read block by block where a node has no ots_* (issue 42): the page's scan against the static
    // partition of its calls, in windows of the page's size: the network's batch limit (the devnet's rules: 100),
    // under history/blockScanHistory.ts's cap of 200.
    const scanWindow = 100
    const found = await historyScanFound(browser, appUrl, scenario)
    const scans = []
    const scanFloors = []
    for (let run = 0; run < Math.min(runs, 3); run++) {
      scans.push(await historyScanThroughApp(browser, appUrl, scenario))
      scanFloors.push(await historyScanStatic(browser, appUrl, scenario, scanWindow, found))
      log(`history scan run ${run + 1}: app ${round(scans.at(-1)!.ms)} ms; static ${round(scanFloors.at(-1)!.ms)} ms (${found.length} transactions of ${scenario.busyAccount} in the last 10,000 blocks)`)
    }
    results.address = {
      account: scenario.busyAccount,
      historyScan: {
        blocks: Math.min(10_000, scenario.head + 1),
        found: found.length,
        window: scanWindow,
        app: { ms: summarize(scans.map((run) => run.ms)) },
        staticPartition: { ms: summarize(scanFloors.map((run) => run.ms)) },
        timeRatio: ratio(median(scans.map((run) => run.ms)), median(scanFloors.map((run) => run.ms))),
      },
      historyFirstPage: { ms: summarize(visits.map((visit) => visit.ms)), roundTripsBeforeSearch: median(visits.map((visit) => visit.postsBeforeSearch)), searchPosts: median(visits.map((visit) => visit.searchPosts)), methods: visits.at(-1)!.methods },
      tokenScan: {
        holder: scenario.token.holder,
        transfers: scenario.token.transfers,
        range: [0, scenario.head],
        app: { ms: summarize(app.map((run) => run.ms)), requestLeftMs: summarize(app.map((run) => run.leftMs)), answerMs: summarize(app.map((run) => run.answerMs)), getLogsCalls: median(app.map((run) => run.getLogsCalls)), posts: median(app.map((run) => run.posts)), found: app.at(-1)!.found },
        staticPartition: { requests: 4, ms: summarize(floor.map((run) => run.ms)) },
        timeRatio: ratio(median(app.map((run) => run.ms)), median(floor.map((run) => run.ms))),
      },
    }
  }

  const node = { httpUrl: service.anvil.httpUrl, wsUrl: service.anvil.wsUrl }
  if (wanted('live')) {
    results.live = await measureLive(browser, appUrl, node)
    log(`live: ${JSON.stringify(results.live)}`)
  }
  if (wanted('memory')) {
    results.memory = await measureMemory(browser, appUrl, node)
    log(`memory: ${JSON.stringify(results.memory)}`)
  }
  if (wanted('upload')) {
    // Issue 44's upload item: a 300 MiB add into a fresh store of this checkout (bench/upload.ts; --before there).
    const samples = []
    for (let run = 0; run < Math.min(runs, 3); run++) samples.push(await measureUpload(repoRoot, 300))
    results.upload = summarizeUploads(samples)
    log(`upload: ${JSON.stringify(results.upload)}`)
  }

  if (wanted('gateway')) {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest', false] })
    const gateway = []
    // Three rounds, direct and through the gateway back to back in each: a half-second phase on this shared
    // machine moves by tens of percent, so each round is a pair (the other processes' load hits both alike)
    // and the figures are the medians of the pairs' differences and ratios.
    const rounds = 3
    for (const concurrency of [1, 8, 64]) {
      const requests = concurrency === 1 ? 2_000 : 6_000
      const pairs: Array<{ direct: LoadResult; through: LoadResult }> = []
      for (let pass = 0; pass < rounds; pass++) {
        const direct = await measureLoadApart(service.anvil.httpUrl, body, concurrency, requests)
        const through = await measureLoadApart(service.urls.rpc, body, concurrency, requests)
        pairs.push({ direct, through })
      }
      const middle = (pick: (pair: { direct: LoadResult; through: LoadResult }) => number) => median(pairs.map(pick))
      gateway.push({
        concurrency,
        rounds,
        direct: { p50Ms: middle((pair) => pair.direct.p50Ms), perSecond: middle((pair) => pair.direct.perSecond) },
        gateway: { p50Ms: middle((pair) => pair.through.p50Ms), perSecond: middle((pair) => pair.through.perSecond) },
        addedP50Ms: round(middle((pair) => pair.through.p50Ms - pair.direct.p50Ms), 3),
        throughputShare: round(middle((pair) => pair.through.perSecond / pair.direct.perSecond), 2),
        pairs,
      })
    }
    results.gateway = gateway
    log(`gateway: ${JSON.stringify(gateway.map((row) => [row.concurrency, row.addedP50Ms, row.throughputShare]))}`)
  }
  if (wanted('proxy')) {
    // The app server's proxy to the devnet (server/networkProxy.ts), which is how the browser reaches it: paired
    // with the gateway straight, as above.
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest', false] })
    const proxy = []
    for (const concurrency of [1, 8]) {
      const pairs: Array<{ gateway: LoadResult; proxied: LoadResult }> = []
      for (let pass = 0; pass < 3; pass++) {
        pairs.push({ gateway: await measureLoadApart(service.urls.rpc, body, concurrency, 2_000), proxied: await measureLoadApart(`${appUrl}/rpc/devnet`, body, concurrency, 2_000) })
      }
      const middle = (pick: (pair: (typeof pairs)[number]) => number) => median(pairs.map(pick))
      proxy.push({
        concurrency,
        gateway: { p50Ms: middle((pair) => pair.gateway.p50Ms), perSecond: middle((pair) => pair.gateway.perSecond) },
        proxied: { p50Ms: middle((pair) => pair.proxied.p50Ms), perSecond: middle((pair) => pair.proxied.perSecond) },
        addedP50Ms: round(middle((pair) => pair.proxied.p50Ms - pair.gateway.p50Ms), 3),
        pairs,
      })
    }
    results.proxy = proxy
    log(`proxy: ${JSON.stringify(proxy.map((row) => [row.concurrency, row.addedP50Ms]))}`)
  }
} finally {
  await browser.close()
  await service.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
}

results.budgets = budgetChecks(results)
const file = only ? path.join(runsDir, 'results.partial.json') : path.join(repoRoot, 'bench', 'results.json')
fs.mkdirSync(runsDir, { recursive: true })
fs.writeFileSync(file, JSON.stringify(results, null, 2) + '\n')
console.log('')
console.log(formatTable(results))
log(`wrote ${path.relative(process.cwd(), file)}`)
