import { configElementId } from '../../contract/pageConfig.ts'

/**
 * The page's JSON data blocks, taken out of it. Apart from pageData.ts (the first screen's state, which needs
 * the app's unpacker) so the page's entry (main.tsx) can take the config at once without the app's code.
 */

/** What is read of the page: an element by its id (the document). */
export type PageLike = { getElementById(id: string): { textContent: string | null; remove(): void } | null }

/** A JSON data block's content, parsed, and the block removed from the page; undefined when absent or unreadable. */
export function takeJsonBlock(id: string, doc: PageLike): unknown {
  const element = doc.getElementById(id)
  if (!element) return undefined
  element.remove()
  try {
    return JSON.parse(element.textContent ?? '') as unknown
  } catch {
    return undefined
  }
}

/**
 * The runtime config the app server put in the page (server/indexPage.ts), unchecked (loadRuntimeConfig checks
 * it); undefined when the page carried none (a dev server, a plain static host: the app asks /config.json).
 */
export function takePageConfig(doc: PageLike = document): unknown {
  return takeJsonBlock(configElementId, doc)
}
