import type { Hex } from 'viem'
import { NetworkError, RpcError } from '../rpc/errors.ts'
import { HttpTransport } from '../rpc/http.ts'
import { blockTags, chainId, getBlockByNumber, type BlockTag } from '../rpc/methods.ts'
import { SocketTransport } from '../rpc/socket.ts'
import type { RpcTransport } from '../rpc/transport.ts'
import type { AppNetwork, Capabilities } from './capabilities.ts'
import { clientsFor } from './clients.ts'
import { rpcHttpUrl, rpcSocketUrl } from '../../contract/endpoints.ts'
import { probeNetwork, type NetworkProbe } from './probe.ts'
import { tagToSend } from './tags.ts'
import type { Network } from '../../contract/runtimeConfig.ts'

/**
 * "Test connection": eth_chainId over HTTP and over WebSocket, each timed and reported on its own, so a
 * wrong key, a blocked WebSocket or a wrong chain id each show as what they are. The probes use their own
 * transports (the network may not be saved yet) and leave nothing open.
 */

export type Endpoint = { name: string; rpcBase: string; wsBase: string; key: string; chainId: string; endpoint?: Network['endpoint'] }

export type ProbeResult =
  | { transport: 'http' | 'websocket'; ok: true; latencyMs: number; chainId: Hex }
  | { transport: 'http' | 'websocket'; ok: false; latencyMs: number; error: unknown; reached: boolean }

export const probeTimeoutMs = 8_000

async function probe(transport: 'http' | 'websocket', rpc: RpcTransport, now: () => number): Promise<ProbeResult> {
  const started = now()
  try {
    const answer = await chainId(rpc, { timeoutMs: probeTimeoutMs })
    return { transport, ok: true, latencyMs: Math.round(now() - started), chainId: answer }
  } catch (error) {
    // An RpcError is an answer: the endpoint was reached and the key accepted, but the method refused.
    return { transport, ok: false, latencyMs: Math.round(now() - started), error, reached: error instanceof RpcError }
  }
}

export function probeHttp(endpoint: Endpoint, options: { fetch?: typeof fetch; now?: () => number } = {}): Promise<ProbeResult> {
  const http = new HttpTransport({ url: rpcHttpUrl(endpoint), timeoutMs: probeTimeoutMs, fetch: options.fetch })
  return probe('http', http, options.now ?? (() => performance.now()))
}

/** One connection attempt: a socket that cannot open is reported at once, not retried with backoff. */
export function probeSocket(endpoint: Endpoint, options: { WebSocket?: new (url: string) => WebSocket; now?: () => number } = {}): Promise<ProbeResult> {
  const now = options.now ?? (() => performance.now())
  const started = now()
  let socket: SocketTransport
  try {
    socket = new SocketTransport({ url: rpcSocketUrl(endpoint), timeoutMs: probeTimeoutMs, connectTimeoutMs: probeTimeoutMs, WebSocket: options.WebSocket })
  } catch (error) {
    return Promise.resolve({ transport: 'websocket', ok: false, latencyMs: 0, error, reached: false })
  }
  return new Promise<ProbeResult>((resolve) => {
    let settled = false
    const finish = (result: ProbeResult) => {
      if (settled) return
      settled = true
      stop()
      socket.close()
      resolve(result)
    }
    const stop = socket.onStatus(() => {
      // The first attempt failed (refused, closed during the handshake, or not open in time).
      if (socket.status.state === 'reconnecting') {
        finish({ transport: 'websocket', ok: false, latencyMs: Math.round(now() - started), error: new NetworkError('eth_chainId', 'the WebSocket did not open'), reached: false })
      }
    })
    probe('websocket', socket, now).then(finish, () => {})
  })
}

/**
 * Both transports; with `probe`, also what the network offers (probe.ts), in parallel: the network form's
 * test, which is finding the rules out. A saved network's test asks as its rules send (checkTags), so a tag
 * its rules refuse is never sent. `offers` is null when not probed, or when the endpoint could not be asked
 * at all (the transport lines say why).
 */
export async function testConnection(endpoint: Endpoint, options: { probe?: boolean } = {}): Promise<{ http: ProbeResult; websocket: ProbeResult; offers: NetworkProbe | null }> {
  const [http, websocket, offers] = await Promise.all([probeHttp(endpoint), probeSocket(endpoint), options.probe ? probeNetwork(endpoint, { tracing: true }).catch(() => null) : Promise.resolve(null)])
  return { http, websocket, offers: http.ok ? offers : null }
}

export type TagCheck =
  | { tag: BlockTag; sentAs: BlockTag; ok: true; number: Hex | null; hash: Hex | null }
  | { tag: BlockTag; sentAs: BlockTag; ok: false; error: unknown }
  | { tag: BlockTag; sentAs: null; refused: true }

/**
 * What each of the spec's five tags names on the network, asked the way the app asks it: through the
 * network's guarded transport, so a `safe` the network refuses goes out as `finalized` (and `sentAs` says so).
 */
export async function checkTags(http: RpcTransport, capabilities: Capabilities): Promise<TagCheck[]> {
  return Promise.all(
    blockTags.map(async (tag): Promise<TagCheck> => {
      const sentAs = tagToSend(capabilities, tag)
      if (sentAs === null) return { tag, sentAs: null, refused: true }
      try {
        const block = await getBlockByNumber(http, tag, false, { timeoutMs: probeTimeoutMs })
        return { tag, sentAs, ok: true, number: block?.number ?? null, hash: block?.hash ?? null }
      } catch (error) {
        return { tag, sentAs, ok: false, error }
      }
    }),
  )
}

/** checkTags over the network's own HTTP client: what the settings page's connection test asks. */
export function checkNetworkTags(network: AppNetwork): Promise<TagCheck[]> {
  return checkTags(clientsFor(network).http, network.capabilities)
}
