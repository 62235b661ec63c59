import type { Browser, BrowserContext, Page, Request } from '@playwright/test'
import { learnedStorageKey } from '../contract/browserStorage.ts'
import { appInteractiveMark, appRunningAttribute } from '../contract/pageConfig.ts'
import { isRpcPath } from './loadFigures.ts'

/**
 * What the benchmark watches in the page. An init script (before the app's own scripts) keeps a
 * MutationObserver on the document: each armed watch records when its condition first holds (`at`, the DOM
 * commit) and the next frame after it (`painted`, on screen), in the page's performance.now() — which counts
 * from navigation start, so a full load needs no arming. Rows of the home page's latest blocks are stamped
 * with Date.now() as they first appear, for the live latency.
 */
export type WatchName = 'block' | 'tx' | 'logs' | 'home' | 'addressHistory' | 'tokenScan' | 'historyScan'

function installMarks() {
  type Watch = { t0: number; at: number | null; painted: number | null; armed: boolean }
  const watches: Record<string, Watch> = {}
  const rows: Record<string, number> = {}
  const pathPart = (index: number) => decodeURIComponent(location.pathname.split('/')[index] ?? '')
  const tests: Record<string, () => boolean> = {
    // The block page of the URL's block, every row in the DOM showing its receipt (status and gas used) and
    // nothing left loading in it (method, value and fee, listed in full).
    block: () => {
      const page = document.querySelector('[data-testid="block-page"]')
      if (!page || page.getAttribute('data-block-number') !== pathPart(2)) return false
      const listed = document.querySelectorAll('[data-testid="block-tx-row"]')
      if (listed.length === 0) return false
      for (const row of listed) if (!row.querySelector('[data-testid="tx-status"]') || !row.querySelector('[data-testid="tx-gas-used"]') || row.querySelector('[data-skeleton]')) return false
      return true
    },
    // The transaction page of the URL's hash with its overview complete (no placeholder left).
    tx: () => {
      const title = document.querySelector('[data-testid="tx-title-hash"]')
      const overview = document.querySelector('[data-testid="tx-overview"]')
      if (!title || !overview || !(title.textContent ?? '').toLowerCase().includes(pathPart(2).toLowerCase())) return false
      return overview.querySelector('[data-testid="tx-block-number"]') !== null && overview.querySelector('.animate-pulse') === null
    },
    logs: () => document.querySelector('[data-testid="logs-progress-state"][data-phase="done"]') !== null,
    home: () => document.querySelectorAll('[data-testid="block-row"]').length > 0,
    // The address page's first history row (the node's ots_ page) in the DOM.
    addressHistory: () => document.querySelector('[data-testid="history-row"]') !== null,
    // The address page's history read block by block (a node without ots_*), every block of its range read.
    historyScan: () => document.querySelector(`[data-testid="scanned-history"][data-address="${pathPart(2).toLowerCase()}"][data-phase="done"]`) !== null,
    // The address page's token scan finished.
    tokenScan: () => document.querySelector(`[data-testid="token-activity"][data-address="${pathPart(2).toLowerCase()}"][data-range="${new URLSearchParams(location.search).get('from') ?? ''}-${new URLSearchParams(location.search).get('to') ?? ''}"] [data-testid="logs-progress-state"][data-phase="done"]`) !== null,
  }
  for (const name of Object.keys(tests)) watches[name] = { t0: 0, at: null, painted: null, armed: true }
  const check = () => {
    for (const [name, watch] of Object.entries(watches)) {
      if (!watch.armed || watch.at !== null || !tests[name]!()) continue
      watch.at = performance.now()
      requestAnimationFrame(() => setTimeout(() => (watch.painted = performance.now()), 0))
    }
    for (const row of document.querySelectorAll('[data-testid="block-row"]')) {
      const number = row.getAttribute('data-number')
      if (number !== null && !(number in rows)) rows[number] = Date.now()
    }
  }
  const start = () => new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
  start()
  const longTasks: Array<{ start: number; duration: number }> = []
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
  } catch {
    // no long-task timing in this browser: the figures stay empty
  }
  Object.assign(window, {
    __bench: {
      watches,
      rows,
      longTasks,
      arm(name: string) {
        watches[name] = { t0: performance.now(), at: null, painted: null, armed: true }
        check()
      },
    },
  })
}

type BenchWindow = { __bench: { watches: Record<string, { t0: number; at: number | null; painted: number | null }>; rows: Record<string, number>; longTasks: Array<{ start: number; duration: number }>; arm(name: string): void } }

export async function newBenchContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, colorScheme: 'light' })
  // As source text: tsx (esbuild, keepNames) wraps inner functions in __name(), which the page lacks.
  await context.addInitScript({ content: `globalThis.__name = (fn) => fn;\n(${installMarks.toString()})()` })
  return context
}

/** The browser's JSON-RPC endpoint for the deployment's default network (the app server's proxy). */
export async function proxiedRpcUrl(page: Page, appUrl: string): Promise<string> {
  const config = (await (await page.request.get(`${appUrl}/config.json`)).json()) as { defaultNetwork: string; networks: Array<{ name: string; rpcBase: string }> }
  return new URL(config.networks.find((network) => network.name === config.defaultNetwork)!.rpcBase, appUrl).href
}

/** Milliseconds from arming (or navigation start) to the watch's condition painted; throws after `timeoutMs`. */
export async function waitForWatch(page: Page, name: WatchName, timeoutMs = 60_000): Promise<number> {
  return pollInPage(
    page,
    (watch) => {
      const w = (window as unknown as BenchWindow).__bench?.watches[watch]
      return w && w.painted !== null ? w.painted - w.t0 : undefined
    },
    name,
    timeoutMs,
  )
}

/**
 * Waits for `read` to give a value in the page, checked on a 50 ms timer there: one small evaluate that returns a
 * promise. Not page.waitForFunction: that injects Playwright's whole script (selector engines and all) into the
 * page it waits in, and in a trace of a loaded page its ~13 ms evaluation sat between the content and the frame
 * the watch stamps, on the app's page (whose stamp comes later) and not on the floor's: measured cost, not the
 * page's. Both sides wait this way.
 */
export async function pollInPage<A, T>(page: Page, read: (arg: A) => T | undefined, arg: A, timeoutMs: number): Promise<T> {
  // An expression, not a function: DevTools evaluates it whatever the page's policy (the app's forbids eval, so
  // the check cannot be rebuilt from text inside the page), and its inner functions stay unnamed (tsx names a
  // const function with a helper the page does not have).
  const expression = `new Promise((resolve) => {
    const read = ${read.toString()}, arg = ${JSON.stringify(arg)}, started = Date.now()
    ;(function poll() {
      const value = read(arg)
      if (value !== undefined) resolve({ value })
      else if (Date.now() - started > ${timeoutMs}) resolve({ timedOut: true })
      else setTimeout(poll, 50)
    })()
  })`
  const outcome = (await page.evaluate(expression)) as { value: T } | { timedOut: true }
  if ('timedOut' in outcome) throw new Error(`nothing to read in the page after ${timeoutMs} ms`)
  return outcome.value
}

/**
 * The app runs the page: a page the server rendered first is markup without handlers until the app hydrates
 * it (contract/pageConfig.ts appRunningAttribute). What follows an in-app navigation must wait for this, or it
 * measures the app starting.
 */
export async function waitForApp(page: Page, timeoutMs = 60_000): Promise<void> {
  await page.waitForFunction((attribute) => document.documentElement.getAttribute(attribute) === 'running', appRunningAttribute, { timeout: timeoutMs, polling: 50 })
}

/** The time (ms from navigation start) the page became the app's: its hydration or first render committed. */
export async function waitForInteractive(page: Page, timeoutMs = 60_000): Promise<number> {
  await waitForApp(page, timeoutMs)
  return page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.NaN, appInteractiveMark)
}

/**
 * Waits (at most `timeoutMs`) until the app has run its first-use probe of a network and kept what it learned
 * (src/networks/learned.ts, in localStorage): a one-time job of a browser's first visit, started 2 s after the page
 * opens, which would otherwise land in whatever is measured next. True when it has.
 */
export async function waitForFirstUseProbe(page: Page, timeoutMs = 10_000): Promise<boolean> {
  return page
    .waitForFunction(
      (key) => {
        const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, { probedAt?: unknown }>
        return Object.values(stored).some((entry) => entry.probedAt !== null && entry.probedAt !== undefined)
      },
      learnedStorageKey,
      { timeout: timeoutMs, polling: 100 },
    )
    .then(() => true)
    .catch(() => false)
}

/**
 * An in-app navigation to `path`, as a link click makes it: the URL is pushed and the router told by a
 * popstate event (the app is not reloaded and keeps its caches). The watch is armed in the same task.
 */
export async function navigateInApp(page: Page, path: string, watch: WatchName): Promise<void> {
  await page.evaluate(
    ([to, name]) => {
      ;(window as unknown as BenchWindow).__bench.arm(name!)
      history.pushState(history.state, '', to)
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
    },
    [path, watch] as const,
  )
}

export async function backInApp(page: Page, watch: WatchName): Promise<void> {
  await page.evaluate((name) => {
    ;(window as unknown as BenchWindow).__bench.arm(name)
    history.back()
  }, watch)
}

export async function longTasksSince(page: Page, since: number): Promise<number[]> {
  return page.evaluate((from) => (window as unknown as BenchWindow).__bench.longTasks.filter((task) => task.start >= from).map((task) => task.duration), since)
}

export async function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now())
}

export async function rowTimes(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => ({ ...(window as unknown as BenchWindow).__bench.rows }))
}

/** What the page asked for: HTTP requests by kind, JSON-RPC calls inside them, WebSocket frames each way. */
export type BrowserTraffic = {
  http: number
  rpcHttp: number
  rpcCalls: number
  methods: Record<string, number>
  assets: number
  wsSent: number
  wsReceived: number
}

/** Counts a page's traffic from the moment it is attached; `take()` returns and resets the counts. */
export class TrafficCounter {
  #traffic: BrowserTraffic = TrafficCounter.empty()

  static empty(): BrowserTraffic {
    return { http: 0, rpcHttp: 0, rpcCalls: 0, methods: {}, assets: 0, wsSent: 0, wsReceived: 0 }
  }

  constructor(page: Page) {
    page.on('request', (request) => this.#onRequest(request))
    page.on('websocket', (socket) => {
      socket.on('framesent', () => (this.#traffic.wsSent += 1))
      socket.on('framereceived', () => (this.#traffic.wsReceived += 1))
    })
  }

  #onRequest(request: Request) {
    const traffic = this.#traffic
    traffic.http += 1
    const url = new URL(request.url())
    if (request.method() === 'POST' && isRpcPath(url.pathname)) {
      traffic.rpcHttp += 1
      try {
        const body = JSON.parse(request.postData() ?? 'null') as { method?: string } | Array<{ method?: string }>
        for (const call of Array.isArray(body) ? body : [body]) {
          traffic.rpcCalls += 1
          const method = call?.method ?? '?'
          traffic.methods[method] = (traffic.methods[method] ?? 0) + 1
        }
      } catch {
        // not JSON: counted as a request only
      }
    } else if (/\.(js|css|svg|png|woff2?)$/.test(url.pathname)) {
      traffic.assets += 1
    }
  }

  take(): BrowserTraffic {
    const taken = this.#traffic
    this.#traffic = TrafficCounter.empty()
    return taken
  }
}

/** What a page showed when its load never showed the content: ready state, HTML so far, whether the app ran, its text. */
export async function pageState(page: Page): Promise<Record<string, unknown>> {
  return page
    .evaluate(() => ({
      url: location.href,
      readyState: document.readyState,
      htmlChars: document.documentElement?.outerHTML.length ?? 0,
      app: document.documentElement?.getAttribute('data-app') ?? null,
      skeletons: document.querySelectorAll('[data-skeleton], .animate-pulse').length,
      text: (document.body?.innerText ?? '(no body yet)').slice(0, 400),
    }))
    .catch((reason: unknown) => ({ unreadable: String(reason) }))
}

/** `load()`, made once more should it throw (a load that never showed): said on `log`, and the run goes on. */
export async function retriedOnce<T>(load: () => Promise<T>, log: (line: string) => void): Promise<T> {
  try {
    return await load()
  } catch (error) {
    log(`STUCK, retried once: ${error instanceof Error ? error.message : String(error)}`)
    return load()
  }
}
