import type { Hash } from 'viem'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import type { ChainClient } from './chain/chainClient.ts'
import { Writable } from 'node:stream'
import type { FirstScreenRenderer } from './firstScreen.ts'
import { setTimeout as sleep } from 'node:timers/promises'

/**
 * The first render of each kind of page after the app server starts costs many times what the next ones do: the
 * page modules are loaded and the renderer's code is compiled on first use. That first visitor is the one a
 * demo or a new user is. So the server renders its pages once as soon as the node answers (the home page, the
 * newest block with transactions, one of its transactions) and drops the results.
 *
 * One render each leaves the renderer's code to V8's interpreter, which is where it stays while pages are asked
 * for a few times a minute, several times slower than the same render hot. So the pages are rendered `rounds`
 * times, all kinds once before any twice (the first visitor's page is warm soonest). The rounds after the first
 * wait until the server is idle (`quiet`; the app server: no request for 3 s): right after `npm start`, all the
 * rounds at once took the CPU the first visitor's browser needed, and its first paint came late.
 *
 * Best effort and quiet: it waits for the node (the chain may start after the app server), gives up after
 * `giveUpMs`, and stops when `signal` aborts (the server closing). Nothing is logged: a render that fails here
 * fails again for the visitor, where the page reports it.
 */
export type WarmOptions = {
  signal: AbortSignal
  giveUpMs?: number
  retryMs?: number
  rounds?: number
  /** Whether the server is idle: the rounds after the first wait for it (checked every `retryMs`). */
  quiet?: () => boolean
}

/** How many times each page is rendered (see above). */
export const warmRounds = 40

/**
 * `ms`, or until `signal` aborts; never what keeps the process alive. Node's own timer takes its abort listener
 * off when it fires: one left per pause piled up on the server's signal (a MaxListenersExceededWarning after a
 * restart under load, when the warm-up waits for quiet again and again).
 */
const pause = (ms: number, signal: AbortSignal) => sleep(ms, undefined, { signal, ref: false }).catch(() => {})

/** A stream that drops what it is given. */
const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() })

type WarmBlock = { number: bigint; transactions: readonly Hash[] }

/** The newest block (among the last few) with a transaction, else the newest. */
async function blockWithTransactions(client: ChainClient): Promise<WarmBlock> {
  const head = await client.getBlock({ blockTag: 'latest' })
  let block = head
  for (let number = head.number; block.transactions.length === 0 && number > 0n && head.number - number < 16n; ) {
    number -= 1n
    block = await client.getBlock({ blockNumber: number })
  }
  return block.transactions.length > 0 ? block : head
}

/** The page paths warmed (rendered at least once), in order (exported for the test). */
export async function warmFirstScreens(render: FirstScreenRenderer, runtime: () => RuntimeConfig, options: WarmOptions): Promise<string[]> {
  const { signal, giveUpMs = 120_000, retryMs = 1_000, rounds = warmRounds, quiet = () => true } = options
  const config = runtime()
  const network = config.networks.find((candidate) => candidate.name === config.defaultNetwork)
  if (!network) return []
  // The service's own client for the chain: its errors never show the key. Loaded here, after the server
  // listens: viem is most of the app part's start, and a restarted part answers without it.
  const { createChainClient } = await import('./chain/chainClient.ts')
  const client = createChainClient(`${network.rpcBase}/v3/${network.key}`, { timeoutMs: 10_000 })
  const until = Date.now() + giveUpMs
  let block: WarmBlock | null = null
  while (!block && !signal.aborted && Date.now() < until) {
    block = await blockWithTransactions(client).catch(() => null)
    if (!block) await pause(retryMs, signal)
  }
  if (!block) return []
  const paths = ['/', `/block/${block.number}`, ...block.transactions.slice(0, 1).map((hash) => `/tx/${hash}`)]
  const warmed = new Set<string>()
  for (let round = 0; round < rounds && !signal.aborted; round++) {
    for (const path of paths) {
      while (round > 0 && !signal.aborted && !quiet()) await pause(retryMs, signal)
      if (signal.aborted) break
      const screen = await render(path, runtime(), 'warm').catch(() => null)
      // The markup streamed and the data serialized, as for a visitor (indexPage.ts): that code is warmed too.
      if (screen && (await screen.pipe(discard()).then(() => true, () => false))) {
        JSON.stringify(screen.state())
        warmed.add(path)
      }
    }
  }
  return [...warmed]
}
