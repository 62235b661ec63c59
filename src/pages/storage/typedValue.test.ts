import { describe, expect, it } from 'vitest'
import type { StorageLayout } from '../../evm/storage/layout.ts'
import { typedValue } from './typedValue.ts'

const layout: StorageLayout = {
  storage: [],
  types: {
    t_uint8: { encoding: 'inplace', label: 'uint8', numberOfBytes: '1' },
    t_int16: { encoding: 'inplace', label: 'int16', numberOfBytes: '2' },
    t_bool: { encoding: 'inplace', label: 'bool', numberOfBytes: '1' },
    t_address: { encoding: 'inplace', label: 'address', numberOfBytes: '20' },
    t_bytes4: { encoding: 'inplace', label: 'bytes4', numberOfBytes: '4' },
    t_string_storage: { encoding: 'bytes', label: 'string', numberOfBytes: '32' },
    't_mapping(t_address,t_uint8)': { encoding: 'mapping', label: 'mapping(address => uint8)', numberOfBytes: '32', key: 't_address', value: 't_uint8' },
    't_array(t_uint8)dyn_storage': { encoding: 'dynamic_array', label: 'uint8[]', numberOfBytes: '32', base: 't_uint8' },
    't_array(t_uint8)3_storage': { encoding: 'inplace', label: 'uint8[3]', numberOfBytes: '32', base: 't_uint8' },
    't_struct(P)1_storage': { encoding: 'inplace', label: 'struct P', numberOfBytes: '32', members: [{ label: 'x', slot: '0', offset: 0, type: 't_uint8' }] },
  },
}

// slot 5 of GlassToken as the Solidity packing rules lay it out: owner (20 bytes) at offset 0, decimals (uint8) at 20.
const word = `0x0000000000000000000000${'12'}f39fd6e51aad88f6f4ce6ab8827279cfffb92266` as const

describe('typedValue', () => {
  it('reads packed value types at their offset', () => {
    expect(typedValue(layout, 't_address', word, 0, 20)).toMatchObject({ kind: 'value', text: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
    expect(typedValue(layout, 't_uint8', word, 20, 1)).toMatchObject({ kind: 'value', text: '18' })
    expect(typedValue(layout, 't_int16', `0x${'0'.repeat(60)}ffff`, 0, 2)).toMatchObject({ text: '-1' })
    expect(typedValue(layout, 't_bool', `0x${'0'.repeat(63)}1`, 0, 1)).toMatchObject({ text: 'true' })
    expect(typedValue(layout, 't_bytes4', `0x${'0'.repeat(56)}12345678`, 0, 4)).toMatchObject({ text: '0x12345678' })
  })

  it('names containers and what they hold', () => {
    expect(typedValue(layout, 't_string_storage', word, 0, 32)).toEqual({ kind: 'bytes', type: 'string' })
    expect(typedValue(layout, 't_mapping(t_address,t_uint8)', word, 0, 32)).toMatchObject({ kind: 'mapping', keyType: 'address', valueType: 'uint8' })
    expect(typedValue(layout, 't_array(t_uint8)dyn_storage', `0x${'0'.repeat(63)}3`, 0, 32)).toMatchObject({ kind: 'array', dynamic: true, length: 3n })
    expect(typedValue(layout, 't_array(t_uint8)3_storage', word, 0, 32)).toMatchObject({ kind: 'array', dynamic: false, length: 3n })
    expect(typedValue(layout, 't_struct(P)1_storage', word, 0, 32)).toMatchObject({ kind: 'struct', members: [{ label: 'x', type: 'uint8' }] })
  })
})
