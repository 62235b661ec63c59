import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { gzipSize } from './bundle.ts'
import { newBenchContext, pageState, retriedOnce, waitForApp, waitForInteractive, waitForWatch, type WatchName } from './browser.ts'
import { floorPath, installFloorPages, waitForFloor, type FloorPage } from './floor.ts'
import { criticalPath, jsFiles, splitAt, wireBytesByKind, type ByteSplit, type CriticalPath, type JsFiles } from './loadFigures.ts'
import { machineQuiet } from './machineQuiet.ts'
import { emulatedNetwork, NetworkRecorder } from './network.ts'
import { runsDir } from './scenario.ts'
import { median, round, summarize, type Summary } from './stats.ts'

/**
 * Issue 18's cold loads: a full page load of each case by the app and by its floor (bench/floor.ts), run after
 * run, interleaved (the machine's load drifts), in three ways:
 *   loopback   a fresh context on the loopback network;
 *   emulated   the same under Chromium's DevTools network conditions (40 ms round trip, 20/5 Mbit/s), set on
 *              the page's CDP session before it navigates;
 *   returning  one context: the home page (the floor's home page for the floor) loaded and left to settle, then
 *              a full navigation to the case: the code comes from the HTTP cache, the data is cold (no query
 *              cache survives a navigation).
 * Each load is observed, never assumed: what the browser asked for, from where and when, comes from the DevTools
 * protocol's Network events (bench/network.ts), so the figures hold whatever the app's files and order become.
 */
export type ColdCase = { name: string; label: string; path: string; watch: WatchName; floor: FloorPage }
export type Mode = 'loopback' | 'emulated' | 'returning'
export const modes: readonly Mode[] = ['loopback', 'emulated', 'returning']

/** One load's figures. "Before" is what was asked for before the content was painted; "after", until the network was quiet. */
export type LoadSample = {
  /** From navigation start to the content painted (the app's watch, or the floor's stamp). */
  ms: number
  /**
   * From navigation start to the page being the app's (hydrated, or rendered by the app: a click on a
   * transaction link navigates in the app; contract/pageConfig.ts appInteractiveMark). The floor has no app:
   * null, its content is all there is.
   */
  interactiveMs: number | null
  /** From navigation start to the page's first data request (the first POST to the default network's gateway URL) leaving. */
  dataLeftMs: number | null
  criticalPath: CriticalPath | null
  /** The JSON-RPC methods of that first data request. */
  dataMethods: string[]
  before: { requests: number; fromCache: number; wire: ByteSplit; js: JsFiles }
  after: { requests: number; wire: ByteSplit; js: JsFiles }
}

type Target = { path: string; shown: (page: Page) => Promise<number>; interactive?: (page: Page) => Promise<number> }

/** How long the network must be quiet before a load counts as settled (the app's idle chunk warming included), and the longest wait. */
const quietMs = 1_000
const settleLimitMs = 8_000

/** A gzip size per file path of the built app (level 6, as bench/bundle.ts counts); undefined for a path not on disk. */
function gzipSizes(dist: string): (urlPath: string) => number | undefined {
  const known = new Map<string, number | undefined>()
  return (urlPath) => {
    if (!known.has(urlPath)) {
      const file = path.join(dist, decodeURIComponent(urlPath).replace(/^\/+/, ''))
      known.set(urlPath, file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile() ? gzipSize(fs.readFileSync(file)) : undefined)
    }
    return known.get(urlPath)
  }
}

/**
 * The app server's runtime configuration: GET /config.json, or, should a server that puts it into its pages
 * no longer serve that, the JSON data block of its page.
 */
async function runtimeConfigOf(appUrl: string): Promise<string> {
  const response = await fetch(`${appUrl}/config.json`)
  if (response.ok) return response.text()
  const page = await (await fetch(`${appUrl}/`)).text()
  const inline = /<script[^>]*id="chainglass-config"[^>]*>([\s\S]*?)<\/script>/.exec(page)?.[1]
  if (!inline) throw new Error(`the app server has no /config.json (${response.status}) and its page no config block`)
  return inline
}

type LoadOptions = { appUrl: string; endpoint: string; gzipOf: (urlPath: string) => number | undefined; mode: Mode; first: Target; settleAfter: boolean }

/** One measured load of `target` in a fresh context, as `mode` says. */
async function measureLoad(browser: Browser, target: Target, options: LoadOptions): Promise<LoadSample> {
  const context = await newBenchContext(browser)
  try {
    const page = await context.newPage()
    const recorder = await NetworkRecorder.attach(page, options.mode === 'emulated' ? emulatedNetwork : undefined)
    if (options.mode === 'returning') {
      await page.goto(`${options.appUrl}${options.first.path}`, { waitUntil: 'commit' })
      await options.first.shown(page)
      // Everything the first page does after it is shown (the app's idle chunk warming) is in the cache too.
      await recorder.quiet(quietMs, settleLimitMs)
      recorder.reset()
    }
    const problems: string[] = []
    page.on('console', (message) => void (message.type() === 'error' || message.type() === 'warning' ? problems.push(`${message.type()}: ${message.text()}`) : undefined))
    page.on('pageerror', (error) => void problems.push(`pageerror: ${error.message}`))
    // The browser's own work after the context was made (or the last one closed) is not this load's.
    await machineQuiet()
    await page.goto(`${options.appUrl}${target.path}`, { waitUntil: 'commit' })
    const ms = await target.shown(page).catch((error: unknown) => stuck(page, target, options, problems, error))
    const interactiveMs = target.interactive ? await target.interactive(page).catch((error: unknown) => stuck(page, target, options, problems, error)) : null
    const timeOrigin = await page.evaluate(() => performance.timeOrigin)
    if (options.settleAfter) await recorder.quiet(quietMs, settleLimitMs)
    const { document, requests } = recorder.load()
    // The page's clock (ms from its time origin) and the protocol's (seconds), linked by the wall clock at the
    // document's request.
    const toProtocol = (pageMs: number) => document.start + ((timeOrigin + pageMs) / 1000 - document.wallTime)
    const toPage = (protocol: number) => (document.wallTime + (protocol - document.start)) * 1000 - timeOrigin
    const data = requests.filter((request) => request.method === 'POST' && request.url === options.endpoint).sort((a, b) => a.start - b.start)[0]
    const { before, after } = splitAt(requests, toProtocol(ms))
    await recorder.detach()
    return {
      ms,
      interactiveMs,
      dataLeftMs: data ? toPage(data.start) : null,
      criticalPath: data ? criticalPath(requests, data.id) : null,
      dataMethods: data ? methodsOf(data.postData) : [],
      before: { requests: before.filter((request) => !request.fromCache).length, fromCache: before.filter((request) => request.fromCache).length, wire: wireBytesByKind(before), js: jsFiles(before, options.gzipOf) },
      after: { requests: after.filter((request) => !request.fromCache).length, wire: wireBytesByKind(after), js: jsFiles(after, options.gzipOf) },
    }
  } finally {
    await context.close()
  }
}

/**
 * A load whose watch never held: what the page showed then (its screenshot in bench/.runs/, whether the app ran,
 * what it reported), so a hang names its page instead of ending the bench with a bare timeout.
 */
async function stuck(page: Page, target: Target, options: LoadOptions, problems: readonly string[], error: unknown): Promise<never> {
  const file = path.join(runsDir, `stuck-${options.mode}-${target.path.replace(/[^a-z0-9]+/gi, '_')}.png`)
  const state = await pageState(page)
  await page.screenshot({ path: file, fullPage: false }).catch(() => {})
  const reason = error instanceof Error ? error.message : String(error)
  throw new Error(`${target.path} (${options.mode}) never showed: ${reason}\n  page: ${JSON.stringify(state)}\n  reports: ${JSON.stringify(problems)}\n  screenshot: ${file}`)
}

function methodsOf(body: string | undefined): string[] {
  try {
    const parsed = JSON.parse(body ?? 'null') as { method?: string } | Array<{ method?: string }>
    return (Array.isArray(parsed) ? parsed : [parsed]).map((call) => call?.method ?? '?')
  } catch {
    return []
  }
}

/** A gateway path as results.json keeps it: the network's key is no figure. */
const withoutKey = (text: string) => text.replace(/\/v3\/[^/?#]*/, '/v3/<key>')

export type LoadSummary = {
  ms: Summary
  interactiveMs: Summary | null
  dataLeftMs: Summary | null
  /** Medians over the runs; the methods and the file lists are the last run's, the chain that of the last run as long as the median. */
  roundTripsBeforeData: number | null
  chain: string[]
  dataMethods: string[]
  requests: number
  fromCache: number
  wire: ByteSplit
  js: JsFiles
  after: { requests: number; wire: number; js: JsFiles }
}

const medianOf = (values: number[]) => round(median(values), 0)

function medianSplit(splits: ByteSplit[]): ByteSplit {
  const keys = Object.keys(splits[0]!) as Array<keyof ByteSplit>
  return Object.fromEntries(keys.map((key) => [key, medianOf(splits.map((split) => split[key]))])) as ByteSplit
}

function medianJs(samples: JsFiles[]): JsFiles {
  return { files: medianOf(samples.map((js) => js.files)), gzip: medianOf(samples.map((js) => js.gzip)), wire: medianOf(samples.map((js) => js.wire)), list: samples.at(-1)!.list }
}

export function summarizeLoads(samples: LoadSample[]): LoadSummary {
  const last = samples.at(-1)!
  const left = samples.flatMap((sample) => (sample.dataLeftMs === null ? [] : [sample.dataLeftMs]))
  const trips = samples.flatMap((sample) => (sample.criticalPath ? [sample.criticalPath.roundTrips] : []))
  const roundTrips = trips.length > 0 ? median(trips) : null
  // The chain shown is that of the last run with the median's length, so the two agree.
  const typical = samples.findLast((sample) => sample.criticalPath?.roundTrips === Math.round(roundTrips ?? -1)) ?? last
  const interactive = samples.flatMap((sample) => (sample.interactiveMs === null ? [] : [sample.interactiveMs]))
  return {
    ms: summarize(samples.map((sample) => sample.ms)),
    interactiveMs: interactive.length > 0 ? summarize(interactive) : null,
    dataLeftMs: left.length > 0 ? summarize(left) : null,
    roundTripsBeforeData: roundTrips,
    chain: (typical.criticalPath?.chain ?? []).map((url) => withoutKey(new URL(url).pathname)),
    dataMethods: last.dataMethods,
    requests: medianOf(samples.map((sample) => sample.before.requests)),
    fromCache: medianOf(samples.map((sample) => sample.before.fromCache)),
    wire: medianSplit(samples.map((sample) => sample.before.wire)),
    js: medianJs(samples.map((sample) => sample.before.js)),
    after: { requests: medianOf(samples.map((sample) => sample.after.requests)), wire: medianOf(samples.map((sample) => sample.after.wire.total)), js: medianJs(samples.map((sample) => sample.after.js)) },
  }
}

export type ColdPair = { app: LoadSummary; floor: LoadSummary; gapMs: number }
export type ColdCaseResult = { label: string; path: string; floor: FloorPage } & Partial<Record<Mode, ColdPair>>

/**
 * Every case in every mode, `runs` times, the app and its floor back to back (which goes first alternates from
 * run to run), after one throw-away round (the server's file cache, the page cache of the node).
 */
export async function measureColdLoads(browser: Browser, appUrl: string, dist: string, cases: readonly ColdCase[], runs: number, log: (line: string) => void): Promise<{ endpoint: string; emulation: typeof emulatedNetwork; cases: Record<string, ColdCaseResult> }> {
  const configJson = await runtimeConfigOf(appUrl)
  const config = JSON.parse(configJson) as { defaultNetwork: string; networks: Array<{ name: string; rpcBase: string; key: string }> }
  const network = config.networks.find((candidate) => candidate.name === config.defaultNetwork)
  if (!network) throw new Error(`/config.json names no network ${config.defaultNetwork}`)
  const endpoint = `${network.rpcBase}/v3/${network.key}`
  const gzipOf = gzipSizes(dist)
  // The returning visitor's first page is the app itself, running (not the server's picture of it).
  const appFirst: Target = {
    path: '/',
    shown: async (page) => {
      const ms = await waitForWatch(page, 'home')
      await waitForApp(page)
      return ms
    },
  }
  const floorFirst: Target = { path: floorPath({ kind: 'home' }), shown: (page) => waitForFloor(page) }
  const load = (which: 'app' | 'floor', item: ColdCase, mode: Mode) =>
    which === 'app'
      ? measureLoad(browser, { path: item.path, shown: (page) => waitForWatch(page, item.watch), interactive: (page) => waitForInteractive(page) }, { appUrl, endpoint, gzipOf, mode, first: appFirst, settleAfter: true })
      : measureLoad(browser, { path: floorPath(item.floor), shown: (page) => waitForFloor(page) }, { appUrl, endpoint, gzipOf, mode, first: floorFirst, settleAfter: false })

  // A load that never shows is said with what the page showed (stuck()), and made once more: the run goes on,
  // and the log says it happened.
  const loadOrRetry = (which: 'app' | 'floor', item: ColdCase, mode: Mode) => retriedOnce(() => load(which, item, mode), log)
  const samples = new Map<string, { app: LoadSample[]; floor: LoadSample[] }>()
  const removeFloorPages = installFloorPages(dist, configJson)
  try {
    for (const item of cases) {
      await load('app', item, 'loopback')
      await load('floor', item, 'loopback')
    }
    for (let run = 0; run < runs; run++) {
      const line: string[] = []
      for (const item of cases) {
        for (const mode of modes) {
          const key = `${item.name}/${mode}`
          const pair = samples.get(key) ?? { app: [], floor: [] }
          samples.set(key, pair)
          for (const which of run % 2 === 0 ? (['app', 'floor'] as const) : (['floor', 'app'] as const)) pair[which].push(await loadOrRetry(which, item, mode))
          line.push(`${key} ${round(pair.app.at(-1)!.ms)}/${round(pair.floor.at(-1)!.ms)}`)
        }
      }
      log(`cold run ${run + 1}/${runs} (app/floor ms): ${line.join(', ')}`)
    }
  } finally {
    removeFloorPages()
  }
  const results: Record<string, ColdCaseResult> = {}
  for (const item of cases) {
    const result: ColdCaseResult = { label: item.label, path: item.path, floor: item.floor }
    for (const mode of modes) {
      const pair = samples.get(`${item.name}/${mode}`)
      if (!pair) continue
      const app = summarizeLoads(pair.app)
      const floor = summarizeLoads(pair.floor)
      result[mode] = { app, floor, gapMs: round(app.ms.median - floor.ms.median) }
    }
    results[item.name] = result
  }
  return { endpoint: withoutKey(endpoint), emulation: emulatedNetwork, cases: results }
}
