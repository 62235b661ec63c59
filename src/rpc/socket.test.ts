import fs from 'node:fs'
import net from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket, { WebSocketServer } from 'ws'
import { makeDataDir, mine, startUnitTestService, waitFor, type TestService } from '../testing/realService.ts'
import { RpcError, SocketClosedError } from './errors.ts'
import { chainId, subscribeNewHeads } from './methods.ts'
import type { BlockHeader } from './schemas.ts'
import { SocketTransport, type SocketState, type SocketTransportOptions } from './socket.ts'

const NodeWebSocket = WebSocket as unknown as typeof globalThis.WebSocket

describe('SocketTransport against the real gateway', () => {
  let service: TestService
  const sockets: SocketTransport[] = []
  const open = (options: Partial<SocketTransportOptions> = {}) => {
    const socket = new SocketTransport({ url: service.urls.ws, WebSocket: NodeWebSocket, ...options })
    sockets.push(socket)
    return socket
  }

  beforeAll(async () => {
    // A still chain: heads come only from the blocks a test mines once its subscription is active.
    service = await startUnitTestService({ blockTime: 0 })
  })
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close()
  })
  afterAll(async () => {
    await service?.close()
  })

  it('answers calls over the socket, connecting on first use', async () => {
    const socket = open()
    expect(socket.status.state).toBe('idle')
    await expect(chainId(socket)).resolves.toBe('0x7a69')
    expect(socket.status.state).toBe('open')
  })

  it('gives the gateway JSON-RPC errors as RpcError', async () => {
    const socket = open()
    await expect(socket.request('anvil_mine', [])).rejects.toMatchObject({ name: 'RpcError', code: -32601, method: 'anvil_mine' })
  })

  it('delivers newHeads with increasing numbers, checked against the header schema', async () => {
    const socket = open()
    const heads: BlockHeader[] = []
    const errors: unknown[] = []
    let active = false
    const unsubscribe = subscribeNewHeads(socket, (head) => heads.push(head), (error) => errors.push(error), () => (active = true))
    await waitFor(() => active, 10_000, 'the subscription')
    await mine(service, 2)
    await waitFor(() => heads.length >= 2, 10_000, 'two heads')
    unsubscribe()
    expect(errors).toEqual([])
    expect(BigInt(heads[1]!.number)).toBeGreaterThan(BigInt(heads[0]!.number))
    expect(heads[0]!.hash).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('stops delivering after unsubscribe', async () => {
    const socket = open()
    let count = 0
    let active = false
    const unsubscribe = socket.subscribe('newHeads', [], () => count++, undefined, () => (active = true))
    await waitFor(() => active, 10_000, 'the subscription')
    await mine(service)
    await waitFor(() => count >= 1, 10_000, 'a head')
    unsubscribe()
    const seen = count
    // A second subscriber, made after the unsubscribe, hears the next block: by then the first would have too.
    const witness = open()
    let witnessed = 0
    let witnessActive = false
    witness.subscribe('newHeads', [], () => witnessed++, undefined, () => (witnessActive = true))
    await waitFor(() => witnessActive, 10_000, 'the second subscription')
    await mine(service)
    await waitFor(() => witnessed >= 1, 10_000, 'the head at the second subscriber')
    expect(count).toBe(seen)
  })

  it('reports a refused subscription to onError and ends it', async () => {
    const socket = open()
    const error = await new Promise<unknown>((resolve) => {
      socket.subscribe('noSuchKind', [], () => {}, resolve)
    })
    expect(error).toBeInstanceOf(RpcError)
    expect(error).toMatchObject({ code: -32602, method: 'eth_subscribe' })
  })

  it('honours timeouts and abort signals like the HTTP transport', async () => {
    const socket = open()
    await expect(socket.request('eth_blockNumber', [], { timeoutMs: 1 })).rejects.toMatchObject({ name: 'TimeoutError', method: 'eth_blockNumber' })
    const controller = new AbortController()
    const pending = socket.request('eth_blockNumber', [], { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    await expect(chainId(socket)).resolves.toBe('0x7a69')
  })

  it('fails calls that wait on a closed transport', async () => {
    const socket = open()
    socket.close()
    await expect(chainId(socket)).rejects.toBeInstanceOf(SocketClosedError)
    expect(socket.status.state).toBe('closed')
  })
})

describe('SocketTransport across a service restart', () => {
  it('reconnects with backoff and subscribes again by itself', async () => {
    const dataDir = makeDataDir()
    let service = await startUnitTestService({ blockTime: 0, dataDir })
    const port = service.gateway.port
    const socket = new SocketTransport({
      url: service.urls.ws,
      WebSocket: NodeWebSocket,
      backoff: { initialMs: 100, maxMs: 400 },
    })
    const states: SocketState[] = []
    socket.onStatus(() => states.push(socket.status.state))
    const heads: BlockHeader[] = []
    // Each (re)subscription confirmed by the gateway: a block mined after it reaches the subscriber.
    let activations = 0
    subscribeNewHeads(socket, (head) => heads.push(head), undefined, () => activations++)
    try {
      await waitFor(() => activations >= 1, 10_000, 'the subscription')
      await mine(service)
      await waitFor(() => heads.length >= 1, 10_000, 'a head before the restart')
      await service.close()
      await waitFor(() => socket.status.state === 'reconnecting', 5_000, 'reconnecting')
      const before = heads.length
      // A call made while the socket is down waits for the next connection instead of failing.
      const waitingCall = chainId(socket)
      service = await startUnitTestService({ blockTime: 0, rpcPort: port, dataDir })
      await waitFor(() => socket.status.state === 'open', 10_000, 'open again')
      await expect(waitingCall).resolves.toBe('0x7a69')
      await waitFor(() => activations >= 2, 10_000, 'subscribed again')
      await mine(service)
      await waitFor(() => heads.length > before, 10_000, 'a head after the restart')
      expect(states).toContain('reconnecting')
      expect(states.at(-1)).toBe('open')
    } finally {
      socket.close()
      await service.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('SocketTransport while the gateway has no node', () => {
  it('asks again for a subscription the gateway could not make (-32603, node down), and gets it once the node is back', async () => {
    const service = await startUnitTestService({ blockTime: 0 })
    const socket = new SocketTransport({ url: service.urls.ws, WebSocket: NodeWebSocket, backoff: { initialMs: 100, maxMs: 300 } })
    const heads: BlockHeader[] = []
    const errors: unknown[] = []
    let active = false
    try {
      await service.anvil.stop()
      subscribeNewHeads(socket, (head) => heads.push(head), (error) => errors.push(error), () => (active = true))
      await waitFor(() => socket.status.state === 'open', 5_000, 'the socket open')
      // The gateway answers eth_subscribe with -32603 now; a refusal would have ended the subscription.
      await waitFor(() => socket.status.nodeUnavailable, 5_000, 'the gateway’s -32603')
      expect(heads).toEqual([])
      expect(active).toBe(false)
      // Open, but no live updates: the status says why, so the app can show its banner.
      expect(socket.status).toMatchObject({ state: 'open', nodeUnavailable: true })
      await service.anvil.start()
      await waitFor(() => active, 10_000, 'the subscription once the node is back')
      await mine(service)
      await waitFor(() => heads.length >= 1, 10_000, 'a head once the node is back')
      expect(errors).toEqual([])
      expect(socket.status).toMatchObject({ state: 'open', nodeUnavailable: false })
    } finally {
      socket.close()
      await service.close()
    }
  })
})

describe('SocketTransport keep-alive', () => {
  it('injected fault: a peer that accepts but never answers is found by keep-alive and replaced', async () => {
    // No real gateway goes silent with its TCP connection up, so a mute server stands in for that fault.
    const mute = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    await new Promise((resolve) => mute.once('listening', resolve))
    let connections = 0
    mute.on('connection', () => connections++)
    const address = mute.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const socket = new SocketTransport({
      url: `ws://127.0.0.1:${port}`,
      WebSocket: NodeWebSocket,
      keepAliveMs: 100,
      keepAliveTimeoutMs: 100,
      backoff: { initialMs: 50, maxMs: 50 },
    })
    try {
      socket.subscribe('newHeads', [], () => {})
      await waitFor(() => connections >= 2, 5_000, 'a second connection')
    } finally {
      socket.close()
      for (const client of mute.clients) client.terminate()
      await new Promise((resolve) => mute.close(resolve))
    }
  })
})

describe('SocketTransport connect timeout', () => {
  it('injected fault: a server that takes the TCP connection but never answers the handshake is given up on and tried again, with no stray error', async () => {
    // A gateway stuck before the WebSocket upgrade cannot be made on purpose; a bare TCP listener stands in.
    // Giving up on a socket that is still connecting used to leave Node's ws an 'error' with no listener.
    const held: net.Socket[] = []
    const silent = net.createServer((connection) => held.push(connection))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const address = silent.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const uncaught: unknown[] = []
    const onUncaught = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', onUncaught)
    const socket = new SocketTransport({ url: `ws://127.0.0.1:${port}`, WebSocket: NodeWebSocket, connectTimeoutMs: 100, backoff: { initialMs: 20, maxMs: 20 } })
    try {
      socket.subscribe('newHeads', [], () => {})
      // Three attempts given up: ws reports a given-up handshake on the next tick, before the next attempt connects.
      await waitFor(() => held.length >= 4, 5_000, 'a fourth connection attempt')
      expect(uncaught).toEqual([])
    } finally {
      socket.close()
      process.off('uncaughtException', onUncaught)
      for (const connection of held) connection.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  })
})

describe('SocketTransport refused before it opens', () => {
  it('injected fault: a socket that reports only an error, as Chromium does for a URL the page policy refuses, is given up on at once', async () => {
    // What the browser does to a WebSocket its Content-Security-Policy blocks (seen in e2e/security.spec.ts): an
    // error event and no close. Node's ws always follows an error with a close, so a stand-in makes the browser's.
    class ErrorOnlySocket extends EventTarget {
      onopen: (() => void) | null = null
      onmessage: (() => void) | null = null
      onclose: (() => void) | null = null
      onerror: (() => void) | null = null
      readonly readyState = 0
      constructor() {
        super()
        setTimeout(() => this.onerror?.(), 0)
      }
      send(): void {}
      close(): void {}
    }
    const socket = new SocketTransport({ url: 'ws://127.0.0.1:1', WebSocket: ErrorOnlySocket as unknown as new (url: string) => globalThis.WebSocket, connectTimeoutMs: 60_000, backoff: { initialMs: 60_000, maxMs: 60_000, jitter: 0 } })
    const states: string[] = []
    socket.onStatus(() => states.push(socket.status.state))
    try {
      socket.subscribe('newHeads', [], () => {})
      await waitFor(() => states.includes('reconnecting'), 2_000, 'the socket to give up its first attempt')
      expect(socket.status).toMatchObject({ state: 'reconnecting', attempt: 1, neverOpened: true })
    } finally {
      socket.close()
    }
  })
})

describe('SocketTransport on a server without subscriptions', () => {
  it('injected fault: eth_subscribe answered -32601 ends the subscription with that error and says subscriptions are refused; calls still work', async () => {
    // Every engine here has subscriptions; a server that refuses them stands in for one that has none.
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    await new Promise((resolve) => server.once('listening', resolve))
    server.on('connection', (client) => {
      client.on('message', (data) => {
        const call = JSON.parse(String(data)) as { id: number; method: string }
        const reply = call.method === 'eth_subscribe' ? { error: { code: -32601, message: 'the method eth_subscribe does not exist/is not available' } } : { result: '0x7a69' }
        client.send(JSON.stringify({ jsonrpc: '2.0', id: call.id, ...reply }))
      })
    })
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const socket = new SocketTransport({ url: `ws://127.0.0.1:${port}`, WebSocket: NodeWebSocket })
    try {
      const refused = new Promise<unknown>((resolve) => socket.subscribe('newHeads', [], () => {}, resolve))
      expect(await refused).toMatchObject({ code: -32601 })
      expect(socket.status).toMatchObject({ state: 'open', subscriptionsRefused: true, neverOpened: false })
      expect(await socket.request('eth_chainId')).toBe('0x7a69')
    } finally {
      socket.close()
      for (const client of server.clients) client.terminate()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
