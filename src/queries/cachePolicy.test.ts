import { QueryClient } from '@tanstack/react-query'
import type { Hash } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Network } from '../../contract/runtimeConfig.ts'
import type { BlockHeader } from '../rpc/schemas.ts'
import { InvalidBlockRefError, finalityDepth, forgetHead, isFinalNumber, knownHead, noteHead, resolveBlockRef } from './cachePolicy.ts'
import { invalidateReplaced } from './head.ts'
import { queryKeys } from './keys.ts'

const network: Network = {
  name: 'policy',
  label: 'Policy',
  chainId: '0x7a69',
  rpcBase: 'http://127.0.0.1:1',
  wsBase: 'ws://127.0.0.1:1',
  ipfsUrl: null,
  key: 'k',
  secret: '',
  kind: 'local',
}

const hash = (byte: string) => `0x${byte.repeat(32)}` as Hash

describe('resolveBlockRef', () => {
  it('gives each block one key whatever way it is written', () => {
    expect(resolveBlockRef(16n)).toEqual({ kind: 'number', number: 16n, param: '0x10', key: '0x10' })
    expect(resolveBlockRef(16)).toEqual(resolveBlockRef('0x0010'))
    expect(resolveBlockRef('0xA')).toMatchObject({ kind: 'number', key: '0xa' })
    expect(resolveBlockRef(hash('AB'))).toEqual({ kind: 'hash', hash: hash('ab'), param: hash('ab'), key: hash('ab') })
    expect(resolveBlockRef('finalized')).toEqual({ kind: 'tag', tag: 'finalized', param: 'finalized', key: 'finalized' })
  })

  it('refuses what is no block reference', () => {
    for (const bad of [-1n, 'newest', '0x', '0xzz', '12'] as const) expect(() => resolveBlockRef(bad as never)).toThrow(InvalidBlockRefError)
  })
})

describe('finality', () => {
  it('counts a block final once the head is 64 past it, and only moves the head forward', () => {
    forgetHead(network)
    expect(isFinalNumber(network, 0n)).toBe(false)
    noteHead(network, 100n)
    noteHead(network, '0x10')
    expect(knownHead(network)).toBe(100n)
    expect(finalityDepth).toBe(64n)
    expect(isFinalNumber(network, 36n)).toBe(true)
    expect(isFinalNumber(network, 37n)).toBe(false)
  })
})

describe('invalidateReplaced', () => {
  it('marks stale what the replaced blocks touched, and nothing else', async () => {
    const client = new QueryClient()
    const removed = [
      { number: '0x9', hash: hash('09') },
      { number: '0xa', hash: hash('0a') },
    ] as unknown as BlockHeader[]
    const ref = (id: Parameters<typeof resolveBlockRef>[0]) => resolveBlockRef(id)
    const set = (key: readonly unknown[], data: unknown) => client.setQueryData(key, data)
    const touched = [
      queryKeys.block(network, ref(9n)),
      queryKeys.blockWithTransactions(network, ref(10n)),
      queryKeys.blockReceipts(network, ref(10n)),
      queryKeys.block(network, ref('latest')),
      queryKeys.transactionByIndex(network, ref(9n), '0x0'),
      queryKeys.uncle(network, ref(10n), '0x0'),
      queryKeys.transaction(network, hash('77')),
      queryKeys.receipt(network, hash('77')),
      queryKeys.recentBlocks(network, '0xb', 10),
      queryKeys.account(network, `0x${'11'.repeat(20)}`, ref('latest')),
    ]
    const untouched = [
      queryKeys.block(network, ref(8n)),
      queryKeys.block(network, ref(hash('0a'))), // the orphan by hash is still that block
      queryKeys.transaction(network, hash('66')),
      queryKeys.recentBlocks(network, '0x8', 10),
      queryKeys.account(network, `0x${'11'.repeat(20)}`, ref(8n)),
      queryKeys.head(network),
      ['elsewhere', 'block', '0x9'],
    ]
    for (const key of [...touched, ...untouched]) set(key, { blockHash: hash('66') })
    for (const key of [queryKeys.transaction(network, hash('77')), queryKeys.receipt(network, hash('77'))]) set(key, { blockHash: hash('0A') })

    await invalidateReplaced(client, network, removed)
    const invalidated = (key: readonly unknown[]) => client.getQueryCache().find({ queryKey: key, exact: true })!.state.isInvalidated
    for (const key of touched) expect(invalidated(key), JSON.stringify(key)).toBe(true)
    for (const key of untouched) expect(invalidated(key), JSON.stringify(key)).toBe(false)
  })
})
