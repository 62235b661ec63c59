import { afterEach, describe, expect, it } from 'vitest'
import { mine, startTestService, type TestService } from '../testing/service.ts'
import { describeLoad, memorySample, runGatewayLoad, type LoadReport, type MemorySample } from '../testing/load.ts'

/**
 * The gateway under load and under node faults, for a bounded time. `load.test.ts` runs this for a few
 * seconds in `npm test`; `load.soak.ts` runs it for CHAINGLASS_SOAK_SECONDS in `npm run soak`.
 */
export type LoadScale = { seconds: number; httpClients: number; wsClients: number; maxBatch: number }

const cleanups: Array<() => Promise<void>> = []

function expectNothingLost(report: LoadReport): void {
  const detail = `${describeLoad(report)}\n${report.samples.join('\n')}`
  expect(report.notJsonRpc, detail).toBe(0)
  expect(report.lostIds, detail).toBe(0)
  expect(report.mismatchedIds, detail).toBe(0)
  expect(report.hung, detail).toBe(0)
  expect(report.closedWithoutAnswer, detail).toBe(0)
  expect(report.disallowedErrors, detail).toBe(0)
  expect(report.answered, detail).toBe(report.calls)
}

export function describeGatewayLoad(scale: LoadScale, log: (line: string) => void = console.log): void {
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
  })

  /** A still chain: the load reads it, and only the test mines it. */
  async function service(env: Record<string, string> = {}): Promise<TestService> {
    const started = await startTestService({ CHAINGLASS_BLOCK_TIME: '0', ...env })
    cleanups.push(() => started.close())
    return started
  }

  describe(`the gateway under load (${scale.httpClients} HTTP + ${scale.wsClients} WebSocket clients, ${scale.seconds} s)`, () => {
    it('answers every call with JSON-RPC, with the ids it was sent, and memory stays flat', async () => {
      const gateway = await service()
      // Warm-up: the first seconds fill caches, pools and JIT; memory is measured from after it.
      await runGatewayLoad({ httpUrl: gateway.urls.rpc, wsUrl: gateway.urls.ws, seconds: Math.min(3, scale.seconds / 4), httpClients: scale.httpClients, wsClients: scale.wsClients, maxBatch: scale.maxBatch, timeoutMs: 10_000 })
      const memory: MemorySample[] = [memorySample(0)]
      const every = Math.max(1, scale.seconds / 10)
      let nextSample = every
      const report = await runGatewayLoad({
        httpUrl: gateway.urls.rpc,
        wsUrl: gateway.urls.ws,
        ...scale,
        timeoutMs: 10_000,
        onTick: (elapsed) => {
          if (elapsed >= nextSample) {
            memory.push(memorySample(elapsed))
            nextSample += every
          }
        },
      })
      memory.push(memorySample(scale.seconds))
      const first = memory[0]!
      const last = memory.at(-1)!
      const peakHeap = Math.max(...memory.map((sample) => sample.heapMiB))
      log(`gateway load: ${describeLoad(report)}`)
      log(
        `gateway load memory (after GC, ${memory.length} samples): heap ${first.heapMiB.toFixed(1)} -> ${last.heapMiB.toFixed(1)} MiB ` +
          `(peak ${peakHeap.toFixed(1)}), rss ${first.rssMiB.toFixed(1)} -> ${last.rssMiB.toFixed(1)} MiB`,
      )
      expectNothingLost(report)
      // Closed sockets gave back their subscriptions at the node.
      await expect.poll(() => gateway.gateway.subscriptionCount(), { timeout: 5_000 }).toBe(0)
      expect(report.calls).toBeGreaterThan(scale.seconds * 50)
      // Flat: what is retained after a full GC does not grow with the number of requests served.
      expect(last.heapMiB - first.heapMiB, 'heap growth (MiB) after GC').toBeLessThan(16)
    })
  })

  describe(`node faults under load (${scale.seconds} s)`, () => {
    it('while the chain process is stopped every call gets a JSON-RPC error in time; restarted, the gateway recovers by itself', async () => {
      const upstreamTimeoutMs = 2_000
      const gateway = await service({ CHAINGLASS_UPSTREAM_TIMEOUT_MS: String(upstreamTimeoutMs) })
      // Cycles of: up, stopped (SIGTERM: anvil dumps its state and exits), started again on the same port.
      const cycle = Math.max(6, Math.min(20, scale.seconds / 3))
      let faults = 0
      let busy = false
      const report = await runGatewayLoad({
        httpUrl: gateway.urls.rpc,
        wsUrl: gateway.urls.ws,
        ...scale,
        httpClients: Math.max(2, Math.round(scale.httpClients / 2)),
        wsClients: Math.max(2, Math.round(scale.wsClients / 2)),
        // The client's own deadline: the gateway's upstream timeout plus room for a loaded machine.
        timeoutMs: upstreamTimeoutMs + 3_000,
        allowedErrorCodes: [-32601, -32603],
        backoffOnUnavailableMs: 300,
        onTick: async (elapsed) => {
          if (busy) return
          const phase = elapsed % cycle
          busy = true
          try {
            if (phase >= cycle / 3 && phase < (2 * cycle) / 3 && gateway.anvil.running) {
              await gateway.anvil.stop()
              faults++
            } else if ((phase >= (2 * cycle) / 3 || phase < cycle / 3) && !gateway.anvil.running) {
              await gateway.anvil.start()
            }
          } finally {
            busy = false
          }
        },
      })
      if (!gateway.anvil.running) await gateway.anvil.start()
      log(`node faults: ${faults} stops of the chain process; ${describeLoad(report)}`)
      expectNothingLost(report)
      expect(faults).toBeGreaterThanOrEqual(1)
      expect(report.errorCodes['-32603'] ?? 0, 'calls answered with node unavailable').toBeGreaterThan(0)

      // Recovered by itself: a fresh run with the node up sees no -32603 at all, and subscriptions deliver.
      const after = await runGatewayLoad({ httpUrl: gateway.urls.rpc, wsUrl: gateway.urls.ws, seconds: 2, httpClients: 4, wsClients: 2, maxBatch: scale.maxBatch, timeoutMs: 10_000 })
      expectNothingLost(after)
      const socket = await gateway.socket()
      const { result: subscription } = await socket.call('eth_subscribe', ['newHeads'])
      await mine(gateway)
      await socket.waitForNotifications(subscription, 1)
      socket.close()
    })
  })
}
