import { HttpError, MalformedResponseError, NetworkError, TimeoutError, abortReason } from './errors.ts'
import { watchAbort } from './abortWatch.ts'
import type { JsonRpcErrorObject } from '../../contract/jsonrpc.ts'
import { encodeRequest, settleBatch, settleReply, type Settled } from './jsonrpc.ts'
import { prepared, type CallOptions, type PrepareCall, type RpcTransport } from './transport.ts'

export type HttpTransportOptions = {
  /** {rpcBase}/v3/{key}. Never logged, never put in an error message. */
  url: string
  /** Largest number of calls in one POST; a bigger batch is split. */
  maxBatchSize?: number
  /** Default per-call timeout, counted from the moment the call is made. */
  timeoutMs?: number
  /** Swappable for tests; defaults to the global fetch. */
  fetch?: typeof fetch
  prepare?: PrepareCall
}

type Call = {
  id: number
  method: string
  params: readonly unknown[]
  done: boolean
  settle: (outcome: Settled) => void
  /** The POST the call left in, once sent: aborted when none of its calls still wants the answer. */
  post: Post | null
}

type Post = { controller: AbortController; calls: Call[] }

export const defaultHttpOptions = { maxBatchSize: 100, timeoutMs: 15_000 } as const

/**
 * JSON-RPC over HTTP POST. Calls made in the same tick leave together as one batch (one POST); the answers
 * are matched by id, since providers may reorder them.
 */
export class HttpTransport implements RpcTransport {
  readonly #url: string
  readonly #maxBatchSize: number
  readonly #timeoutMs: number
  readonly #fetch: typeof fetch
  readonly #prepare: PrepareCall | undefined
  #queue: Call[] = []
  #flushScheduled = false
  #nextId = 1

  constructor(options: HttpTransportOptions) {
    this.#url = options.url
    this.#maxBatchSize = Math.max(1, options.maxBatchSize ?? defaultHttpOptions.maxBatchSize)
    this.#timeoutMs = options.timeoutMs ?? defaultHttpOptions.timeoutMs
    // Bound here: fetch called as a method of another object throws "Illegal invocation" in browsers.
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
    this.#prepare = options.prepare
  }

  request(method: string, params: readonly unknown[] = [], options: CallOptions = {}): Promise<unknown> {
    return prepared(this.#prepare, method, params, (sent) => this.#enqueue(method, sent, options))
  }

  #enqueue(method: string, params: readonly unknown[], options: CallOptions): Promise<unknown> {
    const { signal } = options
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal))
        return
      }
      const onAbort = () => finish({ ok: false, error: abortReason(signal!) as Error })
      const timer = setTimeout(() => finish({ ok: false, error: new TimeoutError(method, timeoutMs) }), timeoutMs)
      const call: Call = { id: this.#nextId++, method, params, done: false, post: null, settle: (outcome) => finish(outcome) }
      const finish = (outcome: Settled) => {
        if (call.done) return
        call.done = true
        clearTimeout(timer)
        stopWatching?.()
        if (outcome.ok) resolve(outcome.value)
        else reject(outcome.error)
        // Nobody left waiting on this POST: stop reading it.
        if (call.post && call.post.calls.every((other) => other.done)) call.post.controller.abort()
      }
      // After finish, which it stops: nothing can call finish before this line has run.
      const stopWatching = signal ? watchAbort(signal, onAbort) : undefined
      if (options.alone) {
        void this.#send([{ id: call.id, method: call.method, params: call.params, calls: [call] }])
        return
      }
      this.#queue.push(call)
      this.#scheduleFlush()
    })
  }

  #scheduleFlush(): void {
    if (this.#flushScheduled) return
    this.#flushScheduled = true
    // A macrotask, not a microtask: calls made after an await in the same tick still join the batch.
    setTimeout(() => {
      this.#flushScheduled = false
      const wires = shareIdenticalReads(this.#queue.filter((call) => !call.done))
      this.#queue = []
      for (let start = 0; start < wires.length; start += this.#maxBatchSize) {
        void this.#send(wires.slice(start, start + this.#maxBatchSize))
      }
    }, 0)
  }

  async #send(wires: Wire[]): Promise<void> {
    const calls = wires.flatMap((wire) => wire.calls)
    const post: Post = { controller: new AbortController(), calls }
    for (const call of calls) call.post = post
    const body = wires.length === 1
      ? encodeRequest(wires[0]!.id, wires[0]!.method, wires[0]!.params)
      : wires.map((wire) => encodeRequest(wire.id, wire.method, wire.params))

    let status: number
    let text: string
    try {
      const response = await this.#fetch(this.#url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: post.controller.signal,
      })
      status = response.status
      text = await response.text()
    } catch (error) {
      // Aborted by us because every call already settled: nothing is waiting.
      if (post.controller.signal.aborted) return
      for (const call of calls) call.settle({ ok: false, error: new NetworkError(call.method, error) })
      return
    }

    if (status < 200 || status > 299) {
      const rpcError = readErrorBody(text)
      for (const call of calls) call.settle({ ok: false, error: new HttpError(call.method, status, rpcError) })
      return
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      for (const call of calls) call.settle({ ok: false, error: new MalformedResponseError(call.method, 'body', 'the answer is not JSON') })
      return
    }
    const outcomes = wires.length === 1 ? [settleReply(wires[0]!, parsed)] : settleBatch(wires, parsed)
    wires.forEach((wire, index) => {
      for (const call of wire.calls) call.settle(outcomes[index]!)
    })
  }
}

/** One call on the wire, answering every call of the batch that asked exactly the same. */
type Wire = { id: number; method: string; params: readonly unknown[]; calls: Call[] }

/**
 * Reads that change nothing and mean the same whoever asks: two of them with the same params in one batch
 * get one answer (on a full load the head query and the head stream both ask for the latest block in the
 * same tick). Filters (each eth_newFilter is a new one; eth_getFilterChanges drains) and anything that sends
 * or subscribes always go out as asked.
 */
const sharedReadPattern = /^(eth_get(?!Filter)\w+|eth_call|eth_estimateGas|eth_blockNumber|eth_chainId|eth_gasPrice|eth_feeHistory|eth_maxPriorityFeePerGas|eth_blobBaseFee|net_version|web3_clientVersion|ots_\w+)$/

export function isSharedRead(method: string): boolean {
  return sharedReadPattern.test(method)
}

function shareIdenticalReads(calls: readonly Call[]): Wire[] {
  const wires: Wire[] = []
  const byKey = new Map<string, Wire>()
  for (const call of calls) {
    const key = isSharedRead(call.method) ? JSON.stringify([call.method, call.params]) : null
    const same = key === null ? undefined : byKey.get(key)
    if (same) {
      same.calls.push(call)
      continue
    }
    const wire: Wire = { id: call.id, method: call.method, params: call.params, calls: [call] }
    wires.push(wire)
    if (key !== null) byKey.set(key, wire)
  }
  return wires
}

/** Providers often explain a non-2xx status with a JSON-RPC error body; keep it when they do. */
function readErrorBody(text: string): JsonRpcErrorObject | null {
  try {
    const body: unknown = JSON.parse(text)
    const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error
    if (error && typeof error.code === 'number' && typeof error.message === 'string') return { code: error.code, message: error.message }
  } catch {
    // not JSON: the status alone says what happened
  }
  return null
}
