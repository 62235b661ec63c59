import { getEventListeners } from 'node:events'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import { localRuntimeConfig } from './appServer.ts'
import type { FirstScreenRenderer } from './firstScreen.ts'
import { devAccount, signedTransfer } from './testing/devAccounts.ts'
import { mine, startTestService, type TestService } from './testing/service.ts'
import { warmFirstScreens } from './warmFirstScreens.ts'

let service: TestService
let runtime: () => RuntimeConfig

beforeAll(async () => {
  // A still chain: the transfer is mined as it arrives, and the test mines the blocks above it.
  service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0' })
  const port = Number(new URL(service.urls.rpcBase).port)
  runtime = () => localRuntimeConfig(service.config, { rpc: port, files: 0 })
})
afterAll(async () => {
  await service?.close()
})

/** A renderer that records what it was asked for, and answers like the real one for pages it renders. */
function recordingRenderer(): { render: FirstScreenRenderer; asked: string[]; packed: string[] } {
  const asked: string[] = []
  const packed: string[] = []
  return { asked, packed, render: async (url) => (asked.push(url), { pipe: async (destination) => void destination.write('<main></main>'), state: () => (packed.push(url), {}) }) }
}

describe('warming the server render at start', () => {
  it('renders the home page, the newest block with a transaction and that transaction, as the chain says', async () => {
    const raw = await signedTransfer(devAccount(7), 0)
    const sent = await service.rpc('eth_sendRawTransaction', [raw])
    const hash = sent.result as Hex
    // Mined, then a few empty blocks on top of it, which the warm-up passes over.
    const receipt = async () => (await service.rpc('eth_getTransactionReceipt', [hash])).result as { blockNumber: Hex } | null
    await expect.poll(receipt, { timeout: 10_000 }).toBeTruthy()
    const mined = BigInt((await receipt())!.blockNumber)
    expect(await mine(service, 2)).toBe(mined + 2n)

    const { render, asked, packed } = recordingRenderer()
    const warmed = await warmFirstScreens(render, runtime, { signal: new AbortController().signal, rounds: 1 })
    expect(asked).toEqual(['/', `/block/${mined}`, `/tx/${hash}`])
    expect(warmed).toEqual(asked)
    // Each page's data packed too (the app server does that after the markup has left): that code warmed as well.
    expect(packed).toEqual(asked)

    // Several rounds: every kind once before any twice, so the first visitor's page is warm soonest.
    const again = recordingRenderer()
    expect(await warmFirstScreens(again.render, runtime, { signal: new AbortController().signal, rounds: 3 })).toEqual(warmed)
    expect(again.asked).toEqual([...warmed, ...warmed, ...warmed])

    // While the server is busy, only the first round: the rest waits until it is idle.
    let busy = true
    let asks = 0
    const waiting = recordingRenderer()
    const quiet = () => (asks++, !busy)
    const server = new AbortController()
    const done = warmFirstScreens(waiting.render, runtime, { signal: server.signal, rounds: 2, retryMs: 20, quiet })
    // Told "busy" a dozen times over: it asked, and waited instead of rendering.
    await expect.poll(() => asks, { timeout: 10_000 }).toBeGreaterThanOrEqual(12)
    expect(waiting.asked).toEqual(warmed)
    // Each wait took its listener off the server's signal when it ended: none piles up (Node warns past 10).
    expect(getEventListeners(server.signal, 'abort').length).toBeLessThanOrEqual(1)
    busy = false
    await done
    expect(waiting.asked).toEqual([...warmed, ...warmed])
  })

  it('keeps trying while the node does not answer, and stops when the server closes', async () => {
    const unreachable = () => ({ ...runtime(), networks: runtime().networks.map((network) => ({ ...network, rpcBase: 'http://127.0.0.1:9' })) })
    const { render, asked } = recordingRenderer()
    const closing = new AbortController()
    const started = Date.now()
    setTimeout(() => closing.abort(), 300)
    const warmed = await warmFirstScreens(render, unreachable, { signal: closing.signal, retryMs: 50 })
    expect(warmed).toEqual([])
    expect(asked).toEqual([])
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('a page that fails to render is skipped, and the rest still warm', async () => {
    const asked: string[] = []
    const render: FirstScreenRenderer = async (url) => {
      asked.push(url)
      if (url === '/') throw new Error('node went away')
      return null
    }
    const warmed = await warmFirstScreens(render, runtime, { signal: new AbortController().signal, rounds: 1 })
    expect(asked[0]).toBe('/')
    expect(asked.length).toBeGreaterThan(1)
    expect(warmed).toEqual([])
  })
})
