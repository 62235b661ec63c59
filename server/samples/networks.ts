import type { ExtraNetwork } from '../gateway/server.ts'
import { loadSampleRecordings } from './recordings.ts'
import { SampleNode } from './sampleNode.ts'

const everyTag = ['latest', 'earliest', 'pending', 'safe', 'finalized'] as const

/**
 * The three recorded sample networks the local service serves, each at its own {base_url}:
 * `/sample/<name>`. Chain ids are the real networks': Ethereum mainnet 1, zkSync Era 324, Starknet
 * mainnet "SN_MAIN" as hex. The descriptions are the one thing said by hand here; what each network holds
 * is read from its recordings (contents.ts).
 */
export function sampleNetworks(): ExtraNetwork[] {
  const { mainnet, l2a, l2b } = loadSampleRecordings()
  const rules = { offersL2a: false, offersL2b: false, capCallGas: false, recordedSample: true }
  return [
    {
      name: 'mainnet-sample',
      rules: { ...rules, chainId: '0x1' },
      node: new SampleNode(
        {
          name: 'mainnet-sample',
          chainId: 1n,
          evm: true,
          blockTags: everyTag,
          description:
            'Real Ethereum mainnet answers recorded by public test suites: a proof-of-work block with an uncle, a pre-Byzantium block, a whole block of pre-Byzantium receipts (with a state root instead of a status), single receipts, log queries and reverting calls.',
        },
        mainnet,
      ),
    },
    {
      name: 'l2a-sample',
      rules: { ...rules, chainId: '0x144', offersL2a: true },
      node: new SampleNode(
        {
          name: 'l2a-sample',
          chainId: 324n,
          evm: true,
          blockTags: everyTag,
          description: 'A layer-2 network’s raw block transactions (l2a_getRawBlockTransactions), as its public documentation recorded them: one block holding a transaction sent from layer 1.',
        },
        l2a,
      ),
    },
    {
      name: 'l2b-sample',
      rules: { ...rules, chainId: '0x534e5f4d41494e', offersL2b: true },
      node: new SampleNode(
        {
          name: 'l2b-sample',
          chainId: 0x534e5f4d41494en,
          evm: false,
          // Its chain names blocks by these two only.
          blockTags: ['latest', 'pending'],
          description: 'A layer-2 network with no eth_* methods: its pending transactions (l2b_pendingTransactions), as its public documentation recorded them.',
        },
        l2b,
      ),
    },
  ]
}
