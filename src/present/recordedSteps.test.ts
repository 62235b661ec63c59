import { describe, expect, it } from 'vitest'
import { sampleNetworks } from '../../server/samples/networks.ts'
import type { SampleNode } from '../../server/samples/sampleNode.ts'
import { recordedSteps } from './recordedSteps.ts'

/** Each sample's real description, as the service derives it from the recorded fixtures. */
const described = new Map(sampleNetworks().map((network) => [network.name, (network.node as SampleNode).contents]))

describe("a recorded network's walk, from what the sample says it holds", () => {
  it('mainnet: the block with its uncle, the uncle, and the pre-Byzantium block whose 252 receipts were recorded', () => {
    const steps = recordedSteps(described.get('mainnet-sample')!, true)
    // Block 0x913156 = 9,515,350 (the ethereumjs fixture, one uncle); receipts of 0x41B582 = 4,306,306 (erigon's).
    expect(steps.map((step) => [step.id, step.path])).toEqual([
      ['recorded-block', '/block/9515350'],
      ['recorded-uncle', '/uncle/9515350/0'],
      ['recorded-receipts', '/block/4306306/receipts'],
    ])
    expect(steps[2]!.title).toBe('Receipts from before Byzantium')
    expect(steps[2]!.caption).toMatch(/^All 252 receipts of block 4,306,306/)
  })

  it('l2a: the recorded layer-2 block 5817; l2b: the recorded pending transactions', () => {
    expect(recordedSteps(described.get('l2a-sample')!, false).map((step) => step.path)).toEqual(['/l2a/5817'])
    expect(recordedSteps(described.get('l2b-sample')!, false).map((step) => step.path)).toEqual(['/l2b/pending'])
  })

  it('says nothing of Byzantium off mainnet', () => {
    const steps = recordedSteps(described.get('mainnet-sample')!, false)
    expect(steps.find((step) => step.id === 'recorded-receipts')!.title).toBe('A whole block of receipts')
  })
})
