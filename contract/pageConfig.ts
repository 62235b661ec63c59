/**
 * How the app server hands the runtime config to the page (server/indexPage.ts) and the boot script takes it
 * (src/boot/boot.ts): index.html carries this marker, replaced by a JSON data block with this id.
 */
export const configMarker = '<!--chainglass:config-->'
export const configElementId = 'chainglass-config'

/**
 * A page whose first screen the app server rendered (server/firstScreen.ts) carries the data it read for it
 * as a JSON data block with this id (TanStack Query's dehydrated cache), which the app starts from (main.tsx).
 */
export const firstScreenStateElementId = 'chainglass-first-screen'

/**
 * On that data block: how many answers it holds. "0" when the node's answers missed the server's deadline: the
 * boot script then sends the page's first data request itself as the document ends (src/boot/boot.ts), rather
 * than leave it to the app once its code has loaded and run. Absent (an older server): the data is there.
 */
export const firstScreenAnswersAttribute = 'data-answers'

/** index.html's splash sits between these in #root: the app server puts the page it rendered in its place. */
export const screenStartMarker = '<!--chainglass:screen-->'
export const screenEndMarker = '<!--/chainglass:screen-->'

/**
 * A page the server rendered names the app's entry module and the modules it preloads in a JSON data block with
 * this id ({ entry, preloads }) instead of loading them: the boot script preloads them once the document is
 * parsed and runs the entry after the first screen has been painted (a module script that is already here
 * runs as the parser ends, before the browser paints anything).
 */
export const deferredEntryElementId = 'chainglass-entry'

export type DeferredEntry = { entry: string; preloads: string[] }
