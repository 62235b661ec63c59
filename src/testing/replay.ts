import { RpcError } from '../rpc/errors.ts'
import type { CallOptions, RpcSubscriber, RpcTransport, Unsubscribe } from '../rpc/transport.ts'

/**
 * A JSON-RPC node made of recorded answers, for the component tests (src/**\/*.browser.test.tsx). Test-only;
 * the app never imports it.
 *
 * The pages are not handed this object: it stands in for the network itself. `install()` puts a fetch and a
 * WebSocket in the browser's place for the network's URLs only, so the app's own transports (batching, shared
 * reads, timeouts, the socket's subscriptions and status) run exactly as they do against a node, and so does
 * everything that posts on its own (the first-use probe). Every other URL goes to the browser's real fetch.
 *
 * Answers are looked up by method and params as JSON. A call the recordings have no answer for is answered
 * with an error and noted in `missing`; the setup's afterEach fails the test with the list (never silently).
 */

export type RecordedError = { code: number; message: string; data?: unknown }
export type RecordedCall = { method: string; params: readonly unknown[]; result?: unknown; error?: RecordedError }
/** One file of testdata/components/: what was asked and answered, and where it came from. */
export type Recording = { source: string; calls: readonly RecordedCall[] }

/** How the node behaves besides answering: hangs (a page's loading state) or fails (its error states). */
export type ReplayMode = { kind: 'answer' } | { kind: 'hang' } | { kind: 'rpcError'; error: RecordedError } | { kind: 'networkDown' }

/** The JSON-RPC code of the answer a call with no recording gets (the page sees a plain node error). */
const notRecordedCode = -32099

/** A call's key: its method and params as JSON, objects' members in name order (a node reads them so). */
export function callKey(method: string, params: readonly unknown[] = []): string {
  return JSON.stringify([method, params], (_, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))) : value,
  )
}

export class ReplayTransport implements RpcTransport, RpcSubscriber {
  readonly #answers = new Map<string, RecordedCall>()
  /** Methods whose answer does not depend on the params (a chain id, a client version): by method alone. */
  readonly #byMethod = new Map<string, RecordedCall>()
  #mode: ReplayMode = { kind: 'answer' }
  /** The calls that had no recorded answer, as `callKey` writes them. */
  readonly missing: string[] = []
  /** Every call asked, in order. */
  readonly asked: string[] = []
  /** Methods that may be asked with no answer on record: they get the not-recorded error and are not reported. */
  readonly #tolerated = new Set<string>()
  /** Whether any call may go unanswered from now on (allowReadAhead). */
  #readAhead = false

  constructor(recordings: readonly Recording[] = []) {
    for (const recording of recordings) this.add(recording)
  }

  add(recording: Recording): this {
    for (const call of recording.calls) this.#answers.set(callKey(call.method, call.params), call)
    return this
  }

  /** Adds the answers of calls no recording added so far answers (the frame's, beneath a page's own). */
  addBeneath(recording: Recording): this {
    for (const call of recording.calls) {
      const key = callKey(call.method, call.params)
      if (!this.#answers.has(key)) this.#answers.set(key, call)
    }
    return this
  }

  /** Answers `method` with `result` whatever its params (for methods whose answer does not depend on them). */
  answerAlways(method: string, answer: { result?: unknown; error?: RecordedError }): this {
    this.#byMethod.set(method, { method, params: [], ...answer })
    return this
  }

  /** Lets `method` go unanswered without failing the test: a call the page makes whose answer this test does not need. */
  tolerate(...methods: string[]): this {
    for (const method of methods) this.#tolerated.add(method)
    return this
  }

  /**
   * From now on, a call with no answer on record gets the not-recorded error and is not reported. For a check
   * that walks the keyboard's focus over links (Tab to a control): each link it passes reads its own page ahead
   * (routes.tsx prefetchPath), calls the recordings of the page being tested need not hold. Called once the page
   * is full, so its own calls have been checked as strictly as ever.
   */
  allowReadAhead(): this {
    this.#readAhead = true
    return this
  }

  set mode(mode: ReplayMode) {
    this.#mode = mode
  }

  get mode(): ReplayMode {
    return this.#mode
  }

  /** The recorded answer of a call, or the not-recorded error (and the call noted). */
  answer(method: string, params: readonly unknown[]): { result?: unknown; error?: RecordedError } {
    const key = callKey(method, params)
    this.asked.push(key)
    const mode = this.#mode
    if (mode.kind === 'rpcError') return { error: mode.error }
    const found = this.#answers.get(key) ?? this.#byMethod.get(method)
    if (found) return found.error ? { error: found.error } : { result: found.result ?? null }
    if (!this.#tolerated.has(method) && !this.#readAhead) this.missing.push(key)
    return { error: { code: notRecordedCode, message: `no recorded answer for ${key}` } }
  }

  request(method: string, params: readonly unknown[] = [], options: CallOptions = {}): Promise<unknown> {
    return this.#settle(options.signal, () => {
      const answer = this.answer(method, params)
      if (answer.error) throw new RpcError(method, answer.error)
      return answer.result
    })
  }

  subscribe(_kind: string, _params: readonly unknown[], _onData: (data: unknown) => void, onError?: (error: unknown) => void, onActive?: () => void): Unsubscribe {
    // A recorded chain does not move: a subscription is confirmed and then hears nothing.
    let live = true
    void this.#settle(undefined, () => true).then(
      () => live && onActive?.(),
      (error: unknown) => live && onError?.(error),
    )
    return () => {
      live = false
    }
  }

  /** Runs `answer` unless the node hangs (until `signal` aborts) or is down. */
  #settle<T>(signal: AbortSignal | undefined, answer: () => T): Promise<T> {
    const mode = this.#mode
    if (mode.kind === 'networkDown') return Promise.reject(new TypeError('Failed to fetch'))
    if (mode.kind === 'hang') {
      return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true }))
    }
    return Promise.resolve().then(answer)
  }

  /**
   * Puts this node at `httpUrl` and `wsUrl` (prefixes: the app adds the key to the path) until the returned
   * function is called.
   */
  install(httpUrl: string, wsUrl: string): () => void {
    const realFetch = globalThis.fetch
    const RealWebSocket = globalThis.WebSocket
    // The socket class below needs this node from inside its own methods, where `this` is the socket.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const replay = this
    const replayFetch: typeof fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      if (!url.startsWith(httpUrl)) return realFetch(input, init)
      return replay.#post(String(init?.body ?? ''), init?.signal ?? undefined)
    }
    class ReplaySocket extends EventTarget {
      static readonly CONNECTING = 0
      static readonly OPEN = 1
      static readonly CLOSING = 2
      static readonly CLOSED = 3
      readyState = 0
      onopen: ((event: Event) => void) | null = null
      onmessage: ((event: MessageEvent) => void) | null = null
      onclose: ((event: CloseEvent) => void) | null = null
      onerror: ((event: Event) => void) | null = null
      readonly url: string

      constructor(url: string | URL) {
        super()
        this.url = String(url)
        // Any other socket (the test runner's own) is the browser's.
        if (!this.url.startsWith(wsUrl)) return new RealWebSocket(url) as unknown as ReplaySocket
        const mode = replay.mode
        // A node that hangs never lets the socket open; one that is down refuses it.
        if (mode.kind === 'hang') return
        setTimeout(() => {
          if (this.readyState !== 0) return
          if (mode.kind === 'networkDown') {
            this.readyState = 3
            this.onerror?.(new Event('error'))
            this.onclose?.(new CloseEvent('close', { code: 1006 }))
            return
          }
          this.readyState = 1
          this.onopen?.(new Event('open'))
        })
      }

      send(data: string): void {
        // A node that hangs answers nothing, so nothing it is asked is missing from the recordings.
        if (replay.mode.kind === 'hang') return
        const call = JSON.parse(data) as { id: number; method: string; params?: unknown[] }
        const reply = call.method === 'eth_subscribe' && replay.mode.kind === 'answer' ? { result: `0x${(call.id + 0x1000).toString(16)}` } : call.method === 'eth_unsubscribe' ? { result: true } : replay.answer(call.method, call.params ?? [])
        setTimeout(() => {
          if (this.readyState === 1) this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ jsonrpc: '2.0', id: call.id, ...reply }) }))
        })
      }

      close(): void {
        if (this.readyState === 3) return
        this.readyState = 3
        setTimeout(() => this.onclose?.(new CloseEvent('close', { code: 1000 })))
      }
    }
    globalThis.fetch = replayFetch
    globalThis.WebSocket = ReplaySocket as unknown as typeof WebSocket
    return () => {
      globalThis.fetch = realFetch
      globalThis.WebSocket = RealWebSocket
    }
  }

  /** One HTTP POST of JSON-RPC (a call or a batch), answered as a node's gateway would. */
  #post(body: string, signal: AbortSignal | undefined): Promise<Response> {
    return this.#settle(signal, () => {
      const parsed = JSON.parse(body) as { id: number; method: string; params?: unknown[] } | Array<{ id: number; method: string; params?: unknown[] }>
      const reply = (call: { id: number; method: string; params?: unknown[] }) => ({ jsonrpc: '2.0', id: call.id, ...this.answer(call.method, call.params ?? []) })
      const answer = Array.isArray(parsed) ? parsed.map(reply) : reply(parsed)
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })
    })
  }
}

/** The calls of a testdata/recorded/*.io file (execution-apis tests: `>>` request and `<<` response lines). */
export function fromExchangeFile(text: string, source: string): Recording {
  const calls: RecordedCall[] = []
  let request: { method: string; params?: unknown[] } | null = null
  for (const line of text.split('\n')) {
    if (line.startsWith('>> ')) request = JSON.parse(line.slice(3)) as { method: string; params?: unknown[] }
    if (line.startsWith('<< ') && request) {
      const response = JSON.parse(line.slice(3)) as { result?: unknown; error?: RecordedError }
      calls.push({ method: request.method, params: request.params ?? [], ...(response.error ? { error: response.error } : { result: response.result }) })
      request = null
    }
  }
  return { source, calls }
}
