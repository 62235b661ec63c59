import WebSocket from 'ws'
import type { JsonRpcErrorObject } from '../../contract/jsonrpc.ts'
import { ErrorCode, RpcFailure } from './jsonrpc.ts'
import { unparsedByNode, unreadableParams, UpstreamUnavailable } from './upstream.ts'

/** A client connection as the hub sees it: where its notifications go, and how to tell it they stopped. */
export type SubscriberSocket = {
  deliver(rawNotification: string): void
  /** The node's socket closed: the client's subscriptions are gone and it must subscribe again. */
  lost(reason: string): void
}

/** Subscriptions as a socket sees them: the node's hub, or a recorded network's quiet stand-in. */
export type Subscriptions = {
  subscribe(owner: SubscriberSocket, params: unknown[]): Promise<string>
  unsubscribe(owner: SubscriberSocket, id: string): Promise<boolean>
  drop(owner: SubscriberSocket): void
  readonly subscriptionCount: number
  close(): void
}

type PendingCall = { method: string; resolve: (value: unknown) => void; reject: (error: unknown) => void; timer: NodeJS.Timeout }

/**
 * All client subscriptions ride one WebSocket to the node. Notifications are forwarded as the node's own
 * bytes (no re-serialising on the hot path); the node's subscription ids are unique, so they are the
 * clients' ids too.
 */
export class SubscriptionHub implements Subscriptions {
  readonly #url: () => string
  readonly #timeoutMs: number
  #socket: WebSocket | null = null
  #opening: Promise<WebSocket> | null = null
  #pending = new Map<number, PendingCall>()
  #owners = new Map<string, SubscriberSocket>()
  /** Sockets that have closed: a subscription that completes for one of them is ended, not kept. */
  #dropped = new WeakSet<SubscriberSocket>()
  #nextId = 1
  #closed = false

  constructor(url: () => string, timeoutMs: number) {
    this.#url = url
    this.#timeoutMs = timeoutMs
  }

  async subscribe(owner: SubscriberSocket, params: unknown[]): Promise<string> {
    const id = await this.#call('eth_subscribe', params)
    if (typeof id !== 'string') throw new RpcFailure(ErrorCode.internal, 'the node returned no subscription id')
    if (this.#dropped.has(owner)) {
      // The client's socket closed while the node was subscribing: end it at once, or it would outlive its owner.
      this.#call('eth_unsubscribe', [id]).catch(() => {})
      throw new RpcFailure(ErrorCode.internal, 'the socket closed while subscribing')
    }
    this.#owners.set(id, owner)
    return id
  }

  /** Only the socket that made a subscription may end it; anyone else's id reads as unknown (false). */
  async unsubscribe(owner: SubscriberSocket, id: string): Promise<boolean> {
    if (this.#owners.get(id) !== owner) return false
    this.#owners.delete(id)
    return Boolean(await this.#call('eth_unsubscribe', [id]))
  }

  /** A client socket closed: end its subscriptions at the node. */
  drop(owner: SubscriberSocket): void {
    this.#dropped.add(owner)
    for (const [id, holder] of this.#owners) {
      if (holder !== owner) continue
      this.#owners.delete(id)
      this.#call('eth_unsubscribe', [id]).catch(() => {
        // the node may be gone already; nothing is left to end then
      })
    }
  }

  get subscriptionCount(): number {
    return this.#owners.size
  }

  async #call(method: string, params: unknown[]): Promise<unknown> {
    const socket = await this.#open()
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id)
        reject(new UpstreamUnavailable('timeout', `the node did not answer ${method} within ${this.#timeoutMs} ms`))
      }, this.#timeoutMs)
      this.#pending.set(id, { method, resolve, reject, timer })
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
    })
  }

  #open(): Promise<WebSocket> {
    if (this.#closed) return Promise.reject(new UpstreamUnavailable('unreachable', 'the gateway is shutting down'))
    if (this.#socket?.readyState === WebSocket.OPEN) return Promise.resolve(this.#socket)
    if (this.#opening) return this.#opening
    this.#opening = new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(this.#url())
      // Listened to for its whole life: before it opens an error fails the opening, after it 'close' follows
      // and does the cleanup. An 'error' with no listener would stop the service.
      socket.on('error', (error: Error) => reject(new UpstreamUnavailable('unreachable', `the node's WebSocket is not reachable (${error.message})`)))
      socket.once('open', () => {
        this.#socket = socket
        resolve(socket)
      })
      socket.on('message', (data) => this.#onMessage(data.toString()))
      socket.on('close', () => this.#onClose(socket))
    }).finally(() => {
      this.#opening = null
    })
    return this.#opening
  }

  #onMessage(text: string): void {
    // Notifications are the frequent case: find the subscription id without parsing the whole payload.
    if (text.includes('"eth_subscription"')) {
      const match = /"subscription"\s*:\s*"([^"]+)"/.exec(text)
      const owner = match ? this.#owners.get(match[1]!) : undefined
      owner?.deliver(text)
      return
    }
    let message: { id?: number; result?: unknown; error?: JsonRpcErrorObject }
    try {
      message = JSON.parse(text)
    } catch {
      return
    }
    const pending = message.id === undefined ? undefined : this.#pending.get(message.id)
    if (!pending) return
    this.#pending.delete(message.id!)
    clearTimeout(pending.timer)
    if (message.error && unparsedByNode.test(String(message.error.message))) pending.reject(unreadableParams(pending.method))
    else if (message.error) pending.reject(new RpcFailure(message.error.code, message.error.message, message.error.data))
    else pending.resolve(message.result)
  }

  #onClose(socket: WebSocket): void {
    if (this.#socket === socket) this.#socket = null
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer)
      pending.reject(new UpstreamUnavailable('unreachable', "the node's WebSocket closed"))
      this.#pending.delete(id)
    }
    const owners = new Set(this.#owners.values())
    this.#owners.clear()
    for (const owner of owners) owner.lost('node connection lost; reconnect and subscribe again')
  }

  close(): void {
    this.#closed = true
    this.#socket?.close()
  }
}
