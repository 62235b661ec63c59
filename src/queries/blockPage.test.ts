import type { Hash, Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { configNetwork, defaultCapabilities, type AppNetwork } from '../networks/capabilities.ts'
import { headQuery } from './head.ts'
import { createQueryClient } from './queryClient.ts'
import type { BlockHeader } from '../rpc/schemas.ts'
import { blockPageRef, blockRefOf, headNumberOf, prefetchBlockRoute, listsFullTransactions, receiptsSkippedFor, wantsFullTransactions } from './blockPage.ts'

// Port 9 (discard) refuses connections: the queries started here fail at once, which these tests do not
// wait for; they read which queries were started.
const network: AppNetwork = configNetwork({
  name: 'route-test',
  label: 'Route test',
  chainId: '0x1',
  rpcBase: 'http://127.0.0.1:9',
  wsBase: 'ws://127.0.0.1:9',
  ipfsUrl: null,
  key: 'k',
  secret: '',
  kind: 'local',
})
const withoutReceipts: AppNetwork = { ...network, capabilities: { ...defaultCapabilities, blockReceipts: false } }
const hash = `0x${'ab'.repeat(32)}` as Hash

/** The query keys (after the network's name) a call to prefetchBlockRoute put in a fresh cache. */
function started(param: string, search = '', on: AppNetwork = network, head?: bigint) {
  const client = createQueryClient()
  if (head !== undefined) client.setQueryData(headQuery(on).queryKey, { number: `0x${head.toString(16)}` } as BlockHeader)
  prefetchBlockRoute(client, on, param, new URLSearchParams(search))
  return client
    .getQueryCache()
    .findAll()
    .map((query) => query.queryKey.slice(1).join(' '))
    .filter((key) => key !== 'head')
    .sort()
}

describe('the block route', () => {
  it('route ids become query references', () => {
    expect(blockRefOf({ kind: 'number', number: 5n })).toBe(5n)
    expect(blockRefOf({ kind: 'tag', tag: 'safe' })).toBe('safe')
    expect(blockRefOf({ kind: 'hash', hash })).toBe(hash)
  })

  it('follows the head for latest once the head is known, and reads every other id as itself', () => {
    expect(blockPageRef({ kind: 'tag', tag: 'latest' }, undefined)).toBe('latest')
    expect(blockPageRef({ kind: 'tag', tag: 'latest' }, 120n)).toBe(120n)
    expect(blockPageRef({ kind: 'tag', tag: 'safe' }, 120n)).toBe('safe')
    expect(blockPageRef({ kind: 'number', number: 7n }, 120n)).toBe(7n)
  })

  it('asks no receipts of the pending block, nor of a recording without block receipts; a live network without the method still gets them', () => {
    expect(receiptsSkippedFor(network, { kind: 'number', number: 7n })).toBeNull()
    expect(receiptsSkippedFor(network, { kind: 'tag', tag: 'pending' })).toBe('pending')
    // Read one by one instead (blocks.ts): not skipped.
    expect(receiptsSkippedFor(withoutReceipts, { kind: 'number', number: 7n })).toBeNull()
    expect(receiptsSkippedFor({ ...withoutReceipts, kind: 'sample' }, { kind: 'number', number: 7n })).toBe('unsupported')
  })

  it('lists full transaction objects unless ?tx=hashes asks for hashes only', () => {
    expect(wantsFullTransactions(new URLSearchParams(''))).toBe(true)
    expect(wantsFullTransactions(new URLSearchParams('tx=full'))).toBe(true)
    expect(wantsFullTransactions(new URLSearchParams('tx=hashes'))).toBe(false)
  })

  it('on a recorded sample, lists a block recorded with hashes only by its hashes unless ?tx=full asks', () => {
    const recordedBlock = (fullTransactions: boolean) => ({ number: '0x3e8', hash, transactions: 2, fullTransactions, receipts: false, uncles: [] })
    const sample = (fullTransactions: boolean) => ({ ...network, kind: 'sample', sample: { blocks: [recordedBlock(fullTransactions)] } }) as unknown as AppNetwork
    const byNumber = { kind: 'number', number: 1000n } as const
    expect(listsFullTransactions(sample(false), byNumber, new URLSearchParams())).toBe(false)
    expect(listsFullTransactions(sample(false), { kind: 'hash', hash }, new URLSearchParams())).toBe(false)
    expect(listsFullTransactions(sample(false), byNumber, new URLSearchParams('tx=full'))).toBe(true)
    expect(listsFullTransactions(sample(true), byNumber, new URLSearchParams())).toBe(true)
    expect(listsFullTransactions(network, byNumber, new URLSearchParams())).toBe(true)
    expect(listsFullTransactions(network, byNumber, new URLSearchParams('tx=hashes'))).toBe(false)
    expect(started('1000', '', sample(false))).toEqual(['block 0x3e8', 'blockReceipts 0x3e8'])
  })

  it('starts the block and its receipts from the URL, as the page will ask for them', () => {
    expect(started('1000')).toEqual(['block 0x3e8 transactions', 'blockReceipts 0x3e8'])
    expect(started('0x3e8', 'tx=hashes')).toEqual(['block 0x3e8', 'blockReceipts 0x3e8'])
    expect(started(hash)).toEqual([`block ${hash} transactions`, `blockReceipts ${hash}`])
    // Without eth_getBlockReceipts the receipts are still started (read one by one once the block is known).
    expect(started('1000', '', withoutReceipts)).toEqual(['block 0x3e8 transactions', 'blockReceipts 0x3e8'])
    expect(started('1000', '', { ...withoutReceipts, kind: 'sample' })).toEqual(['block 0x3e8 transactions'])
  })

  it('starts nothing for a tag (its answer is never fresh: the page would ask again) or an id that is none', () => {
    expect(started('latest')).toEqual([])
    expect(started('finalized')).toEqual([])
    expect(started('not-a-block')).toEqual([])
    // latest with the head known is the head's number: that the page asks for, and it can stay fresh.
    expect(started('latest', '', network, 120n)).toEqual(['block 0x78 transactions', 'blockReceipts 0x78'])
  })
})

describe('headNumberOf', () => {
  it('reads the head query as a number: undefined while loading, null without a head', () => {
    expect(headNumberOf(undefined)).toBeUndefined()
    expect(headNumberOf(null)).toBeNull()
    // The spec's eth_blockNumber example: 0x4b7 is block 1207.
    const number: Hex = '0x4b7'
    expect(headNumberOf({ number } as BlockHeader)).toBe(1207n)
  })
})
