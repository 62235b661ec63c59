import { getAddress, hexToBigInt, type Hex } from 'viem'
import { extractPacked } from '../../evm/storage/decode.ts'
import { typeOf, type StorageLayout } from '../../evm/storage/layout.ts'

/**
 * What the slot holds, read as the type the layout declares there: a value (number, address, bool,
 * bytesN, enum), a string or bytes (read by the page, short or long), or a container — a mapping, array or
 * struct — whose slot is only where its parts start, with what to add to the path to reach them.
 */
export type TypedValue =
  | { kind: 'value'; type: string; text: string; hint: string | null }
  | { kind: 'bytes'; type: 'string' | 'bytes' }
  | { kind: 'mapping'; type: string; keyType: string; valueType: string }
  | { kind: 'array'; type: string; dynamic: boolean; length: bigint | null; elementType: string }
  | { kind: 'struct'; type: string; members: Array<{ label: string; type: string; slot: string; offset: number }> }

function signed(value: bigint, bits: number): bigint {
  return value >= 1n << BigInt(bits - 1) ? value - (1n << BigInt(bits)) : value
}

export function typedValue(layout: StorageLayout, typeId: string, word: Hex, offset: number, size: number): TypedValue {
  const type = typeOf(layout, typeId)
  const label = type.label
  if (type.encoding === 'bytes') return { kind: 'bytes', type: label === 'bytes' ? 'bytes' : 'string' }
  if (type.encoding === 'mapping') {
    return { kind: 'mapping', type: label, keyType: typeOf(layout, type.key!).label, valueType: typeOf(layout, type.value!).label }
  }
  if (type.encoding === 'dynamic_array') {
    return { kind: 'array', type: label, dynamic: true, length: hexToBigInt(word), elementType: typeOf(layout, type.base!).label }
  }
  if (type.base) {
    const length = /\[(\d+)\]$/.exec(label)
    return { kind: 'array', type: label, dynamic: false, length: length ? BigInt(length[1]!) : null, elementType: typeOf(layout, type.base).label }
  }
  if (type.members) {
    return { kind: 'struct', type: label, members: type.members.map((member) => ({ label: member.label, type: typeOf(layout, member.type).label, slot: member.slot, offset: member.offset })) }
  }
  const value = extractPacked(word, offset, size)
  const number = hexToBigInt(value)
  if (label === 'bool') return { kind: 'value', type: label, text: number === 0n ? 'false' : number === 1n ? 'true' : `not a bool (${number})`, hint: null }
  if (label === 'address' || label === 'address payable' || label.startsWith('contract ')) {
    return { kind: 'value', type: label, text: getAddress(`0x${value.slice(2).padStart(40, '0').slice(-40)}`), hint: null }
  }
  const integer = /^(u?)int(\d*)$/.exec(label)
  if (integer) {
    const bits = Number(integer[2] || 256)
    return { kind: 'value', type: label, text: (integer[1] === 'u' ? number : signed(number, bits)).toString(10), hint: null }
  }
  if (label.startsWith('enum ')) return { kind: 'value', type: label, text: number.toString(10), hint: 'the index of the enum member' }
  if (/^bytes\d+$/.test(label)) {
    // bytesN are left-aligned in their bytes: the packed bytes are the value as written.
    return { kind: 'value', type: label, text: value, hint: null }
  }
  return { kind: 'value', type: label, text: value, hint: 'shown as hex: this type has no reading here' }
}
