import { queryOptions } from '@tanstack/react-query'
import { concatHex, sliceHex, type Address, type Hex } from 'viem'
import { slotHex, stringSlots } from '../evm/storage/slots.ts'
import { clientsFor } from '../networks/clients.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { getStorageAt, type StateBlock } from '../rpc/methods.ts'
import { queryKeys } from './keys.ts'

/** A block named by number or hash never changes what it holds; a tag moves with the chain. */
function fixedBlock(block: StateBlock): boolean {
  return block.startsWith('0x')
}

/** eth_getStorageAt(address, slot, block): one 32-byte word. */
export function storageWordQuery(network: Network, address: Address, slot: bigint, block: StateBlock) {
  return queryOptions({
    queryKey: queryKeys.storageWord(network, address, slotHex(slot), block),
    queryFn: ({ signal }) => getStorageAt(clientsFor(network).http, address, slotHex(slot), block, { signal }),
    staleTime: fixedBlock(block) ? Infinity : 5_000,
  })
}

/** The most bytes of a long string or bytes the page reads (each 32 bytes is one more call). */
export const longBytesLimit = 8_192

/**
 * The data of a long string or bytes whose length slot is `slot`: the words from keccak256(pad32(slot)),
 * read together (the transport batches them), cut to `length` bytes.
 */
export function longBytesQuery(network: Network, address: Address, slot: bigint, length: number, block: StateBlock) {
  return queryOptions({
    queryKey: queryKeys.storageBytes(network, address, slotHex(slot), length, block),
    queryFn: async ({ signal }): Promise<{ data: Hex; slots: bigint[] }> => {
      const { dataSlots } = stringSlots(slot, length)
      const words = await Promise.all(dataSlots.map((dataSlot) => getStorageAt(clientsFor(network).http, address, slotHex(dataSlot), block, { signal })))
      return { data: sliceHex(concatHex(words), 0, length), slots: dataSlots }
    },
    staleTime: fixedBlock(block) ? Infinity : 5_000,
  })
}
