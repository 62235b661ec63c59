import { concatHex, keccak256, padHex, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { parseStorageLayout } from '../../evm/storage/layout.ts'
import { compactLayout, layoutContractName, parseSlot, readStorageState, readTarget, resolveStorage, writeStorageState, type StorageState } from './storageParams.ts'

const holder = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const spender = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'

const state = (fields: Partial<StorageState>): StorageState => ({ ...readStorageState(new URLSearchParams()), ...fields })

/** A solc storageLayout in the shape the Solidity docs show ("Layout of State Variables in Storage", JSON output). */
const layoutJson = {
  storage: [
    { astId: 3, contract: 'GlassToken.sol:GlassToken', label: 'balanceOf', offset: 0, slot: '0', type: 't_mapping(t_address,t_uint256)' },
    { astId: 9, contract: 'GlassToken.sol:GlassToken', label: 'allowance', offset: 0, slot: '1', type: 't_mapping(t_address,t_mapping(t_address,t_uint256))' },
    { astId: 11, contract: 'GlassToken.sol:GlassToken', label: 'name', offset: 0, slot: '3', type: 't_string_storage' },
    { astId: 13, contract: 'GlassToken.sol:GlassToken', label: 'owner', offset: 0, slot: '5', type: 't_address' },
    { astId: 15, contract: 'GlassToken.sol:GlassToken', label: 'decimals', offset: 20, slot: '5', type: 't_uint8' },
  ],
  types: {
    t_address: { encoding: 'inplace', label: 'address', numberOfBytes: '20' },
    't_mapping(t_address,t_mapping(t_address,t_uint256))': { encoding: 'mapping', key: 't_address', label: 'mapping(address => mapping(address => uint256))', numberOfBytes: '32', value: 't_mapping(t_address,t_uint256)' },
    't_mapping(t_address,t_uint256)': { encoding: 'mapping', key: 't_address', label: 'mapping(address => uint256)', numberOfBytes: '32', value: 't_uint256' },
    t_string_storage: { encoding: 'bytes', label: 'string', numberOfBytes: '32' },
    t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' },
    t_uint8: { encoding: 'inplace', label: 'uint8', numberOfBytes: '1' },
  },
}

// The spec's rule 1, written out: keccak256(pad32(key) ‖ pad32(slot)).
const mapped = (key: `0x${string}`, slot: `0x${string}`) => BigInt(keccak256(concatHex([padHex(key, { size: 32 }), padHex(slot, { size: 32 })])))

describe('the URL state', () => {
  it('round-trips and keeps params that are not its own', () => {
    const original = state({ address: holder, slot: '0', keys: `address:${holder}`, block: '12', offset: '20', size: '1' })
    const search = writeStorageState(original, new URLSearchParams('network=mainnet-sample&slot=9'))
    expect(search.toString()).toBe(`network=mainnet-sample&address=${holder}&slot=0&keys=address%3A${holder}&offset=20&size=1&block=12`)
    expect(readStorageState(search)).toEqual(original)
  })

  it('writes only the params of the mode and base in use', () => {
    expect(writeStorageState(state({ slot: '3', erc1967: 'admin', path: 'x' }), new URLSearchParams()).toString()).toBe('erc1967=admin')
    expect(writeStorageState(state({ mode: 'layout', slot: '3', layout: '{}', path: 'name' }), new URLSearchParams()).toString()).toBe('mode=layout&layout=%7B%7D&path=name')
  })
})

describe('resolveStorage, slot mode', () => {
  it('is empty until a slot is given', () => {
    expect(resolveStorage(state({}))).toEqual({ ok: false, field: null, message: null })
    expect(resolveStorage(state({ keys: `address:${holder}` }))).toEqual({ ok: false, field: null, message: null })
  })

  it('says a key is wrong as soon as it is typed, before the slot is', () => {
    expect(resolveStorage(state({ keys: 'address:zzz' }))).toEqual({ ok: false, field: 'keys', message: '"zzz" is not a 20-byte address' })
    expect(resolveStorage(state({ keys: 'uint8:300' }))).toEqual({ ok: false, field: 'keys', message: '300 does not fit uint8' })
    expect(resolveStorage(state({ keys: 'nonsense' }))).toMatchObject({ ok: false, field: 'keys', message: expect.stringContaining('type:value') })
  })

  it('walks a key path outermost first', () => {
    const result = resolveStorage(state({ slot: '1', keys: `address:${holder},address:${spender}` }))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const inner = mapped(holder, '0x1')
    expect(result.resolved.steps.map((step) => step.slot)).toEqual([1n, inner, mapped(spender, toHex(inner))])
    expect(result.resolved.slot).toBe(mapped(spender, toHex(inner)))
  })

  it('knows the ERC-1967 and ERC-7201 slots (values from the EIPs)', () => {
    const implementation = resolveStorage(state({ erc1967: 'implementation' }))
    expect(implementation.ok && toHex(implementation.resolved.slot)).toBe('0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc')
    const namespace = resolveStorage(state({ erc7201: 'example.main', plus: '1' }))
    expect(namespace.ok && toHex(namespace.resolved.steps[1]!.slot)).toBe('0x183a6125c38840424c4a85fa12bab2ab606c4b6d0e7cc73c0c06ba5300eab500')
    expect(namespace.ok && toHex(namespace.resolved.slot)).toBe('0x183a6125c38840424c4a85fa12bab2ab606c4b6d0e7cc73c0c06ba5300eab501')
  })

  it('names the field that is wrong', () => {
    expect(resolveStorage(state({ slot: 'x' }))).toMatchObject({ ok: false, field: 'slot' })
    expect(resolveStorage(state({ slot: '0', keys: 'address:0x12' }))).toMatchObject({ ok: false, field: 'keys' })
    expect(resolveStorage(state({ slot: '0', offset: '20', size: '13' }))).toMatchObject({ ok: false, field: 'offset' })
    expect(resolveStorage(state({ slot: '0', offset: '20' }))).toMatchObject({ ok: true, resolved: { offset: 20, size: 12 } })
  })
})

describe('resolveStorage, layout mode', () => {
  const layout = JSON.stringify(layoutJson)

  it('walks nested mappings by name', () => {
    const result = resolveStorage(state({ mode: 'layout', layout, path: `allowance[${holder}][${spender}]` }))
    const inner = mapped(holder, '0x1')
    expect(result.ok && result.resolved.slot).toBe(mapped(spender, toHex(inner)))
  })

  it('gives packed values their offset and size, and strings the whole slot', () => {
    expect(resolveStorage(state({ mode: 'layout', layout, path: 'decimals' }))).toMatchObject({ ok: true, resolved: { slot: 5n, offset: 20, size: 1 } })
    expect(resolveStorage(state({ mode: 'layout', layout, path: 'name' }))).toMatchObject({ ok: true, resolved: { slot: 3n, offset: 0, size: 32 } })
  })

  it('says what is wrong with the layout or the path', () => {
    expect(resolveStorage(state({ mode: 'layout', layout: 'nope', path: 'x' }))).toMatchObject({ ok: false, field: 'layout' })
    expect(resolveStorage(state({ mode: 'layout', layout, path: 'supply' }))).toMatchObject({ ok: false, field: 'path', message: expect.stringMatching(/no state variable "supply"/) })
    expect(resolveStorage(state({ mode: 'layout', layout, path: 'balanceOf[0x12]' }))).toMatchObject({ ok: false, field: 'path' })
  })

  it('compacts a layout without changing where anything is', () => {
    const compact = compactLayout(parseStorageLayout(layout))
    expect(compact.length).toBeLessThan(layout.length)
    expect(compact).not.toContain('astId')
    expect(layoutContractName(parseStorageLayout(compact))).toBe('GlassToken')
    const path = `balanceOf[${holder}]`
    const full = resolveStorage(state({ mode: 'layout', layout, path }))
    const small = resolveStorage(state({ mode: 'layout', layout: compact, path }))
    expect(small.ok && small.resolved.slot).toBe(full.ok && full.resolved.slot)
  })
})

describe('helpers', () => {
  it('parses slots up to 2^256 - 1', () => {
    expect(parseSlot('0x' + 'f'.repeat(64))).toBe((1n << 256n) - 1n)
    expect(parseSlot('1' + '0'.repeat(78))).toBeNull()
    expect(parseSlot('-1')).toBeNull()
  })

  it('reads the target once the address is valid', () => {
    expect(readTarget(state({}))).toBeNull()
    expect(readTarget(state({ address: '0x12' }))).toMatchObject({ problem: 'address' })
    expect(readTarget(state({ address: holder, block: 'soon' }))).toMatchObject({ problem: 'block' })
    expect(readTarget(state({ address: holder, block: '10' }))).toEqual({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', block: '0xa' })
  })
})
