import fs from 'node:fs'
import net, { type Socket } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import { localRuntimeConfig, startAppServer } from './appServer.ts'
import { createChainClient } from './chain/chainClient.ts'
import { startTestService, type TestService } from './testing/service.ts'

/**
 * The app server's proxy to the configured networks (networkProxy.ts), against the real gateway and file store:
 * the browser's config and pages carry no key or secret, and what goes through the proxy is what the service
 * answers directly.
 */
const key = 'proxy-test-key-7f3a'
const secret = 'proxy-test-secret-91c2'
const pinningToken = 'proxy-test-pinning-token-5d0e'
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-proxy-dist-'))
let service: TestService
let app = ''
let closeApp: () => Promise<void>
let runtime: () => RuntimeConfig

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><!--chainglass:config--><div id="root"></div>')
  service = await startTestService({ CHAINGLASS_KEY: key, CHAINGLASS_SECRET: secret, CHAINGLASS_PINNING_TOKEN: pinningToken })
  runtime = () => localRuntimeConfig(service.config, { rpc: service.gateway.port, files: service.files.port })
  const served = await startAppServer(0, () => runtime(), dist)
  app = `http://127.0.0.1:${served.port}`
  closeApp = () => served.app.close()
})
afterAll(async () => {
  await closeApp?.()
  await service?.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('the app server as the browser sees it', () => {
  it('serves no configured key or secret: not in /config.json, not in a page', async () => {
    for (const where of ['/config.json', '/', '/block/1', '/files']) {
      const text = await (await fetch(`${app}${where}`)).text()
      expect(text, where).not.toContain(key)
      expect(text, where).not.toContain(secret)
      expect(text, where).not.toContain(pinningToken)
    }
    const config = (await (await fetch(`${app}/config.json`)).json()) as RuntimeConfig
    expect(config.networks.find((network) => network.name === 'devnet')).toMatchObject({ rpcBase: '/rpc/devnet', wsBase: '/rpc/devnet', ipfsUrl: '/files/devnet', key: '', secret: '', endpoint: 'proxy' })
    expect(config.networks.every((network) => network.endpoint === 'proxy' && network.key === '')).toBe(true)
  })
})

describe('JSON-RPC through the app server', () => {
  it('answers a call and a batch as the gateway does, the key added on the way', async () => {
    const direct = await (await post(service.urls.rpc, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })).json()
    const proxied = await post(`${app}/rpc/devnet`, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
    expect(proxied.status).toBe(200)
    expect(await proxied.json()).toEqual(direct)
    const batch = [
      { jsonrpc: '2.0', id: 7, method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 8, method: 'no_such_method', params: [] },
    ]
    const viaProxy = (await (await post(`${app}/rpc/devnet`, batch)).json()) as Array<{ id: number }>
    const viaGateway = (await (await post(service.urls.rpc, batch)).json()) as Array<{ id: number }>
    expect(viaProxy).toEqual(viaGateway)
  })

  it('reaches a recorded sample at its own path', async () => {
    const reply = (await (await post(`${app}/rpc/mainnet-sample`, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })).json()) as { result: string }
    expect(reply.result).toBe('0x1')
  })

  it('refuses a network it does not configure with a JSON-RPC error and 404', async () => {
    const response = await post(`${app}/rpc/nowhere`, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
    expect(response.status).toBe(404)
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32603)
  })

  it('carries a subscription over WebSocket: a mined block arrives as newHeads', async () => {
    const socket = new WebSocket(`${app.replace('http', 'ws')}/rpc/devnet`)
    const messages: Array<{ id?: number; result?: string; params?: { result: { number: string } } }> = []
    const next = (match: (message: (typeof messages)[number]) => boolean) =>
      new Promise<(typeof messages)[number]>((resolve) => {
        const found = messages.find(match)
        if (found) return resolve(found)
        const listener = () => {
          const hit = messages.find(match)
          if (!hit) return
          socket.off('message', listener)
          resolve(hit)
        }
        socket.on('message', listener)
      })
    socket.on('message', (data) => messages.push(JSON.parse(String(data))))
    await new Promise((resolve) => socket.once('open', resolve))
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }))
    const subscribed = await next((message) => message.id === 1)
    expect(subscribed.result).toMatch(/^0x[0-9a-f]+$/)
    const chain = createChainClient(service.anvil.httpUrl)
    const before = await chain.getBlockNumber()
    await chain.mine({ blocks: 1 })
    const head = await next((message) => message.params?.result.number === `0x${(before + 1n).toString(16)}`)
    expect(head.params?.result.number).toBe(`0x${(before + 1n).toString(16)}`)
    socket.close()
  })

  it('refuses a socket for a network it does not configure', async () => {
    const socket = new WebSocket(`${app.replace('http', 'ws')}/rpc/nowhere`)
    const status = await new Promise<number>((resolve) => socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)))
    expect(status).toBe(404)
  })
})

describe('the file store through the app server', () => {
  it('adds and reads back a file with no credentials from the browser (the proxy adds them)', async () => {
    const form = new FormData()
    form.append('file', new Blob(['through the proxy\n']), 'note.txt')
    const added = await fetch(`${app}/files/devnet/api/v0/add?pin=true`, { method: 'POST', body: form })
    expect(added.status).toBe(200)
    const { Hash } = (await added.json()) as { Hash: string }
    const cat = await fetch(`${app}/files/devnet/api/v0/cat?arg=${Hash}`, { method: 'POST' })
    expect(await cat.text()).toBe('through the proxy\n')
    // The same store directly, without credentials: refused (the proxy is what adds them).
    expect((await fetch(`http://127.0.0.1:${service.files.port}/api/v0/cat?arg=${Hash}`, { method: 'POST' })).status).toBe(401)
  })

  it('carries the Pinning Service API with its Bearer token added (CHAINGLASS_PINNING_TOKEN), errors in the spec’s shape', async () => {
    const form = new FormData()
    form.append('file', new Blob(['pinned through the proxy\n']), 'pinned.txt')
    const { Hash } = (await (await fetch(`${app}/files/devnet/api/v0/add?pin=false`, { method: 'POST', body: form })).json()) as { Hash: string }
    const posted = await fetch(`${app}/files/devnet/pinning/pins`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cid: Hash, name: 'pinned.txt' }) })
    expect(posted.status).toBe(202)
    const { requestid } = (await posted.json()) as { requestid: string }
    const direct = await fetch(`http://127.0.0.1:${service.files.port}/pinning/pins/${requestid}`, { headers: { authorization: `Bearer ${pinningToken}` } })
    expect(((await direct.json()) as { pin: unknown }).pin).toEqual({ cid: Hash, name: 'pinned.txt' })
    const listed = await fetch(`${app}/files/devnet/pinning/pins?status=queued,pinning,pinned&cid=${Hash}`)
    expect(((await listed.json()) as { count: number }).count).toBe(1)
    // A token the browser sends is not what counts: the proxy's replaces it.
    expect((await fetch(`${app}/files/devnet/pinning/pins`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(200)
    expect((await fetch(`${app}/files/devnet/pinning/pins/${requestid}`, { method: 'DELETE' })).status).toBe(202)
    const gone = await fetch(`${app}/files/devnet/pinning/pins/${requestid}`)
    expect(gone.status).toBe(404)
    expect(await gone.json()).toMatchObject({ error: { reason: 'NOT_FOUND' } })
    // The project secret is not the pinning token here: the store refuses it.
    expect((await fetch(`http://127.0.0.1:${service.files.port}/pinning/pins`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401)
    expect((await fetch(`${app}/files/no-such-network/pinning/pins`)).status).toBe(404)
  })
})

describe('a service that does not answer', () => {
  let closeDown: () => Promise<void>
  let down = ''
  beforeAll(async () => {
    // A port nothing listens on: the gateway's, once closed.
    const placeholder = await startAppServer(0, () => runtime(), dist)
    const deadPort = placeholder.port
    await placeholder.app.close()
    const served = await startAppServer(0, () => localRuntimeConfig(service.config, { rpc: deadPort, files: deadPort }), dist)
    down = `http://127.0.0.1:${served.port}`
    closeDown = () => served.app.close()
  })
  afterAll(async () => closeDown?.())

  it('answers HTTP with a JSON-RPC error at once, and closes a socket with 1011', async () => {
    const response = await post(`${down}/rpc/devnet`, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
    expect(response.status).toBe(502)
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32603 } })
    const socket = new WebSocket(`${down.replace('http', 'ws')}/rpc/devnet`)
    const code = await new Promise<number>((resolve) => socket.on('close', (closed) => resolve(closed)))
    expect(code).toBe(1011)
  })
})

describe('a service that accepts and never answers', () => {
  let closeSilent: () => Promise<void>
  let silentApp = ''
  const held: Socket[] = []
  const silent = net.createServer((socket) => void held.push(socket))
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const port = (silent.address() as { port: number }).port
    const served = await startAppServer(0, () => localRuntimeConfig(service.config, { rpc: port, files: port }), dist, { proxyTimeoutMs: 500 })
    silentApp = `http://127.0.0.1:${served.port}`
    closeSilent = () => served.app.close()
  })
  afterAll(async () => {
    await closeSilent?.()
    for (const socket of held) socket.destroy()
    silent.close()
  })

  it('answers HTTP with a JSON-RPC error once its limit has passed, and closes a socket with 1011: no hang', async () => {
    const response = await post(`${silentApp}/rpc/devnet`, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
    expect(response.status).toBe(502)
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32603 } })
    const socket = new WebSocket(`${silentApp.replace('http', 'ws')}/rpc/devnet`)
    expect(await new Promise<number>((resolve) => socket.on('close', (closed) => resolve(closed)))).toBe(1011)
  })
})
