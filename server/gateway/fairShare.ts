import { AsyncLocalStorage } from 'node:async_hooks'
import { ErrorCode, RawResult, RpcFailure } from './jsonrpc.ts'
import type { NodeClient } from './upstream.ts'

/**
 * The node is the limit: one client's five batches of a thousand full blocks kept it busy for seconds, and
 * every other client's call waited behind them in the node's own queue. So the gateway shares the node: each
 * client (a connection: an HTTP keep-alive connection or a WebSocket, under the one key) has its own queue of
 * calls; at most `perClient` of one client's calls and `inFlight` in all are at the node at once; a free place
 * goes to the next client in turn that has a call waiting. A newcomer's call therefore waits for at most the
 * calls already at the node, never for another client's backlog. Every call is still answered, in time.
 *
 * Memory is shared too: the answers a client's messages have gathered and not yet handed to its connection are
 * counted, and past `responseBytes` that client's further calls are answered at once with -32005 and a back-off
 * hint instead of being run, so no one batch of huge results can fill the gateway's memory.
 */

/** A client's answer bytes held in the gateway, and the share of them one message gathered (released with it). */
type Client = { id: string; heldBytes: number }
type Message = { client: Client; bytes: number }

type Waiting = { message: Message | undefined; run: () => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void }

/** Who is calling, for the calls made while handling one of their messages (asClient). */
const caller = new AsyncLocalStorage<Message>()
const clients = new Map<string, Client>()

/**
 * Runs `handle` as `client`'s: the node calls it makes are queued as that client's (FairShare), and the answer
 * bytes they gather are the client's until `handle` ends (its caller then hands the reply to the connection).
 */
export async function asClient<T>(client: string, handle: () => Promise<T>): Promise<T> {
  let state = clients.get(client)
  if (!state) clients.set(client, (state = { id: client, heldBytes: 0 }))
  const message: Message = { client: state, bytes: 0 }
  try {
    return await caller.run(message, handle)
  } finally {
    state.heldBytes -= message.bytes
    if (state.heldBytes === 0 && clients.get(client) === state) clients.delete(client)
  }
}

/** A result's size on the way out: a raw result's bytes; a parsed one's JSON text. */
function answerBytes(result: unknown): number {
  return result instanceof RawResult ? result.bytes.length : (JSON.stringify(result)?.length ?? 4)
}

/** How long a refused client is asked to wait: its held answers are usually sent within that. */
const backoffSeconds = 1

function tooManyAnswerBytes(limitBytes: number): RpcFailure {
  const megabytes = Math.round((limitBytes / 1024 / 1024) * 10) / 10
  return new RpcFailure(
    ErrorCode.limitExceeded,
    `response too large: more than ${megabytes} MB of this client's answers are waiting to be sent; ask for less at once, or retry after ${backoffSeconds} s`,
    { limit_bytes: limitBytes, backoff_seconds: backoffSeconds },
  )
}

let nextClient = 0
const connectionClients = new WeakMap<object, string>()

/** A client id for a connection (its socket): the same for every request on it. */
export function clientOfConnection(connection: object): string {
  let id = connectionClients.get(connection)
  if (!id) connectionClients.set(connection, (id = `connection ${++nextClient}`))
  return id
}

export type FairShareLimits = { inFlight: number; perClient: number; responseBytes: number }

/**
 * The default limits: enough in flight to keep the node busy, few enough that a newcomer waits little; room for
 * the largest batch a client may send of full blocks from a busy chain (a thousand of ours is about 10 MB).
 */
export const fairShareLimits: FairShareLimits = { inFlight: 16, perClient: 8, responseBytes: 32 * 1024 * 1024 }

export class FairShare implements NodeClient {
  readonly #node: NodeClient
  readonly #limits: FairShareLimits
  /** Waiting calls by client, in the order clients take turns (a Map keeps insertion order). */
  readonly #queues = new Map<string, Waiting[]>()
  readonly #running = new Map<string, number>()
  #inFlight = 0
  readonly callRaw?: NodeClient['callRaw']

  constructor(node: NodeClient, limits: FairShareLimits = fairShareLimits) {
    this.#node = node
    this.#limits = limits
    if (node.callRaw) {
      const raw = node.callRaw.bind(node)
      this.callRaw = (method, params, timeoutMs) => this.#enqueue(() => raw(method, params, timeoutMs))
    }
  }

  call(method: string, params: unknown[]): Promise<unknown> {
    return this.#enqueue(() => this.#node.call(method, params))
  }

  callAlone(method: string, params: unknown[], timeoutMs: number): Promise<unknown> {
    return this.#enqueue(() => this.#node.callAlone(method, params, timeoutMs))
  }

  /** Calls waiting, and at the node, for tests and figures. */
  get load(): { waiting: number; inFlight: number } {
    let waiting = 0
    for (const queue of this.#queues.values()) waiting += queue.length
    return { waiting, inFlight: this.#inFlight }
  }

  #enqueue(run: () => Promise<unknown>): Promise<unknown> {
    // Calls made outside any client's message (the gateway's own reads) share one queue of their own.
    const message = caller.getStore()
    const client = message?.client.id ?? 'gateway'
    return new Promise((resolve, reject) => {
      const queue = this.#queues.get(client)
      if (queue) queue.push({ message, run, resolve, reject })
      else this.#queues.set(client, [{ message, run, resolve, reject }])
      this.#pump()
    })
  }

  /**
   * Starts calls while there is room: each client with a call waiting and room of its own, in turn. A client that
   * took a turn goes to the back of the line (a Map keeps insertion order, and this loop reaches it again there).
   * A client holding more answer bytes than its share has its waiting calls refused instead (they cost no turn).
   */
  #pump(): void {
    for (const [client, queue] of this.#queues) {
      if (this.#inFlight >= this.#limits.inFlight) return
      if ((this.#running.get(client) ?? 0) >= this.#limits.perClient) continue
      this.#queues.delete(client)
      const held = queue[0]!.message?.client.heldBytes ?? 0
      if (held > this.#limits.responseBytes) {
        for (const call of queue.splice(0)) call.reject(tooManyAnswerBytes(this.#limits.responseBytes))
        continue
      }
      this.#start(client, queue.shift()!)
      if (queue.length > 0) this.#queues.set(client, queue)
    }
  }

  #start(client: string, call: Waiting): void {
    this.#inFlight += 1
    this.#running.set(client, (this.#running.get(client) ?? 0) + 1)
    call
      .run()
      .then((result) => {
        if (call.message) {
          const bytes = answerBytes(result)
          call.message.bytes += bytes
          call.message.client.heldBytes += bytes
        }
        call.resolve(result)
      }, call.reject)
      .finally(() => {
        this.#inFlight -= 1
        const left = this.#running.get(client)! - 1
        if (left === 0) this.#running.delete(client)
        else this.#running.set(client, left)
        this.#pump()
      })
  }
}
