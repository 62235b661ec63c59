import { afterEach, describe, expect, it } from 'vitest'
import { defaultCapabilities, type Capabilities } from './capabilities.ts'
import { HttpTransport } from '../rpc/http.ts'
import { clientsFor, networkGuard, releaseClientsExcept } from './clients.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { clearTagNotices, subscribeTagNotices, tagNoticeFor } from './tagNotices.ts'
import { acceptedTags, guardCall, rewriteBlockTags, tagToSend, UnsupportedMethodError, UnsupportedTagError } from './tags.ts'

const noSafe: Capabilities = { ...defaultCapabilities, blockTags: ['latest', 'earliest', 'pending', 'finalized'] }
const latestOnly: Capabilities = { ...defaultCapabilities, blockTags: ['latest'] }

describe('tag rules', () => {
  it('offer only accepted tags, in the spec order', () => {
    expect(acceptedTags(defaultCapabilities)).toEqual(['latest', 'earliest', 'pending', 'safe', 'finalized'])
    expect(acceptedTags(noSafe)).toEqual(['latest', 'earliest', 'pending', 'finalized'])
  })

  it('send safe as finalized where safe is refused, and nothing else changes', () => {
    expect(tagToSend(noSafe, 'safe')).toBe('finalized')
    expect(tagToSend(noSafe, 'latest')).toBe('latest')
    expect(tagToSend(defaultCapabilities, 'safe')).toBe('safe')
    expect(tagToSend(latestOnly, 'safe')).toBeNull()
    expect(tagToSend(latestOnly, 'pending')).toBeNull()
  })

  it('rewrite every place a block parameter sits', () => {
    const cases: Array<[string, unknown[], unknown[]]> = [
      ['eth_getBlockByNumber', ['safe', false], ['finalized', false]],
      ['eth_getTransactionByBlockNumberAndIndex', ['safe', '0x0'], ['finalized', '0x0']],
      ['eth_estimateGas', [{ to: '0x00000000000000000000000000000000000000aa' }, 'safe'], [{ to: '0x00000000000000000000000000000000000000aa' }, 'finalized']],
      ['eth_call', [{ data: '0x' }, 'safe'], [{ data: '0x' }, 'finalized']],
      ['eth_getStorageAt', ['0x00000000000000000000000000000000000000aa', '0x0', 'safe'], ['0x00000000000000000000000000000000000000aa', '0x0', 'finalized']],
      ['eth_getBlockReceipts', ['safe'], ['finalized']],
      ['eth_getLogs', [{ fromBlock: 'safe', toBlock: 'latest' }], [{ fromBlock: 'finalized', toBlock: 'latest' }]],
      ['eth_getBalance', ['0x00000000000000000000000000000000000000aa', { blockNumber: 'safe' }], ['0x00000000000000000000000000000000000000aa', { blockNumber: 'finalized' }]],
    ]
    for (const [method, params, expected] of cases) {
      const { params: sent, substitutions } = rewriteBlockTags(noSafe, method, params)
      expect(sent, method).toEqual(expected)
      expect(substitutions, method).toEqual([{ method, from: 'safe', to: 'finalized' }])
      expect(params, `${method} leaves the caller's params alone`).not.toEqual(expected)
    }
  })

  it('return the same params when nothing changes', () => {
    const params = ['0x10', true]
    expect(rewriteBlockTags(noSafe, 'eth_getBlockByNumber', params).params).toBe(params)
    const filter = [{ fromBlock: 'latest' }]
    expect(rewriteBlockTags(noSafe, 'eth_getLogs', filter).params).toBe(filter)
  })

  it('refuse a tag with no accepted stand-in, before sending', () => {
    expect(() => rewriteBlockTags(latestOnly, 'eth_getBlockByNumber', ['pending', false])).toThrow(UnsupportedTagError)
    expect(() => rewriteBlockTags(latestOnly, 'eth_getBlockByNumber', ['safe', false])).toThrow(/does not accept the block tag "safe"/)
  })

  it('refuse methods the network does not offer', () => {
    expect(() => guardCall(defaultCapabilities, 'l2a_getRawBlockTransactions', [1])).toThrow(UnsupportedMethodError)
    expect(() => guardCall({ ...defaultCapabilities, ethMethods: false, l2bPendingTransactions: true }, 'eth_chainId', [])).toThrow(UnsupportedMethodError)
    expect(guardCall({ ...defaultCapabilities, ethMethods: false, l2bPendingTransactions: true }, 'l2b_pendingTransactions', []).params).toEqual([])
    expect(() => guardCall({ ...defaultCapabilities, blockReceipts: false }, 'eth_getBlockReceipts', ['latest'])).toThrow(/not offered/)
    const error = (() => {
      try {
        guardCall(defaultCapabilities, 'l2b_pendingTransactions', [])
      } catch (caught) {
        return caught as UnsupportedMethodError
      }
    })()
    expect(error?.code).toBe(-32601)
  })
})

describe('the transport boundary', () => {
  afterEach(() => clearTagNotices())

  const network = (name: string, capabilities: Capabilities) =>
    ({ name, label: name, chainId: '0x7a69', rpcBase: 'http://127.0.0.1:1', wsBase: 'ws://127.0.0.1:1', ipfsUrl: null, key: 'k', secret: '', kind: 'hosted', source: 'user', capabilities }) as Network

  it('sends finalized for safe, records the substitution, and never sends a refused method', async () => {
    const bodies: unknown[] = []
    const fetchSpy: typeof fetch = async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { id: number; method: string }
      bodies.push(body)
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: '0x1' }))
    }
    const http = new HttpTransport({ url: 'http://127.0.0.1:1/v3/k', fetch: fetchSpy, prepare: networkGuard({ name: 'no-safe-test', rpcBase: 'http://127.0.0.1:1', wsBase: 'ws://127.0.0.1:1' } as Network, noSafe) })
    let notified = 0
    const stop = subscribeTagNotices(() => notified++)
    try {
      await http.request('eth_getBlockTransactionCountByNumber', ['safe'])
      await expect(http.request('l2a_getRawBlockTransactions', [1])).rejects.toBeInstanceOf(UnsupportedMethodError)
      await expect(http.request('eth_getBlockByNumber', ['latest', false])).resolves.toBe('0x1')
    } finally {
      stop()
    }
    expect(bodies).toEqual([
      { jsonrpc: '2.0', id: expect.any(Number), method: 'eth_getBlockTransactionCountByNumber', params: ['finalized'] },
      { jsonrpc: '2.0', id: expect.any(Number), method: 'eth_getBlockByNumber', params: ['latest', false] },
    ])
    expect(JSON.stringify(bodies)).not.toContain('"safe"')
    expect(tagNoticeFor('no-safe-test')).toMatchObject({ from: 'safe', to: 'finalized', methods: ['eth_getBlockTransactionCountByNumber'], count: 1 })
    expect(notified).toBe(1)
  })

  it('gives one network one set of transports, and new ones when its rules or key change', () => {
    // Sockets connect on first use only: a stand-in class is enough to build them here.
    const stub = class {} as unknown as typeof WebSocket
    const saved = globalThis.WebSocket
    globalThis.WebSocket = saved ?? stub
    try {
      const first = clientsFor(network('same', noSafe))
      expect(clientsFor(network('same', noSafe))).toBe(first)
      expect(clientsFor(network('same', defaultCapabilities))).not.toBe(first)
      expect(clientsFor({ ...network('same', noSafe), key: 'other' })).not.toBe(first)
      releaseClientsExcept([])
      expect(clientsFor(network('same', noSafe))).not.toBe(first)
    } finally {
      globalThis.WebSocket = saved
    }
  })
})
