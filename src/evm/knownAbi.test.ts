import { parseAbi, toFunctionSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import { readableAbi, writableAbi } from './knownAbi.ts'

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
})
