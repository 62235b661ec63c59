import { type Hash } from 'viem'
import { describe, expect, it } from 'vitest'
import type { AppNetwork } from '../../networks/capabilities.ts'
import type { Receipt, Transaction } from '../../rpc/schemas.ts'
import { confirmations } from './fees.ts'
import { blockTimestamp, isPending, placement, type TransactionData } from './model.ts'
import { formatTokenAmount } from './tokenAmount.ts'
import { parseAddress, parseTransactionHash } from '../../urls.ts'
import { pendingRefetch, pendingPollMs } from './useTransactionData.ts'

describe('confirmations', () => {
  it('counts the block itself', () => {
    expect(confirmations(10n, 10n)).toBe(1n)
    expect(confirmations(10n, 14n)).toBe(5n)
    expect(confirmations(10n, undefined)).toBeNull()
    expect(confirmations(10n, 9n)).toBeNull()
  })
})

describe('formatTokenAmount', () => {
  it('is exact with the decimals, grouped', () => {
    expect(formatTokenAmount(12_500_000_000_000_000_000n, 18)).toBe('12.5')
    expect(formatTokenAmount(1_234_567_000_000_000_000_000_001n, 18)).toBe('1,234,567.000000000000000001')
    expect(formatTokenAmount(1n, 6)).toBe('0.000001')
    expect(formatTokenAmount(0n, 18)).toBe('0')
  })

  it('is the base-unit integer without decimals', () => {
    expect(formatTokenAmount(1_000_000n, null)).toBe('1,000,000')
    expect(formatTokenAmount(7n, 0)).toBe('7')
  })
})

describe('route parameters', () => {
  it('reads a transaction hash, lowercased', () => {
    const hash = `0x${'AB'.repeat(32)}`
    expect(parseTransactionHash(hash)).toBe(hash.toLowerCase())
    expect(parseTransactionHash(hash.slice(2))).toBeNull()
    expect(parseTransactionHash(`${hash}0`)).toBeNull()
    expect(parseTransactionHash(undefined)).toBeNull()
  })

  it('reads an address, lowercased', () => {
    expect(parseAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')
    expect(parseAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226')).toBeNull()
    expect(parseAddress('hello')).toBeNull()
  })
})

const hash = `0x${'11'.repeat(32)}` as Hash
const blockHash = `0x${'22'.repeat(32)}` as Hash
const transaction = {
  blockHash: null,
  blockNumber: null,
  transactionIndex: null,
  hash,
  from: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  to: null,
  nonce: '0x0',
  value: '0x0',
  gas: '0x5208',
  gasPrice: '0x1',
  input: '0x',
  v: '0x0',
  r: '0x1',
  s: '0x1',
} satisfies Transaction
const receipt = {
  blockHash,
  blockNumber: '0x10',
  transactionHash: hash,
  transactionIndex: '0x3',
  from: transaction.from,
  to: null,
  contractAddress: null,
  cumulativeGasUsed: '0x5208',
  gasUsed: '0x5208',
  logs: [],
  logsBloom: `0x${'0'.repeat(512)}`,
  status: '0x1',
  blockTimestamp: '0x6553f100',
} as Receipt

function data(parts: Partial<TransactionData>): TransactionData {
  return { network: {} as AppNetwork, hash, transaction: undefined, transactionError: null, receipt: undefined, receiptError: null, block: undefined, head: undefined, ...parts }
}

describe('the transaction page model', () => {
  it('is pending while the transaction has no block and no receipt', () => {
    expect(isPending(data({ transaction, receipt: null }))).toBe(true)
    expect(isPending(data({ transaction, receipt }))).toBe(false)
    expect(isPending(data({ transaction: null, receipt: null }))).toBe(false)
  })

  it('places the transaction from its receipt when the transaction itself is unavailable or stale', () => {
    expect(placement(data({ transaction: null, receipt }))).toEqual({ blockHash, blockNumber: '0x10', transactionIndex: '0x3' })
    expect(placement(data({ transaction, receipt }))).toEqual({ blockHash, blockNumber: '0x10', transactionIndex: '0x3' })
    expect(placement(data({ transaction, receipt: null }))).toBeNull()
  })

  it('takes the time from the block, else from a blockTimestamp the node added', () => {
    expect(blockTimestamp(data({ receipt, block: { timestamp: '0x5' } as unknown as TransactionData['block'] }))).toBe('0x5')
    expect(blockTimestamp(data({ receipt }))).toBe('0x6553f100')
    expect(blockTimestamp(data({ transaction }))).toBeNull()
  })

  it('polls a pending transaction and nothing else', () => {
    expect(pendingRefetch({ state: { data: transaction } })).toBe(pendingPollMs)
    expect(pendingRefetch({ state: { data: { ...transaction, blockHash, blockNumber: '0x10', transactionIndex: '0x0' } } })).toBe(false)
    expect(pendingRefetch({ state: { data: null } })).toBe(false)
    expect(pendingRefetch({ state: { data: undefined } })).toBe(false)
  })
})
