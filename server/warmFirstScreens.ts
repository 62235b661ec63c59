import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import type { FirstScreenRenderer } from './firstScreen.ts'

/**
 * The first render of each kind of page after the app server starts costs 0.7-1.1 s (measured on a fresh
 * `npm start`: the home page 702 ms, a block page 1,058 ms, of which the markup 753 ms), where the next ones
 * take 25-130 ms: the page modules are loaded and the renderer's code is compiled on first use. That first
 * visitor is the one a demo or a new user is. So the server renders its pages once as soon as the node answers
 * (the home page, the newest block with transactions, one of its transactions) and drops the results.
 *
 * Best effort and quiet: it waits for the node (the chain may start after the app server), gives up after
 * `giveUpMs`, and stops when `signal` aborts (the server closing). Nothing is logged: a render that fails here
 * fails again for the visitor, where the page reports it.
 */
export type WarmOptions = { signal: AbortSignal; giveUpMs?: number; retryMs?: number }

type Block = { number: string; transactions: string[] }

async function rpc<T>(url: string, method: string, params: unknown[], signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), signal })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error || body.result === undefined) throw new Error(body.error?.message ?? `${method}: no result`)
  return body.result
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    // Never what keeps the process alive.
    timer.unref()
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })

/** The newest block (among the last few) with a transaction, else the newest. */
async function blockWithTransactions(url: string, signal: AbortSignal): Promise<Block> {
  const head = await rpc<Block>(url, 'eth_getBlockByNumber', ['latest', false], signal)
  let block = head
  for (let number = BigInt(head.number); block.transactions.length === 0 && number > 0n && BigInt(head.number) - number < 16n; ) {
    number -= 1n
    block = await rpc<Block>(url, 'eth_getBlockByNumber', [`0x${number.toString(16)}`, false], signal)
  }
  return block.transactions.length > 0 ? block : head
}

/** The page paths warmed, in order (exported for the test). */
export async function warmFirstScreens(render: FirstScreenRenderer, runtime: () => RuntimeConfig, options: WarmOptions): Promise<string[]> {
  const { signal, giveUpMs = 120_000, retryMs = 1_000 } = options
  const config = runtime()
  const network = config.networks.find((candidate) => candidate.name === config.defaultNetwork)
  if (!network) return []
  const url = `${network.rpcBase}/v3/${network.key}`
  const until = Date.now() + giveUpMs
  let block: Block | null = null
  while (!block && !signal.aborted && Date.now() < until) {
    block = await blockWithTransactions(url, signal).catch(() => null)
    if (!block) await pause(retryMs, signal)
  }
  if (!block) return []
  const paths = ['/', `/block/${BigInt(block.number)}`, ...block.transactions.slice(0, 1).map((hash) => `/tx/${hash}`)]
  const warmed: string[] = []
  for (const path of paths) {
    if (signal.aborted) break
    const screen = await render(path, runtime()).catch(() => null)
    if (screen) warmed.push(path)
  }
  return warmed
}
