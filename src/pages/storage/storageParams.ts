import { getAddress, isAddress, type Address } from 'viem'
import type { StateBlock } from '../../rpc/methods.ts'
import { encodeMappingKey, KeyError, parseKeyPath } from '../../evm/storage/keys.ts'
import { LayoutError, parseStorageLayout, typeOf, valueBytes, walkPath, type StorageLayout } from '../../evm/storage/layout.ts'
import { addSlots, erc1967Slot, erc7201Slot, mappingPath, type SlotStep } from '../../evm/storage/slots.ts'
import { parseStateBlock } from '../call/callParams.ts'

/**
 * The storage calculator's state, as its URL holds it: `/storage?address=&slot=&keys=&block=`, where the
 * base slot may instead be an ERC-1967 slot (`erc1967=implementation|admin|beacon`) or an ERC-7201
 * namespace (`erc7201=<id>`), `plus` adds slots to the base (a struct member), and `offset`/`size` pick a
 * packed value. Layout mode (`mode=layout`) walks a pasted solc storageLayout (`layout`, kept compact) with
 * a Solidity-like `path`. `as=string` reads a long string or bytes at the slot.
 */

export const erc1967Names = ['implementation', 'admin', 'beacon'] as const
export type Erc1967Name = (typeof erc1967Names)[number]

export type StorageMode = 'slot' | 'layout'

export type StorageState = {
  mode: StorageMode
  address: string
  block: string
  slot: string
  keys: string
  erc1967: Erc1967Name | null
  erc7201: string
  plus: string
  offset: string
  size: string
  layout: string
  path: string
  as: 'string' | null
}

const ownParams = ['mode', 'address', 'block', 'slot', 'keys', 'erc1967', 'erc7201', 'plus', 'offset', 'size', 'layout', 'path', 'as'] as const

export function readStorageState(search: URLSearchParams): StorageState {
  const erc1967 = search.get('erc1967')
  return {
    mode: search.get('mode') === 'layout' ? 'layout' : 'slot',
    address: search.get('address') ?? '',
    block: search.get('block') ?? '',
    slot: search.get('slot') ?? '',
    keys: search.get('keys') ?? '',
    erc1967: (erc1967Names as readonly string[]).includes(erc1967 ?? '') ? (erc1967 as Erc1967Name) : null,
    erc7201: search.get('erc7201') ?? '',
    plus: search.get('plus') ?? '',
    offset: search.get('offset') ?? '',
    size: search.get('size') ?? '',
    layout: search.get('layout') ?? '',
    path: search.get('path') ?? '',
    as: search.get('as') === 'string' ? 'string' : null,
  }
}

/** The state as URL params: empty values left out, the mode's own params only, other params (`network`) kept. */
export function writeStorageState(state: StorageState, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams()
  for (const [key, value] of current) if (!(ownParams as readonly string[]).includes(key)) next.append(key, value)
  const set = (key: string, value: string | null) => {
    if (value !== null && value !== '') next.set(key, value)
  }
  set('address', state.address.trim())
  if (state.mode === 'layout') {
    next.set('mode', 'layout')
    set('layout', state.layout)
    set('path', state.path)
  } else {
    set('erc1967', state.erc1967)
    if (state.erc1967 === null) set('erc7201', state.erc7201)
    if (state.erc1967 === null && state.erc7201 === '') set('slot', state.slot.trim())
    set('plus', state.plus.trim())
    set('keys', state.keys)
    set('offset', state.offset.trim())
    set('size', state.size.trim())
  }
  set('as', state.as)
  set('block', state.block.trim())
  return next
}

/** Where the state points: the final slot, how it was computed, and the bytes of it the value takes. */
export type Resolved = {
  steps: SlotStep[]
  slot: bigint
  offset: number
  size: number
  /** Layout mode: the declared type at the path, and the layout it comes from. */
  typed: { layout: StorageLayout; typeId: string; path: string } | null
}

export type Resolution = { ok: true; resolved: Resolved } | { ok: false; field: 'slot' | 'keys' | 'plus' | 'offset' | 'erc7201' | 'layout' | 'path'; message: string } | { ok: false; field: null; message: null }

/** A slot as typed: decimal or hex, below 2^256. */
export function parseSlot(text: string): bigint | null {
  const trimmed = text.trim()
  let value: bigint
  if (/^\d{1,78}$/.test(trimmed)) value = BigInt(trimmed)
  else if (/^0x[0-9a-f]{1,64}$/i.test(trimmed)) value = BigInt(trimmed)
  else return null
  return value < 1n << 256n ? value : null
}

function parseSmall(text: string, max: number): number | null {
  const trimmed = text.trim()
  if (!/^\d{1,2}$/.test(trimmed)) return null
  const value = Number(trimmed)
  return value <= max ? value : null
}

function resolveLayout(state: StorageState): Resolution {
  if (state.layout.trim() === '') return { ok: false, field: null, message: null }
  let layout: StorageLayout
  try {
    layout = parseStorageLayout(state.layout)
  } catch (error) {
    return { ok: false, field: 'layout', message: error instanceof Error ? error.message : String(error) }
  }
  if (state.path.trim() === '') return { ok: false, field: null, message: null }
  try {
    const cursor = walkPath(layout, state.path)
    const type = typeOf(layout, cursor.typeId)
    // A mapping, array or struct has no value of its own here; its slot still holds something (a length) or nothing.
    const size = type.encoding === 'inplace' && !type.members && !/\]$/.test(type.label) ? valueBytes(layout, cursor) : 32
    return { ok: true, resolved: { steps: cursor.steps, slot: cursor.slot, offset: size === 32 ? 0 : cursor.offset, size, typed: { layout, typeId: cursor.typeId, path: cursor.path } } }
  } catch (error) {
    if (error instanceof LayoutError || error instanceof KeyError) return { ok: false, field: 'path', message: error.message }
    return { ok: false, field: 'path', message: error instanceof Error ? error.message : String(error) }
  }
}

/** A mapping key that cannot be encoded, said before the slot is entered (else a wrong key waits unseen). */
function keysProblem(keys: string): Resolution | null {
  try {
    for (const key of parseKeyPath(keys)) encodeMappingKey(key)
    return null
  } catch (error) {
    return { ok: false, field: 'keys', message: error instanceof Error ? error.message : String(error) }
  }
}

/** Computes the slot the state names, step by step. Nothing entered yet is `field: null`. */
export function resolveStorage(state: StorageState): Resolution {
  if (state.mode === 'layout') return resolveLayout(state)
  let steps: SlotStep[]
  if (state.erc1967) steps = [erc1967Slot(state.erc1967)]
  else if (state.erc7201.trim() !== '') steps = erc7201Slot(state.erc7201.trim())
  else if (state.slot.trim() === '') return keysProblem(state.keys) ?? { ok: false, field: null, message: null }
  else {
    const slot = parseSlot(state.slot)
    if (slot === null) return { ok: false, field: 'slot', message: `"${state.slot}" is not a slot: a number (decimal or 0x hex) below 2^256` }
    steps = [{ label: `slot ${slot}`, formula: 'the declared slot', preimage: null, slot }]
  }
  let current = steps[steps.length - 1]!.slot
  if (state.plus.trim() !== '') {
    const plus = parseSlot(state.plus)
    if (plus === null) return { ok: false, field: 'plus', message: `"${state.plus}" is not a number of slots` }
    if (plus !== 0n) {
      current = addSlots(current, plus)
      steps = [...steps, { label: `+ ${plus}`, formula: `base + ${plus} (a struct member's slot)`, preimage: null, slot: current }]
    }
  }
  try {
    steps = [...steps, ...mappingPath(current, parseKeyPath(state.keys))]
  } catch (error) {
    return { ok: false, field: 'keys', message: error instanceof Error ? error.message : String(error) }
  }
  const offset = state.offset.trim() === '' ? 0 : parseSmall(state.offset, 31)
  const size = state.size.trim() === '' ? 32 - (offset ?? 0) : parseSmall(state.size, 32)
  if (offset === null || size === null || size < 1 || offset + size > 32) {
    return { ok: false, field: 'offset', message: 'a packed value is offset + size ≤ 32 bytes, counted from the low-order end' }
  }
  return { ok: true, resolved: { steps, slot: steps[steps.length - 1]!.slot, offset, size, typed: null } }
}

export type ReadTarget = { address: Address; block: StateBlock } | { problem: 'address' | 'block'; message: string } | null

/** What to read: the contract and block, once the address is a valid one. */
export function readTarget(state: StorageState): ReadTarget {
  const address = state.address.trim()
  if (address === '') return null
  if (!isAddress(address, { strict: false })) return { problem: 'address', message: `"${address}" is not a 20-byte address` }
  const block = parseStateBlock(state.block)
  if (block === null) return { problem: 'block', message: `"${state.block}" is not a block: a number, a tag or a block hash` }
  return { address: getAddress(address), block }
}

/** The contract a layout belongs to, when solc said (`GlassToken.sol:GlassToken` gives GlassToken). */
export function layoutContractName(layout: StorageLayout): string | null {
  const named = (layout as { contract?: unknown }).contract ?? (layout.storage[0] as { contract?: unknown } | undefined)?.contract
  return typeof named === 'string' && named !== '' ? named.split(':').pop()! : null
}

/**
 * A solc storageLayout reduced to what the walk reads, for the URL: no astId, no contract name per entry
 * (one at the top instead). The GlassToken layout shrinks to about a third.
 */
export function compactLayout(layout: StorageLayout): string {
  const contract = layoutContractName(layout)
  const storage = layout.storage.map(({ label, slot, offset, type }) => ({ label, slot, offset, type }))
  const types = Object.fromEntries(
    Object.entries(layout.types ?? {}).map(([id, type]) => [
      id,
      {
        encoding: type.encoding,
        label: type.label,
        numberOfBytes: type.numberOfBytes,
        ...(type.key !== undefined && { key: type.key }),
        ...(type.value !== undefined && { value: type.value }),
        ...(type.base !== undefined && { base: type.base }),
        ...(type.members !== undefined && { members: type.members.map(({ label, slot, offset, type: member }) => ({ label, slot, offset, type: member })) }),
      },
    ]),
  )
  return JSON.stringify(contract ? { contract, storage, types } : { storage, types })
}
