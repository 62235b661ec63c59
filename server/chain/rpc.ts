/**
 * A small JSON-RPC client for the scenario and the traffic: they talk to the keyed gateway like any
 * client would. Its errors never carry the URL, because the URL holds the project key and errors end
 * up in the service log.
 */

/** The gateway or node answered with a JSON-RPC error object. */
export class RpcError extends Error {
  readonly code: number
  readonly data: unknown
  constructor(method: string, code: number, message: string, data?: unknown) {
    super(`${method}: ${message} (code ${code})`)
    this.code = code
    this.data = data
  }
}

export type RpcCall = { method: string; params: unknown[] }
export type RpcOutcome = { ok: true; result: unknown } | { ok: false; error: Error }

export type Rpc = {
  call<T = unknown>(method: string, params?: unknown[]): Promise<T>
  /** Many calls in one body; each outcome on its own, in order (one failure does not fail the rest). */
  batch(calls: RpcCall[]): Promise<RpcOutcome[]>
}

type Answer = { id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } }

function settle(method: string, answer: Answer | undefined): RpcOutcome {
  if (!answer) return { ok: false, error: new Error(`${method}: no answer in the batch reply`) }
  if (answer.error) {
    const { code, message, data } = answer.error
    return { ok: false, error: new RpcError(method, typeof code === 'number' ? code : 0, String(message ?? 'error'), data) }
  }
  return { ok: true, result: answer.result }
}

export function createRpc(url: string, timeoutMs = 30_000): Rpc {
  let nextId = 1

  async function post(body: unknown, what: string): Promise<unknown> {
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      const why = cause?.code ?? cause?.message ?? (error as Error).message
      throw new Error(`${what}: the gateway is not reachable (${why})`)
    }
    const text = await response.text()
    try {
      return JSON.parse(text)
    } catch {
      throw new Error(`${what}: the gateway answered HTTP ${response.status} without JSON`)
    }
  }

  return {
    async call<T>(method: string, params: unknown[] = []): Promise<T> {
      const answer = (await post({ jsonrpc: '2.0', id: nextId++, method, params }, method)) as Answer
      const outcome = settle(method, answer)
      if (!outcome.ok) throw outcome.error
      return outcome.result as T
    },

    async batch(calls: RpcCall[]): Promise<RpcOutcome[]> {
      if (calls.length === 0) return []
      const first = nextId
      nextId += calls.length
      const body = calls.map((call, index) => ({ jsonrpc: '2.0', id: first + index, method: call.method, params: call.params }))
      const reply = await post(body, `batch of ${calls.length}`)
      if (!Array.isArray(reply)) {
        // The whole batch was refused (too large, rate limited): every call shares that answer.
        const outcome = settle('batch', reply as Answer)
        const error = outcome.ok ? new Error('batch: the gateway answered a batch with a single result') : outcome.error
        return calls.map(() => ({ ok: false, error }))
      }
      const byId = new Map((reply as Answer[]).map((answer) => [answer.id, answer]))
      return calls.map((call, index) => settle(call.method, byId.get(first + index)))
    },
  }
}
