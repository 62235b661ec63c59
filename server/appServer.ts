import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { PublishedContracts } from '../contract/publishedContracts.ts'
import type { RepositoryFile } from './chain/sourcifyRepository.ts'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import { defaultStatusWaitMs, repoRoot, type ServiceConfig } from './config.ts'
import { contentSecurityPolicy, nonceSource } from './csp.ts'
import { createFirstScreenPage, createIndexPage, type PageRequest } from './indexPage.ts'
import { loadFirstScreenRenderer, serverRenderDir } from './firstScreen.ts'
import { defaultClientLimits, limitedServer, type ClientLimits } from './clientLimits.ts'
import { listenOn } from './listenOn.ts'
import { publicRuntimeConfig } from './browserConfig.ts'
import { registerNetworkProxy } from './networkProxy.ts'
import { warmFirstScreens } from './warmFirstScreens.ts'

/** How long after the last request the server counts as idle, for the warm-up's later rounds: a page's load and the app's start. */
const warmQuietMs = 3_000

/** The local chain's id (anvil's default, which the service keeps). */
export const devnetChainId = 31337

export function localRuntimeConfig(config: ServiceConfig, ports: { rpc: number; files: number }): RuntimeConfig {
  return {
    defaultNetwork: 'devnet',
    networks: [
      {
        name: 'devnet',
        label: 'Local devnet',
        chainId: `0x${devnetChainId.toString(16)}`,
        rpcBase: `http://127.0.0.1:${ports.rpc}`,
        wsBase: `ws://127.0.0.1:${ports.rpc}`,
        ipfsUrl: `http://127.0.0.1:${ports.files}`,
        key: config.key,
        secret: config.secret,
        ...(config.pinningToken ? { pinningToken: config.pinningToken } : {}),
        kind: 'local',
        maxUploadBytes: config.maxUploadBytes,
        contractsUrl: '/contracts/devnet.json',
        sourcesUrl: '/repository',
      },
      // The recorded sample networks, served by the same gateway at their own {base_url}.
      ...[
        ['mainnet-sample', 'Mainnet (recorded sample)', '0x1'],
        ['l2a-sample', 'Layer-2 A (recorded sample)', '0x144'],
        ['l2b-sample', 'Layer-2 B (recorded sample)', '0x534e5f4d41494e'],
      ].map(([name, label, chainId]) => ({
        name: name as string,
        label: label as string,
        chainId: chainId as `0x${string}`,
        rpcBase: `http://127.0.0.1:${ports.rpc}/sample/${name}`,
        wsBase: `ws://127.0.0.1:${ports.rpc}/sample/${name}`,
        ipfsUrl: null,
        key: config.key,
        secret: config.secret,
        kind: 'sample' as const,
      })),
    ],
  }
}

/** The service's own paths are never client-side routes: they name where the service really listens. */
function serviceRouteHint(url: string, runtime: RuntimeConfig): string | null {
  const local = runtime.networks.find((network) => network.name === runtime.defaultNetwork) ?? runtime.networks[0]
  if (url.startsWith('/api/v0/') || url === '/api/v0') {
    return `not found: this is the explorer; the file store's RPC is at ${local?.ipfsUrl ?? 'the file store'}/api/v0/ (POST)`
  }
  if (/^\/(ws\/)?v3(\/|$)/.test(url)) return `not found: this is the explorer; the JSON-RPC gateway is at ${local?.rpcBase ?? 'the gateway'}/v3/<key>`
  return null
}

/** A path that names a file (under /assets/, or with a file's extension), which no client-side route is. */
function missingFile(url: string): boolean {
  const path = url.split('?')[0]!
  return path.startsWith('/assets/') || /\.(js|mjs|css|map|json|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|txt|webmanifest|html?)$/i.test(path)
}

/**
 * Serves the built app (dist/) with its runtime configuration. Every path that is not a file gets
 * index.html, so deep links into client-side routes work. Every response carries the Content-Security-Policy
 * of server/csp.ts, built from the same configuration as /config.json.
 */
export async function startAppServer(
  /** A port (0: the OS picks), or a socket the supervisor holds and passed down. */
  port: number | { fd: number },
  runtime: () => RuntimeConfig,
  dist = path.join(repoRoot, 'dist'),
  options: {
    connectSources?: readonly string[]
    /** How long a rendered page waits for its data (firstScreen.ts dataDeadlineMs is the default). */
    firstScreenDeadlineMs?: number
    /** CHAINGLASS_STATUS_WAIT_MS: the status line's wait for the page's data. */
    statusWaitMs?: number
    /** How long the proxy to the configured networks waits for an answer (networkProxy.ts has the default). */
    proxyTimeoutMs?: number
    /** What a slow or silent client may hold (clientLimits.ts); the defaults when absent. */
    limits?: ClientLimits
  } = {},
  /** A network's published contracts (GET /contracts/<network>.json); null: the network publishes none. */
  contracts: (network: string) => PublishedContracts | null = () => null,
  /** The devnet's verified sources in Sourcify's layout (GET /repository/contracts/<match>/<chainId>/<address>/<file>). */
  repository: (match: string, chainId: string, address: string, file: string) => RepositoryFile | null = () => null,
): Promise<{ app: FastifyInstance; port: number }> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error('the app is not built (dist/index.html is missing): run npm run build, or npm start which builds it')
  }
  const limits = options.limits ?? defaultClientLimits
  const app = Fastify({ logger: false, forceCloseConnections: true, serverFactory: (handler) => limitedServer(limits, handler) })
  // Built at the first response (the ports are known by then) and kept: the networks it lists do not change.
  let policy: string | undefined
  app.addHook('onSend', async (_request, reply, payload) => {
    policy ??= contentSecurityPolicy(publicRuntimeConfig(runtime()), options.connectSources)
    // A page rendered here sets its own (its style sheet allowed by nonce): see the onRequest hook below.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy)
    reply.header('x-content-type-options', 'nosniff')
    // The pages' URLs carry no secret, but other origins have no need to see them either.
    reply.header('referrer-policy', 'no-referrer')
    return payload
  })
  // The app's page, with the runtime config in it (indexPage.ts): for / and for every client-side route.
  const indexPage = createIndexPage(dist, runtime)
  // A block or transaction page comes with its first screen rendered here, from the node's answers
  // (firstScreen.ts), when the build made the server render (dist-server/ beside dist/).
  const renderer = await loadFirstScreenRenderer(path.join(path.dirname(dist), serverRenderDir), options.firstScreenDeadlineMs)
  const firstScreenPage = renderer ? createFirstScreenPage(dist, runtime, renderer) : null
  const pageRequest = (request: FastifyRequest): PageRequest => ({ url: request.url, acceptEncoding: request.headers['accept-encoding'], cookie: request.headers.cookie })
  // The plain page, revalidated.
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const { body, encoding, setCookie } = indexPage(pageRequest(request))
    if (setCookie) reply.header('set-cookie', setCookie)
    // The theme cookie is written into the page (pageHead.ts).
    reply.type('text/html; charset=utf-8').header('vary', 'Accept-Encoding, Cookie').header('cache-control', 'no-cache')
    if (encoding) reply.header('content-encoding', encoding)
    return reply.send(body)
  }
  // When a request last came: the warm-up's later rounds wait for the server to be idle (warmFirstScreens.ts).
  let lastRequestAt = -Infinity
  if (firstScreenPage) {
    // A page the server renders is never a file: it is answered here, before the static files' lookup, which asks
    // the disk for it three times (.br, .gz, as is) before falling through to sendIndex, a cost every page paid.
    app.addHook('onRequest', async (request, reply) => {
      lastRequestAt = performance.now()
      const rendered = request.method === 'GET' ? firstScreenPage(pageRequest(request)) : null
      if (!rendered) return
      // The status line waits for the page's data a moment (the head is ready and waits with it): a block or
      // transaction the node has not got answers null within a few ms. A slower page (a long block's data) is one
      // that exists: it goes as 200 at the limit, and its head is not held back longer.
      reply.code(await Promise.race([rendered.status, new Promise<number>((resolve) => setTimeout(resolve, options.statusWaitMs ?? defaultStatusWaitMs, 200).unref())]))
      // Live data: never reused. Its head is on its way before the data is read (firstScreen.ts streamedPage), so
      // its policy allows the screen's style sheet by nonce and the render's timing comes as a trailer.
      reply.type('text/html; charset=utf-8').header('vary', 'Accept-Encoding').header('cache-control', 'no-store')
      reply.header('content-security-policy', contentSecurityPolicy(publicRuntimeConfig(runtime()), options.connectSources, [nonceSource(rendered.nonce)]))
      reply.trailer('server-timing', async () => rendered.serverTiming)
      if (rendered.encoding) reply.header('content-encoding', rendered.encoding)
      if (rendered.setCookie) reply.header('set-cookie', rendered.setCookie)
      return reply.send(rendered.body)
    })
  }
  app.get('/', sendIndex)
  app.get('/index.html', sendIndex)
  // The browser's form: the networks through this server, no key or secret (networkProxy.ts).
  app.get('/config.json', async (_request, reply) =>
    reply.headers({ 'content-type': 'application/json', 'cache-control': 'no-store' }).send(JSON.stringify(publicRuntimeConfig(runtime()))),
  )
  await registerNetworkProxy(app, runtime, { timeoutMs: options.proxyTimeoutMs, peerTimeoutMs: limits.peerTimeoutMs })
  app.get<{ Params: { file: string } }>('/contracts/:file', async (request, reply) => {
    const name = /^([a-z0-9][a-z0-9-]*)\.json$/.exec(request.params.file)?.[1]
    const published = name ? contracts(name) : null
    if (!published) return reply.code(404).header('cache-control', 'no-store').send({ error: 'this network publishes no contracts' })
    // Read again on each request: the scenario is deployed after the app server starts.
    return reply.headers({ 'content-type': 'application/json', 'cache-control': 'no-cache' }).send(JSON.stringify(published))
  })
  app.get<{ Params: { match: string; chainId: string; address: string; '*': string } }>('/repository/contracts/:match/:chainId/:address/*', async (request, reply) => {
    const { match, chainId, address } = request.params
    const file = repository(match, chainId, address, request.params['*'])
    if (!file) return reply.code(404).header('cache-control', 'no-store').send({ error: 'no such file in this repository' })
    // Text only, never a page: a source is shown as text by the app, and opened alone it must not run.
    return reply.headers({ 'content-type': file.contentType, 'cache-control': 'no-cache', 'content-security-policy': "sandbox; default-src 'none'" }).send(file.body)
  })
  await app.register(fastifyStatic, {
    root: dist,
    // Looked up per request (not listed once at start), so a rebuild while serving is picked up.
    wildcard: true,
    // The page itself is sendIndex's (it carries the config).
    index: false,
    // The .br and .gz copies the build made (scripts/compressAssets.ts), by the request's Accept-Encoding, with Vary.
    preCompressed: true,
    // No dot files (dist/.build-stamp.json names the sources it was built from; visitors have no need of it).
    allowedPath: (pathName) => !pathName.split('/').some((part) => part.startsWith('.')),
    setHeaders(response, filePath) {
      // Hashed assets never change; index.html must always be fresh so a new build is picked up.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) response.header('cache-control', 'public, max-age=31536000, immutable')
      else response.header('cache-control', 'no-cache')
    },
  })
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send({ error: 'not found' })
    // A client pointed at the app's port by mistake gets a clear error, not the app's HTML with a 200.
    const serviceRoute = serviceRouteHint(request.url, runtime())
    if (serviceRoute) return reply.code(404).header('cache-control', 'no-store').send({ error: serviceRoute })
    // A file the build does not have (a chunk of an older build, a typo) is not a page: 404, not the app's HTML.
    if (missingFile(request.url)) return reply.code(404).header('cache-control', 'no-store').send({ error: 'not found: no such file' })
    return sendIndex(request, reply)
  })
  // The first render of each kind of page is slow (code loaded and compiled on first use): done once the server
  // listens, not for the first visitor (warmFirstScreens.ts). Stopped when the server closes.
  const warming = new AbortController()
  app.addHook('onClose', async () => warming.abort())
  await app.listen(typeof port === 'number' ? listenOn(port) : listenOn(0, port.fd))
  if (renderer) void warmFirstScreens(renderer.render, runtime, { signal: warming.signal, quiet: () => performance.now() - lastRequestAt > warmQuietMs })
  const address = app.server.address()
  return { app, port: typeof address === 'object' && address ? address.port : 0 }
}
