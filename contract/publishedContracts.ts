import type { Abi, Address } from 'viem'

/**
 * What a deployment says about its own contracts (GET <network's contractsUrl>): each one's name, address and
 * ABI. The local service publishes the demo scenario's; a hosted provider publishes none.
 */
export type PublishedContract = { name: string; address: Address; abi: Abi }

export type PublishedContracts = { contracts: PublishedContract[] }
