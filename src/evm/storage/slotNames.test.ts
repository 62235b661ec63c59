import { describe, expect, it } from 'vitest'
import { encodeAbiParameters, getAddress, hexToBigInt, keccak256, numberToHex, type Hex } from 'viem'
import type { StorageLayout } from './layout.ts'
import { nameSlots } from './slotNames.ts'

/** GlassToken's storageLayout as solc 0.8.30 gave it (server/chain/contracts/GlassToken.sol; astId and contract left out). */
const glassToken: StorageLayout = {"storage": [{"label": "balanceOf", "offset": 0, "slot": "0", "type": "t_mapping(t_address,t_uint256)"}, {"label": "allowance", "offset": 0, "slot": "1", "type": "t_mapping(t_address,t_mapping(t_address,t_uint256))"}, {"label": "totalSupply", "offset": 0, "slot": "2", "type": "t_uint256"}, {"label": "name", "offset": 0, "slot": "3", "type": "t_string_storage"}, {"label": "symbol", "offset": 0, "slot": "4", "type": "t_string_storage"}, {"label": "owner", "offset": 0, "slot": "5", "type": "t_address"}, {"label": "decimals", "offset": 20, "slot": "5", "type": "t_uint8"}], "types": {"t_address": {"encoding": "inplace", "label": "address", "numberOfBytes": "20"}, "t_mapping(t_address,t_mapping(t_address,t_uint256))": {"encoding": "mapping", "key": "t_address", "label": "mapping(address => mapping(address => uint256))", "numberOfBytes": "32", "value": "t_mapping(t_address,t_uint256)"}, "t_mapping(t_address,t_uint256)": {"encoding": "mapping", "key": "t_address", "label": "mapping(address => uint256)", "numberOfBytes": "32", "value": "t_uint256"}, "t_string_storage": {"encoding": "bytes", "label": "string", "numberOfBytes": "32"}, "t_uint256": {"encoding": "inplace", "label": "uint256", "numberOfBytes": "32"}, "t_uint8": {"encoding": "inplace", "label": "uint8", "numberOfBytes": "1"}}}

const holder: Hex = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const spender: Hex = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const word = (slot: bigint): Hex => numberToHex(slot, { size: 32 })
/** Solidity's rule for a mapping value: keccak256(abi.encode(key, slot)), computed here with viem. */
const entry = (key: Hex, slot: bigint) => hexToBigInt(keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [key, slot])))

describe('nameSlots', () => {
  it('names declared slots, packed variables together, mapping entries one and two deep for the keys given', () => {
    const balance = entry(holder, 0n)
    const allowance = entry(spender, entry(holder, 1n))
    const unknown = 123456789n
    const names = nameSlots(glassToken, [word(2n), word(5n), word(balance), word(allowance), word(unknown)], { addresses: [holder, spender], numbers: [] })
    expect(names.get(2n)).toBe('totalSupply')
    expect(names.get(5n)).toBe('owner, decimals')
    expect(names.get(balance)).toBe(`balanceOf[${getAddress(holder)}]`)
    expect(names.get(allowance)).toBe(`allowance[${getAddress(holder)}][${getAddress(spender)}]`)
    expect(names.has(unknown)).toBe(false)
  })

  it('names nothing in a mapping without candidate keys', () => {
    expect(nameSlots(glassToken, [word(entry(holder, 0n))], { addresses: [], numbers: [] }).size).toBe(0)
  })
})
