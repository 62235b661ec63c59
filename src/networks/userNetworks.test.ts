import { describe, expect, it } from 'vitest'
import type { StorageLike } from '../files/credentials.ts'
import { defaultCapabilities } from './capabilities.ts'
import { mergeNetworks } from './networkList.ts'
import { sampleNetworks } from '../../server/samples/networks.ts'
import type { SampleNode } from '../../server/samples/sampleNode.ts'
import { parseRuntimeConfig } from '../../contract/runtimeConfig.ts'
import { createUserNetworkStore, parseUserNetwork, toAppNetwork, userNetworksStorageKey, type UserNetworkRecord } from './userNetworks.ts'

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value), removeItem: (key) => void data.delete(key) }
}

function browser() {
  const local = memoryStorage()
  const session = memoryStorage()
  const open = () => createUserNetworkStore({ device: local, credentials: { session, device: local } })
  return { local, session, open }
}

const sepolia: UserNetworkRecord = {
  name: 'my-sepolia',
  label: 'My Sepolia',
  chainId: '0xaa36a7',
  endpoint: 'service',
  rpcBase: 'https://provider.example/sepolia',
  wsBase: 'wss://provider.example/sepolia',
  ipfsUrl: null,
  key: 'k3y',
  capabilities: { ...defaultCapabilities, blockTags: ['latest', 'earliest', 'pending', 'finalized'] },
}

describe('parseUserNetwork', () => {
  it('accepts a network, normalising chain id, URLs and tag order', () => {
    const parsed = parseUserNetwork(
      { ...sepolia, chainId: '11155111', rpcBase: ' https://provider.example/sepolia/ ', ipfsUrl: '', capabilities: { ...sepolia.capabilities, blockTags: ['finalized', 'latest'] } },
      new Set(),
    )
    expect(parsed).toEqual({ ok: true, record: { ...sepolia, capabilities: { ...sepolia.capabilities, blockTags: ['latest', 'finalized'] } } })
  })

  it('names every bad field by its path, without echoing values', () => {
    const parsed = parseUserNetwork(
      { ...sepolia, name: 'Bad Name', rpcBase: 'ftp://x', wsBase: 'https://x', chainId: 'sepolia', key: 'a/b', capabilities: { ...sepolia.capabilities, blockTags: ['safe'], maxBatchSize: 0 } },
      new Set(),
    )
    expect(parsed.ok).toBe(false)
    const paths = !parsed.ok ? parsed.issues.map((issue) => issue.path) : []
    expect(paths).toEqual(expect.arrayContaining(['name', 'rpcBase', 'wsBase', 'chainId', 'key', 'capabilities.blockTags', 'capabilities.maxBatchSize']))
    expect(JSON.stringify(parsed)).not.toContain('a/b')
  })

  it('refuses a name another network has', () => {
    expect(parseUserNetwork(sepolia, new Set(['my-sepolia']))).toMatchObject({ ok: false, issues: [{ path: 'name' }] })
  })
})

describe('the user network store', () => {
  it('keeps networks across a reload, the secret in sessionStorage by default', () => {
    const { local, session, open } = browser()
    open().save(sepolia, { secret: 's3cret', remember: false })
    expect(local.data.get(userNetworksStorageKey)).not.toContain('s3cret')
    expect([...session.data.values()].join()).toContain('s3cret')

    const reloaded = open()
    expect(reloaded.list()).toEqual([sepolia])
    expect(reloaded.secretPlace('my-sepolia')).toBe('session')
    expect(reloaded.secretOf('my-sepolia')).toBe('s3cret')
  })

  it('keeps the secret on the device when asked, and moves it back', () => {
    const { local, session, open } = browser()
    const store = open()
    store.save(sepolia, { secret: 's3cret', remember: true })
    expect(store.secretPlace('my-sepolia')).toBe('device')
    expect([...session.data.values()].join()).not.toContain('s3cret')
    // An edit without a new secret keeps it; unticking remember moves it to the session.
    store.save({ ...sepolia, label: 'Sepolia' }, { remember: false })
    expect(store.secretPlace('my-sepolia')).toBe('session')
    expect(store.secretOf('my-sepolia')).toBe('s3cret')
    expect(local.data.get(userNetworksStorageKey)).toContain('"Sepolia"')
  })

  it('edits in place, renames (moving the secret), and removes (forgetting it)', () => {
    const { open } = browser()
    const store = open()
    store.save(sepolia, { secret: 's3cret', remember: false })
    store.save({ ...sepolia, name: 'sep' }, { remember: false, previousName: 'my-sepolia' })
    expect(store.list().map((record) => record.name)).toEqual(['sep'])
    expect(store.secretOf('my-sepolia')).toBeNull()
    expect(store.secretOf('sep')).toBe('s3cret')
    store.remove('sep')
    expect(store.list()).toEqual([])
    expect(store.secretOf('sep')).toBeNull()
    expect(open().list()).toEqual([])
  })

  it('notifies on change and keeps the same snapshot until then', () => {
    const { open } = browser()
    const store = open()
    let calls = 0
    store.subscribe(() => calls++)
    const before = store.list()
    expect(store.list()).toBe(before)
    store.save(sepolia, { remember: false })
    expect(calls).toBe(1)
    expect(store.list()).not.toBe(before)
  })

  it('ignores what it cannot read, and says so', () => {
    const { local, open } = browser()
    local.setItem(userNetworksStorageKey, 'not json')
    expect(open().list()).toEqual([])
    expect(open().problems()[0]).toMatch(/not valid JSON/)
    local.setItem(userNetworksStorageKey, JSON.stringify({ version: 1, networks: [sepolia, { ...sepolia, name: 'x', rpcBase: 'nope' }] }))
    expect(open().list()).toEqual([sepolia])
    expect(open().problems()).toEqual(['saved network 2 was ignored: rpcBase: expected an http:// or https:// URL'])
  })
})

describe('built-in and user networks together', () => {
  const config = parseRuntimeConfig({
    defaultNetwork: 'devnet',
    networks: [
      { name: 'devnet', label: 'Local devnet', chainId: '0x7a69', rpcBase: 'http://127.0.0.1:8545', wsBase: 'ws://127.0.0.1:8545', ipfsUrl: null, key: 'devkey', secret: 'devsecret', kind: 'local' },
      { name: 'l2b-sample', label: 'Layer-2 B (recorded sample)', chainId: '0x534e5f4d41494e', rpcBase: 'http://127.0.0.1:8545/sample/l2b-sample', wsBase: 'ws://127.0.0.1:8545/sample/l2b-sample', ipfsUrl: null, key: 'devkey', secret: 'devsecret', kind: 'sample' },
    ],
  })

  it('lists built-in ones first with their rules, then the user\'s; a built-in name always wins', () => {
    // The sample's rules come from what it says it holds: here its real description, as the service derives it.
    const l2b = sampleNetworks().find((network) => network.name === 'l2b-sample')!.node as SampleNode
    const merged = mergeNetworks(config, [sepolia, { ...sepolia, name: 'devnet' }], (name) => (name === 'l2b-sample' ? l2b.contents : undefined))
    expect(merged.map((network) => [network.name, network.source])).toEqual([
      ['devnet', 'config'],
      ['l2b-sample', 'config'],
      ['my-sepolia', 'user'],
    ])
    expect(merged[1]!.capabilities).toMatchObject({ ethMethods: false, l2bPendingTransactions: true, l2aRawBlockTransactions: false, blockTags: ['latest', 'pending'] })
    expect(merged[1]!.sample).toBe(l2b.contents)
    expect(merged[0]!.capabilities.blockTags).toContain('safe')
  })

  it('a sample that has not said what it holds offers nothing yet', () => {
    const [, sample] = mergeNetworks(config, [])
    expect(sample!.sample).toBeNull()
    expect(sample!.capabilities).toMatchObject({ ethMethods: false, blockReceipts: false, l2aRawBlockTransactions: false, l2bPendingTransactions: false })
  })

  it('never puts a user secret on the network object', () => {
    expect(toAppNetwork(sepolia)).toMatchObject({ secret: '', kind: 'hosted', source: 'user', key: 'k3y' })
  })
})
