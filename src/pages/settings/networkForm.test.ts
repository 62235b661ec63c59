import { describe, expect, it } from 'vitest'
import { defaultCapabilities } from '../../networks/capabilities.ts'
import { parseUserNetwork, type UserNetworkRecord } from '../../networks/userNetworks.ts'
import { slugify } from '../../networks/nodeNaming.ts'
import { deriveWsBase, fieldOf, readNetworkForm, splitServiceUrl } from './networkForm.ts'

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) data.append(name, item)
  return data
}

describe('the network form', () => {
  it('reads a new network, deriving what was left empty', () => {
    const reading = readNetworkForm(
      form({ label: 'Strict Devnet', name: '', chainId: '31337', rpcBase: 'http://127.0.0.1:18545', wsBase: '', key: 'devkey', secret: '', blockTags: ['earliest', 'finalized'], ethMethods: 'on', maxBatchSize: '50' }),
      null,
    )
    expect(reading.secret).toBeUndefined()
    expect(reading.remember).toBe(false)
    const parsed = parseUserNetwork(reading.input, new Set(['devnet']))
    expect(parsed).toEqual({
      ok: true,
      record: {
        name: 'strict-devnet',
        label: 'Strict Devnet',
        chainId: '0x7a69',
        rpcBase: 'http://127.0.0.1:18545',
        wsBase: 'ws://127.0.0.1:18545',
        ipfsUrl: null,
        key: 'devkey',
        endpoint: 'service',
        capabilities: { ...defaultCapabilities, blockTags: ['latest', 'earliest', 'finalized'], blockReceipts: false, maxBatchSize: 50 },
      },
    })
  })

  it('a URL in the service’s own shape ({base_url}/v3/<key>, the spec’s) pasted as a node URL is read as that shape, the key in its field', () => {
    const reading = readNetworkForm(form({ label: 'Mine', name: '', chainId: '1', endpoint: 'url', rpcBase: 'https://provider.example/mainnet/v3/abc123', wsBase: '', key: '', ethMethods: 'on' }), null)
    const parsed = parseUserNetwork(reading.input, new Set())
    expect(parsed).toMatchObject({ ok: true, record: { endpoint: 'service', rpcBase: 'https://provider.example/mainnet', wsBase: 'wss://provider.example/mainnet', key: 'abc123' } })
    // Its WebSocket given in full too: the service's {ws_url}.
    const both = readNetworkForm(form({ label: 'Mine', name: '', chainId: '1', endpoint: 'url', rpcBase: 'https://provider.example/v3/abc123/', wsBase: 'wss://ws.provider.example/ws/v3/abc123', key: '', ethMethods: 'on' }), null)
    expect(both.input).toMatchObject({ endpoint: 'service', rpcBase: 'https://provider.example', wsBase: 'wss://ws.provider.example', key: 'abc123' })
    // A key typed in its own field: the URL is taken as given.
    const keyed = readNetworkForm(form({ label: 'Mine', name: '', chainId: '1', endpoint: 'url', rpcBase: 'https://provider.example/v3/abc123', wsBase: '', key: 'other', ethMethods: 'on' }), null)
    expect(keyed.input).toMatchObject({ endpoint: 'url', rpcBase: 'https://provider.example/v3/abc123' })
    expect(splitServiceUrl('http://127.0.0.1:8545/')).toBeNull()
    expect(splitServiceUrl('https://eth-mainnet.provider.example/v2/abc')).toBeNull()
  })

  it('reads a node’s own URL with no key: the WebSocket URL derived from it', () => {
    const reading = readNetworkForm(form({ label: 'Hardhat', name: '', chainId: '31337', endpoint: 'url', rpcBase: 'http://127.0.0.1:8545/', wsBase: '', key: '', ethMethods: 'on' }), null)
    const parsed = parseUserNetwork(reading.input, new Set())
    expect(parsed).toMatchObject({ ok: true, record: { endpoint: 'url', rpcBase: 'http://127.0.0.1:8545', wsBase: 'ws://127.0.0.1:8545', key: '' } })
  })

  it('reads a URL with no key as a node’s own, whichever shape is picked, and writes [::1] as localhost', () => {
    const reading = readNetworkForm(form({ label: '', name: '', chainId: '', endpoint: 'service', rpcBase: 'http://[::1]:8545', wsBase: '', key: '', ethMethods: 'on' }), null)
    expect(reading.input).toMatchObject({ endpoint: 'url', rpcBase: 'http://localhost:8545', wsBase: 'ws://localhost:8545', key: '' })
    // The service's shape pasted whole, with the service picked: its key read from the path.
    const pasted = readNetworkForm(form({ endpoint: 'service', rpcBase: 'https://provider.example/v3/abc123', key: '' }), null)
    expect(pasted.input).toMatchObject({ endpoint: 'service', rpcBase: 'https://provider.example', key: 'abc123' })
    // An edit that keeps its stored key keeps the service's shape.
    const edit = readNetworkForm(form({ endpoint: 'service', rpcBase: 'https://provider.example', key: '' }), { key: 'stored' } as UserNetworkRecord)
    expect(edit.input).toMatchObject({ endpoint: 'service', key: 'stored' })
  })

  it('keeps the stored key when the key field is left empty on an edit', () => {
    const existing = { key: 'stored' } as UserNetworkRecord
    expect(readNetworkForm(form({ key: '' }), existing).input.key).toBe('stored')
    expect(readNetworkForm(form({ key: 'new' }), existing).input.key).toBe('new')
    expect(readNetworkForm(form({ key: '', secret: 'x', remember: 'on' }), null)).toMatchObject({ secret: 'x', remember: true, input: { key: '' } })
  })

  it('passes a bad batch limit on for the checker to name', () => {
    const reading = readNetworkForm(form({ maxBatchSize: 'lots' }), null)
    const parsed = parseUserNetwork(reading.input, new Set())
    expect(!parsed.ok && parsed.issues.map((issue) => fieldOf(issue.path))).toContain('maxBatchSize')
  })

  it('derives names and WebSocket URLs', () => {
    expect(slugify('My Sepolia (Infura)')).toBe('my-sepolia-infura')
    expect(deriveWsBase('https://a.example/x')).toBe('wss://a.example/x')
    expect(deriveWsBase('http://127.0.0.1:8545')).toBe('ws://127.0.0.1:8545')
    expect(deriveWsBase('nope')).toBe('')
  })
})
