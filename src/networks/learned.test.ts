import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultCapabilities, type AppNetwork } from './capabilities.ts'
import type { ProbeFacts } from './learned.ts'

/**
 * What the app learns from a network, kept per network in the browser's storage (a Map-backed Storage here:
 * Node has none). Each test loads the module afresh, as a new page would.
 */

function memoryStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    get length() {
      return data.size
    },
    key: (index) => [...data.keys()][index] ?? null,
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

let storage: ReturnType<typeof memoryStorage>

beforeEach(() => {
  storage = memoryStorage()
  vi.stubGlobal('localStorage', storage)
  vi.resetModules()
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const page = () => import('./learned.ts')

const hosted: AppNetwork = {
  name: 'provider',
  label: 'A provider',
  chainId: '0x1',
  rpcBase: 'https://rpc.example',
  wsBase: 'wss://rpc.example',
  ipfsUrl: null,
  key: 'the-key',
  secret: '',
  kind: 'hosted',
  source: 'config',
  capabilities: defaultCapabilities,
  sample: null,
}

const mine: AppNetwork = { ...hosted, name: 'mine', source: 'user', capabilities: { ...defaultCapabilities, l2bPendingTransactions: true, maxBatchSize: 50 } }

/** What Hardhat 2 answers (probe.chain.test.ts): no eth_getBlockReceipts, no ots_, every tag, any batch. */
const hardhatLike: ProbeFacts = { blockReceipts: false, safe: true, finalized: true, otterscan: false, l2aRawBlockTransactions: false, l2bPendingTransactions: false, maxBatchSize: 1_000 }

describe('what is learned from a network', () => {
  it('a network nobody has asked needs a probe, a recorded sample never does, and nothing is applied before', async () => {
    const { needsProbe, withLearned } = await page()
    expect(needsProbe(hosted)).toBe(true)
    expect(needsProbe({ ...hosted, kind: 'sample' })).toBe(false)
    expect(withLearned(hosted)).toBe(hosted)
  })

  it('a config network takes the probe as its rules; the batch limit is only ever lowered', async () => {
    const { recordProbe, needsProbe, withLearned, learnedFor } = await page()
    recordProbe(hosted, { ...hardhatLike, safe: false, l2aRawBlockTransactions: true, maxBatchSize: 20 }, new Date('2026-11-27T13:00:00Z'))
    expect(needsProbe(hosted)).toBe(false)
    expect(learnedFor(hosted).probedAt).toBe('2026-11-27T13:00:00.000Z')
    expect(withLearned(hosted).capabilities).toEqual({
      ...defaultCapabilities,
      blockTags: ['latest', 'earliest', 'pending', 'finalized'],
      blockReceipts: false,
      l2aRawBlockTransactions: true,
      maxBatchSize: 20,
    })
    recordProbe(hosted, { ...hardhatLike, blockReceipts: true, maxBatchSize: 1_000 })
    // Everything the defaults say: the very same object (no new transports for nothing).
    expect(withLearned(hosted)).toBe(hosted)
  })

  it('a user network keeps the rules the user saved: the probe only turns off what the node lacks', async () => {
    const { recordProbe, withLearned } = await page()
    recordProbe(mine, { ...hardhatLike, l2aRawBlockTransactions: true, l2bPendingTransactions: true, finalized: false })
    expect(withLearned(mine).capabilities).toEqual({
      ...mine.capabilities,
      blockTags: ['latest', 'earliest', 'pending', 'safe'],
      blockReceipts: false,
      // Not turned on: the user left it off.
      l2aRawBlockTransactions: false,
      l2bPendingTransactions: true,
      maxBatchSize: 50,
    })
  })

  it('a call that contradicts the probe is applied at once and marks the probe stale; a new probe starts over', async () => {
    const { recordProbe, noteLacks, noteRefusedTag, needsProbe, withLearned, learnedFor } = await page()
    recordProbe(hosted, { ...hardhatLike, blockReceipts: true })
    noteLacks(hosted, 'eth_getBlockReceipts')
    noteRefusedTag(hosted, 'safe')
    expect(withLearned(hosted).capabilities.blockReceipts).toBe(false)
    expect(withLearned(hosted).capabilities.blockTags).toEqual(['latest', 'earliest', 'pending', 'finalized'])
    expect(needsProbe(hosted)).toBe(true)
    recordProbe(hosted, { ...hardhatLike, blockReceipts: true })
    expect(learnedFor(hosted)).toMatchObject({ lacks: [], refusedTags: [], stale: false })
    expect(withLearned(hosted)).toBe(hosted)
  })

  it('a call that agrees with the probe (a method it already found missing) does not ask again', async () => {
    const { recordProbe, noteLacks, needsProbe } = await page()
    recordProbe(hosted, hardhatLike)
    noteLacks(hosted, 'eth_getBlockReceipts')
    expect(needsProbe(hosted)).toBe(false)
  })

  it('is kept in the browser: a new page knows it, without the key; another endpoint is another node', async () => {
    const first = await page()
    first.recordProbe(hosted, hardhatLike)
    first.noteLacks(mine, 'l2b_pendingTransactions')
    const stored = storage.data.get('chainglass.learned') ?? ''
    expect(stored).not.toContain('the-key')
    vi.resetModules()
    const second = await page()
    expect(second.needsProbe(hosted)).toBe(false)
    expect(second.withLearned(hosted).capabilities.blockReceipts).toBe(false)
    expect(second.withLearned(mine).capabilities.l2bPendingTransactions).toBe(false)
    expect(second.needsProbe({ ...hosted, rpcBase: 'https://other.example' })).toBe(true)
  })

  it('unreadable storage is dropped, not trusted', async () => {
    storage.data.set('chainglass.learned', JSON.stringify({ x: { probedAt: 3 }, y: 'nonsense' }))
    const { needsProbe } = await page()
    expect(needsProbe(hosted)).toBe(true)
    storage.data.set('chainglass.learned', '{not json')
    vi.resetModules()
    expect((await page()).needsProbe(hosted)).toBe(true)
  })
})
