import { getAddress, keccak256, stringToHex, toHex, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { detectProxy, proxySlots, type ProxySlotWords } from './proxy.ts'

const zero = `0x${'0'.repeat(64)}` as Hex
const empty: ProxySlotWords = { implementation: zero, beacon: zero, admin: zero, proxiable: zero }
const implementation = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const other = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const word = (address: string) => toHex(BigInt(address), { size: 32 })

describe('the proxy slots', () => {
  it('are the EIPs’ derivations: keccak256(name) - 1 for EIP-1967, keccak256("PROXIABLE") for EIP-1822', () => {
    const minusOne = (name: string) => toHex(BigInt(keccak256(stringToHex(name))) - 1n, { size: 32 })
    expect(proxySlots.implementation).toBe(minusOne('eip1967.proxy.implementation'))
    expect(proxySlots.beacon).toBe(minusOne('eip1967.proxy.beacon'))
    expect(proxySlots.admin).toBe(minusOne('eip1967.proxy.admin'))
    expect(proxySlots.proxiable).toBe(keccak256(stringToHex('PROXIABLE')))
  })
})

describe('detectProxy', () => {
  it('reads the implementation out of EIP-1167’s published minimal proxy code', () => {
    // EIP-1167's example, with 0xbebe…be as the implementation.
    const code = '0x363d3d373d3d3d363d73bebebebebebebebebebebebebebebebebebebebe5af43d82803e903d91602b57fd5bf3'
    expect(detectProxy(code, empty)).toEqual({ kind: 'eip1167', implementation: getAddress('0xbebebebebebebebebebebebebebebebebebebebe') })
    // One byte more is some other contract.
    expect(detectProxy(`${code}00`, empty)).toBeNull()
  })

  it('reads EIP-1967’s implementation and admin slots, and its beacon slot', () => {
    expect(detectProxy('0x6080', { ...empty, implementation: word(implementation), admin: word(other) })).toEqual({ kind: 'eip1967', implementation, admin: other })
    expect(detectProxy('0x6080', { ...empty, beacon: word(other) })).toEqual({ kind: 'beacon', beacon: other, admin: null })
  })

  it('reads EIP-1822’s PROXIABLE slot', () => {
    expect(detectProxy('0x6080', { ...empty, proxiable: word(implementation) })).toEqual({ kind: 'eip1822', implementation })
  })

  it('names nothing for empty slots, or a slot holding something that is not an address', () => {
    expect(detectProxy('0x6080', empty)).toBeNull()
    expect(detectProxy('0x6080', { ...empty, implementation: keccak256('0x01') })).toBeNull()
    // Nodes may send a storage word without its leading zeros.
    expect(detectProxy('0x6080', { ...empty, implementation: `0x${implementation.slice(2).toLowerCase()}` })).toEqual({ kind: 'eip1967', implementation, admin: null })
  })
})
