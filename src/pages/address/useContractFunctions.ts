import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Abi, Address, Hex } from 'viem'
import { abiSourceOf, type ReadableAbi } from '../../evm/knownAbi.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { contractInfoQuery } from '../../queries/contractInfo.ts'
import { useNames } from '../../queries/names.ts'

/**
 * The functions the app knows for a contract, picked by `pick` (evm/knownAbi.ts readableAbi or writableAbi): from
 * the ABI the deployment publishes for it, or the standard ones its code dispatches on; a proxy's from its
 * implementation (published, or its code); an ABI the user pasted comes before all of them. `ready` once the
 * contract's own code and slots are read.
 */
export function useContractFunctions(network: AppNetwork, address: Address, pick: (published: Abi | null, selectors: readonly Hex[]) => ReadableAbi | null, pasted: Abi | null = null) {
  const names = useNames(network)
  const info = useQuery(contractInfoQuery(network, address))
  const implementation = info.data?.implementation ?? null
  // A proxy's implementation's code is read only where no ABI is published for it.
  const readImplementation = implementation !== null && names !== null && !names.contractAt(implementation)
  const implementationInfo = useQuery({ ...contractInfoQuery(network, implementation ?? address), enabled: readImplementation })
  const functions = useMemo((): ReadableAbi | null => {
    if (!info.data) return null
    if (pasted) {
      const chosen = pick(pasted, [])
      return chosen && { ...chosen, source: 'pasted' }
    }
    const source = abiSourceOf({ address, ...info.data }, (at) => names?.contractAt(at)?.abi ?? null, implementationInfo.data?.selectors)
    return source && pick(source.published, source.selectors)
  }, [info.data, implementationInfo.data, names, address, pick, pasted])
  return { ready: info.data !== undefined, implementation, functions }
}
