import { describe, expect, it } from 'vitest'
import type { Receipt } from '../../rpc/schemas.ts'
import { extraBlockFields, fieldLabel, fieldShape, receiptsByHash } from './fields.ts'
import { receiptsMatchBlock } from '../../queries/blockPage.ts'
import { readFixture } from '../../../server/testing/fixtures.ts'

const readJson = (name: string) => JSON.parse(readFixture(name)) as unknown

describe('block fields', () => {
  it('the recorded uncle has only fields the spec lists', () => {
    const uncle = readJson('ethereumjs-mainnet-uncle-0x913154-of-block-0x913156.json') as object
    expect(extraBlockFields(uncle)).toEqual([])
  })

  it('fields beyond the table are kept, in the order the node sent them', () => {
    const block = { number: '0x1', hash: `0x${'a'.repeat(64)}`, withdrawalsRoot: `0x${'b'.repeat(64)}`, blobGasUsed: '0x0', withdrawals: [] }
    expect(extraBlockFields(block).map(([name]) => name)).toEqual(['withdrawalsRoot', 'blobGasUsed', 'withdrawals'])
  })

  it('an unlisted value is shown by its shape', () => {
    expect(fieldShape(`0x${'B'.repeat(64)}`)).toEqual({ kind: 'hash', value: `0x${'b'.repeat(64)}` })
    expect(fieldShape(`0x${'c'.repeat(40)}`).kind).toBe('address')
    expect(fieldShape('0x20000')).toEqual({ kind: 'quantity', value: 131072n, raw: '0x20000' })
    expect(fieldShape(`0x${'ab'.repeat(48)}`).kind).toBe('data')
    expect(fieldShape([{ index: '0x0' }])).toMatchObject({ kind: 'list', count: 1 })
    expect(fieldShape(null)).toEqual({ kind: 'null' })
    expect(fieldShape(true)).toEqual({ kind: 'other', json: 'true' })
  })

  it('labels from camel case', () => {
    expect(fieldLabel('withdrawalsRoot')).toBe('Withdrawals root')
    expect(fieldLabel('parentBeaconBlockRoot')).toBe('Parent beacon block root')
  })
})

describe('receipts against their block', () => {
  const recorded = readJson('erigon-mainnet-eth_getBlockReceipts-0x41B582-prebyzantium.json') as Array<{ response: { result: Receipt[] } }>
  const receipts = recorded[0]!.response.result
  const blockHash = receipts[0]!.blockHash

  it('match when they are as many as the transactions and name the block', () => {
    const block = { hash: blockHash, transactions: receipts.map((receipt) => receipt.transactionHash) }
    expect(receiptsMatchBlock(receipts, block)).toBe(true)
    expect(receiptsMatchBlock(receipts, { ...block, hash: `0x${'0'.repeat(64)}` })).toBe(false)
    expect(receiptsMatchBlock(receipts.slice(1), block)).toBe(false)
    expect(receiptsMatchBlock([], { hash: blockHash, transactions: [] })).toBe(true)
  })

  it('are found by transaction hash, whatever its case', () => {
    const map = receiptsByHash(receipts)!
    const first = receipts[0]!
    expect(map.get(first.transactionHash.toLowerCase())).toBe(first)
    expect(receiptsByHash(undefined)).toBeUndefined()
  })
})
