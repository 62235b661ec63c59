import type { ExtraNetwork } from '../gateway/server.ts'
import { loadSampleRecordings } from './recordings.ts'
import { SampleNode } from './sampleNode.ts'

/**
 * The three recorded sample networks the local service serves, each at its own {base_url}:
 * `/sample/<name>`. Chain ids are the real networks': Ethereum mainnet 1, zkSync Era 324, Starknet
 * mainnet "SN_MAIN" as hex.
 */
export function sampleNetworks(log: (line: string) => void): ExtraNetwork[] {
  const { mainnet, l2a, l2b, notes } = loadSampleRecordings()
  for (const note of notes) log(note)
  return [
    {
      name: 'mainnet-sample',
      rules: { chainId: '0x1', offersL2a: false, offersL2b: false, capCallGas: false },
      node: new SampleNode({ name: 'mainnet-sample', chainId: 1n, evm: true }, mainnet),
    },
    {
      name: 'l2a-sample',
      rules: { chainId: '0x144', offersL2a: true, offersL2b: false, capCallGas: false },
      node: new SampleNode({ name: 'l2a-sample', chainId: 324n, evm: true }, l2a),
    },
    {
      name: 'l2b-sample',
      rules: { chainId: '0x534e5f4d41494e', offersL2a: false, offersL2b: true, capCallGas: false },
      node: new SampleNode({ name: 'l2b-sample', chainId: 0x534e5f4d41494en, evm: false }, l2b),
    },
  ]
}
