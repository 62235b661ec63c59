import { MalformedResponseError, RpcError, SocketClosedError, TimeoutError, abortReason } from './errors.ts'
import { watchAbort } from './abortWatch.ts'
import { isMethodUnsupported } from './unsupported.ts'
import { ErrorCode } from '../../contract/jsonrpc.ts'
import { encodeRequest, readNotification, replyId, settleReply, type Settled } from './jsonrpc.ts'
import { createListeners } from '../state/listeners.ts'
import { backoffDelay, type BackoffOptions } from '../../contract/backoff.ts'
import { prepared, type CallOptions, type PrepareCall, type RpcSubscriber, type RpcTransport, type Unsubscribe } from './transport.ts'

export type SocketState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed'

export type SocketStatus = {
  state: SocketState
  /** Connection attempts that failed since the socket was last stable; 0 while open. */
  attempt: number
  /** When the next attempt starts (epoch ms), while waiting to reconnect. */
  retryAt: number | null
  /**
   * Open, but the server answers subscriptions with its own trouble (its node is down: -32603): no live
   * updates arrive until a subscription goes through again. Absent means false.
   */
  nodeUnavailable?: boolean
  /**
   * No attempt has ever opened this socket (the network may offer no WebSocket at all: the app polls over
   * HTTP instead, a fallback rather than an outage). Absent means false.
   */
  neverOpened?: boolean
  /**
   * Open, but the server has no subscriptions (eth_subscribe answered as a method it does not have): the
   * app polls over HTTP instead. Absent means false.
   */
  subscriptionsRefused?: boolean
}

/** Reconnecting: from half a second up to half a minute, each wait up to half random (browsers spread out). */
const defaultBackoff: BackoffOptions = { initialMs: 500, maxMs: 30_000, factor: 2, jitter: 0.5 }

export type SocketTransportOptions = {
  /** {wsBase}/ws/v3/{key}. Never logged, never put in an error message. */
  url: string
  /** Default per-call timeout, counted from the moment the call is made (waiting for the socket included). */
  timeoutMs?: number
  /** After this long without any message from the server, a cheap call checks the connection is alive. */
  keepAliveMs?: number
  /** How long that check may take before the connection counts as dead and is replaced. */
  keepAliveTimeoutMs?: number
  /** A connection that does not open within this is given up and retried. */
  connectTimeoutMs?: number
  /** A connection that stayed open this long resets the backoff. */
  stableAfterMs?: number
  backoff?: Partial<BackoffOptions>
  random?: () => number
  /** The WebSocket class; the browser's by default (tests in Node pass the ws package's). */
  WebSocket?: new (url: string) => WebSocket
  prepare?: PrepareCall
}

type Timings = Required<Pick<SocketTransportOptions, 'timeoutMs' | 'keepAliveMs' | 'keepAliveTimeoutMs' | 'connectTimeoutMs' | 'stableAfterMs'>>

export const defaultSocketOptions: Readonly<Timings> = {
  timeoutMs: 15_000,
  keepAliveMs: 20_000,
  keepAliveTimeoutMs: 5_000,
  connectTimeoutMs: 10_000,
  stableAfterMs: 5_000,
}

type Subscription = {
  kind: string
  params: readonly unknown[]
  onData: (data: unknown) => void
  onError: ((error: unknown) => void) | undefined
  onActive: (() => void) | undefined
  active: boolean
  /** The server's id on the current connection; null until (re)subscribed. */
  serverId: string | null
  /** Failed attempts to subscribe on the current connection (the server could not, for now). */
  failures: number
  retryTimer: ReturnType<typeof setTimeout> | null
}

/**
 * Errors that say the subscription itself is wrong (bad request, unknown method, bad params): asking again
 * gets the same answer. Any other error (-32603 "node unavailable", -32005 rate limit) is the server's
 * trouble of the moment, and the subscription is asked for again.
 */
const refusalCodes = new Set<number>([ErrorCode.invalidRequest, ErrorCode.methodNotFound, ErrorCode.invalidParams])

type Call = { id: number; method: string; params: readonly unknown[]; done: boolean; settle: (outcome: Settled) => void }

const OPEN = 1

/** A socket no attempt has opened yet: every transport's first status, and the one a page rendered on the server shows. */
export const idleStatus: SocketStatus = { state: 'idle', attempt: 0, retryAt: null, nodeUnavailable: false, neverOpened: true, subscriptionsRefused: false }

/**
 * One WebSocket per network, shared by calls and subscriptions. It connects on first use, checks a quiet
 * connection with a keep-alive call, reconnects with exponential backoff and jitter, and subscribes again on
 * every new connection, so a subscriber never notices a reconnect except for the status.
 */
export class SocketTransport implements RpcTransport, RpcSubscriber {
  readonly #url: string
  readonly #options: Timings
  readonly #prepare: PrepareCall | undefined
  #everOpened = false
  readonly #backoff: BackoffOptions
  readonly #random: () => number
  readonly #WebSocket: (new (url: string) => WebSocket) | undefined

  #ws: WebSocket | null = null
  #status: SocketStatus = idleStatus
  readonly #statusListeners = createListeners()
  /** Calls made while the socket was not open: sent once it is. */
  #waiting: Call[] = []
  #inFlight = new Map<number, Call>()
  #subscriptions = new Set<Subscription>()
  #byServerId = new Map<string, Subscription>()
  #attempt = 0
  #openedAt = 0
  #lastHeardAt = 0
  #retryTimer: ReturnType<typeof setTimeout> | null = null
  #connectTimer: ReturnType<typeof setTimeout> | null = null
  #keepAliveTimer: ReturnType<typeof setInterval> | null = null
  #closed = false
  #nextId = 1

  constructor(options: SocketTransportOptions) {
    this.#url = options.url
    this.#options = {
      timeoutMs: options.timeoutMs ?? defaultSocketOptions.timeoutMs,
      keepAliveMs: options.keepAliveMs ?? defaultSocketOptions.keepAliveMs,
      keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? defaultSocketOptions.keepAliveTimeoutMs,
      connectTimeoutMs: options.connectTimeoutMs ?? defaultSocketOptions.connectTimeoutMs,
      stableAfterMs: options.stableAfterMs ?? defaultSocketOptions.stableAfterMs,
    }
    this.#prepare = options.prepare
    this.#backoff = { ...defaultBackoff, ...options.backoff }
    this.#random = options.random ?? Math.random
    // Looked up when a socket is first opened, not here: a page rendered on a server makes its transports
    // but never opens one.
    this.#WebSocket = options.WebSocket
  }

  /** The current status; the same object until it changes (useSyncExternalStore relies on that). */
  get status(): SocketStatus {
    return this.#status
  }

  /** Calls `listener` on every status change; returns the function that stops it. */
  onStatus(listener: () => void): () => void {
    return this.#statusListeners.subscribe(listener)
  }

  request(method: string, params: readonly unknown[] = [], options: CallOptions = {}): Promise<unknown> {
    return prepared(this.#prepare, method, params, (sent) => this.#enqueue(method, sent, options))
  }

  #enqueue(method: string, params: readonly unknown[], options: CallOptions): Promise<unknown> {
    const { signal } = options
    const timeoutMs = options.timeoutMs ?? this.#options.timeoutMs
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal))
        return
      }
      if (this.#closed) {
        reject(new SocketClosedError(method))
        return
      }
      const onAbort = () => finish({ ok: false, error: abortReason(signal!) as Error })
      const timer = setTimeout(() => finish({ ok: false, error: new TimeoutError(method, timeoutMs) }), timeoutMs)
      const call: Call = { id: this.#nextId++, method, params, done: false, settle: (outcome) => finish(outcome) }
      const finish = (outcome: Settled) => {
        if (call.done) return
        call.done = true
        clearTimeout(timer)
        stopWatching?.()
        this.#inFlight.delete(call.id)
        if (outcome.ok) resolve(outcome.value)
        else reject(outcome.error)
      }
      // After finish, which it stops: nothing can call finish before this line has run.
      const stopWatching = signal ? watchAbort(signal, onAbort) : undefined
      if (this.#ws?.readyState === OPEN && this.#status.state === 'open') this.#transmit(call)
      else {
        this.#waiting.push(call)
        this.#ensureConnecting()
      }
    })
  }

  /**
   * Subscribes (eth_subscribe) and keeps the subscription across reconnects. `onData` gets each
   * notification's raw result; `onError` hears a refused subscription (which then ends) or a throwing
   * `onData`. A subscription the server could not make for now (its node down: -32603) is asked for
   * again with backoff, on the same connection.
   */
  subscribe(kind: string, params: readonly unknown[], onData: (data: unknown) => void, onError?: (error: unknown) => void, onActive?: () => void): Unsubscribe {
    if (this.#prepare) {
      try {
        params = this.#prepare('eth_subscribe', params)
      } catch (error) {
        // Refused before it was sent: the subscriber hears it as it would hear the node's refusal.
        queueMicrotask(() => onError?.(error))
        return () => {}
      }
    }
    const subscription: Subscription = { kind, params, onData, onError, onActive, active: !this.#closed, serverId: null, failures: 0, retryTimer: null }
    if (!subscription.active) return () => {}
    this.#subscriptions.add(subscription)
    if (this.#status.state === 'open') this.#startSubscription(subscription)
    else this.#ensureConnecting()
    return () => this.#endSubscription(subscription)
  }

  /** Skips the backoff wait: for a "retry now" button or the browser coming back online. */
  reconnectNow(): void {
    if (this.#closed || this.#retryTimer === null) return
    clearTimeout(this.#retryTimer)
    this.#retryTimer = null
    this.#connect()
  }

  /** Ends the connection for good: waiting calls fail, subscriptions end, no reconnect. */
  close(): void {
    if (this.#closed) return
    this.#closed = true
    if (this.#retryTimer) clearTimeout(this.#retryTimer)
    this.#retryTimer = null
    for (const subscription of this.#subscriptions) {
      subscription.active = false
      this.#stopRetry(subscription)
    }
    this.#subscriptions.clear()
    const waiting = this.#waiting
    this.#waiting = []
    for (const call of waiting) call.settle({ ok: false, error: new SocketClosedError(call.method) })
    if (this.#ws) this.#drop(this.#ws)
    this.#setStatus({ state: 'closed', attempt: 0, retryAt: null, nodeUnavailable: false })
  }

  /** A status without `nodeUnavailable` keeps the current one: connection changes do not say whether the node is back. */
  #setStatus(next: SocketStatus): void {
    const status = {
      ...next,
      nodeUnavailable: next.nodeUnavailable ?? this.#status.nodeUnavailable,
      neverOpened: !this.#everOpened,
      subscriptionsRefused: next.subscriptionsRefused ?? this.#status.subscriptionsRefused,
    }
    const current = this.#status
    if (
      current.state === status.state &&
      current.attempt === status.attempt &&
      current.retryAt === status.retryAt &&
      current.nodeUnavailable === status.nodeUnavailable &&
      current.neverOpened === status.neverOpened &&
      current.subscriptionsRefused === status.subscriptionsRefused
    ) {
      return
    }
    this.#status = status
    this.#statusListeners.notify()
  }

  /** Set when a subscription is refused for the server's trouble of the moment, cleared when one goes through. */
  #setNodeUnavailable(value: boolean): void {
    this.#setStatus({ ...this.#status, nodeUnavailable: value })
  }

  #ensureConnecting(): void {
    if (this.#closed || this.#ws !== null || this.#retryTimer !== null) return
    this.#connect()
  }

  #connect(): void {
    this.#setStatus({ state: this.#attempt === 0 ? 'connecting' : 'reconnecting', attempt: this.#attempt, retryAt: null })
    const WebSocketClass = this.#WebSocket ?? globalThis.WebSocket
    if (!WebSocketClass) throw new Error('no WebSocket implementation: pass options.WebSocket')
    let ws: WebSocket
    try {
      ws = new WebSocketClass(this.#url)
    } catch {
      this.#scheduleReconnect()
      return
    }
    this.#ws = ws
    this.#connectTimer = setTimeout(() => this.#drop(ws), this.#options.connectTimeoutMs)
    ws.onopen = () => {
      if (this.#ws === ws) this.#onOpen(ws)
    }
    ws.onmessage = (event: MessageEvent) => {
      if (this.#ws === ws) this.#onMessage(event.data)
    }
    ws.onclose = () => this.#drop(ws)
    // Usually a close event follows; not when the page's Content-Security-Policy refused the URL: Chromium fires
    // the error alone, and the socket would sit "connecting" until the connect timeout.
    ws.onerror = () => this.#drop(ws)
  }

  #onOpen(ws: WebSocket): void {
    if (this.#connectTimer) clearTimeout(this.#connectTimer)
    this.#connectTimer = null
    this.#openedAt = Date.now()
    this.#lastHeardAt = this.#openedAt
    this.#everOpened = true
    this.#setStatus({ state: 'open', attempt: 0, retryAt: null })
    const waiting = this.#waiting
    this.#waiting = []
    for (const call of waiting) if (!call.done) this.#transmit(call)
    for (const subscription of this.#subscriptions) this.#startSubscription(subscription)
    this.#keepAliveTimer = setInterval(() => this.#checkAlive(ws), this.#options.keepAliveMs)
  }

  #transmit(call: Call): void {
    this.#inFlight.set(call.id, call)
    try {
      this.#ws!.send(JSON.stringify(encodeRequest(call.id, call.method, call.params)))
    } catch {
      call.settle({ ok: false, error: new SocketClosedError(call.method) })
    }
  }

  #onMessage(data: unknown): void {
    this.#lastHeardAt = Date.now()
    let message: unknown
    try {
      message = JSON.parse(String(data))
    } catch {
      return // nothing in it can be routed to a call
    }
    for (const item of Array.isArray(message) ? message : [message]) {
      const notification = readNotification(item)
      if (notification) {
        const subscription = this.#byServerId.get(notification.subscription)
        if (subscription?.active) this.#deliver(subscription, notification.result)
        continue
      }
      const id = replyId(item)
      const call = typeof id === 'number' ? this.#inFlight.get(id) : undefined
      if (call) call.settle(settleReply(call, item))
    }
  }

  #deliver(subscription: Subscription, data: unknown): void {
    try {
      subscription.onData(data)
    } catch (error) {
      if (subscription.onError) subscription.onError(error)
      else setTimeout(() => {
        throw error
      })
    }
  }

  #startSubscription(subscription: Subscription): void {
    const ws = this.#ws
    this.request('eth_subscribe', [subscription.kind, ...subscription.params]).then(
      (id) => {
        if (typeof id !== 'string') {
          this.#failSubscription(subscription, new MalformedResponseError('eth_subscribe', 'result', 'expected a subscription id string'))
          return
        }
        if (this.#ws !== ws) return // that connection is gone; the next one subscribes again
        if (!subscription.active) {
          this.request('eth_unsubscribe', [id]).catch(() => {})
          return
        }
        subscription.failures = 0
        subscription.serverId = id
        this.#setNodeUnavailable(false)
        if (this.#status.subscriptionsRefused) this.#setStatus({ ...this.#status, subscriptionsRefused: false })
        this.#byServerId.set(id, subscription)
        try {
          subscription.onActive?.()
        } catch (error) {
          subscription.onError?.(error)
        }
      },
      (error: unknown) => {
        // A refusal will not change on retry; the server's trouble of the moment is asked again on this
        // connection; anything else is the connection's trouble, and a new one resubscribes.
        if (error instanceof MalformedResponseError || (error instanceof RpcError && refusalCodes.has(error.code))) {
          // No such method: this server has no subscriptions at all (the pages poll instead).
          if (isMethodUnsupported(error, 'eth_subscribe')) this.#setStatus({ ...this.#status, subscriptionsRefused: true })
          this.#failSubscription(subscription, error)
        } else if (error instanceof RpcError) {
          if (this.#ws === ws) this.#setNodeUnavailable(true)
          this.#retrySubscription(subscription, ws)
        }
        else if (error instanceof TimeoutError && ws && this.#ws === ws) this.#drop(ws)
      },
    )
  }

  #retrySubscription(subscription: Subscription, ws: WebSocket | null): void {
    if (!subscription.active || this.#ws !== ws) return
    subscription.failures += 1
    this.#stopRetry(subscription)
    subscription.retryTimer = setTimeout(() => {
      subscription.retryTimer = null
      if (subscription.active && this.#ws === ws && this.#status.state === 'open') this.#startSubscription(subscription)
    }, backoffDelay(subscription.failures, this.#backoff, this.#random))
  }

  #stopRetry(subscription: Subscription): void {
    if (subscription.retryTimer) clearTimeout(subscription.retryTimer)
    subscription.retryTimer = null
  }

  #failSubscription(subscription: Subscription, error: unknown): void {
    if (!subscription.active) return
    this.#endSubscription(subscription)
    subscription.onError?.(error)
  }

  #endSubscription(subscription: Subscription): void {
    if (!subscription.active) return
    subscription.active = false
    this.#stopRetry(subscription)
    this.#subscriptions.delete(subscription)
    const { serverId } = subscription
    if (serverId === null) return // not subscribed yet: a pending eth_subscribe finds it inactive and ends it
    subscription.serverId = null
    this.#byServerId.delete(serverId)
    if (this.#status.state === 'open') this.request('eth_unsubscribe', [serverId]).catch(() => {})
  }

  #checkAlive(ws: WebSocket): void {
    if (this.#ws !== ws || Date.now() - this.#lastHeardAt < this.#options.keepAliveMs) return
    this.request('eth_chainId', [], { timeoutMs: this.#options.keepAliveTimeoutMs }).catch((error: unknown) => {
      // A half-open connection (sleep, network change) never fires close: replace it ourselves.
      if (error instanceof TimeoutError) this.#drop(ws)
    })
  }

  /** The connection `ws` is over (closed, timed out or silent): fail its calls and plan the next one. */
  #drop(ws: WebSocket): void {
    if (this.#ws !== ws) return
    this.#ws = null
    ws.onopen = ws.onmessage = ws.onclose = null
    // Closing a socket that is still connecting (as when keep-alive drops a connection mid-handshake) reports
    // the aborted handshake as an error afterwards: it needs a listener (Node's ws, which the tests and bench
    // use, throws an 'error' nobody listens to; a browser only fires the event).
    ws.onerror = () => {}
    try {
      ws.close()
    } catch {
      // already closing
    }
    if (this.#connectTimer) clearTimeout(this.#connectTimer)
    if (this.#keepAliveTimer) clearInterval(this.#keepAliveTimer)
    this.#connectTimer = this.#keepAliveTimer = null
    for (const call of [...this.#inFlight.values()]) call.settle({ ok: false, error: new SocketClosedError(call.method) })
    this.#inFlight.clear()
    this.#byServerId.clear()
    for (const subscription of this.#subscriptions) {
      subscription.serverId = null
      subscription.failures = 0
      this.#stopRetry(subscription)
    }
    if (this.#closed) return
    if (this.#openedAt > 0 && Date.now() - this.#openedAt >= this.#options.stableAfterMs) this.#attempt = 0
    this.#openedAt = 0
    this.#scheduleReconnect()
  }

  #scheduleReconnect(): void {
    this.#waiting = this.#waiting.filter((call) => !call.done)
    // Nothing needs the socket: rest until the next call or subscription.
    if (this.#subscriptions.size === 0 && this.#waiting.length === 0) {
      this.#attempt = 0
      this.#setStatus({ state: 'idle', attempt: 0, retryAt: null })
      return
    }
    this.#attempt += 1
    const delay = backoffDelay(this.#attempt, this.#backoff, this.#random)
    this.#setStatus({ state: 'reconnecting', attempt: this.#attempt, retryAt: Date.now() + delay })
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null
      this.#connect()
    }, delay)
  }
}
