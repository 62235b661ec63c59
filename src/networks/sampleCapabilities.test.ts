import { describe, expect, it } from 'vitest'
import { sampleNetworks } from '../../server/samples/networks.ts'
import type { SampleNode } from '../../server/samples/sampleNode.ts'
import { offersMethod, sampleCapabilities } from './capabilities.ts'

/** Each sample's real description, as the service derives it from the recordings. */
const described = new Map(sampleNetworks().map((network) => [network.name, (network.node as SampleNode).contents]))
const rulesOf = (name: string) => sampleCapabilities(described.get(name)!)

describe('a sample network\'s rules, from what it says it holds', () => {
  it('mainnet-sample: Ethereum-style reads with block receipts, every tag, no layer-2 methods', () => {
    const rules = rulesOf('mainnet-sample')
    expect(rules).toMatchObject({ ethMethods: true, blockReceipts: true, l2aRawBlockTransactions: false, l2bPendingTransactions: false })
    expect(rules.blockTags).toEqual(['latest', 'earliest', 'pending', 'safe', 'finalized'])
    expect(offersMethod(rules, 'eth_getBlockReceipts')).toBe(true)
  })

  it('l2a-sample: its layer-2 method, and no eth_* data (chain identity alone is not blocks)', () => {
    expect(rulesOf('l2a-sample')).toMatchObject({ ethMethods: false, blockReceipts: false, l2aRawBlockTransactions: true, l2bPendingTransactions: false })
  })

  it('l2b-sample: pending transactions only, and the two tags its chain knows', () => {
    const rules = rulesOf('l2b-sample')
    expect(rules).toMatchObject({ ethMethods: false, blockReceipts: false, l2aRawBlockTransactions: false, l2bPendingTransactions: true })
    expect(rules.blockTags).toEqual(['latest', 'pending'])
  })
})
