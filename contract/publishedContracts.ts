import type { Abi, Address } from 'viem'

/**
 * What a deployment says about its own contracts (GET <network's contractsUrl>): each one's name, address and
 * ABI, and where the compiler's layout is known, its storage layout. The local service publishes the demo scenario's; a hosted provider publishes none.
 */
export type PublishedContract = { name: string; address: Address; abi: Abi; storageLayout?: PublishedStorageLayout }

/**
 * solc's storageLayout output (the parts an explorer reads): where each state variable lives, and its types. With
 * it the app names the storage slots a transaction changed (src/evm/storage/slotNames.ts).
 */
export type PublishedStorageLayout = {
  storage: Array<{ label: string; slot: string; offset: number; type: string }>
  types: Record<string, { encoding: 'inplace' | 'mapping' | 'dynamic_array' | 'bytes'; label: string; numberOfBytes: string; key?: string; value?: string; base?: string; members?: Array<{ label: string; slot: string; offset: number; type: string }> }> | null
}

export type PublishedContracts = { contracts: PublishedContract[] }
