import { encodeErrorResult, pad, parseAbi, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeRevert, describeRevert } from './revert.ts'
import { readFixture, readTestData } from '../server/testing/fixtures.ts'

type ErrorAnswer = { error: { code: number; message: string; data: Hex } }

/** The recorded answers of a fixture, whatever its layout (erigon JSON pairs or execution-apis .io lines). */
function recordedErrors(name: string): ErrorAnswer['error'][] {
  const text = name.endsWith('.io') ? readTestData(name) : readFixture(name)
  if (name.endsWith('.io')) return text.split('\n').filter((line) => line.startsWith('<< ')).map((line) => (JSON.parse(line.slice(3)) as ErrorAnswer).error)
  return (JSON.parse(text) as Array<{ response: ErrorAnswer }>).map((item) => item.response.error)
}

describe('decodeRevert against recorded node answers', () => {
  // The node decoded these itself: its message is `execution reverted: <reason>`, an independent expectation.
  it.each(['execapis-eth_call-revert-abi-error.io', 'erigon-mainnet-eth_call-revert-uniswap.json', 'erigon-mainnet-eth_call-revert-ether-amount.json', 'execapis-eth_estimateGas-revert-abi-error.io'])(
    '%s: Error(string) reads as the node’s own message',
    (name) => {
      for (const error of recordedErrors(name)) {
        const decoded = decodeRevert(error.data)
        expect(decoded.kind).toBe('error')
        expect(`execution reverted: ${describeRevert(decoded)}`).toBe(error.message)
      }
    },
  )

  it('Panic(0x01) reads as geth words it', () => {
    const [error] = recordedErrors('execapis-eth_call-revert-abi-panic.io')
    expect(decodeRevert(error!.data)).toEqual({ kind: 'panic', code: 1n, meaning: 'assert(false)' })
    expect(error!.message).toBe('execution reverted: assert(false)')
    expect(describeRevert(decodeRevert(error!.data))).toBe('panic 0x01: assert(false)')
  })

  it('a raw payload stays raw (the node, too, gave no reason)', () => {
    const [error] = recordedErrors('execapis-eth_estimateGas-revert-raw.io')
    expect(error!.message).toBe('execution reverted')
    // 0x77726f6e… is ASCII "wrong-calldatasize": not ABI-encoded.
    expect(decodeRevert(error!.data)).toEqual({ kind: 'raw', selector: '0x77726f6e', data: error!.data })
    expect(describeRevert(decodeRevert(error!.data))).toBe('unknown error 0x77726f6e (18 bytes)')
  })
})

describe('decodeRevert, payloads built by hand', () => {
  // Panic(uint256) selector 0x4e487b71 and the codes, from the Solidity docs.
  const panic = (code: bigint) => `0x4e487b71${pad(`0x${code.toString(16)}`, { size: 32 }).slice(2)}` as Hex

  it.each([
    [0x11n, 'arithmetic underflow or overflow'],
    [0x12n, 'division or modulo by zero'],
    [0x21n, 'enum overflow'],
    [0x22n, 'invalid encoded storage byte array accessed'],
    [0x31n, 'out-of-bounds array access; popping on an empty array'],
    [0x32n, 'out-of-bounds access of an array or bytesN'],
    [0x41n, 'out of memory'],
    [0x51n, 'uninitialized function'],
    [0x99n, 'unknown panic code: 0x99'],
  ])('panic %d means %s', (code, meaning) => {
    expect(decodeRevert(panic(code))).toEqual({ kind: 'panic', code, meaning })
  })

  it('decodes a custom error when its ABI is given, and only then', () => {
    const abi = parseAbi(['error InsufficientBalance(uint256 available, uint256 required)', 'error Unauthorized(address caller)'])
    const data = encodeErrorResult({ abi, errorName: 'InsufficientBalance', args: [100n, 250n] })
    expect(decodeRevert(data, abi)).toEqual({ kind: 'custom', name: 'InsufficientBalance', signature: 'InsufficientBalance(uint256,uint256)', args: [100n, 250n] })
    expect(describeRevert(decodeRevert(data, abi))).toBe('InsufficientBalance(100, 250)')
    expect(decodeRevert(data)).toMatchObject({ kind: 'raw', selector: data.slice(0, 10) })
  })

  it('says when there is nothing to decode', () => {
    expect(decodeRevert('0x')).toEqual({ kind: 'empty' })
    expect(describeRevert({ kind: 'empty' })).toBe('reverted without a reason')
    expect(decodeRevert('0x1234')).toEqual({ kind: 'raw', selector: null, data: '0x1234' })
    expect(describeRevert(decodeRevert('0x1234'))).toBe('2 bytes that are not an ABI-encoded error')
    // The Error(string) selector with a broken body.
    expect(decodeRevert('0x08c379a0ff')).toMatchObject({ kind: 'raw', selector: '0x08c379a0' })
  })
})
