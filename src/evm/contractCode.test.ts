import { encodeFunctionData, getAddress, keccak256, parseAbi, toHex, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { selectorsInCode } from './bytecode.ts'
import { detectProxy, eip1822ProxiableSlot, eip1967BeaconSlot, eip1967ImplementationSlot } from './proxy.ts'

const implementation = getAddress('0xbebebebebebebebebebebebebebebebebebebebe')
const word = (address: string) => `0x${'0'.repeat(24)}${address.slice(2).toLowerCase()}` as Hex
const empty = `0x${'0'.repeat(64)}` as Hex
const none = { implementation: empty, beacon: empty, proxiable: empty }
const minusOne = (text: string) => toHex(BigInt(keccak256(toHex(text))) - 1n, { size: 32 })

describe('proxy slots, derived as their EIPs define them', () => {
  it('EIP-1967: keccak256 of the name, minus one; EIP-1822: keccak256("PROXIABLE")', () => {
    expect(eip1967ImplementationSlot).toBe(minusOne('eip1967.proxy.implementation'))
    expect(eip1967BeaconSlot).toBe(minusOne('eip1967.proxy.beacon'))
    expect(eip1822ProxiableSlot).toBe(keccak256(toHex('PROXIABLE')))
  })
})

describe('detectProxy', () => {
  it('reads an EIP-1167 clone from its code (the EIP\'s own 45 bytes)', () => {
    const code = `0x363d3d373d3d3d363d73${implementation.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3` as Hex
    expect(detectProxy(code, none)).toEqual({ kind: 'EIP-1167 minimal proxy', implementation, beacon: null })
  })

  it('reads EIP-1967 implementation and beacon slots and the EIP-1822 slot', () => {
    expect(detectProxy('0x6080', { ...none, implementation: word(implementation) })).toEqual({ kind: 'EIP-1967 proxy', implementation, beacon: null })
    expect(detectProxy('0x6080', { ...none, beacon: word(implementation) })).toEqual({ kind: 'EIP-1967 beacon proxy', implementation: null, beacon: implementation })
    expect(detectProxy('0x6080', { ...none, proxiable: word(implementation) })).toEqual({ kind: 'EIP-1822 proxy', implementation, beacon: null })
  })

  it('says nothing for a plain contract, or a slot that holds more than an address', () => {
    expect(detectProxy('0x6080', none)).toBeNull()
    expect(detectProxy('0x6080', { ...none, implementation: `0x${'ff'.repeat(32)}` })).toBeNull()
  })
})

describe('selectorsInCode', () => {
  it('finds the dispatcher comparisons and not PUSH4 data used otherwise', () => {
    const transfer = encodeFunctionData({ abi: parseAbi(['function transfer(address,uint256)']), functionName: 'transfer', args: ['0x0000000000000000000000000000000000000001', 1n] }).slice(2, 10)
    // DUP1 PUSH4 <transfer> EQ ... ; PUSH4 <x> DUP2 EQ ; PUSH4 <split> GT (a binary-search split, not a selector);
    // PUSH32 whose data holds 63 aabbccdd 14 (a PUSH4-EQ pattern inside constant data: must be skipped).
    const code = `0x8063${transfer}146100105763123456788114610010576380000000117f${'00'.repeat(26)}63aabbccdd1400` as Hex
    expect(selectorsInCode(code)).toEqual([`0x${transfer}`, '0x12345678'])
  })
})
