/**
 * `npm start`: builds the app only when dist/ is not the build of the sources as they are (a rebuild takes a
 * while, and a second start of an unchanged checkout needs none), says which, then runs the service with the
 * explorer (`server/main.ts --app`) in this same process, whose ready line counts from when npm started.
 */
import path from 'node:path'
import { build } from 'vite'
import { buildStatus } from './buildStamp.ts'

const root = path.resolve(import.meta.dirname, '..')
const status = buildStatus(root)
if (status.current) {
  console.log(`app: dist/ is current with the sources (built ${status.builtAt.toLocaleString('en-GB')}): not rebuilding`)
} else {
  console.log(`app: building, because ${status.reason}`)
  const started = Date.now()
  await build({ root, logLevel: 'warn' })
  console.log(`app: built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

// The service reads `--app` from its command line, exactly as `tsx server/main.ts --app` would.
process.argv.push('--app')
await import('../server/main.ts')
