import { getAddress, type Hex } from 'viem'
import type { StorageLayout } from './layout.ts'
import { addSlots, dynamicDataSlot, mappingValueSlot } from './slots.ts'

/**
 * Names for the storage slots a transaction changed, from the contract's storage layout (solc's storageLayout)
 * and the storage page's slot math: state variables by their declared slots, a struct's members, a dynamic
 * array's length and elements, and mapping entries for the keys the transaction makes likely (the addresses it
 * touched, the numbers its logs carry: a token id, an amount's holder), one and two mappings deep. A slot no
 * candidate reaches stays unnamed: the names are found, never guessed.
 */
export type SlotKeys = { addresses: readonly Hex[]; numbers: readonly bigint[] }

type Type = NonNullable<StorageLayout['types']>[string]

/** How far into a dynamic array a changed slot is looked for. */
const maxArrayElements = 100_000n

function keyType(label: string): 'address' | 'uint' | 'int' | 'bool' | null {
  if (label === 'address' || label === 'address payable' || label.startsWith('contract ')) return 'address'
  if (label.startsWith('uint') || label.startsWith('enum ')) return 'uint'
  if (label.startsWith('int')) return 'int'
  if (label === 'bool') return 'bool'
  return null
}

export function nameSlots(layout: StorageLayout, slots: readonly Hex[], keys: SlotKeys): Map<bigint, string> {
  const wanted = new Set(slots.map((slot) => BigInt(slot)))
  const names = new Map<bigint, string>()
  const typeOf = (id: string): Type | undefined => layout.types?.[id]
  const slotsOf = (type: Type) => (BigInt(type.numberOfBytes) + 31n) / 32n

  /** The value of type `typeId` stored from `base`: names every wanted slot it covers. */
  const place = (base: bigint, typeId: string, label: string, depth: number): void => {
    const type = typeOf(typeId)
    if (!type) return
    if (type.encoding === 'mapping') return mapping(base, type, label, depth)
    if (type.encoding === 'dynamic_array') {
      if (wanted.has(base)) names.set(base, `${label}.length`)
      const element = type.base ? typeOf(type.base) : undefined
      if (!element) return
      const data = dynamicDataSlot(base)
      const elementSlots = slotsOf(element)
      const perSlot = elementSlots === 1n ? 32n / BigInt(element.numberOfBytes) : 1n
      for (const slot of wanted) {
        const distance = slot >= data ? slot - data : slot + (1n << 256n) - data
        if (distance >= maxArrayElements * elementSlots) continue
        const index = elementSlots === 1n ? distance * perSlot : distance / elementSlots
        if (elementSlots > 1n) place(addSlots(data, index * elementSlots), type.base!, `${label}[${index}]`, depth)
        else names.set(slot, perSlot > 1n ? `${label}[${index}…${index + perSlot - 1n}]` : `${label}[${index}]`)
      }
      return
    }
    if (type.encoding === 'bytes') {
      if (wanted.has(base)) names.set(base, label)
      return
    }
    // In place: a struct's members, a static array's slots, or one value.
    if (type.members) {
      for (const member of type.members) place(addSlots(base, BigInt(member.slot)), member.type, `${label}.${member.label}`, depth)
      return
    }
    const count = slotsOf(type)
    for (let offset = 0n; offset < count; offset++) {
      const slot = addSlots(base, offset)
      if (!wanted.has(slot)) continue
      const name = count === 1n ? label : `${label} (slot +${offset})`
      // Packed values share a slot: each is named.
      names.set(slot, names.has(slot) ? `${names.get(slot)}, ${name}` : name)
    }
  }

  const mapping = (base: bigint, type: Type, label: string, depth: number): void => {
    if (depth >= 2 || !type.key || !type.value) return
    const kind = keyType(typeOf(type.key)?.label ?? '')
    const candidates: string[] =
      kind === 'address' ? keys.addresses.map((address) => getAddress(address)) : kind === 'uint' ? keys.numbers.map(String) : kind === 'bool' ? ['true', 'false'] : []
    const keyLabel = kind === 'address' ? 'address' : (typeOf(type.key)?.label ?? 'uint256').replace(/^enum .*/, 'uint8')
    for (const candidate of candidates) {
      const { slot } = mappingValueSlot(base, { type: keyLabel, value: candidate })
      place(slot, type.value, `${label}[${candidate}]`, depth + 1)
    }
  }

  for (const variable of layout.storage) place(BigInt(variable.slot), variable.type, variable.label, 0)
  return names
}
