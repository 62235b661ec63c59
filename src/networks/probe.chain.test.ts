import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startHardhatNode, type HardhatNode } from '../../server/testing/hardhatNode.ts'
import { startUnitTestService, type TestService } from '../testing/realService.ts'
import { defaultCapabilities } from './capabilities.ts'
import { capabilitiesFromProbe, probeNetwork } from './probe.ts'

/**
 * The probe against two real engines: the local service (anvil behind the gateway, its batch limit set to 5
 * here) and a Hardhat node given by its own URL. Expected answers are each engine's own: what the gateway
 * and anvil serve, and what Hardhat 2.29 is documented and observed to refuse (-32004 for methods it lacks).
 */

let service: TestService
let node: HardhatNode
const ws = WebSocket as unknown as typeof globalThis.WebSocket

beforeAll(async () => {
  ;[service, node] = await Promise.all([startUnitTestService({ maxBatch: 5 }), startHardhatNode()])
})

afterAll(async () => {
  await Promise.all([service?.close(), node?.stop()])
})

describe('probing what a network offers', () => {
  it('the local service: everything anvil has through the gateway, no layer-2 methods, and the gateway’s batch limit from its own refusal', async () => {
    const endpoint = { name: 'local', rpcBase: service.urls.rpcBase, wsBase: service.urls.wsBase, key: service.config.key, chainId: '0x7a69' }
    const probe = await probeNetwork(endpoint, { WebSocket: ws })
    expect(probe.chainId).toBe('0x7a69')
    expect(probe.blockReceipts.offered).toBe(true)
    expect(probe.safe.offered).toBe(true)
    expect(probe.finalized.offered).toBe(true)
    expect(probe.otterscan).toMatchObject({ offered: true, said: 'level 8' })
    expect(probe.l2aRawBlockTransactions.offered).toBe(false)
    expect(probe.l2bPendingTransactions.offered).toBe(false)
    expect(probe.subscribe?.offered).toBe(true)
    // The gateway refuses 1,000 naming its maximum (5): asked again at 5, taken.
    expect(probe.batch.largest).toBe(5)
    expect(capabilitiesFromProbe(probe, defaultCapabilities)).toEqual({ ...defaultCapabilities, maxBatchSize: 5 })
  })

  it('a Hardhat node: no eth_getBlockReceipts and no ots_ (-32004), every tag, any batch, subscriptions on its own URL', async () => {
    const endpoint = { name: 'hardhat', rpcBase: node.url, wsBase: node.wsUrl, key: '', chainId: '0x7a69', endpoint: 'url' as const }
    const probe = await probeNetwork(endpoint, { WebSocket: ws })
    expect(probe.chainId).toBe('0x7a69')
    expect(probe.blockReceipts).toEqual({ offered: false, said: '-32004 Method eth_getBlockReceipts is not supported' })
    expect(probe.otterscan).toEqual({ offered: false, said: '-32004 Method ots_getApiLevel is not supported' })
    expect(probe.l2aRawBlockTransactions.offered).toBe(false)
    expect(probe.l2bPendingTransactions.offered).toBe(false)
    expect(probe.safe.offered).toBe(true)
    expect(probe.finalized.offered).toBe(true)
    expect(probe.subscribe?.offered).toBe(true)
    expect(probe.batch.largest).toBe(1_000)
    expect(capabilitiesFromProbe(probe, defaultCapabilities)).toEqual({ ...defaultCapabilities, blockReceipts: false, maxBatchSize: 1_000 })
  })

  it('nothing listening: the probe rejects (Test connection then shows the transports’ own errors)', async () => {
    await expect(probeNetwork({ name: 'none', rpcBase: 'http://127.0.0.1:9', wsBase: 'ws://127.0.0.1:9', key: '', chainId: '0x1', endpoint: 'url' }, { WebSocket: ws })).rejects.toThrow()
  })
})
