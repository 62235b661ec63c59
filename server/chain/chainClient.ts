import {
  BaseError,
  createClient,
  defineChain,
  http,
  HttpRequestError,
  publicActions,
  testActions,
  TimeoutError,
  walletActions,
  type Chain,
} from 'viem'

/**
 * The service's own client for the chain (the scenario, the traffic, the bench and tests): viem's
 * public, wallet and anvil test actions over one batching HTTP transport. Calls started in the same
 * turn of the event loop leave as one JSON-RPC batch, so a tick of signed sends is one request.
 *
 * The URL of the keyed gateway holds the project key in its path. viem puts the URL into its errors
 * (`URL: …` lines), and those end up in the service log, so viem is only ever shown a URL with the key
 * replaced; the real one is used by the fetch underneath.
 */
export function createChainClient(url: string, options: { timeoutMs?: number; maxResponseBytes?: number } = {}) {
  const transport = http(hideKey(url), {
    batch: { wait: 0 },
    // The callers decide what a failure means (the traffic tries again on its next tick).
    retryCount: 0,
    timeout: options.timeoutMs ?? 30_000,
    // viem's default (10 MB) is for untrusted nodes; the bench reads its own anvil's whole state dump, larger.
    maxResponseBodySize: options.maxResponseBytes,
    fetchFn: (_shownUrl, init) => fetch(url, init),
  })
  return createClient({ transport, pollingInterval: 200 })
    .extend(publicActions)
    .extend(walletActions)
    .extend(testActions({ mode: 'anvil' }))
}

export type ChainClient = ReturnType<typeof createChainClient>

/** The gateway's path is `/v3/<key>`; anything after `/v3/` is the key. */
function hideKey(url: string): string {
  return url.replace(/\/v3\/[^/?#]*/, '/v3/***')
}

/**
 * The chain's id as a viem chain, so that sends do not ask for the chain id once per transaction.
 * Only the id matters: the transport is the client's.
 */
export async function chainOf(client: ChainClient): Promise<Chain> {
  const id = await client.getChainId()
  return defineChain({
    id,
    name: `chain ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  })
}

/**
 * One line for the service log: what went wrong, without viem's request dumps and docs links. A
 * connection failure reads "the gateway is not reachable (ECONNREFUSED)".
 */
export function describeChainError(error: unknown): string {
  if (!(error instanceof BaseError)) return error instanceof Error ? error.message : String(error)
  const http = error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError)
  if (http instanceof TimeoutError) return 'the gateway did not answer in time'
  if (http instanceof HttpRequestError) {
    if (http.status) return `the gateway answered HTTP ${http.status}${http.details ? `: ${http.details}` : ''}`
    const cause = (http.cause as { cause?: { code?: string; message?: string } } | undefined)?.cause
    return `the gateway is not reachable (${cause?.code ?? cause?.message ?? http.details})`
  }
  const innermost = error.walk() as BaseError | Error
  const details = innermost instanceof BaseError ? innermost.details : innermost.message
  const first = error.shortMessage.split('\n')[0]!
  return details && !first.includes(details) ? `${first} ${details}` : first
}
