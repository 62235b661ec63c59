/**
 * The page's boot script: a classic script in index.html's head (built apart by scripts/bootScript.ts, no
 * imports at run time), so it runs before the first paint and before the app's code has arrived.
 *
 * 1. The theme: a dark choice never flashes light (the rules of src/ui/theme/theme.ts, bundled in).
 * 2. The page's own chunks (routePreload.ts), preloaded beside the app's entry: without this they were asked
 *    for only once the entry had loaded and run, a second trip in a row before the page could render or
 *    hydrate.
 *
 * Nothing here may throw or block for long: whatever fails, the app still starts and does it all itself.
 */
import { applyTheme, darkQuery, parseThemeChoice, resolveTheme, themeStorageKey } from '../ui/theme/theme.ts'
import { chunksForPath, preloadElementId, type PreloadTable } from './routePreload.ts'

function applyStoredTheme(): void {
  try {
    const choice = parseThemeChoice(localStorage.getItem(themeStorageKey))
    applyTheme(document.documentElement, resolveTheme(choice, window.matchMedia(darkQuery).matches))
  } catch {
    // Storage refused (private mode, a sandbox): the page follows the system theme once the app runs.
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

applyStoredTheme()
preloadPage()
