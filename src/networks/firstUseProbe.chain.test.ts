import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { startHardhatNode, type HardhatNode } from '../../server/testing/hardhatNode.ts'
import { postedMethods, recordGatewayPosts, serviceNetwork, startUnitTestService, type TestService } from '../testing/realService.ts'
import { getBlockByNumber } from '../rpc/methods.ts'
import { configNetwork, defaultCapabilities } from './capabilities.ts'
import { clientsFor, releaseClientsExcept } from './clients.ts'
import { probeOnFirstUse } from './firstUseProbe.ts'
import { clearLearned, learnedFor, needsProbe, noteLacks, withLearned } from './learned.ts'
import { clearTagNotices, tagNoticeFor } from './tagNotices.ts'

/**
 * The first use of a network probes it once and its rules follow the answers: on the local service (anvil
 * behind the gateway, batch limit 5 here) and on a Hardhat node by its own URL. Expected values are each
 * engine's own answers (probe.chain.test.ts shows them one by one).
 */

let service: TestService
let node: HardhatNode

beforeAll(async () => {
  ;[service, node] = await Promise.all([startUnitTestService({ maxBatch: 5 }), startHardhatNode()])
})

afterAll(async () => {
  vi.unstubAllGlobals()
  releaseClientsExcept([])
  await Promise.all([service?.close(), node?.stop()])
})

beforeEach(() => {
  vi.unstubAllGlobals()
  clearLearned()
  clearTagNotices()
})

const local = () => configNetwork(serviceNetwork(service))
const hardhat = () => ({ ...configNetwork({ name: 'hardhat', label: 'Hardhat', chainId: '0x7a69', rpcBase: node.url, wsBase: node.wsUrl, ipfsUrl: null, key: '-', secret: '', kind: 'hosted' }), key: '', endpoint: 'url' as const })

describe('the first use of a network', () => {
  it('the local service: probed once (a later use sends nothing), its batch limit learned from its own refusal', async () => {
    const posts = recordGatewayPosts(service)
    expect(await probeOnFirstUse(local())).toBe(true)
    expect(learnedFor(local()).probedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(withLearned(local()).capabilities).toEqual({ ...defaultCapabilities, maxBatchSize: 5 })
    const sent = posts.length
    expect(sent).toBeGreaterThan(0)
    expect(await probeOnFirstUse(local())).toBe(false)
    expect(posts).toHaveLength(sent)
  })

  it('a Hardhat node: its rules turn eth_getBlockReceipts off; a call that says otherwise asks again', async () => {
    expect(await probeOnFirstUse(hardhat())).toBe(true)
    expect(withLearned(hardhat()).capabilities).toEqual({ ...defaultCapabilities, blockReceipts: false })
    expect(needsProbe(hardhat())).toBe(false)
    // The probe said the local service has eth_getBlockReceipts; a call said it had not: probe again.
    await probeOnFirstUse(local())
    noteLacks(local(), 'eth_getBlockReceipts')
    expect(withLearned(local()).capabilities.blockReceipts).toBe(false)
    expect(needsProbe(local())).toBe(true)
    expect(await probeOnFirstUse(local())).toBe(true)
    expect(withLearned(local()).capabilities.blockReceipts).toBe(true)
  })

  it('a node that does not answer teaches nothing', async () => {
    const silent = { ...local(), name: 'silent', rpcBase: 'http://127.0.0.1:9' }
    expect(await probeOnFirstUse(silent)).toBe(false)
    expect(needsProbe(silent)).toBe(true)
  })
})

describe('a tag the node turns out to refuse', () => {
  it('fault injected (no local engine refuses safe): safe is answered with a refusal; the call goes again as finalized, the lack is kept and the page told', async () => {
    const network = local()
    // The transports open the network's socket too: with the ws package's WebSocket, the same on every Node line.
    vi.stubGlobal('WebSocket', WebSocket)
    const realFetch = globalThis.fetch
    const sent: unknown[] = []
    vi.stubGlobal('fetch', async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] }
      sent.push(body)
      if (!Array.isArray(body) && body.params.includes('safe')) {
        return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, error: { code: -32602, message: 'block tag "safe" is not supported on this network; use finalized' } }), { headers: { 'content-type': 'application/json' } })
      }
      return realFetch(input, init)
    })
    const block = await getBlockByNumber(clientsFor(network).http, 'safe', false)
    const finalized = await getBlockByNumber(clientsFor(network).http, 'finalized', false)
    expect(block?.hash).toBe(finalized?.hash)
    expect(postedMethods(sent.slice(0, 2))).toEqual([['eth_getBlockByNumber'], ['eth_getBlockByNumber']])
    expect(sent.slice(0, 2).map((body) => (body as { params: unknown[] }).params[0])).toEqual(['safe', 'finalized'])
    expect(learnedFor(network).refusedTags).toEqual(['safe'])
    expect(tagNoticeFor(network.name)).toMatchObject({ from: 'safe', to: 'finalized' })
    // The network's rules follow: its next calls send finalized at once.
    const learned = withLearned(network)
    expect(learned.capabilities.blockTags).not.toContain('safe')
    sent.length = 0
    await getBlockByNumber(clientsFor(learned).http, 'safe', false)
    expect(sent.map((body) => (body as { params: unknown[] }).params[0])).toEqual(['finalized'])
  })
})
