import fs from 'node:fs'
import http from 'node:http'
import zlib from 'node:zlib'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { localRuntimeConfig, startAppServer } from './appServer.ts'
import { compressFile } from '../scripts/compressAssets.ts'

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-dist-'))
let base = ''
let close: () => Promise<void>

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'))
  // With the marker the build leaves in index.html for the runtime config (src/boot/handoff.ts configMarker).
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><!--chainglass:config--><script src="/assets/boot-x.js"></script>')
  fs.writeFileSync(path.join(dist, 'assets', 'entry-abc.js'), 'console.log(1)')
  fs.writeFileSync(path.join(dist, '.build-stamp.json'), '{"hash":"abc","files":["src/main.tsx"]}')
  // What the build's compression step leaves beside a file (scripts/compressAssets.ts), made the same way.
  fs.writeFileSync(path.join(dist, 'assets', 'big-123.js'), 'console.log("chainglass");\n'.repeat(200))
  compressFile(path.join(dist, 'assets', 'big-123.js'))
  const config = loadConfig({ CHAINGLASS_KEY: 'key-1', CHAINGLASS_SECRET: 'secret-1' })
  const served = await startAppServer(0, () => localRuntimeConfig(config, { rpc: 18545, files: 15001 }), dist, {}, (network) => (network === 'devnet' ? published : null))
  base = `http://127.0.0.1:${served.port}`
  close = () => served.app.close()
})
afterAll(async () => {
  await close?.()
})

/** What the local service's devnet publishes: a contract's name, address and ABI (here one ERC-20 function). */
const published = {
  contracts: [{ name: 'GlassToken', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const, abi: [{ type: 'function' as const, name: 'decimals', inputs: [], outputs: [{ name: '', type: 'uint8' }], stateMutability: 'view' as const }] }],
}

describe('the app server (npm start)', () => {
  it('publishes the devnet contracts at the contractsUrl its config names, and none for other networks', async () => {
    const runtime = (await (await fetch(`${base}/config.json`)).json()) as { networks: Array<{ name: string; contractsUrl?: string }> }
    const devnet = runtime.networks.find((network) => network.name === 'devnet')!
    expect(devnet.contractsUrl).toBe('/contracts/devnet.json')
    const response = await fetch(`${base}${devnet.contractsUrl}`)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(await response.json()).toEqual(published)
    for (const other of ['/contracts/mainnet-sample.json', '/contracts/..%2Fconfig.json', '/contracts/devnet']) {
      expect((await fetch(`${base}${other}`)).status, other).toBe(404)
    }
    expect(runtime.networks.filter((network) => network.name !== 'devnet').every((network) => network.contractsUrl === undefined)).toBe(true)
  })

  it('serves /config.json from the running settings, uncached', async () => {
    const response = await fetch(`${base}/config.json`)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const runtime = await response.json()
    expect(runtime.defaultNetwork).toBe('devnet')
    // The browser's form: through this server (networkProxy.ts), with neither the key nor the secret.
    expect(runtime.networks[0]).toMatchObject({ rpcBase: '/rpc/devnet', wsBase: '/rpc/devnet', ipfsUrl: '/files/devnet', key: '', secret: '', endpoint: 'proxy' })
    expect(runtime.networks.map((n: { name: string }) => n.name)).toEqual(['devnet', 'mainnet-sample', 'l2a-sample', 'l2b-sample'])
  })

  it('sends the Content-Security-Policy on the page: connect-src its own origin, the configured networks being reached through it', async () => {
    const page = await fetch(`${base}/block/1`)
    const policy = page.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("script-src 'self';")
    expect(policy).toMatch(/connect-src 'self' blob:;/)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('serves hashed assets as immutable, and a file added after start (a rebuild)', async () => {
    const asset = await fetch(`${base}/assets/entry-abc.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    fs.writeFileSync(path.join(dist, 'assets', 'entry-def.js'), 'console.log(2)')
    const rebuilt = await fetch(`${base}/assets/entry-def.js`)
    expect(await rebuilt.text()).toBe('console.log(2)')
  })

  it('sends the build-time brotli or gzip copy the client accepts, with Vary, and the same bytes once decoded', async () => {
    const raw = fs.readFileSync(path.join(dist, 'assets', 'big-123.js'), 'utf8')
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', null]] as const) {
      // Node's fetch would ask for and decode gzip and br itself; the raw response is read with http here.
      const answer = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${base}/assets/big-123.js`, { headers: { 'accept-encoding': accept } }, (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
          })
          .on('error', reject)
      })
      expect(answer.headers['content-encoding'], accept).toBe(encoding ?? undefined)
      expect(answer.headers.vary, accept).toMatch(/accept-encoding/i)
      const decoded = encoding === 'br' ? zlib.brotliDecompressSync(answer.body) : encoding === 'gzip' ? zlib.gunzipSync(answer.body) : answer.body
      expect(decoded.toString('utf8'), accept).toBe(raw)
      if (encoding) expect(answer.body.length, accept).toBeLessThan(raw.length / 10)
    }
  })

  it("never serves dist/'s dot files (the build stamp names the sources)", async () => {
    for (const route of ['/.build-stamp.json', '/assets/../.build-stamp.json', '/%2Ebuild-stamp.json']) {
      const body = await (await fetch(`${base}${route}`)).text()
      expect(body, route).not.toContain('src/main.tsx')
    }
  })

  it('answers client-side routes with index.html (deep links work; an unknown one too: the app names it)', async () => {
    for (const route of ['/', '/block/12', '/tx/0xabc', '/uncle/9515350/0', '/no/such/page']) {
      const response = await fetch(`${base}${route}`)
      expect(response.status, route).toBe(200)
      expect(await response.text(), route).toContain('<title>app</title>')
    }
  })

  it('puts the runtime config in the page as a JSON data block, the same as /config.json, compressed as the client accepts', async () => {
    const config = await (await fetch(`${base}/config.json`)).json()
    for (const [route, accept] of [['/', 'br'], ['/index.html', 'gzip'], ['/block/12', 'identity']] as const) {
      const raw = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http.get(`${base}${route}`, { headers: { 'accept-encoding': accept } }, (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
        }).on('error', reject)
      })
      expect(raw.headers['content-encoding'], route).toBe(accept === 'identity' ? undefined : accept)
      expect(raw.headers.vary, route).toMatch(/accept-encoding/i)
      expect(raw.headers['cache-control'], route).toBe('no-cache')
      const html = (accept === 'br' ? zlib.brotliDecompressSync(raw.body) : accept === 'gzip' ? zlib.gunzipSync(raw.body) : raw.body).toString()
      const block = /<script type="application\/json" id="chainglass-config">(.*?)<\/script><script src="\/assets\/boot-x\.js">/.exec(html)
      expect(block, route).not.toBeNull()
      expect(JSON.parse(block![1]!), route).toEqual(config)
      // The page's policy still allows no inline script: the block is data, never run.
      expect(raw.headers['content-security-policy'], route).toMatch(/script-src 'self';/)
    }
  })

  it("answers the service's own paths with a 404 naming where the service listens, never the app's page", async () => {
    for (const route of ['/api/v0/version', '/api/v0/cat?arg=bafkqaaa', '/v3/some-key', '/ws/v3/some-key']) {
      const response = await fetch(`${base}${route}`)
      expect(response.status, route).toBe(404)
      const body = (await response.json()) as { error: string }
      expect(body.error, route).toMatch(route.startsWith('/api') ? /http:\/\/127\.0\.0\.1:15001\/api\/v0\// : /http:\/\/127\.0\.0\.1:18545\/v3\/<key>/)
      // The key the app was started with is not echoed back.
      expect(JSON.stringify(body)).not.toContain('key-1')
    }
  })
})
