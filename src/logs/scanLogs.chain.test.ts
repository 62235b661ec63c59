import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hexToBigInt, numberToHex, type Hex } from 'viem'
import { startTestService, type TestService } from '../../server/testing/service.ts'
import { scanLogs } from './scanLogs.ts'

type Log = { blockNumber: Hex; logIndex: Hex; topics: Hex[]; address: Hex }
let service: TestService

beforeAll(async () => {
  service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0' }, { scenario: true })
})
afterAll(async () => {
  await service?.close()
})

const fetchRange = (filter: Record<string, unknown>) => async (from: bigint, to: bigint) => {
  const reply = await service.rpc('eth_getLogs', [{ ...filter, fromBlock: numberToHex(from), toBlock: numberToHex(to) }])
  if (reply.error) throw Object.assign(new Error(reply.error.message), reply.error)
  return reply.result as Log[]
}

describe('scanLogs against the real gateway', () => {
  it("reads every one of the demo emitter's logs over the whole chain, though the gateway refuses the whole range", async () => {
    const scenario = service.scenario!
    const head = hexToBigInt((await service.rpc('eth_blockNumber')).result as Hex)
    const filter = { address: scenario.contracts.emitter }
    // The gateway refuses the unbounded query: the scan must split.
    const whole = await service.rpc('eth_getLogs', [{ ...filter, fromBlock: '0x0', toBlock: numberToHex(head) }])
    expect(whole.error?.code).toBe(-32005)
    const progress: number[] = []
    const result = await scanLogs({ from: 0n, to: head, fetchRange: fetchRange(filter), onProgress: (p) => progress.push(p.logsFound) })
    expect(result.logs).toHaveLength(scenario.emitter.logsTotal)
    // The emitter counts up across its batches: in block order the counters run 0, 1, 2, … with no gap.
    const counters = result.logs.map((log) => Number(hexToBigInt(log.topics[1]!)))
    expect(counters).toEqual(counters.map((_, i) => i))
    expect(progress.at(-1)).toBe(scenario.emitter.logsTotal)
    expect(result.requests).toBeGreaterThan(1)
  })
})
