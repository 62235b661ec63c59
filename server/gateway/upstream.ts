import http from 'node:http'
import type { JsonRpcErrorObject } from '../../contract/jsonrpc.ts'
import { RpcFailure } from './jsonrpc.ts'
import { ChainglassError } from '../../contract/errors.ts'

/** The node could not be reached or did not answer in time: not the client's fault, and no JSON-RPC answer exists. */
export class UpstreamUnavailable extends ChainglassError {
  override name = 'UpstreamUnavailable'
  readonly reason: 'unreachable' | 'timeout' | 'bad-answer'
  constructor(reason: 'unreachable' | 'timeout' | 'bad-answer', message: string) {
    super(message)
    this.reason = reason
  }
}

type Pending = {
  id: number
  method: string
  params: unknown[]
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/**
 * What anvil's IPC and WebSocket codecs say of any call they cannot parse (an unknown method, params of the wrong
 * shape), where its HTTP server names the fault ("Method not found", "invalid length 1, expected tuple variant").
 */
export const unparsedByNode = /did not match any variant of untagged enum/

/** The answer for such a call where the node's own words cannot be had: what it means, for a client. */
export const unreadableParams = (method: string) => new RpcFailure(-32602, `invalid params: the node could not read the parameters of ${method}`)

export type UpstreamAnswer = { id?: unknown; result?: unknown; error?: JsonRpcErrorObject }

/** What the dispatcher needs of a node: anvil over HTTP, or a recorded sample network. */
export type NodeClient = {
  /** Resolves with `result`; rejects with RpcFailure (the node's error) or UpstreamUnavailable. */
  call(method: string, params: unknown[]): Promise<unknown>
  /** The same, alone and with its own deadline. */
  callAlone(method: string, params: unknown[], timeoutMs: number): Promise<unknown>
  /**
   * Like call (or callAlone, given a deadline), but a result may come as RawResult (its JSON bytes, unparsed):
   * for results passed on as they are.
   */
  callRaw?(method: string, params: unknown[], timeoutMs?: number): Promise<unknown>
}

/**
 * A keep-alive agent whose sockets always have an 'error' listener. A ClientRequest listens on its socket only
 * while it owns it: when the node answers before the body is fully written (anvil answers a body over its 2 MiB
 * limit at once and closes), the answer ends the request, the socket is handed back, and the rest of the write
 * fails with EPIPE on a socket nobody listens to. Node then throws the 'error' event and the whole service
 * died of one large request. The request's own listener still reports errors to its caller; this
 * one only makes sure a socket's error is never unhandled, and retires the socket.
 */
class GuardedAgent extends http.Agent {
  override createConnection(...args: Parameters<http.Agent['createConnection']>): ReturnType<http.Agent['createConnection']> {
    const socket = super.createConnection(...args)
    socket?.on('error', () => socket.destroy())
    return socket
  }
}

/**
 * A JSON-RPC client for one node over HTTP with keep-alive. Calls made in the same tick leave as one
 * batch (one POST), which keeps the gateway's overhead per call low under concurrency.
 */
export class Upstream implements NodeClient {
  readonly #url: () => string
  readonly #timeoutMs: number
  readonly #agent = new GuardedAgent({ keepAlive: true, maxSockets: 64 })
  #queue: Pending[] = []
  #flushScheduled = false
  #nextId = 1

  /** `url` is read on every request so a restarted node on a new port is found. */
  constructor(url: () => string, timeoutMs: number) {
    this.#url = url
    this.#timeoutMs = timeoutMs
  }

  /** Sends one call in the next batch. Resolves with `result`; rejects with RpcFailure or UpstreamUnavailable. */
  call(method: string, params: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, method, params, resolve, reject })
      if (!this.#flushScheduled) {
        this.#flushScheduled = true
        setImmediate(() => this.#flush())
      }
    })
  }

  /** Sends one call alone with its own deadline (eth_getLogs has the spec's 10 s limit). */
  async callAlone(method: string, params: unknown[], timeoutMs: number): Promise<unknown> {
    const id = this.#nextId++
    const answer = await this.#post(JSON.stringify({ jsonrpc: '2.0', id, method, params }), timeoutMs)
    return settle(answer as UpstreamAnswer)
  }

  async #flush(): Promise<void> {
    const queued = this.#queue
    this.#queue = []
    this.#flushScheduled = false
    // Every call must settle: one that cannot be serialised fails alone instead of stalling its batch.
    const batch: Pending[] = []
    const bodies: string[] = []
    for (const call of queued) {
      try {
        bodies.push(toBody(call))
        batch.push(call)
      } catch (error) {
        call.reject(new RpcFailure(-32602, `invalid params: ${(error as Error).message}`))
      }
    }
    if (batch.length === 0) return
    const body = batch.length === 1 ? bodies[0]! : '[' + bodies.join(',') + ']'
    let answer: unknown
    try {
      answer = await this.#post(body, this.#timeoutMs)
    } catch (error) {
      for (const call of batch) call.reject(error)
      return
    }
    const answers = Array.isArray(answer) ? (answer as UpstreamAnswer[]) : [answer as UpstreamAnswer]
    const byId = new Map<unknown, UpstreamAnswer>()
    for (const item of answers) if (item && typeof item === 'object') byId.set(item.id, item)
    for (const call of batch) {
      const item = byId.get(call.id)
      if (!item) {
        call.reject(new UpstreamUnavailable('bad-answer', `the node sent no answer for ${call.method}`))
        continue
      }
      try {
        call.resolve(settle(item))
      } catch (error) {
        call.reject(error)
      }
    }
  }

  #post(body: string, timeoutMs: number): Promise<unknown> {
    const url = new URL(this.#url())
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          agent: this.#agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => {
            clearTimeout(timer)
            const text = Buffer.concat(chunks).toString('utf8')
            try {
              resolve(JSON.parse(text))
            } catch {
              reject(new UpstreamUnavailable('bad-answer', `the node answered HTTP ${response.statusCode} with no JSON`))
            }
          })
          response.on('error', (error) => {
            clearTimeout(timer)
            reject(new UpstreamUnavailable('unreachable', `the node connection failed: ${error.message}`))
          })
        },
      )
      const timer = setTimeout(() => {
        request.destroy()
        reject(new UpstreamUnavailable('timeout', `the node did not answer within ${timeoutMs} ms`))
      }, timeoutMs)
      request.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer)
        reject(new UpstreamUnavailable('unreachable', `the node is not reachable (${error.code ?? error.message})`))
      })
      request.end(body)
    })
  }

  close(): void {
    this.#agent.destroy()
  }
}

function toBody(call: Pending): string {
  return JSON.stringify({ jsonrpc: '2.0', id: call.id, method: call.method, params: call.params })
}

/** The result of one node answer, or its error as RpcFailure. */
export function settle(answer: UpstreamAnswer): unknown {
  if (answer.error) {
    const { code, message, data } = answer.error
    throw new RpcFailure(typeof code === 'number' ? code : -32603, String(message ?? 'node error'), data)
  }
  if (!('result' in answer)) throw new UpstreamUnavailable('bad-answer', 'the node answered with neither result nor error')
  return answer.result
}
