import { scriptPrefetchSelector } from '../../contract/pageAssets.ts'

/**
 * The page's code is fetched beside the document but compiled after the first screen is painted. The head
 * names the app's start and the page's chunks as script prefetches (scripts/routePreload.ts, server/pageHead.ts):
 * the browser downloads them into its cache without parsing them. As modulepreloads they were compiled beside the
 * document, and on a machine with two cores that compile took the CPU the server's rows needed to be parsed,
 * laid out and painted. Once the content is shown, the entry calls this: each prefetched script becomes a
 * modulepreload (read from the cache, compiled in parallel off the main thread) before the app is imported.
 */

/** What this reads and writes of the document (the unit suite has no DOM). */
export type HeadLike<Link extends LinkLike> = {
  head: { querySelectorAll(selector: string): Iterable<{ getAttribute(name: string): string | null }>; appendChild(node: Link): unknown }
  createElement(tag: 'link'): Link
}
type LinkLike = { rel: string; href: string; crossOrigin: string | null }

/** Adds a modulepreload for each script the head prefetches; returns their URLs as the head wrote them. */
export function compilePrefetchedScripts<Link extends LinkLike>(doc: HeadLike<Link>): string[] {
  const hrefs: string[] = []
  for (const prefetch of doc.head.querySelectorAll(scriptPrefetchSelector)) {
    const href = prefetch.getAttribute('href')
    if (!href) continue
    const preload = doc.createElement('link')
    preload.rel = 'modulepreload'
    // As the prefetch and the module's own request are (cors, same origin): one cache entry serves all three.
    preload.crossOrigin = ''
    preload.href = href
    doc.head.appendChild(preload)
    hrefs.push(href)
  }
  return hrefs
}
