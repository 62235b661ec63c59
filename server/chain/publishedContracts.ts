import type { Abi, Address } from 'viem'
import type { PublishedContracts, PublishedStorageLayout } from '../../contract/publishedContracts.ts'
import { furnaceAddress } from './furnace.ts'
import { readDeployment, type Scenario } from './scenario.ts'

/**
 * The local chain's own contracts as the explorer should know them: name, address, ABI and storage layout of each
 * contract the demo scenario deployed, read from the data dir's scenario.json and compiled artifacts, and
 * the traffic's Furnace.
 * Published by the app server (GET /contracts/devnet.json) so the app never calls our own contracts
 * "unknown". Empty until the scenario has been deployed.
 */
export function publishedContracts(dataDir: string): PublishedContracts {
  const deployment = readDeployment(dataDir)
  if (!deployment) return { contracts: [] }
  const { scenario, artifacts } = deployment
  const contracts = Object.entries(scenario.contracts).flatMap(([key, address]) => {
    const contract = scenario.deployment[key as keyof Scenario['deployment']]?.contract
    const artifact = contract ? artifacts.contracts[contract] : undefined
    return artifact ? [{ name: contract!, address: address as Address, abi: artifact.abi as Abi, storageLayout: artifact.storageLayout as PublishedStorageLayout }] : []
  })
  // The traffic's gas burner sits at an address that follows from its code (CREATE2), so it is named too:
  // its burn calls fill the busy blocks.
  const furnace = artifacts.contracts.Furnace
  if (furnace) contracts.push({ name: 'Furnace', address: furnaceAddress(furnace.bytecode), abi: furnace.abi as Abi, storageLayout: furnace.storageLayout as PublishedStorageLayout })
  return { contracts }
}
