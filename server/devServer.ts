import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { createServer, type Plugin, type ProxyOptions, type ViteDevServer } from 'vite'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import { rpcHttpUrl, rpcSocketUrl } from '../contract/endpoints.ts'
import { proxiedPaths, publicRuntimeConfig } from './browserConfig.ts'
import { basicAuthorization } from './networkProxy.ts'
import { publishedContracts } from './chain/publishedContracts.ts'
import { PortInUseError } from './service.ts'

/** Serves the runtime configuration at /config.json (and the devnet's published contracts), before Vite's own middlewares see the request. */
function runtimeConfigPlugin(runtime: RuntimeConfig, dataDir: string): Plugin {
  const body = JSON.stringify(publicRuntimeConfig(runtime))
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

/**
 * The configured networks through the dev server, as the app server proxies them (server/networkProxy.ts): the
 * same paths, the key and the file store's credentials added on the way, with Vite's own proxy.
 */
function networkProxies(runtime: RuntimeConfig): Record<string, ProxyOptions> {
  const proxies: Record<string, ProxyOptions> = {}
  for (const network of runtime.networks) {
    const paths = proxiedPaths(network.name)
    const http = new URL(rpcHttpUrl(network))
    const socket = new URL(rpcSocketUrl(network))
    proxies[`^${paths.rpc}$`] = {
      target: http.origin,
      changeOrigin: true,
      ws: true,
      rewrite: () => http.pathname,
      // The socket's path is the spec's /ws/v3/<key>, not the HTTP one.
      configure: (proxy) => proxy.on('proxyReqWs', (request) => void (request.path = socket.pathname)),
    }
    if (network.ipfsUrl) {
      const store = new URL(network.ipfsUrl)
      // The Pinning Service API first (the first matching entry wins): its token is a Bearer one.
      proxies[`^${paths.files}/pinning/`] = { target: store.origin, changeOrigin: true, rewrite: (path) => path.slice(paths.files.length), headers: { authorization: `Bearer ${network.pinningToken ?? network.secret}` } }
      proxies[`^${paths.files}/`] = { target: store.origin, changeOrigin: true, rewrite: (path) => path.slice(paths.files.length), headers: { authorization: basicAuthorization(network.key, network.secret) } }
    }
  }
  return proxies
}

/**
 * The Vite dev server of `npm run dev` (server/dev.ts): the app's own vite.config.ts (React Fast Refresh
 * included), answering /config.json from the same function the built app's server uses. Port 0 takes one the
 * OS picks (the dev server's test, server/devServer.test.ts).
 */
export async function startDevServer(options: { runtime: RuntimeConfig; dataDir: string; port: number }): Promise<{ vite: ViteDevServer; url: string }> {
  const root = path.join(import.meta.dirname, '..')
  const vite = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    plugins: [runtimeConfigPlugin(options.runtime, options.dataDir)],
    server: { host: '127.0.0.1', port: options.port, strictPort: options.port !== 0, proxy: networkProxies(options.runtime) },
  }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EADDRINUSE' ? new PortInUseError(options.port, 'CHAINGLASS_APP_PORT') : error
  })
  await vite.listen().catch(async (error: NodeJS.ErrnoException) => {
    await vite.close().catch(() => {})
    throw error.code === 'EADDRINUSE' || /already in use/i.test(error.message) ? new PortInUseError(options.port, 'CHAINGLASS_APP_PORT') : error
  })
  const address = vite.httpServer?.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return { vite, url: `http://127.0.0.1:${port}` }
}
