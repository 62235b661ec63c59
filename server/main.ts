import { commandStartedAt } from './commandStart.ts'
import { loadConfigOrExit } from './config.ts'
import { PortInUseError } from './portInUse.ts'
import { Supervisor } from './supervisor/supervisor.ts'

/**
 * `npm run service` (the local service) and `npm start` (with --app: the explorer too): the supervisor,
 * with each part in a worker process of its own (server/supervisor/). Prints `chainglass ready` once every
 * part serves and the demo scenario is deployed.
 */
const withApp = process.argv.includes('--app')
const log = (line: string) => console.log(line)

// This process holds only sockets and child processes: a bug here is logged and must not stop the service.
const survive = (error: unknown) => log(`chainglass: supervisor error (${error instanceof Error ? error.message : String(error)}); still running`)
process.on('uncaughtException', survive)
process.on('unhandledRejection', survive)

const config = loadConfigOrExit()
// From when the command started (npm, the build if any, tsx), not from here: what the user waited.
const started = commandStartedAt()
const supervisor = new Supervisor(config, { app: withApp, log })

let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  log(`chainglass: ${signal} received, stopping`)
  await supervisor.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
process.on('exit', () => supervisor.killNow())

try {
  const urls = await supervisor.start()
  log('')
  if (urls.app) log(`  explorer        ${urls.app}`)
  log(`  JSON-RPC HTTP   ${urls.rpcBase}/v3/<CHAINGLASS_KEY>`)
  log(`  JSON-RPC WS     ${urls.wsBase}/ws/v3/<CHAINGLASS_KEY>`)
  log(`  file storage    ${urls.files}/api/v0/  (HTTP Basic: key and secret)`)
  log(`  samples         ${urls.rpcBase}/sample/{mainnet-sample,l2a-sample,l2b-sample}/v3/<CHAINGLASS_KEY>`)
  log(`  data            ${config.dataDir}`)
  log(`  credentials     the project key and secret from CHAINGLASS_KEY and CHAINGLASS_SECRET (README)`)
  log('')
  log(`chainglass ready in ${((Date.now() - started) / 1000).toFixed(1)} s since the command started`)
} catch (error) {
  // A stop asked for while starting makes the start fail: that is the stop, not a failure to report.
  if (!stopping) {
    if (error instanceof PortInUseError) console.error(`chainglass: ${error.message}`)
    else console.error(`chainglass: could not start: ${(error as Error).message}`)
    process.exit(1)
  }
}
