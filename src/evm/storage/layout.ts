import type { PublishedStorageLayout } from '../../../contract/publishedContracts.ts'
import { addSlots, arrayElementPosition, dynamicDataSlot, mappingValueSlot, slotHex, type SlotStep } from './slots.ts'
import { ChainglassError } from '../../../contract/errors.ts'

/** solc's `storageLayout` output, as pasted by the user or published by a deployment (only the parts the walk needs). */
export type StorageLayout = PublishedStorageLayout

/** Where the walk stands: a slot, a byte offset in it, the type there, and how it got there. */
export type Cursor = { slot: bigint; offset: number; typeId: string; path: string; steps: SlotStep[] }

export class LayoutError extends ChainglassError {
  override name = 'LayoutError'
}

/** Checks pasted JSON is a storage layout (solc's `storageLayout`, or an artifact holding one). */
export function parseStorageLayout(text: string): StorageLayout {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new LayoutError('not JSON: paste the storageLayout object solc produced')
  }
  const candidate = (value as { storageLayout?: unknown })?.storageLayout ?? value
  const layout = candidate as StorageLayout
  if (!layout || !Array.isArray(layout.storage) || (layout.types !== null && typeof layout.types !== 'object')) {
    throw new LayoutError('no storage layout here: expected { "storage": [...], "types": {...} }')
  }
  return layout
}

export function typeOf(layout: StorageLayout, typeId: string) {
  const type = layout.types?.[typeId]
  if (!type) throw new LayoutError(`the layout does not describe type ${typeId}`)
  return type
}

/** A state variable by name. */
export function variableCursor(layout: StorageLayout, label: string): Cursor {
  const entry = layout.storage.find((item) => item.label === label)
  if (!entry) throw new LayoutError(`no state variable "${label}" in the layout (there are: ${layout.storage.map((item) => item.label).join(', ')})`)
  const slot = BigInt(entry.slot)
  return { slot, offset: entry.offset, typeId: entry.type, path: label, steps: [{ label, formula: `declared at slot ${slot}`, preimage: null, slot }] }
}

/** The key type a mapping takes, as the key encoder names it (contracts and enums are addresses and uint8). */
function keyTypeName(label: string): string {
  if (label.startsWith('contract ') || label === 'address payable') return 'address'
  if (label.startsWith('enum ')) return 'uint8'
  return label
}

/** Steps into a mapping with a key written as plain text (its type comes from the layout). */
export function intoMapping(layout: StorageLayout, cursor: Cursor, keyValue: string): Cursor {
  const type = typeOf(layout, cursor.typeId)
  if (type.encoding !== 'mapping' || !type.key || !type.value) throw new LayoutError(`${cursor.path} is a ${type.label}, not a mapping`)
  const keyType = keyTypeName(typeOf(layout, type.key).label)
  const step = mappingValueSlot(cursor.slot, { type: keyType, value: keyValue })
  return { slot: step.slot, offset: 0, typeId: type.value, path: `${cursor.path}[${keyValue}]`, steps: [...cursor.steps, step] }
}

/** Steps into a struct member. */
export function intoMember(layout: StorageLayout, cursor: Cursor, name: string): Cursor {
  const type = typeOf(layout, cursor.typeId)
  const member = type.members?.find((item) => item.label === name)
  if (!member) throw new LayoutError(`${cursor.path} (${type.label}) has no member "${name}"`)
  const slot = addSlots(cursor.slot, BigInt(member.slot))
  const step: SlotStep = { label: `.${name}`, formula: `struct slot + ${member.slot}, byte offset ${member.offset}`, preimage: null, slot }
  return { slot, offset: member.offset, typeId: member.type, path: `${cursor.path}.${name}`, steps: [...cursor.steps, step] }
}

/** Steps into element `index` of a fixed or dynamic array (elements of 16 bytes or fewer pack). */
export function intoIndex(layout: StorageLayout, cursor: Cursor, index: bigint): Cursor {
  const type = typeOf(layout, cursor.typeId)
  if (!type.base) throw new LayoutError(`${cursor.path} is a ${type.label}, not an array`)
  const element = typeOf(layout, type.base)
  const bytes = Number(element.numberOfBytes)
  const shape = element.encoding === 'inplace' && !element.members && bytes <= 32 && !/\[\d*\]$/.test(element.label) ? { bytes } : { slots: BigInt(Math.ceil(bytes / 32)) }
  let base = cursor.slot
  const steps = [...cursor.steps]
  if (type.encoding === 'dynamic_array') {
    base = dynamicDataSlot(cursor.slot)
    steps.push({ label: 'data', formula: 'keccak256(pad32(slot))', preimage: slotHex(cursor.slot), slot: base })
  } else {
    const length = /\[(\d+)\]$/.exec(type.label)
    if (length && index >= BigInt(length[1]!)) throw new LayoutError(`${cursor.path} has ${length[1]} elements; index ${index} is out of range`)
  }
  const position = arrayElementPosition(base, index, shape)
  steps.push({ label: `[${index}]`, formula: 'bytes' in shape ? `element size ${bytes} B: ${Math.floor(32 / bytes)} per slot` : `element size ${shape.slots} slot(s)`, preimage: null, slot: position.slot })
  return { slot: position.slot, offset: position.offset, typeId: type.base, path: `${cursor.path}[${index}]`, steps }
}

/** How many bytes the value at the cursor takes in its slot (for packed reads). */
export function valueBytes(layout: StorageLayout, cursor: Cursor): number {
  return Math.min(32, Number(typeOf(layout, cursor.typeId).numberOfBytes))
}

/**
 * Walks a path written like Solidity: `allowance[0xabc…][0xdef…]`, `points[1].owner`, `byName[alice]`.
 * Brackets on a mapping take a key, on an array an index; `.name` takes a struct member.
 */
export function walkPath(layout: StorageLayout, path: string): Cursor {
  const match = /^\s*([A-Za-z_$][\w$]*)/.exec(path)
  if (!match) throw new LayoutError('start with a state variable name, e.g. balanceOf[0x…]')
  let cursor = variableCursor(layout, match[1]!)
  let rest = path.slice(match[0].length)
  while (rest.trim().length > 0) {
    rest = rest.trimStart()
    if (rest.startsWith('.')) {
      const member = /^\.([A-Za-z_$][\w$]*)/.exec(rest)
      if (!member) throw new LayoutError(`expected a member name after "." in "${rest}"`)
      cursor = intoMember(layout, cursor, member[1]!)
      rest = rest.slice(member[0].length)
    } else if (rest.startsWith('[')) {
      const close = rest.indexOf(']')
      if (close < 0) throw new LayoutError('a "[" has no matching "]"')
      const inside = rest.slice(1, close).trim()
      const type = typeOf(layout, cursor.typeId)
      if (type.encoding === 'mapping') cursor = intoMapping(layout, cursor, inside)
      else {
        if (!/^\d+$/.test(inside)) throw new LayoutError(`an array index is a whole number; got "${inside}"`)
        cursor = intoIndex(layout, cursor, BigInt(inside))
      }
      rest = rest.slice(close + 1)
    } else throw new LayoutError(`cannot read "${rest}": use [key], [index] or .member`)
  }
  return cursor
}
