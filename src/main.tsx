import './index.css'
import { afterContentShown } from './boot/afterContentShown.ts'
import { compilePrefetchedScripts } from './boot/compileAfterPaint.ts'
import { holdInput } from './boot/heldInput.ts'
import { takePageConfig } from './boot/pageBlocks.ts'
import { watchPolicyBlocks } from './networks/cspBlocks.ts'

/**
 * The page's entry: small on purpose. It records policy refusals from the start and takes the config (which
 * holds the project's key and secret) out of the page at once; the app itself is compiled and evaluated only
 * after the first contentful paint. The app's code is prefetched by the head (scripts/routePreload.ts,
 * server/pageHead.ts), so it downloads beside the document; compiled or evaluated beside it, it took the CPU
 * that the server's rows needed to reach the screen (boot/compileAfterPaint.ts).
 */
watchPolicyBlocks()
const inPage = takePageConfig()
const held = holdInput()
void afterContentShown()
  .then(() => {
    compilePrefetchedScripts<HTMLLinkElement>(document)
    return import('./startApp.tsx')
  })
  .then(({ startApp }) => startApp(inPage, held))
