import { parseAbi, toFunctionSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import { abiSourceOf, readableAbi, writableAbi } from './knownAbi.ts'

describe('the functions a contract can be read with', () => {
  it('a published ABI: its view and pure functions, not the ones that write', () => {
    const abi = parseAbi(['function name() view returns (string)', 'function double(uint256) pure returns (uint256)', 'function transfer(address,uint256) returns (bool)', 'event Transfer(address indexed, address indexed, uint256)'])
    expect(readableAbi(abi, [])?.functions.map((fn) => fn.name)).toEqual(['name', 'double'])
    expect(readableAbi(abi, [])?.source).toBe('published')
  })

  it('no ABI: the standard token reads whose selectors the code dispatches on, each selector once', () => {
    // ERC-20's published selectors (EIP-20): balanceOf 0x70a08231, totalSupply 0x18160ddd, decimals 0x313ce567; transfer 0xa9059cbb writes.
    const readable = readableAbi(null, ['0x70a08231', '0x18160ddd', '0x313ce567', '0xa9059cbb'])
    expect(readable?.source).toBe('standard')
    expect(readable?.functions.map((fn) => toFunctionSelector(fn)).sort()).toEqual(['0x18160ddd', '0x313ce567', '0x70a08231'])
    expect(readableAbi(null, ['0xa9059cbb'])).toBeNull()
    expect(readableAbi(null, [])).toBeNull()
  })

  it('the functions that write: a published ABI’s nonpayable and payable ones, or the standard writers the code dispatches on', () => {
    const abi = parseAbi(['function name() view returns (string)', 'function transfer(address,uint256) returns (bool)', 'function deposit() payable'])
    expect(writableAbi(abi, [])?.functions.map((fn) => fn.name)).toEqual(['transfer', 'deposit'])
    // transfer 0xa9059cbb and approve 0x095ea7b3 write; balanceOf 0x70a08231 reads.
    expect(writableAbi(null, ['0xa9059cbb', '0x095ea7b3', '0x70a08231'])?.functions.map((fn) => toFunctionSelector(fn)).sort()).toEqual(['0x095ea7b3', '0xa9059cbb'])
  })

  it('a proxy is known by its implementation: the ABI published for it, else its code once read', () => {
    const abi = parseAbi(['function name() view returns (string)'])
    const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const proxy = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
    const publishedAt = (address: string) => (address === token ? abi : null)
    expect(abiSourceOf({ address: token, selectors: ['0x06fdde03'], implementation: null }, publishedAt, undefined)).toEqual({ published: abi, selectors: ['0x06fdde03'] })
    expect(abiSourceOf({ address: proxy, selectors: [], implementation: token }, publishedAt, undefined)).toEqual({ published: abi, selectors: [] })
    const other = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
    expect(abiSourceOf({ address: proxy, selectors: [], implementation: other }, publishedAt, undefined)).toBeNull()
    expect(abiSourceOf({ address: proxy, selectors: [], implementation: other }, publishedAt, ['0x70a08231'])).toEqual({ published: null, selectors: ['0x70a08231'] })
  })
})
