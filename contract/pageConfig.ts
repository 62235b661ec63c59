/**
 * How the app server hands the runtime config to the page (server/indexPage.ts) and the page's entry takes it
 * (src/boot/pageBlocks.ts): index.html carries this marker, replaced by a JSON data block with this id.
 */
export const configMarker = '<!--chainglass:config-->'
export const configElementId = 'chainglass-config'

/**
 * A page whose first screen the app server rendered (server/firstScreen.ts) carries the data it read for it as
 * a JSON data block with this id, after #root, which the app hydrates the markup from (main.tsx).
 */
export const firstScreenStateElementId = 'chainglass-first-screen'

/** On that data block: how many answers it holds ("0" when the node's answers missed the server's deadline). */
export const firstScreenAnswersAttribute = 'data-answers'

/**
 * index.html's splash sits between these, and they are #root's only content: the app server puts the page it
 * rendered in their place, so #root holds React's markup and nothing else for the browser to hydrate.
 */
export const screenStartMarker = '<!--chainglass:screen-->'
export const screenEndMarker = '<!--/chainglass:screen-->'

/** After #root: where the app server puts the rendered page's data block. */
export const stateMarker = '<!--chainglass:state-->'

/**
 * On <html> once the app's first render has committed (a hydrated first screen or the app's own render): the
 * page is the app's from then on (a click navigates in the app). What tests and the bench wait for; the same
 * moment is the User Timing mark `appInteractiveMark`, and the hydration's start `hydrationStartMark`.
 */
export const appRunningAttribute = 'data-app'
export const appInteractiveMark = 'chainglass:interactive'
export const hydrationStartMark = 'chainglass:hydrate'
