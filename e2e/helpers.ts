import { expect, type APIRequestContext, type Page, type Route } from '@playwright/test'
import type { Hex } from 'viem'
import { mnemonicToAccount, type HDAccount } from 'viem/accounts'
import { appRunningAttribute, configElementId, firstScreenStateElementId } from '../contract/pageConfig.ts'
import { setBalance } from './chain.ts'
import { e2ePorts } from './ports.ts'

type ServedNetwork = { name: string; rpcBase: string }

/**
 * The default network's JSON-RPC URL as the app's pages reach it, read from the same /config.json the app reads:
 * the app server's own path for it (server/networkProxy.ts adds the key). The tests' own calls take the same way;
 * a test that routes the page's calls routes this URL.
 */
export async function rpcUrl(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/config.json')).json()) as { defaultNetwork: string; networks: ServedNetwork[] }
  const network = config.networks.find((candidate) => candidate.name === config.defaultNetwork)!
  return new URL(network.rpcBase, `http://127.0.0.1:${e2ePorts.app}`).href
}

/** eth_blockNumber straight from the gateway, as a number. */
export async function gatewayBlockNumber(request: APIRequestContext, url: string): Promise<number> {
  const response = await request.post(url, { data: { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] } })
  const body = (await response.json()) as { result: string }
  return Number(BigInt(body.result))
}

/** The head number the page shows ("1,234" -> 1234). */
export async function shownHead(page: Page): Promise<number> {
  const text = (await page.getByTestId('head-number').textContent()) ?? ''
  return Number(text.replace(/[^\d]/g, ''))
}

/** The home page with its head and every recent-block row loaded. */
export async function openHome(page: Page): Promise<void> {
  await page.goto('/')
  await expect(page.getByTestId('head-number')).toBeVisible()
  await expect(page.getByTestId('recent-blocks').locator('tbody tr')).toHaveCount(8)
  await expect(page.getByTestId('recent-blocks').locator('.animate-pulse')).toHaveCount(0)
  // The rows above may be the server's first screen, there before the app's code has run: the app is open
  // once it has hydrated them.
  await appRendered(page)
}

/** One JSON-RPC call straight to the gateway (the test's own view of the chain); a JSON-RPC error throws. */
export async function rpc<T>(request: APIRequestContext, url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await request.post(url, { data: { jsonrpc: '2.0', id: 1, method, params } })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/**
 * The first receipt, oldest block first, that `matches` (`R`: the fields a test reads). The e2e chain's history
 * is built from a seeded mix at start (CHAINGLASS_HISTORY_BLOCKS), so the same transaction is found every run
 * whatever the other specs have mined since. Blocks are read 20 to a batch.
 */
export async function firstReceiptWhere<R>(request: APIRequestContext, url: string, matches: (receipt: R) => boolean): Promise<R> {
  const head = Number(BigInt(await rpc<Hex>(request, url, 'eth_blockNumber')))
  for (let from = 1; from <= head; from += 20) {
    const numbers = Array.from({ length: Math.min(20, head - from + 1) }, (_, index) => from + index)
    const response = await request.post(url, { data: numbers.map((number, id) => ({ jsonrpc: '2.0', id, method: 'eth_getBlockReceipts', params: [`0x${number.toString(16)}`] })) })
    const replies = ((await response.json()) as Array<{ id: number; result: R[] | null }>).sort((a, b) => a.id - b.id)
    const found = replies.flatMap((reply) => reply.result ?? []).find(matches)
    if (found) return found
  }
  throw new Error('no receipt on the chain matches')
}

/** Signs an EIP-1559 transaction with viem (nonce, chain id and fees from the gateway) and sends it raw; resolves with its hash. */
export async function sendSigned(request: APIRequestContext, url: string, from: HDAccount, tx: { to?: Hex; data?: Hex; value?: bigint; gas: bigint; tip?: bigint }): Promise<Hex> {
  const [chainId, nonce, latest] = await Promise.all([
    rpc<Hex>(request, url, 'eth_chainId'),
    rpc<Hex>(request, url, 'eth_getTransactionCount', [from.address, 'pending']),
    rpc<{ baseFeePerGas: Hex }>(request, url, 'eth_getBlockByNumber', ['latest', false]),
  ])
  const priority = tx.tip ?? 1_000_000_000n
  const signed = await from.signTransaction({
    type: 'eip1559',
    chainId: Number(BigInt(chainId)),
    nonce: Number(BigInt(nonce)),
    to: tx.to,
    data: tx.data,
    value: tx.value ?? 0n,
    gas: tx.gas,
    maxPriorityFeePerGas: priority,
    maxFeePerGas: BigInt(latest.baseFeePerGas) * 2n + priority,
  })
  return rpc<Hex>(request, url, 'eth_sendRawTransaction', [signed])
}

/** Signs an EIP-1559 ETH transfer with viem and sends it raw. */
export function signAndSend(request: APIRequestContext, url: string, from: HDAccount, to: Hex, value: bigint, tip?: bigint): Promise<Hex> {
  return sendSigned(request, url, from, { to, value, gas: 21_000n, tip })
}

/**
 * Injected fault: the real answer is fetched, `edit` turns it into the one the page gets (null: a 404).
 * A request still in flight when its test ends (the network probe's, 2 s after a page opens, often is) loses
 * its answer with the page's context ("Response has been disposed"): nothing is left to fulfill then, and a
 * test that already passed must not fail on it.
 */
export async function fulfillEdited<T>(route: Route, edit: (answer: T) => unknown): Promise<void> {
  try {
    const response = await route.fetch()
    const edited = edit((await response.json()) as T)
    await (edited === null ? route.fulfill({ status: 404, body: 'not found' }) : route.fulfill({ response, json: edited }))
  } catch (error) {
    if (/disposed|closed/i.test(String(error))) return
    throw error
  }
}

/**
 * Fault injection: the gateway's answer to every call `refused` picks is replaced by -32601 "method not found",
 * as a node without that method answers; every other call in the same batch goes through untouched. Returns
 * the calls the page sent (refused or not), in order.
 */
export async function refuseCalls(page: Page, gateway: string, refused: (call: { method: string; params: unknown[] }) => boolean): Promise<Array<{ method: string; params: unknown[] }>> {
  const sentCalls: Array<{ method: string; params: unknown[] }> = []
  await page.route(gateway, async (route) => {
    const sent = JSON.parse(route.request().postData() ?? 'null') as RpcCall | RpcCall[]
    const entries = [sent].flat()
    sentCalls.push(...entries.map(({ method, params }) => ({ method, params: params ?? [] })))
    const refusedIds = new Map(entries.filter((entry) => refused({ method: entry.method, params: entry.params ?? [] })).map((entry) => [entry.id, entry.method]))
    if (refusedIds.size === 0) return route.continue()
    const inject = (entry: { id: number }) => (refusedIds.has(entry.id) ? { jsonrpc: '2.0', id: entry.id, error: { code: -32601, message: `the method ${refusedIds.get(entry.id)} does not exist/is not available` } } : entry)
    await fulfillEdited(route, (answer: { id: number } | Array<{ id: number }>) => (Array.isArray(answer) ? answer.map(inject) : inject(answer)))
  })
  return sentCalls
}

type RpcCall = { id: number; method: string; params?: unknown[] }

/**
 * Fault injection: ots_getApiLevel refused (refuseCalls), as a node without Otterscan's methods answers.
 * Returns what tells the other ots_ methods the page still sent.
 */
export async function refuseOtterscan(page: Page, gateway: string): Promise<() => string[]> {
  const sent = await refuseCalls(page, gateway, (call) => call.method === 'ots_getApiLevel')
  return () => sent.map((call) => call.method).filter((method) => method.startsWith('ots_') && method !== 'ots_getApiLevel')
}

/**
 * What the page reports from now on: console messages of `types` and uncaught errors, as their text. A test
 * expects it empty where nothing may go wrong (a hydration mismatch is reported on the console).
 */
export function watchReports(page: Page, types: readonly string[] = ['error', 'warning']): string[] {
  const reported: string[] = []
  page.on('console', (message) => {
    if (types.includes(message.type())) reported.push(message.text())
  })
  page.on('pageerror', (error) => reported.push(error.message))
  return reported
}

/** The chunks a page's head prefetches (the app's start and the page's own: server/pageHead.ts), in head order. */
export const scriptPrefetches = (html: string) => [...html.matchAll(/<link rel="prefetch" as="script" crossorigin href="([^"]+)">/g)].map(([, href]) => href!)

/**
 * Holds the page's requests for `url` until the returned function is called (network held): a page's code kept
 * back, so what a user does before the app runs can be tested.
 */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/**
 * Marks #root's first element as the server sent it (data-sent), once the document is parsed and before any
 * module script runs: hydrated in place, the element keeps the mark; rendered by the app, it is replaced.
 */
export async function markServerElement(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') document.getElementById('root')?.firstElementChild?.setAttribute('data-sent', '')
    })
  })
}

/**
 * Waits until the app runs the page: it has hydrated the first screen the server sent (server/firstScreen.ts,
 * there before the app's code has run), or rendered the page itself (contract/pageConfig.ts appRunningAttribute).
 */
export async function appRendered(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute(appRunningAttribute, 'running')
}

/**
 * A click on the page's top-left corner, on nothing that takes focus: keyboard tests start from the document,
 * not from a field. The mouse at that point, not a locator's click: Playwright waits for a locator to be stable,
 * and <body> moves whenever rows arrive.
 */
export async function clickPageCorner(page: Page): Promise<void> {
  await page.mouse.click(1, 1)
}

/** Every alert/confirm/prompt the page opens, each dismissed so nothing hangs: content tests expect none. */
export function watchDialogs(page: Page): string[] {
  const seen: string[] = []
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss()
  })
  return seen
}

/** anvil's dev mnemonic: accounts 0-4 are the scenario's, 5-9 the traffic's, 10-19 free for tests. */
export const devAccount = (index: number): HDAccount => mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: index })

/** The server's data block in a rendered page (server/firstScreen.ts), its JSON captured. */
export const firstScreenDataBlock = new RegExp(`<script type="application/json" id="${firstScreenStateElementId}"[^>]*>(.*?)</script>`, 's')

/** A receipt as the gateway answers it, the fields the first-screen specs compare. */
export type RpcReceipt = { transactionHash: Hex; status: Hex; gasUsed: Hex; blockNumber: Hex; from: Hex }

/** The history's first block with at least two transactions (the same every run), and its receipts. */
export async function busyBlock(request: APIRequestContext, url: string): Promise<{ number: bigint; receipts: RpcReceipt[] }> {
  const head = BigInt(await rpc<Hex>(request, url, 'eth_blockNumber'))
  for (let number = 1n; number <= head; number++) {
    const receipts = await rpc<RpcReceipt[]>(request, url, 'eth_getBlockReceipts', [`0x${number.toString(16)}`])
    if (receipts.length >= 2) return { number, receipts }
  }
  throw new Error('no block with two transactions on the chain')
}

/** Every POST the page sends to the gateway, as its JSON-RPC methods and params. */
export function gatewayCalls(page: Page): Array<{ method: string; params: unknown[] }> {
  const calls: Array<{ method: string; params: unknown[] }> = []
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !/\/rpc\//.test(request.url())) return
    const body = JSON.parse(request.postData() ?? 'null') as { method: string; params: unknown[] } | Array<{ method: string; params: unknown[] }>
    calls.push(...[body].flat())
  })
  return calls
}

/** The receipt of `hash`, asked every 250 ms for up to 20 s. */
export async function waitForReceipt<R>(request: APIRequestContext, url: string, hash: Hex): Promise<R> {
  for (let attempt = 0; attempt < 80; attempt++) {
    const receipt = await rpc<R | null>(request, url, 'eth_getTransactionReceipt', [hash])
    if (receipt) return receipt
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no receipt for ${hash}`)
}

/** Tops a test account up to 10 ETH when it holds less than 1 (anvil funds only accounts 0-9), through the test control: no transaction, no nonce race. */
export async function fundTestAccount(request: APIRequestContext, url: string, address: Hex): Promise<void> {
  const balance = BigInt(await rpc<Hex>(request, url, 'eth_getBalance', [address, 'latest']))
  if (balance >= 10n ** 18n) return
  await setBalance(request, address, 10n * 10n ** 18n)
}

/** The runtime config as the service serves it (the app server's JSON data block in the page, and /config.json). */
export type PageConfig = { defaultNetwork: string; networks: Array<Record<string, unknown> & { name: string }> }

/**
 * Injected fault: the runtime config, changed in the browser's path (the shared service must keep serving the
 * real one). The page's own copy cannot be edited on its way: Chromium treats a document fulfilled by a route
 * as not served from loopback and then refuses it the loopback gateway and file store. So the page's copy is
 * removed as the parser inserts it (before the app's code runs), the app reads /config.json as on a host that
 * serves no config in the page, and that answer is edited: `edit` returns the config to give, or null to answer
 * 404.
 */
export async function routeRuntimeConfig(page: Page, edit: (config: PageConfig) => PageConfig | null): Promise<void> {
  await page.addInitScript((id) => {
    new MutationObserver(() => document.getElementById(id)?.remove()).observe(document, { childList: true, subtree: true })
  }, configElementId)
  await page.route('**/config.json', async (route) => {
    await fulfillEdited(route, edit)
  })
}

/**
 * Counts the page's HTTP requests in flight from now on. `settled()` resolves once none is: what a test
 * counts or checks after it is final, with no guess at how long the page might still be busy.
 */
export function watchInFlight(page: Page): { settled(): Promise<void> } {
  let inFlight = 0
  page.on('request', () => void (inFlight += 1))
  page.on('requestfinished', () => void (inFlight -= 1))
  page.on('requestfailed', () => void (inFlight -= 1))
  return {
    async settled() {
      await expect.poll(() => inFlight).toBe(0)
      // What the last answer set off (a render, a policy report) has had its frame.
      await nextFrames(page)
    },
  }
}

/** Resolves after the page's next frame but one: what a scroll or a state change set off has been rendered. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
}

/**
 * The transactions `address` sent or received in blocks 0 to `head`, newest first (by block, then position), as
 * the node's own full blocks list them (one batch): what a history read block by block must show.
 */
export async function transactionsOfAddress(request: APIRequestContext, url: string, address: Hex, head: number): Promise<Hex[]> {
  const who = address.toLowerCase()
  const numbers = Array.from({ length: head + 1 }, (_, index) => head - index)
  const answer = await request.post(url, { data: numbers.map((number, id) => ({ jsonrpc: '2.0', id, method: 'eth_getBlockByNumber', params: [`0x${number.toString(16)}`, true] })) })
  const blocks = ((await answer.json()) as Array<{ id: number; result: { transactions: Array<{ hash: Hex; from: Hex; to: Hex | null }> } }>).sort((a, b) => a.id - b.id)
  return blocks.flatMap(({ result }) => [...result.transactions].reverse().filter((tx) => tx.from.toLowerCase() === who || tx.to?.toLowerCase() === who).map((tx) => tx.hash))
}

/** The network form's text fields a test fills in (their testids are `field-<name>`). */
export type NetworkFields = Partial<Record<'label' | 'name' | 'rpcBase' | 'chainId' | 'ipfsUrl' | 'sourcesUrl' | 'key', string>>

/** Opens /settings, adds a network with `fields` filled in as a user types them, saves it and waits for its row. */
export async function addNetworkInSettings(page: Page, fields: NetworkFields): Promise<void> {
  await page.goto('/settings')
  await page.getByTestId('add-network').click()
  const form = page.getByTestId('network-form')
  for (const [field, value] of Object.entries(fields)) await form.getByTestId(`field-${field}`).fill(value)
  await form.getByTestId('network-save').click()
  await expect(page.getByTestId(`network-row-${fields.name}`)).toBeVisible()
}

