import type { Browser, Page } from '@playwright/test'
import { encodeFunctionData, parseAbi, type Hex } from 'viem'
import { createChainClient } from '../server/chain/chainClient.ts'
import { staticCallLoopInitCode } from '../server/testing/evmSnippets.ts'
import { longTasksSince, newBenchContext, pageNow, waitForApp } from './browser.ts'
import { quantile, round, summarize, type Summary } from './stats.ts'

/**
 * The transaction page's opened panels (issue 43, item 7), against their answers: from the end of the node's
 * answer (the last /rpc/ response the panel waited for, Resource Timing) to the frame after its first rows are in
 * the DOM. The call trace of a transaction of `frames` calls (made here: creation code that STATICCALLs an empty
 * address in a loop), and the state changes of the bench chain's largest transaction (an emitter call of 100
 * logs, sent again here). Also: the long tasks while a 10,000-frame tree is scrolled end to end by keyboard.
 */

type Shown = { afterAnswer: number; answerAfterClick: number; requests: number }

/** Clicks `toggle`, waits for `ready` in the DOM and the frame after; times it against the last /rpc/ answer. */
async function openPanel(page: Page, toggle: string, ready: string): Promise<Shown> {
  return page.evaluate(
    async ({ toggle, ready }) => {
      const clicked = performance.now()
      ;(document.querySelector(`[data-testid="${toggle}"]`) as HTMLElement).click()
      await new Promise<void>((resolve, reject) => {
        const found = () => document.querySelector(ready) !== null
        if (found()) return resolve()
        const observer = new MutationObserver(() => {
          if (!found()) return
          observer.disconnect()
          resolve()
        })
        observer.observe(document.body, { subtree: true, childList: true })
        // A panel that never shows is named, with what it shows instead.
        setTimeout(() => {
          observer.disconnect()
          const panel = document.querySelector(`[data-testid="${toggle}"]`)?.closest('section, [data-testid]')?.parentElement
          reject(new Error(`${ready} did not show within 30 s; the panel says: ${(panel?.textContent ?? '').slice(0, 400)}`))
        }, 30_000)
      })
      // Painted: the frame after the rows went in.
      await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
      const shown = performance.now()
      const answers = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.startTime >= clicked && entry.name.includes('/rpc/') && entry.responseEnd <= shown)
      const answered = Math.max(...answers.map((entry) => entry.responseEnd))
      return { afterAnswer: shown - answered, answerAfterClick: answered - clicked, requests: answers.length }
    },
    { toggle, ready },
  )
}

export type TraceResult = {
  frames: number
  /** ms from the trace's answer to its rows painted; budget 150. */
  traceShown: Summary & { p50: number }
  stateTransaction: Hex
  /** ms from the state diff's answer to its accounts painted; budget 150. */
  stateShown: Summary & { p50: number }
  /** Long tasks (ms) while End, then Home, went through a 10,000-frame tree. */
  scroll10k: { frames: number; longTasks: number[] }
}

async function sendAndWait(client: ReturnType<typeof createChainClient>, data: Hex, gas: bigint, to?: Hex): Promise<Hex> {
  const [from] = await client.getAddresses()
  const hash = await client.sendTransaction({ account: from!, chain: null, data, gas, to })
  await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  return hash
}

export async function measureTrace(browser: Browser, appUrl: string, anvilUrl: string, emitter: Hex, logsPerCall: number, runs = 7, frames = 1_000): Promise<TraceResult> {
  const client = createChainClient(anvilUrl)
  const traced = await sendAndWait(client, staticCallLoopInitCode(frames), 3_000_000n)
  const huge = await sendAndWait(client, staticCallLoopInitCode(10_000), 5_000_000n)
  // The chain's largest transactions are its emitter calls (emitMany(100): 100 logs). One more of them, sent now:
  // anvil replays an old transaction of a chain loaded from a state dump from far back, which is the node's cost,
  // not the page's.
  const stateTransaction = await sendAndWait(client, encodeFunctionData({ abi: parseAbi(['function emitMany(uint256 n)']), functionName: 'emitMany', args: [BigInt(logsPerCall)] }), 3_000_000n, emitter)
  const trace: number[] = []
  const state: number[] = []
  for (let run = 0; run < runs; run++) {
    const context = await newBenchContext(browser)
    try {
      const page = await context.newPage()
      await page.goto(`${appUrl}/tx/${traced}`)
      await waitForApp(page)
      trace.push((await openPanel(page, 'tx-trace-toggle', '[data-testid="tx-trace-tree"] [data-testid="tx-trace-row"]')).afterAnswer)
      await page.goto(`${appUrl}/tx/${stateTransaction}`)
      await waitForApp(page)
      state.push((await openPanel(page, 'tx-state-toggle', '[data-testid="tx-state-list"] [data-testid="tx-state-account"]')).afterAnswer)
    } finally {
      await context.close()
    }
  }
  const context = await newBenchContext(browser)
  let longTasks: number[]
  try {
    const page = await context.newPage()
    await page.goto(`${appUrl}/tx/${huge}`)
    await waitForApp(page)
    await openPanel(page, 'tx-trace-toggle', '[data-testid="tx-trace-tree"] [data-testid="tx-trace-row"]')
    const since = await pageNow(page)
    await page.getByTestId('tx-trace-tree').focus()
    for (const key of ['End', 'Home', 'PageDown', 'End']) {
      await page.keyboard.press(key)
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))
    }
    longTasks = await longTasksSince(page, since)
  } finally {
    await context.close()
  }
  const summary = (values: number[]) => ({ ...summarize(values), p50: round(quantile(values, 0.5)) })
  return { frames, traceShown: summary(trace), stateTransaction, stateShown: summary(state), scroll10k: { frames: 10_001, longTasks: longTasks.map((value) => round(value)) } }
}
