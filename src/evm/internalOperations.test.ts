import { describe, expect, it } from 'vitest'
import { internalOnly, type InternalOperationLike } from './internalOperations.ts'

const sender = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' // EIP-55's own test vectors
const forwarder = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const payee = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'
const created = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'

const op = (type: InternalOperationLike['type'], from: `0x${string}`, to: `0x${string}`, value: `0x${string}`): InternalOperationLike => ({ type, from, to, value })

describe('internalOnly', () => {
  it("drops anvil's leading entry for the transaction's own value transfer", () => {
    const operations = [op(0, sender.toLowerCase() as `0x${string}`, forwarder.toLowerCase() as `0x${string}`, '0x64'), op(0, forwarder, payee, '0x64')]
    expect(internalOnly(operations, { from: sender, to: forwarder, value: '0x64', contractAddress: null })).toEqual([op(0, forwarder, payee, '0x64')])
  })

  it("drops anvil's leading CREATE for a deployment's own creation", () => {
    const operations = [op(2, sender, created, '0x0')]
    expect(internalOnly(operations, { from: sender, to: null, value: '0x0', contractAddress: created })).toEqual([])
  })

  it('keeps everything from a node that lists only internal operations (Erigon)', () => {
    const operations = [op(0, forwarder, payee, '0x64'), op(1, forwarder, payee, '0x0')]
    expect(internalOnly(operations, { from: sender, to: forwarder, value: '0x64', contractAddress: null })).toEqual(operations)
  })

  it('keeps a first entry that differs from the top-level call in value, target or kind', () => {
    const top = { from: sender, to: forwarder, value: '0x64', contractAddress: null } as const
    expect(internalOnly([op(0, sender, forwarder, '0x63')], top)).toHaveLength(1)
    expect(internalOnly([op(0, sender, payee, '0x64')], top)).toHaveLength(1)
    expect(internalOnly([op(2, sender, forwarder, '0x64')], top)).toHaveLength(1)
  })

  it('drops only the first entry, never a later one with the same fields', () => {
    const same = op(0, sender, forwarder, '0x64')
    expect(internalOnly([same, same], { from: sender, to: forwarder, value: '0x64', contractAddress: null })).toEqual([same])
  })

  it('is empty for no operations', () => {
    expect(internalOnly([], { from: sender, to: forwarder, value: '0x0', contractAddress: null })).toEqual([])
  })
})
