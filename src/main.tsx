import './index.css'
import { afterContentShown } from './boot/afterContentShown.ts'
import { holdSubmits } from './boot/heldSubmits.ts'
import { takePageConfig } from './boot/pageBlocks.ts'
import { watchPolicyBlocks } from './networks/cspBlocks.ts'

/**
 * The page's entry: small on purpose. It records policy refusals from the start and takes the config (which
 * holds the project's key and secret) out of the page at once; the app itself is evaluated only after the first
 * contentful paint. The app's code is preloaded by index.html (scripts/routePreload.ts), so it downloads and
 * compiles beside the document; evaluated as the parser ended, its import graph sat between the server's rows
 * reaching the DOM and the frame that shows them.
 */
watchPolicyBlocks()
const inPage = takePageConfig()
const held = holdSubmits()
void afterContentShown()
  .then(() => import('./startApp.tsx'))
  .then(({ startApp }) => startApp(inPage, held))
