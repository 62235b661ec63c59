/**
 * The page's boot script: a classic script in index.html's head (built apart by scripts/bootScript.ts, no
 * imports at run time), so it runs before the first paint and before the app's code has arrived.
 *
 * 1. The theme: a dark choice never flashes light (the rules of src/ui/theme/theme.ts, bundled in).
 * 2. The runtime config, which the app server put in the page as a JSON data block: taken out of the DOM at
 *    once (it holds the project key and secret, which appear nowhere in the page outside their settings
 *    field) and handed to the app, which no longer waits for a /config.json round trip.
 * 3. The page's first data request (earlyPlan.ts), sent now: it is on its way while the app's code loads, and
 *    the app's transport adopts its answer (src/rpc/earlyReplies.ts) instead of asking again. A page the server
 *    renders comes with its data; should it come without (the node missed the server's deadline), the request
 *    is sent as the document ends, before the app's code is asked for.
 * 4. The page's own chunks (routePreload.ts), preloaded beside the app's entry: without this they were asked
 *    for only once the entry had loaded and run, a second trip in a row before the page could render.
 *
 * Nothing here may throw or block for long: whatever fails, the app still starts and does it all itself.
 */
import type { RuntimeConfig } from '../../contract/runtimeConfig.ts'
import { applyTheme, darkQuery, parseThemeChoice, resolveTheme, themeStorageKey } from '../ui/theme/theme.ts'
import { earlyPlanFor, sendEarly } from './earlyPlan.ts'
import { learnedStorageKey } from '../../contract/browserStorage.ts'
import { configElementId, writeHandoff, type EarlyRequest } from './handoff.ts'
import { type DeferredEntry, deferredEntryElementId, firstScreenAnswersAttribute, firstScreenStateElementId } from '../../contract/pageConfig.ts'
import { chunksForPath, preloadElementId, type PreloadTable } from './routePreload.ts'

/** The early answer is given up on after this; the app's own request then has its usual timeout. */
const earlyTimeoutMs = 15_000

function applyStoredTheme(): void {
  try {
    const choice = parseThemeChoice(localStorage.getItem(themeStorageKey))
    applyTheme(document.documentElement, resolveTheme(choice, window.matchMedia(darkQuery).matches))
  } catch {
    // Storage refused (private mode, a sandbox): the page follows the system theme once the app runs.
  }
}

function takeConfig(): unknown {
  const element = document.getElementById(configElementId)
  if (!element) return undefined
  const text = element.textContent ?? ''
  element.remove()
  try {
    return JSON.parse(text) as unknown
  } catch {
    // The app reports a config it cannot read (it asks /config.json and says what is wrong with it).
    return undefined
  }
}

/** What the app learned about its networks (networks/learned.ts), as stored; null when storage is refused. */
function storedLearned(): string | null {
  try {
    return localStorage.getItem(learnedStorageKey)
  } catch {
    return null
  }
}

function startEarly(config: unknown): EarlyRequest | null {
  try {
    const plan = earlyPlanFor(config as RuntimeConfig, location, storedLearned())
    return plan ? sendEarly(plan, { timeoutMs: earlyTimeoutMs }) : null
  } catch {
    return null
  }
}

function modulePreload(href: string): void {
  const link = document.createElement('link')
  link.rel = 'modulepreload'
  // As the entry's own preloads are (crossorigin): the import() that uses the chunk then finds it in the cache.
  link.crossOrigin = ''
  link.href = href
  document.head.append(link)
}

function preloadPage(): void {
  try {
    const element = document.getElementById(preloadElementId)
    if (!element) return
    const table = JSON.parse(element.textContent ?? '[]') as PreloadTable
    element.remove()
    for (const href of chunksForPath(table, location.pathname)) modulePreload(href)
  } catch {
    // No table (the dev server) or an unreadable one: the page's chunks load when the app asks for them.
  }
}

const isAsset = (value: unknown): value is string => typeof value === 'string' && value.startsWith('/assets/')

/**
 * A page the server rendered (server/firstScreen.ts) names the app's code instead of loading it. Its modules
 * (and the page's chunks) are asked for and its entry run once the document is parsed and its first screen is
 * on screen (afterContentShown). Run with the page, it ran as the parser ended and the browser painted nothing
 * until it and the app's first render were done. Never before the parser is done: the app replaces what is in
 * #root. A tab opened in the background paints nothing: there a timer starts it. `beforeEntry` runs once the
 * document is parsed, before any of the app's code is asked for.
 */
function startEntryAfterPaint(element: HTMLElement, beforeEntry: () => void): void {
  try {
    const named = JSON.parse(element.textContent ?? '') as Partial<DeferredEntry> | null
    element.remove()
    const src = named?.entry
    if (!isAsset(src)) return
    let started = false
    // The entry's modules and the page's chunks preloaded beside it, then the entry: once.
    const start = () => {
      if (started) return
      started = true
      for (const href of Array.isArray(named?.preloads) ? named.preloads : []) if (isAsset(href)) modulePreload(href)
      preloadPage()
      const script = document.createElement('script')
      script.type = 'module'
      script.crossOrigin = ''
      script.src = src
      document.head.append(script)
    }
    const afterParse = () => {
      beforeEntry()
      afterContentShown(start)
      setTimeout(start, 1_000)
    }
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterParse, { once: true })
    else afterParse()
  } catch {
    // Unreadable: the page stays the server's picture (it is one; the next navigation loads the app).
  }
}

/**
 * Runs `then` once the parsed page is on screen: when the browser reports its first contentful paint, which it
 * does once that frame has been drawn, not when the main thread has handed it over. Between the two, the
 * frame is rasterized and composited on other threads; the app's code started at the hand-over (its modules
 * fetched, compiled and run) took the CPU they needed, and on two cores the first screen came 100-200 ms later.
 * A page painted in part before it was parsed has had that paint already: the frame after now, as before.
 * Without paint timing (an older browser), the frame after now.
 */
function afterContentShown(then: () => void): void {
  const nextFrame = () => void requestAnimationFrame(() => setTimeout(then, 0))
  try {
    if (performance.getEntriesByName('first-contentful-paint').length > 0) return nextFrame()
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return nextFrame()
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return
      observer.disconnect()
      setTimeout(then, 0)
    })
    observer.observe({ type: 'paint' })
  } catch {
    nextFrame()
  }
}

/**
 * Whether the server's first screen came without the page's data: the page ends in the splash (the render
 * failed), or its data block holds no answer (the node missed the server's deadline, server/firstScreen.ts).
 * The app would ask for it only once its code had loaded and run: seconds later on a busy machine.
 */
function firstScreenLacksData(): boolean {
  const state = document.getElementById(firstScreenStateElementId)
  return !state || state.getAttribute(firstScreenAnswersAttribute) === '0'
}

applyStoredTheme()
const config = takeConfig()
// A page the server renders names its entry instead of loading it (server/firstScreen.ts).
const entry = document.getElementById(deferredEntryElementId)
// Such a page comes with its data (further down the page, which is sent before its data is read): nothing to
// ask for now, and only if it did not come, once the page is parsed.
writeHandoff({ config, early: config === undefined || entry ? null : startEarly(config) })
if (entry) {
  // Its chunks are preloaded with its entry, once it is parsed.
  startEntryAfterPaint(entry, () => {
    if (config !== undefined && firstScreenLacksData()) writeHandoff({ config, early: startEarly(config) })
  })
} else {
  preloadPage()
}
