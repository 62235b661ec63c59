import { loadConfigOrExit } from './config.ts'
import { PortInUseError, startService } from './service.ts'

/**
 * `npm run service` (the local service) and `npm start` (with --app: the explorer too).
 * Prints `chainglass ready` once every part answers and the demo scenario is deployed.
 */
const withApp = process.argv.includes('--app')
const log = (line: string) => console.log(line)

const config = loadConfigOrExit()

const started = Date.now()
try {
  const service = await startService(config, { app: withApp, log })
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log(`chainglass: ${signal} received, stopping`)
    await service.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('exit', () => service.anvil.killNow())

  const { urls } = service
  log('')
  if (urls.app) log(`  explorer        ${urls.app}`)
  log(`  JSON-RPC HTTP   ${urls.rpcBase}/v3/<CHAINGLASS_KEY>`)
  log(`  JSON-RPC WS     ${urls.wsBase}/ws/v3/<CHAINGLASS_KEY>`)
  log(`  file storage    ${urls.files}/api/v0/  (HTTP Basic: key and secret)`)
  log(`  samples         ${urls.rpcBase}/sample/{mainnet-sample,l2a-sample,l2b-sample}/v3/<CHAINGLASS_KEY>`)
  log(`  data            ${config.dataDir}`)
  log(`  credentials     the project key and secret from CHAINGLASS_KEY and CHAINGLASS_SECRET (README)`)
  log('')
  log(`chainglass ready (${((Date.now() - started) / 1000).toFixed(1)} s)`)
} catch (error) {
  if (error instanceof PortInUseError) console.error(`chainglass: ${error.message}`)
  else console.error(`chainglass: could not start: ${(error as Error).message}`)
  process.exit(1)
}
