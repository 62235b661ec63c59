import type { Browser } from '@playwright/test'
import WebSocket from 'ws'
import { createChainClient } from '../server/chain/chainClient.ts'
import { newBenchContext, rowTimes, waitForApp, waitForWatch } from './browser.ts'
import { quantile, round, summarize, type Summary } from './stats.ts'

/** newHeads straight from the node's WebSocket: each head's number with the Date.now() it arrived. */
async function watchNodeHeads(wsUrl: string) {
  const socket = new WebSocket(wsUrl)
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const arrivals = new Map<number, number>()
  socket.on('message', (data) => {
    const at = Date.now()
    const message = JSON.parse(data.toString()) as { method?: string; params?: { result?: { number?: string } } }
    if (message.method === 'eth_subscription' && message.params?.result?.number) arrivals.set(Number(message.params.result.number), at)
  })
  socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }))
  return { arrivals, close: () => socket.close() }
}

export type LiveResult = { blocks: number; latency: Summary & { p50: number }; intervalMs: number }

/**
 * Head to DOM: the home page open, the bench mines `blocks` blocks one at a time (`intervalMs` apart) on
 * the node; for each, the time from its newHeads message on the node's own WebSocket to its row in the
 * page's latest-blocks table (both clocks are this machine's Date.now()).
 */
export async function measureLive(browser: Browser, appUrl: string, node: { httpUrl: string; wsUrl: string }, blocks = 50, intervalMs = 400): Promise<LiveResult> {
  const anvil = createChainClient(node.httpUrl)
  const heads = await watchNodeHeads(node.wsUrl)
  const context = await newBenchContext(browser)
  try {
    const page = await context.newPage()
    await page.goto(`${appUrl}/`)
    await waitForWatch(page, 'home')
    await waitForApp(page)
    await page.waitForTimeout(1_000)
    const first = Number(await anvil.getBlockNumber({ cacheTime: 0 })) + 1
    for (let i = 0; i < blocks; i++) {
      await anvil.mine({ blocks: 1 })
      await new Promise((resolve) => setTimeout(resolve, intervalMs))
    }
    const last = first + blocks - 1
    await page.waitForFunction((n) => (window as unknown as { __bench: { rows: Record<string, number> } }).__bench.rows[String(n)] !== undefined, last, { timeout: 30_000 })
    const shown = await rowTimes(page)
    const latencies: number[] = []
    for (let number = first; number <= last; number++) {
      const arrived = heads.arrivals.get(number)
      const inDom = shown[String(number)]
      if (arrived === undefined || inDom === undefined) throw new Error(`live: block ${number} ${arrived === undefined ? 'never came on the node socket' : 'never showed on the page'}`)
      latencies.push(inDom - arrived)
    }
    return { blocks, intervalMs, latency: { ...summarize(latencies), p50: round(quantile(latencies, 0.5)) } }
  } finally {
    heads.close()
    await context.close()
  }
}

export type MemoryResult = {
  blocks: number
  samples: Array<{ blocksShown: number; heapMb: number }>
  /**
   * After the cache's retention times passed (the page's clock moved 10 minutes on) and one more block, half
   * way through and at the end: a bounded view holds the same at both.
   */
  settled: Array<{ blocksShown: number; heapMb: number }>
  growthMbPer100Blocks: number
}

/**
 * JS heap of the home page (after a forced GC) as the live view shows `blocks` new blocks, sampled every
 * `every` blocks. Blocks are mined faster than a chain makes them, so everything the app keeps for a while
 * (60 s for a block it showed, 5 min for what a fetch seeded) is still held when sampled: half way and at the
 * end the page's clock is moved on 10 minutes (Playwright's clock: the cache's timers fire), one more block
 * mined, and the heap taken again. Those two "settled" figures compare like with like (the first 100 blocks
 * also warm the page's code and caches up, which is not growth); unbounded growth shows as a difference.
 */
export async function measureMemory(browser: Browser, appUrl: string, node: { httpUrl: string }, blocks = 500, every = 100, intervalMs = 60): Promise<MemoryResult> {
  const anvil = createChainClient(node.httpUrl)
  const context = await newBenchContext(browser)
  try {
    const page = await context.newPage()
    await page.clock.install()
    const cdp = await context.newCDPSession(page)
    await page.goto(`${appUrl}/`)
    await waitForWatch(page, 'home')
    await waitForApp(page)
    await page.waitForTimeout(1_000)
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage')
      const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
      return round(usage.usedSize / 1024 / 1024, 2)
    }
    const shown = (n: number) => page.waitForFunction((block) => (window as unknown as { __bench: { rows: Record<string, number> } }).__bench.rows[String(block)] !== undefined, n, { timeout: 30_000 })
    const samples = [{ blocksShown: 0, heapMb: await heap() }]
    const settled: MemoryResult['settled'] = []
    const start = Number(await anvil.getBlockNumber({ cacheTime: 0 }))
    let mined = 0
    const mine = async () => {
      await anvil.mine({ blocks: 1 })
      mined += 1
    }
    const settle = async () => {
      await page.clock.fastForward('10:00')
      await mine()
      await shown(start + mined)
      await page.waitForTimeout(1_000)
      settled.push({ blocksShown: mined, heapMb: await heap() })
    }
    for (let step = 1; step <= blocks; step++) {
      await mine()
      await new Promise((resolve) => setTimeout(resolve, intervalMs))
      if (step % every === 0) {
        await shown(start + mined)
        await page.waitForTimeout(500)
        samples.push({ blocksShown: mined, heapMb: await heap() })
      }
      if (step === Math.floor(blocks / 2) || step === blocks) await settle()
    }
    const growth = ((samples.at(-1)!.heapMb - samples[1]!.heapMb) / (samples.at(-1)!.blocksShown - samples[1]!.blocksShown)) * 100
    return { blocks, samples, settled, growthMbPer100Blocks: round(growth, 2) }
  } finally {
    await context.close()
  }
}
