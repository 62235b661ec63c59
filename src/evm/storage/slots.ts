import { concatHex, hexToBigInt, keccak256, numberToHex, stringToBytes, toHex, type Hex } from 'viem'
import { encodeMappingKey, type MappingKey } from './keys.ts'

/** A storage position: the 32-byte slot and, for packed values, the byte offset from the low-order end. */
export type Position = { slot: bigint; offset: number }

/** One step of a slot computation, with what was hashed, for the page to show the formula. */
export type SlotStep = { label: string; formula: string; preimage: Hex | null; slot: bigint }

export const slotHex = (slot: bigint): Hex => numberToHex(slot, { size: 32 })

const SLOTS = 1n << 256n

/** Adds within the 2^256 slot space (array data near the top wraps, as the EVM's addition does). */
export function addSlots(a: bigint, b: bigint): bigint {
  return (a + b) % SLOTS
}

/** keccak256(key ‖ pad32(slot)): where a mapping's value for `key` lives. */
export function mappingValueSlot(slot: bigint, key: MappingKey): SlotStep {
  const preimage = concatHex([encodeMappingKey(key), slotHex(slot)])
  const isRaw = key.type === 'string' || key.type === 'bytes'
  return {
    label: `[${key.type} ${key.value}]`,
    formula: isRaw ? 'keccak256(key ‖ pad32(slot))' : 'keccak256(pad32(key) ‖ pad32(slot))',
    preimage,
    slot: hexToBigInt(keccak256(preimage)),
  }
}

/** Walks a key path through nested mappings, outermost key first, from the mapping at `slot`. */
export function mappingPath(slot: bigint, keys: MappingKey[]): SlotStep[] {
  const steps: SlotStep[] = []
  let current = slot
  for (const key of keys) {
    const step = mappingValueSlot(current, key)
    steps.push(step)
    current = step.slot
  }
  return steps
}

/** Where a dynamic array's (or long string's) data starts: keccak256(pad32(p)). Its length is at p. */
export function dynamicDataSlot(slot: bigint): bigint {
  return hexToBigInt(keccak256(slotHex(slot)))
}

/**
 * Element `index` of an array whose data starts at `base`, for elements of `elementBytes` bytes (value
 * types) or of `elementSlots` whole slots (structs, arrays, strings). Elements of 16 bytes or fewer pack
 * into one slot, low-order end first; larger ones take whole slots.
 */
export function arrayElementPosition(base: bigint, index: bigint, element: { bytes: number } | { slots: bigint }): Position {
  if ('slots' in element) return { slot: addSlots(base, index * element.slots), offset: 0 }
  const size = element.bytes
  if (size > 16) return { slot: addSlots(base, index * BigInt(Math.ceil(size / 32))), offset: 0 }
  const perSlot = BigInt(Math.floor(32 / size))
  return { slot: addSlots(base, index / perSlot), offset: Number(index % perSlot) * size }
}

/** Element `index` of the dynamic array declared at `slot`: data at keccak256(pad32(slot)) + index × size/32. */
export function dynamicArrayElement(slot: bigint, index: bigint, element: { bytes: number } | { slots: bigint }): { steps: SlotStep[]; position: Position } {
  const base = dynamicDataSlot(slot)
  const position = arrayElementPosition(base, index, element)
  return {
    steps: [
      { label: 'data', formula: 'keccak256(pad32(slot))', preimage: slotHex(slot), slot: base },
      { label: `[${index}]`, formula: 'data + index × size / 32 (packed)', preimage: null, slot: position.slot },
    ],
    position,
  }
}

/**
 * The slots a string or bytes value occupies. Short (< 32 bytes): in the slot itself, left-aligned, with
 * length × 2 in the last byte. Long: the slot holds length × 2 + 1; the data runs from keccak256(pad32(slot)).
 */
export function stringSlots(slot: bigint, byteLength: number): { long: boolean; lengthSlot: bigint; dataSlots: bigint[] } {
  if (byteLength < 32) return { long: false, lengthSlot: slot, dataSlots: [slot] }
  const base = dynamicDataSlot(slot)
  const count = Math.ceil(byteLength / 32)
  return { long: true, lengthSlot: slot, dataSlots: Array.from({ length: count }, (_, i) => addSlots(base, BigInt(i))) }
}

/**
 * ERC-1967 proxy slots: bytes32(uint256(keccak256('eip1967.proxy.<name>')) - 1), the "- 1" keeping the
 * preimage unknowable.
 */
export function erc1967Slot(name: 'implementation' | 'admin' | 'beacon'): SlotStep {
  const label = `eip1967.proxy.${name}`
  const hash = hexToBigInt(keccak256(toHex(stringToBytes(label))))
  return { label, formula: "keccak256('" + label + "') - 1", preimage: toHex(stringToBytes(label)), slot: hash - 1n }
}

/**
 * ERC-7201 namespaced storage root: keccak256(abi.encode(uint256(keccak256(id)) - 1)) & ~0xff, so a
 * namespace starts on a 256-slot boundary.
 */
export function erc7201Slot(namespaceId: string): SlotStep[] {
  const inner = hexToBigInt(keccak256(toHex(stringToBytes(namespaceId)))) - 1n
  const outer = hexToBigInt(keccak256(slotHex(inner)))
  return [
    { label: 'keccak256(id) - 1', formula: `uint256(keccak256("${namespaceId}")) - 1`, preimage: toHex(stringToBytes(namespaceId)), slot: inner },
    { label: 'namespace root', formula: 'keccak256(abi.encode(previous)) & ~0xff', preimage: slotHex(inner), slot: outer & ~0xffn },
  ]
}
