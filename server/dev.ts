import type { ViteDevServer } from 'vite'
import { localRuntimeConfig } from './appServer.ts'
import { loadConfigOrExit } from './config.ts'
import { startDevServer } from './devServer.ts'
import { PortInUseError, startService, type RunningService } from './service.ts'

/**
 * `npm run dev`: the local service (chain, gateway, scenario, traffic) plus the Vite dev server with hot
 * reload on CHAINGLASS_APP_PORT. The dev server answers /config.json itself, from the same function the
 * built app's server uses, so dev and `npm start` read identical configuration. Ctrl-C stops both.
 */

const log = (line: string) => console.log(line)

const config = loadConfigOrExit()

let service: RunningService | null = null
let vite: ViteDevServer | null = null
let stopping = false

async function stop(signal: string, code = 0): Promise<void> {
  if (stopping) return
  stopping = true
  log(`chainglass dev: ${signal}, stopping`)
  await vite?.close().catch(() => {})
  await service?.close().catch(() => {})
  process.exit(code)
}
process.on('SIGINT', () => void stop('SIGINT received'))
process.on('SIGTERM', () => void stop('SIGTERM received'))
process.on('exit', () => service?.anvil.killNow())

try {
  service = await startService(config, { app: false, log })
  const runtime = localRuntimeConfig(config, { rpc: service.gateway.port, files: config.filesPort })
  vite = (await startDevServer({ runtime, dataDir: config.dataDir, port: config.appPort })).vite
  log('')
  log(`  explorer (dev)  http://127.0.0.1:${config.appPort}`)
  log(`  JSON-RPC HTTP   ${service.urls.rpcBase}/v3/<CHAINGLASS_KEY>`)
  log(`  JSON-RPC WS     ${service.urls.wsBase}/ws/v3/<CHAINGLASS_KEY>`)
  log(`  data            ${config.dataDir}`)
  log('')
  log('chainglass ready (dev)')
} catch (error) {
  if (error instanceof PortInUseError) console.error(`chainglass: ${error.message}`)
  else console.error(`chainglass dev: could not start: ${(error as Error).message}`)
  await stop('start failed', 1)
}
