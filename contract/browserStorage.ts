/**
 * Where the app keeps what it learned about each network in the browser (src/networks/learned.ts): a localStorage key. Here so that the bench can tell when the app's first-use probe has run.
 */
export const learnedStorageKey = 'chainglass.learned'
