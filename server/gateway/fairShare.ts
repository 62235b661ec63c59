import { AsyncLocalStorage } from 'node:async_hooks'
import type { NodeClient } from './upstream.ts'

/**
 * The node is the limit: one client's five batches of a thousand full blocks kept it busy for seconds, and
 * every other client's call waited behind them in the node's own queue. So the gateway shares the node: each
 * client (a connection: an HTTP keep-alive connection or a WebSocket, under the one key) has its own queue of
 * calls; at most `perClient` of one client's calls and `inFlight` in all are at the node at once; a free place
 * goes to the next client in turn that has a call waiting. A newcomer's call therefore waits for at most the
 * calls already at the node, never for another client's backlog. Every call is still answered, in time.
 */

type Waiting = { run: () => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void }

/** Who is calling, for the calls made while handling one of their messages (asClient). */
const caller = new AsyncLocalStorage<string>()

/** Runs `handle` as `client`'s: the node calls it makes are queued as that client's (FairShare). */
export function asClient<T>(client: string, handle: () => Promise<T>): Promise<T> {
  return caller.run(client, handle)
}

let nextClient = 0
const connectionClients = new WeakMap<object, string>()

/** A client id for a connection (its socket): the same for every request on it. */
export function clientOfConnection(connection: object): string {
  let id = connectionClients.get(connection)
  if (!id) connectionClients.set(connection, (id = `connection ${++nextClient}`))
  return id
}

export type FairShareLimits = { inFlight: number; perClient: number }

/** The default limits: enough in flight to keep the node busy, few enough that a newcomer waits little. */
export const fairShareLimits: FairShareLimits = { inFlight: 16, perClient: 8 }

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
    const client = caller.getStore() ?? 'gateway'
    return new Promise((resolve, reject) => {
      const queue = this.#queues.get(client)
      if (queue) queue.push({ run, resolve, reject })
      else this.#queues.set(client, [{ run, resolve, reject }])
      this.#pump()
    })
  }

  /**
   * Starts calls while there is room: each client with a call waiting and room of its own, in turn. A client that
   * took a turn goes to the back of the line (a Map keeps insertion order, and this loop reaches it again there).
   */
  #pump(): void {
    for (const [client, queue] of this.#queues) {
      if (this.#inFlight >= this.#limits.inFlight) return
      if ((this.#running.get(client) ?? 0) >= this.#limits.perClient) continue
      this.#queues.delete(client)
      this.#start(client, queue.shift()!)
      if (queue.length > 0) this.#queues.set(client, queue)
    }
  }

  #start(client: string, call: Waiting): void {
    this.#inFlight += 1
    this.#running.set(client, (this.#running.get(client) ?? 0) + 1)
    call
      .run()
      .then(call.resolve, call.reject)
      .finally(() => {
        this.#inFlight -= 1
        const left = this.#running.get(client)! - 1
        if (left === 0) this.#running.delete(client)
        else this.#running.set(client, left)
        this.#pump()
      })
  }
}
