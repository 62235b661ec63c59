import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer, type Plugin, type ViteDevServer } from 'vite'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import { localRuntimeConfig } from './appServer.ts'
import { publishedContracts } from './chain/publishedContracts.ts'
import { loadConfigOrExit } from './config.ts'
import { PortInUseError, startService, type RunningService } from './service.ts'

/**
 * `npm run dev`: the local service (chain, gateway, scenario, traffic) plus the Vite dev server with hot
 * reload on CHAINGLASS_APP_PORT. The dev server answers /config.json itself, from the same function the
 * built app's server uses, so dev and `npm start` read identical configuration. Ctrl-C stops both.
 */

/** Serves the runtime configuration at /config.json (and the devnet's published contracts), before Vite's own middlewares see the request. */
function runtimeConfigPlugin(runtime: RuntimeConfig, dataDir: string): Plugin {
  const body = JSON.stringify(runtime)
  return {
    name: 'chainglass-runtime-config',
    configureServer(server) {
      server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
        const path = (request.url ?? '').split('?')[0]
        if (path === '/contracts/devnet.json') {
          response.setHeader('content-type', 'application/json')
          response.setHeader('cache-control', 'no-cache')
          return response.end(JSON.stringify(publishedContracts(dataDir)))
        }
        if (path !== '/config.json') return next()
        response.setHeader('content-type', 'application/json')
        response.setHeader('cache-control', 'no-store')
        response.end(body)
      })
    },
  }
}

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
  vite = await createServer({
    plugins: [runtimeConfigPlugin(runtime, config.dataDir)],
    server: { host: '127.0.0.1', port: config.appPort, strictPort: true },
  }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EADDRINUSE' ? new PortInUseError(config.appPort, 'CHAINGLASS_APP_PORT') : error
  })
  await vite.listen().catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EADDRINUSE' || /already in use/i.test(error.message) ? new PortInUseError(config.appPort, 'CHAINGLASS_APP_PORT') : error
  })
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
