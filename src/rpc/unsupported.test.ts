import { describe, expect, it } from 'vitest'
import { RpcError } from './errors.ts'
import { isMethodUnsupported, isTagRefused } from './unsupported.ts'

const refusal = (method: string, code: number, message: string, data?: unknown) => new RpcError(method, { code, message, data })

describe('isMethodUnsupported', () => {
  it('takes JSON-RPC 2.0 -32601 and EIP-1474 -32004 as "the node has no such method"', () => {
    // Messages as the nodes word them (Hardhat for -32004, geth for -32601).
    expect(isMethodUnsupported(refusal('eth_getBlockReceipts', -32004, 'Method eth_getBlockReceipts is not supported'))).toBe(true)
    expect(isMethodUnsupported(refusal('ots_getApiLevel', -32601, 'the method ots_getApiLevel does not exist/is not available'))).toBe(true)
  })

  it('takes another code when the message names the method and says it is unsupported', () => {
    expect(isMethodUnsupported(refusal('eth_getBlockReceipts', -32600, 'Unsupported method: eth_getBlockReceipts'))).toBe(true)
    expect(isMethodUnsupported(refusal('eth_getBlockReceipts', -32000, 'eth_getBlockReceipts is not available on this plan'))).toBe(true)
  })

  it('leaves alone failures of a call to a method the node has', () => {
    expect(isMethodUnsupported(refusal('eth_getBlockByNumber', -32000, 'header not found'))).toBe(false)
    expect(isMethodUnsupported(refusal('eth_getLogs', -32005, 'query returned more than 10000 results'))).toBe(false)
    expect(isMethodUnsupported(refusal('eth_call', 3, 'execution reverted'))).toBe(false)
    expect(isMethodUnsupported(new Error('Method eth_getBlockReceipts is not supported'))).toBe(false)
  })

  it('is not fooled by a recorded sample saying the data is not in its recording', () => {
    expect(isMethodUnsupported(refusal('eth_getBlockReceipts', -32601, 'not in this recording', { reason: 'not-in-recording', detail: 'block 9515350 has no recorded receipts' }))).toBe(false)
  })

  it('asked about one method, answers for that method only', () => {
    const error = refusal('eth_getBlockReceipts', -32004, 'Method eth_getBlockReceipts is not supported')
    expect(isMethodUnsupported(error, 'eth_getBlockReceipts')).toBe(true)
    expect(isMethodUnsupported(error, 'eth_getTransactionReceipt')).toBe(false)
  })
})

describe('isTagRefused', () => {
  it('an error naming the tag as not taken', () => {
    // Wordings in the spirit of the spec's "say so per method" (no local engine refuses safe).
    expect(isTagRefused(refusal('eth_estimateGas', -32602, 'block tag "safe" is not supported on this network; use finalized'), 'safe')).toBe(true)
    expect(isTagRefused(refusal('eth_getTransactionByBlockNumberAndIndex', -32602, 'invalid block tag: safe'), 'safe')).toBe(true)
    expect(isTagRefused(refusal('eth_getBlockByNumber', -32000, 'unknown block safe'), 'safe')).toBe(true)
  })

  it('not a missing block, another tag, a word that only contains it, or our own refusal before sending', () => {
    expect(isTagRefused(refusal('eth_getBlockByNumber', -32000, 'header not found'), 'safe')).toBe(false)
    expect(isTagRefused(refusal('eth_getBlockByNumber', -32602, 'invalid block tag: pending'), 'safe')).toBe(false)
    expect(isTagRefused(refusal('eth_call', -32000, 'unsafe operation is not supported'), 'safe')).toBe(false)
    expect(isTagRefused(new Error('block tag safe is not supported'), 'safe')).toBe(false)
  })
})
