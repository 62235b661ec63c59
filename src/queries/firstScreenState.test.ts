import { QueryClient, dehydrate, hydrate } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { packFirstScreenState, unpackFirstScreenState, type FirstScreenState } from './firstScreenState.ts'

/** A client whose cache holds one answer under two keys (as a block's receipts by number and by hash), and others. */
function cacheWithAlias() {
  const client = new QueryClient()
  const receipts = [{ transactionHash: '0x01', status: '0x1' }, { transactionHash: '0x02', status: '0x0' }]
  client.setQueryData(['n', 'blockReceipts', '0x1e'], receipts)
  client.setQueryData(['n', 'block', '0x1e'], { number: '0x1e', transactions: ['0x01', '0x02'] })
  client.setQueryData(['n', 'blockReceipts', '0xabc'], receipts)
  client.setQueryData(['n', 'count'], 7)
  client.setQueryData(['n', 'nothing'], null)
  return { client }
}

const sent = (state: FirstScreenState) => JSON.parse(JSON.stringify(state)) as FirstScreenState

describe('the first screen\'s state', () => {
  it('sends an answer two queries hold once, and the app gets both queries holding one object again', () => {
    const { client } = cacheWithAlias()
    const dehydrated = dehydrate(client, { shouldDehydrateQuery: () => true })
    const packed = packFirstScreenState(dehydrated)
    expect(packed.sameDataAs).toHaveLength(1)
    expect(JSON.stringify(packed).match(/"0x02"/g)).toHaveLength(2) // the receipt once, the block's hash list once
    expect(JSON.stringify(dehydrated).match(/"0x02"/g)).toHaveLength(3)

    const state = unpackFirstScreenState(sent(packed))
    expect('sameDataAs' in state).toBe(false)
    const restored = new QueryClient()
    hydrate(restored, state)
    const byNumber = restored.getQueryData(['n', 'blockReceipts', '0x1e'])
    expect(byNumber).toEqual(client.getQueryData(['n', 'blockReceipts', '0x1e']))
    expect(restored.getQueryData(['n', 'blockReceipts', '0xabc'])).toBe(byNumber)
    expect(restored.getQueryData(['n', 'count'])).toBe(7)
    expect(restored.getQueryData(['n', 'nothing'])).toBeNull()
  })

  it('a state with no answer repeated is sent as TanStack dehydrated it', () => {
    const client = new QueryClient()
    client.setQueryData(['n', 'a'], { same: 'shape' })
    client.setQueryData(['n', 'b'], { same: 'shape' })
    const dehydrated = dehydrate(client, { shouldDehydrateQuery: () => true })
    const packed = packFirstScreenState(dehydrated)
    expect(sent(packed)).toEqual(sent(dehydrated))
    expect(unpackFirstScreenState(sent(packed))).toEqual(sent(dehydrated))
  })

  it('sends a long string met more than once (a bloom, a block hash) once, and puts it back everywhere', () => {
    const bloom = `0x${'0'.repeat(512)}`
    const blockHash = `0x${'ab'.repeat(32)}`
    const sender = `0x${'f3'.repeat(20)}`
    const receipts = Array.from({ length: 50 }, (_, index) => ({ blockHash, from: sender, logsBloom: bloom, transactionHash: `0x${index.toString(16).padStart(64, '0')}`, status: '0x1' }))
    const client = new QueryClient()
    client.setQueryData(['n', 'blockReceipts', '0x1e'], receipts)
    client.setQueryData(['n', 'block', '0x1e'], { hash: blockHash, miner: sender })
    const dehydrated = dehydrate(client, { shouldDehydrateQuery: () => true })
    const packed = packFirstScreenState(dehydrated)
    expect(packed.strings).toEqual(expect.arrayContaining([bloom, blockHash, sender]))
    expect(packed.strings).toHaveLength(3) // each transaction hash is met once: left where it is
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(dehydrated).length / 3)
    expect(unpackFirstScreenState(sent(packed))).toEqual(sent(dehydrated))
  })

  it('a string of the chain\'s that starts like a reference is sent as itself, and the cache is not changed by packing', () => {
    const odd = '\u0001z and some text that is long enough to be shared'
    const client = new QueryClient()
    client.setQueryData(['n', 'a'], { text: odd, again: odd, short: '\u00010' })
    const dehydrated = dehydrate(client, { shouldDehydrateQuery: () => true })
    const before = JSON.stringify(dehydrated)
    const packed = packFirstScreenState(dehydrated)
    expect(JSON.stringify(dehydrated)).toBe(before)
    expect(unpackFirstScreenState(sent(packed)).queries[0]!.state.data).toEqual({ text: odd, again: odd, short: '\u00010' })
  })

  it('a reference that points nowhere is an unreadable state, not a wrong value', () => {
    const state = { mutations: [], queries: [{ queryKey: ['n', 'a'], queryHash: '["n","a"]', state: { data: { text: '\u0001z' } } }], strings: [] } as unknown as FirstScreenState
    expect(() => unpackFirstScreenState(state)).toThrow(/points nowhere/)
  })
})
