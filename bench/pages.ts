import type { Browser, Page } from '@playwright/test'
import { backInApp, longTasksSince, navigateInApp, newBenchContext, pageNow, TrafficCounter, waitForApp, waitForFirstUseProbe, waitForWatch, type BrowserTraffic, type WatchName } from './browser.ts'
import { median, summarize, type Summary } from './stats.ts'

/** One timed page visit: ms to content on screen and the traffic it caused. */
export type Visit = { ms: number; traffic: BrowserTraffic; longTasks: number[] }

export type VisitSummary = {
  ms: Summary
  /** Median of each count over the runs (they rarely differ). */
  http: number
  rpcHttp: number
  rpcCalls: number
  wsSent: number
  wsReceived: number
  methods: Record<string, number>
  longestTaskMs: number
}

export function summarizeVisits(visits: Visit[]): VisitSummary {
  const mid = (pick: (traffic: BrowserTraffic) => number) => median(visits.map((visit) => pick(visit.traffic)))
  return {
    ms: summarize(visits.map((visit) => visit.ms)),
    http: mid((t) => t.http),
    rpcHttp: mid((t) => t.rpcHttp),
    rpcCalls: mid((t) => t.rpcCalls),
    wsSent: mid((t) => t.wsSent),
    wsReceived: mid((t) => t.wsReceived),
    methods: visits.at(-1)!.traffic.methods,
    longestTaskMs: Math.max(0, ...visits.flatMap((visit) => visit.longTasks)),
  }
}

/** A fresh browser context (nothing cached: no HTTP cache, no query cache) with the app's home page loaded. */
async function freshApp(browser: Browser, appUrl: string) {
  const context = await newBenchContext(browser)
  const page = await context.newPage()
  const counter = new TrafficCounter(page)
  await page.goto(`${appUrl}/`)
  await waitForWatch(page, 'home')
  await waitForApp(page)
  await settle(page)
  // The app has been open a while: its one-time probe of the network is done, not inside the next measurement.
  if (await waitForFirstUseProbe(page)) await settle(page)
  counter.take()
  return { context, page, counter }
}

/** Lets the page finish what it was doing (idle network, a quiet frame) before the next measurement. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {})
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))))
}

/** A full page load of `path` in a fresh context: the app, its configuration and the page's data, all cold. */
export async function fullLoad(browser: Browser, appUrl: string, path: string, watch: WatchName): Promise<Visit> {
  const context = await newBenchContext(browser)
  try {
    const page = await context.newPage()
    const counter = new TrafficCounter(page)
    await page.goto(`${appUrl}${path}`, { waitUntil: 'commit' })
    const ms = await waitForWatch(page, watch)
    return { ms, traffic: counter.take(), longTasks: await longTasksSince(page, 0) }
  } finally {
    await context.close()
  }
}

/**
 * The app already open (home page), nothing of `path` cached: an in-app navigation to it (cold), then to
 * `awayPath` and back (warm: everything should come from the cache).
 */
export async function inAppColdAndWarm(browser: Browser, appUrl: string, path: string, watch: WatchName, away?: { path: string; watch: WatchName }) {
  const { context, page, counter } = await freshApp(browser, appUrl)
  try {
    let since = await pageNow(page)
    await navigateInApp(page, path, watch)
    const coldMs = await waitForWatch(page, watch)
    await settle(page)
    const cold: Visit = { ms: coldMs, traffic: counter.take(), longTasks: await longTasksSince(page, since) }
    if (!away) return { cold, warm: null }
    await navigateInApp(page, away.path, away.watch)
    await waitForWatch(page, away.watch)
    await settle(page)
    counter.take()
    since = await pageNow(page)
    await backInApp(page, watch)
    const warmMs = await waitForWatch(page, watch)
    await settle(page)
    const warm: Visit = { ms: warmMs, traffic: counter.take(), longTasks: await longTasksSince(page, since) }
    return { cold, warm }
  } finally {
    await context.close()
  }
}

export type ScrollResult = { renderMs: number; longTasks: number[]; scrolledPx: number; frames: number }

/**
 * A long list: an in-app navigation to the page (render time to rows with receipts painted), then a scroll
 * from top to bottom at `pxPerFrame` (a fast fling), collecting every long task meanwhile.
 */
export async function renderAndScroll(browser: Browser, appUrl: string, path: string, pxPerFrame = 300): Promise<ScrollResult> {
  const { context, page } = await freshApp(browser, appUrl)
  try {
    await navigateInApp(page, path, 'block')
    // The node alone can take seconds for 5,000 receipts on a busy machine.
    const renderMs = await waitForWatch(page, 'block', 180_000)
    await settle(page)
    const since = await pageNow(page)
    const { scrolledPx, frames } = await page.evaluate(
      (step) =>
        new Promise<{ scrolledPx: number; frames: number }>((resolve) => {
          let frames = 0
          const tick = () => {
            const before = window.scrollY
            window.scrollBy(0, step)
            frames += 1
            if (window.scrollY === before) resolve({ scrolledPx: window.scrollY, frames })
            else requestAnimationFrame(tick)
          }
          requestAnimationFrame(tick)
        }),
      pxPerFrame,
    )
    // Long tasks are reported after they end: give the last one time to arrive.
    await settle(page)
    return { renderMs, longTasks: await longTasksSince(page, since), scrolledPx, frames }
  } finally {
    await context.close()
  }
}
