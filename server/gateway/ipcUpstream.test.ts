import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AnvilNode } from '../chain/anvil.ts'
import { createChainClient, type ChainClient } from '../chain/chainClient.ts'
import { IpcUpstream } from './ipcUpstream.ts'
import { RawResult, RpcFailure, serializeReply } from './jsonrpc.ts'
import { Upstream, UpstreamUnavailable } from './upstream.ts'

describe('IpcUpstream on a real anvil', () => {
  const anvil = new AnvilNode({ stateFile: null, blockTime: 0 })
  let upstream: IpcUpstream
  let overHttp: Upstream
  /** anvil over HTTP without the upstream under test: what the node itself answers. */
  let direct: ChainClient

  beforeAll(async () => {
    await anvil.start(0)
    direct = createChainClient(anvil.httpUrl)
    await direct.mine({ blocks: 0x20 })
    overHttp = new Upstream(() => anvil.httpUrl, 5_000)
    upstream = new IpcUpstream(() => anvil.ipcPath, 5_000, overHttp)
  })
  afterAll(async () => {
    upstream.close()
    overHttp.close()
    await anvil.stop()
  })

  it('answers many calls in flight at once, each with its own answer (the node answers out of order)', async () => {
    const numbers = Array.from({ length: 33 }, (_, i) => `0x${i.toString(16)}`)
    const [viaIpc, viaHttp] = await Promise.all([
      Promise.all(numbers.map((n) => upstream.call('eth_getBlockByNumber', [n, false]))),
      Promise.all(numbers.map((n) => direct.request({ method: 'eth_getBlockByNumber', params: [n as `0x${string}`, false] }))),
    ])
    expect(viaIpc).toEqual(viaHttp)
    expect((viaIpc as Array<{ number: string }>).map((block) => block.number)).toEqual(numbers)
  })

  it('reassembles an answer that arrives in many pieces (a 200,000-byte return value)', async () => {
    // The identity precompile (address 4) returns its input: 200,000 bytes back, 400 KB of hex in one line.
    const data = `0x${Array.from({ length: 200_000 }, (_, i) => (i % 256).toString(16).padStart(2, '0')).join('')}`
    const viaIpc = await upstream.call('eth_call', [{ to: '0x0000000000000000000000000000000000000004', data }, 'latest'])
    expect(viaIpc).toBe(data)
  })

  it('callRaw hands a success on as its JSON text, the same value call parses; errors still as RpcFailure', async () => {
    for (const [method, params] of [['eth_getBlockByNumber', ['0x3', true]], ['eth_chainId', []], ['eth_getBlockByNumber', ['0xffffff', false]]] as const) {
      const raw = await upstream.callRaw(method, [...params])
      expect(raw, method).toBeInstanceOf(RawResult)
      expect(JSON.parse((raw as RawResult).json)).toEqual(await upstream.call(method, [...params]))
    }
    const error = await upstream.callRaw('eth_getBlockByNumber', ['latest']).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcFailure)
  })

  it('a reply holding a RawResult serialises to the JSON a parsed result would give', async () => {
    const raw = (await upstream.callRaw('eth_getBlockByNumber', ['0x2', false])) as RawResult
    const parsed = JSON.parse(raw.json) as unknown
    const reply = { jsonrpc: '2.0' as const, id: 'a"b', result: raw }
    const text = (value: string | Buffer) => (typeof value === 'string' ? value : value.toString('utf8'))
    expect(JSON.parse(text(serializeReply(reply)))).toEqual({ jsonrpc: '2.0', id: 'a"b', result: parsed })
    expect(JSON.parse(text(serializeReply([reply, { jsonrpc: '2.0', id: 7, error: { code: -1, message: 'x' } }])))).toEqual([
      { jsonrpc: '2.0', id: 'a"b', result: parsed },
      { jsonrpc: '2.0', id: 7, error: { code: -1, message: 'x' } },
    ])
  })

  it("passes the node's errors on as RpcFailure in the node's HTTP words (its IPC codec names no fault)", async () => {
    const calls: Array<[string, unknown[]]> = [
      ['eth_noSuchMethod', []],
      ['eth_getBlockByNumber', ['latest']],
      ['eth_getBlockByNumber', ['0xzz', false]],
      ['eth_getLogs', [{ fromBlock: '0xffff', toBlock: '0x1' }]],
    ]
    for (const [method, params] of calls) {
      const response = await fetch(anvil.httpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      const expected = ((await response.json()) as { error: { code: number; message: string } }).error
      const error = await upstream.call(method, params).catch((e: unknown) => e)
      expect(error, method).toBeInstanceOf(RpcFailure)
      expect({ code: (error as RpcFailure).code, message: (error as RpcFailure).message }, method).toEqual({ code: expected.code, message: expected.message })
    }
  })

  it('fails a call whose params cannot be serialised alone, as invalid params', async () => {
    const error = await upstream.call('eth_getBalance', [1n]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcFailure)
    expect((error as RpcFailure).code).toBe(-32602)
    expect(await upstream.call('eth_chainId', [])).toBe('0x7a69')
  })
})

describe('IpcUpstream faults', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ipc-test-'))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('no node at the path: unreachable at once', async () => {
    const upstream = new IpcUpstream(() => path.join(dir, 'nobody.ipc'), 5_000)
    const started = Date.now()
    const error = await upstream.call('eth_chainId', []).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UpstreamUnavailable)
    expect((error as UpstreamUnavailable).reason).toBe('unreachable')
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('injected fault (a socket server of ours that never answers): the call times out with its own deadline', async () => {
    const socketPath = path.join(dir, 'silent.ipc')
    const server = net.createServer(() => {}).listen(socketPath)
    await new Promise((resolve) => server.once('listening', resolve))
    const upstream = new IpcUpstream(() => socketPath, 5_000)
    try {
      const error = await upstream.callAlone('eth_getLogs', [{}], 200).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(UpstreamUnavailable)
      expect((error as UpstreamUnavailable).reason).toBe('timeout')
      // A call on the default deadline (5 s here) is failed by the sweep, a tenth of the deadline late at most.
      const started = Date.now()
      const late = await upstream.call('eth_chainId', []).catch((e: unknown) => e)
      expect((late as UpstreamUnavailable).reason).toBe('timeout')
      expect(Date.now() - started).toBeGreaterThanOrEqual(5_000)
      expect(Date.now() - started).toBeLessThan(5_000 + 500 + 250)
    } finally {
      upstream.close()
      server.close()
    }
  })

  it('injected fault (a socket server of ours that sends a line that is not JSON): calls fail as bad answers, the next call connects again', async () => {
    const socketPath = path.join(dir, 'garbled.ipc')
    let connections = 0
    const server = net
      .createServer((socket) => {
        connections += 1
        const first = connections === 1
        socket.on('data', (data) => {
          for (const line of data.toString('utf8').split('\n').filter(Boolean)) {
            const { id } = JSON.parse(line) as { id: number }
            socket.write(first ? 'not json\n' : `${JSON.stringify({ jsonrpc: '2.0', id, result: '0x1' })}\n`)
          }
        })
      })
      .listen(socketPath)
    await new Promise((resolve) => server.once('listening', resolve))
    const upstream = new IpcUpstream(() => socketPath, 5_000)
    try {
      const error = await upstream.call('eth_chainId', []).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(UpstreamUnavailable)
      expect((error as UpstreamUnavailable).reason).toBe('bad-answer')
      expect(await upstream.call('eth_chainId', [])).toBe('0x1')
      expect(connections).toBe(2)
    } finally {
      upstream.close()
      server.close()
    }
  })

  it('injected fault (a socket server of ours that holds one answer back): the next call goes on another connection and is answered meanwhile; that connection dropping fails its call only', async () => {
    const socketPath = path.join(dir, 'held.ipc')
    const sockets: net.Socket[] = []
    let held: net.Socket | null = null
    const server = net
      .createServer((socket) => {
        sockets.push(socket)
        socket.on('data', (data) => {
          for (const line of data.toString('utf8').split('\n').filter(Boolean)) {
            const { id, method } = JSON.parse(line) as { id: number; method: string }
            if (method === 'eth_getLogs') held = socket
            else socket.write(`${JSON.stringify({ jsonrpc: '2.0', id, result: '0x1' })}\n`)
          }
        })
      })
      .listen(socketPath)
    await new Promise((resolve) => server.once('listening', resolve))
    const upstream = new IpcUpstream(() => socketPath, 5_000, null, 2)
    try {
      const slow = upstream.callAlone('eth_getLogs', [{}], 4_000).catch((e: unknown) => e)
      expect(await upstream.call('eth_chainId', [])).toBe('0x1')
      expect(sockets).toHaveLength(2)
      expect(held).toBe(sockets[0])
      held!.destroy()
      const error = await slow
      expect(error).toBeInstanceOf(UpstreamUnavailable)
      expect((error as UpstreamUnavailable).reason).toBe('unreachable')
      expect(await upstream.call('eth_chainId', [])).toBe('0x1')
    } finally {
      upstream.close()
      server.close()
    }
  })
})
