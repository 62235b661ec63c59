import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { NonceBook } from './nonceBook.ts'
import type { Rpc } from './rpc.ts'

const alice: Address = '0x00000000000000000000000000000000000000a1'
const bob: Address = '0x00000000000000000000000000000000000000b0'

/** A node that knows one count per sender and tag. */
function fakeRpc(counts: Record<string, number>): Rpc & { reads: string[] } {
  const reads: string[] = []
  return {
    reads,
    call: () => Promise.reject(new Error('not used')),
    batch: async (calls) =>
      calls.map(({ params }) => {
        const key = `${params[0]}:${params[1]}`
        reads.push(key)
        return { ok: true as const, result: `0x${(counts[key] ?? 0).toString(16)}` }
      }),
  }
}

describe('NonceBook', () => {
  it('reads a sender once, then counts locally', async () => {
    const rpc = fakeRpc({ [`${alice}:pending`]: 7 })
    const book = new NonceBook(rpc)
    await book.load([alice, alice])
    expect(book.peek(alice)).toBe(7)
    book.used(alice, 7)
    await book.load([alice])
    expect(book.peek(alice)).toBe(8)
    expect(rpc.reads).toEqual([`${alice}:pending`])
  })

  it('reads a forgotten sender again', async () => {
    const counts = { [`${alice}:pending`]: 3 }
    const book = new NonceBook(fakeRpc(counts))
    await book.load([alice])
    book.used(alice, 3)
    counts[`${alice}:pending`] = 2 // the node lost one: our count is stale
    book.forget(alice)
    await book.load([alice])
    expect(book.peek(alice)).toBe(2)
  })

  it('drops senders that ran too far ahead of the chain', async () => {
    const counts = { [`${alice}:pending`]: 10, [`${bob}:pending`]: 10, [`${alice}:latest`]: 9, [`${bob}:latest`]: 3 }
    const book = new NonceBook(fakeRpc(counts))
    await book.load([alice, bob])
    expect(await book.dropRunaways(4)).toEqual([bob])
    expect(book.peek(alice)).toBe(10)
    expect(book.peek(bob)).toBeUndefined()
  })
})
