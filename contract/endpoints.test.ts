import { describe, expect, it } from 'vitest'
import { rpcHttpUrl, rpcSocketUrl } from './endpoints.ts'

describe('endpoint URLs', () => {
  it('the spec’s service: {base_url}/v3/<key> and {ws_url}/ws/v3/<key>', () => {
    const network = { rpcBase: 'https://provider.example/net/', wsBase: 'wss://provider.example/net', key: 'abc' }
    expect(rpcHttpUrl(network)).toBe('https://provider.example/net/v3/abc')
    expect(rpcSocketUrl(network)).toBe('wss://provider.example/net/ws/v3/abc')
  })

  it('a node’s own URL: as given, the key (if any) as the last path segment', () => {
    expect(rpcHttpUrl({ endpoint: 'url', rpcBase: 'http://127.0.0.1:8545/', key: '' })).toBe('http://127.0.0.1:8545')
    expect(rpcSocketUrl({ endpoint: 'url', wsBase: 'ws://127.0.0.1:8545', key: '' })).toBe('ws://127.0.0.1:8545')
    expect(rpcHttpUrl({ endpoint: 'url', rpcBase: 'https://eth-mainnet.provider.example/v2', key: 'k y' })).toBe('https://eth-mainnet.provider.example/v2/k%20y')
  })

  it("a network the app server proxies: its own path, as given (resolved on the page's origin), with no key", () => {
    const network = { endpoint: 'proxy' as const, rpcBase: 'http://127.0.0.1:5173/rpc/devnet', wsBase: 'ws://127.0.0.1:5173/rpc/devnet/', key: '' }
    expect(rpcHttpUrl(network)).toBe('http://127.0.0.1:5173/rpc/devnet')
    expect(rpcSocketUrl(network)).toBe('ws://127.0.0.1:5173/rpc/devnet')
  })
})
