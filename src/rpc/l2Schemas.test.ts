import { describe, expect, it } from 'vitest'
import { MalformedResponseError } from './errors.ts'
import { getRawBlockTransactions, pendingTransactions } from './l2Methods.ts'
import type { RpcTransport } from './transport.ts'
import { readFixture } from '../../server/testing/fixtures.ts'

// The recorded real answers (server/samples/recordings), read as the sample networks serve them.
const rawBlock = JSON.parse(readFixture('l2a-mainnet-raw-block-transactions-L1.json')) as { result: unknown[] }
/** As published the file has a literal `...` line (an elision); drop it and the comma before it. */
const pendingText = readFixture('l2b-mainnet-pending-transactions.json')
const pending = JSON.parse(pendingText.replace(/,\s*\n\s*\.\.\.\s*\n/, '\n')) as { result: unknown[] }

function answering(result: unknown, seen: Array<{ method: string; params: readonly unknown[] }> = []): RpcTransport {
  return {
    request: async (method, params = []) => {
      seen.push({ method, params })
      return structuredClone(result)
    },
  }
}

describe('l2a_getRawBlockTransactions', () => {
  it('reads the recording, with the block number as a JSON integer', async () => {
    const seen: Array<{ method: string; params: readonly unknown[] }> = []
    const transactions = await getRawBlockTransactions(answering(rawBlock.result, seen), 5817)
    expect(seen).toEqual([{ method: 'l2a_getRawBlockTransactions', params: [5817] }])
    expect(transactions).toHaveLength(1)
    const [transaction] = transactions
    expect(transaction!.common_data.L1!.serialId).toBe(67)
    expect(transaction!.common_data.L1!.ethBlock).toBe(16751339)
    expect(transaction!.execute.factoryDeps).toEqual([])
    expect(transaction!.received_timestamp_ms).toBe(1677887544169)
  })

  it('names the first bad field', async () => {
    const broken = structuredClone(rawBlock.result) as Array<{ common_data: { L1: Record<string, unknown> } }>
    broken[0]!.common_data.L1.sender = '0x1234'
    await expect(getRawBlockTransactions(answering(broken), 5817)).rejects.toMatchObject({ field: 'result[0].common_data.L1.sender' })
    const missing = structuredClone(rawBlock.result) as Array<Record<string, unknown>>
    delete missing[0]!.received_timestamp_ms
    const error = await getRawBlockTransactions(answering(missing), 5817).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(MalformedResponseError)
    expect(error).toMatchObject({ field: 'result[0].received_timestamp_ms', detail: 'missing' })
  })

  it('keeps a non-L1 variant of common_data as it came', async () => {
    const l2 = structuredClone(rawBlock.result) as Array<{ common_data: unknown }>
    l2[0]!.common_data = { L2: { nonce: 1 } }
    const [transaction] = await getRawBlockTransactions(answering(l2), 1)
    expect(transaction!.common_data.L1).toBeUndefined()
    expect(transaction!.common_data).toEqual({ L2: { nonce: 1 } })
  })

  it('refuses a block number that is not an integer before sending', async () => {
    await expect(getRawBlockTransactions(answering([]), 1.5)).rejects.toThrow(RangeError)
  })
})

describe('l2b_pendingTransactions', () => {
  it('reads the recording (its elision dropped), every key of each transaction', async () => {
    const seen: Array<{ method: string; params: readonly unknown[] }> = []
    const transactions = await pendingTransactions(answering(pending.result, seen))
    expect(seen).toEqual([{ method: 'l2b_pendingTransactions', params: [] }])
    expect(transactions).toHaveLength(2)
    expect(transactions[0]).toEqual(pending.result[0])
    expect(transactions[1]!.calldata).toHaveLength(9)
  })

  it('tolerates a kind without some keys, but not a bad value', async () => {
    await expect(pendingTransactions(answering([{ type: 'DECLARE', transaction_hash: '0x1' }]))).resolves.toHaveLength(1)
    await expect(pendingTransactions(answering([{ type: 'INVOKE', transaction_hash: '0x1', calldata: ['0x1', 'x'] }]))).rejects.toMatchObject({ field: 'result[0].calldata[1]' })
    await expect(pendingTransactions(answering(null))).rejects.toBeInstanceOf(MalformedResponseError)
  })
})
