import http from 'node:http'
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'
import WebSocket from 'ws'

/**
 * Load for the gateway from many concurrent clients, each a closed loop (send, wait for the answer, send
 * again) over HTTP or over its own WebSocket, single calls and batches mixed. Every answer is checked on
 * arrival: it must be JSON-RPC 2.0 and carry exactly the ids that were sent. Used by the short load tests in
 * `npm test` and by the long ones in `npm run soak`.
 */

export type LoadOptions = {
  /** The keyed HTTP endpoint and the keyed WebSocket endpoint. */
  httpUrl: string
  wsUrl: string
  seconds: number
  httpClients: number
  wsClients: number
  /** Largest batch a client sends (1 = single calls only). */
  maxBatch: number
  /** A request with no complete answer after this long counts as hung. */
  timeoutMs: number
  /** Called with the number of seconds elapsed, about every 250 ms (fault tests stop the node from here). */
  onTick?: (elapsedSeconds: number) => void | Promise<void>
  /** Which error codes are allowed in answers (default: -32601 only, from the deliberately unknown method). */
  allowedErrorCodes?: number[]
  /**
   * After an answer holding -32603 (the node is unavailable), a client waits this long before its next
   * request, as real clients back off on errors (default 0: straight on).
   */
  backoffOnUnavailableMs?: number
}

export type LoadReport = {
  seconds: number
  clients: { http: number; ws: number }
  /** HTTP requests and WebSocket messages sent. */
  requests: number
  /** JSON-RPC calls inside them (a batch of 10 is 10 calls). */
  calls: number
  batches: number
  answered: number
  /** Calls per second and requests per second over the whole run. */
  callsPerSecond: number
  requestsPerSecond: number
  /** Round-trip times of requests, in ms. */
  latency: { p50: number; p99: number; max: number }
  /** Answers that were not a JSON-RPC 2.0 reply (with the first few, for the failure message). */
  notJsonRpc: number
  /** Calls whose id never came back, ids that came back twice or were never sent, and batch answers of the wrong size. */
  lostIds: number
  mismatchedIds: number
  /** Requests with no answer within timeoutMs, and sockets that closed with requests still unanswered. */
  hung: number
  closedWithoutAnswer: number
  /** Error answers by code; `disallowed` counts the ones not in allowedErrorCodes. */
  errorCodes: Record<string, number>
  disallowedErrors: number
  /** WebSocket closes seen, by code, and how many times clients reconnected. */
  socketCloses: Record<string, number>
  samples: string[]
}

type Call = { jsonrpc: '2.0'; id: number | string; method: string; params: unknown[] }

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** Cheap reads the explorer makes, plus one unknown method whose -32601 is an expected answer. */
function makeCall(id: number | string, pick: number): Call {
  const kinds: Array<[string, unknown[]]> = [
    ['eth_blockNumber', []],
    ['eth_chainId', []],
    ['eth_getBlockByNumber', ['latest', false]],
    ['eth_getBalance', [account, 'latest']],
    ['eth_getTransactionCount', [account, 'latest']],
    ['eth_gasPrice', []],
    ['eth_getBlockByNumber', ['0x0', false]],
    ['net_version', []],
    ['no_suchMethod', []],
  ]
  const [method, params] = kinds[pick % kinds.length]!
  return { jsonrpc: '2.0', id, method, params }
}

type Reply = { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown } }

function isJsonRpcReply(value: unknown): value is Reply {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false
  const reply = value as Reply
  if (reply.jsonrpc !== '2.0' || !('id' in reply)) return false
  const hasResult = 'result' in reply
  const hasError = 'error' in reply
  if (hasResult === hasError) return false
  if (hasError) return Number.isInteger(reply.error?.code) && typeof reply.error?.message === 'string'
  return true
}

/** Forces a full collection (for memory samples that show what is retained, not what is waiting for the GC). */
export function forceHeapGc(): void {
  v8.setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}

export type MemorySample = { atSeconds: number; rssMiB: number; heapMiB: number }

/** Samples the memory of this process (where the in-process gateway lives) after a full GC. */
export function memorySample(atSeconds: number): MemorySample {
  forceHeapGc()
  const { rss, heapUsed } = process.memoryUsage()
  return { atSeconds, rssMiB: rss / 2 ** 20, heapMiB: heapUsed / 2 ** 20 }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

export async function runGatewayLoad(options: LoadOptions): Promise<LoadReport> {
  const allowed = new Set(options.allowedErrorCodes ?? [-32601])
  const started = Date.now()
  const deadline = started + options.seconds * 1000
  const latencies: number[] = []
  const report: LoadReport = {
    seconds: options.seconds,
    clients: { http: options.httpClients, ws: options.wsClients },
    requests: 0,
    calls: 0,
    batches: 0,
    answered: 0,
    callsPerSecond: 0,
    requestsPerSecond: 0,
    latency: { p50: 0, p99: 0, max: 0 },
    notJsonRpc: 0,
    lostIds: 0,
    mismatchedIds: 0,
    hung: 0,
    closedWithoutAnswer: 0,
    errorCodes: {},
    disallowedErrors: 0,
    socketCloses: {},
    samples: [],
  }
  const sample = (line: string) => {
    if (report.samples.length < 10) report.samples.push(line.slice(0, 300))
  }
  let nextId = 1
  let pick = 0
  let bodies = 0
  /**
   * A body of fresh ids (numbers and strings mixed): two in three a single call, one in three a batch of
   * 1..maxBatch calls (a batch of one is still an array).
   */
  const nextBody = (): { calls: Call[]; batch: boolean } => {
    const n = bodies++
    const batch = n % 3 === 2
    const size = batch ? 1 + ((n * 7) % options.maxBatch) : 1
    const calls = Array.from({ length: size }, () => {
      const id = nextId++
      return makeCall(id % 3 === 0 ? `s-${id}` : id, pick++)
    })
    return { calls, batch }
  }
  /**
   * Checks one answer against what was sent; true when it says the node is unavailable (-32603). An answer
   * telling the client to reconnect (the gateway's socket is closing) is noted in `reconnect`.
   */
  const check = (sent: { calls: Call[]; batch: boolean }, answer: unknown, raw: string, reconnect?: { asked: boolean }): boolean => {
    const replies = sent.batch ? answer : [answer]
    let unavailable = false
    if (!Array.isArray(replies)) {
      report.notJsonRpc++
      sample(`batch answered with a non-array: ${raw}`)
      report.lostIds += sent.calls.length
      return false
    }
    const expected = new Map(sent.calls.map((call) => [call.id, call]))
    for (const reply of replies) {
      if (!isJsonRpcReply(reply)) {
        report.notJsonRpc++
        sample(`not JSON-RPC: ${JSON.stringify(reply)}`)
        continue
      }
      if (!expected.has(reply.id as number | string)) {
        report.mismatchedIds++
        sample(`id ${JSON.stringify(reply.id)} was not sent in ${JSON.stringify(sent.calls.map((call) => call.id))}`)
        continue
      }
      expected.delete(reply.id as number | string)
      report.answered++
      if (reply.error) {
        if (reply.error.code === -32603) unavailable = true
        if (reconnect && typeof reply.error.message === 'string' && reply.error.message.includes('reconnect')) reconnect.asked = true
        const code = String(reply.error.code)
        report.errorCodes[code] = (report.errorCodes[code] ?? 0) + 1
        if (!allowed.has(reply.error.code as number)) {
          report.disallowedErrors++
          sample(`error ${code}: ${String(reply.error.message)}`)
        }
      }
    }
    if (expected.size > 0) {
      report.lostIds += expected.size
      sample(`no answer for ids ${JSON.stringify([...expected.keys()])}`)
    }
    return unavailable
  }
  const backoff = (unavailable: boolean) =>
    unavailable && options.backoffOnUnavailableMs ? new Promise((resolve) => setTimeout(resolve, options.backoffOnUnavailableMs)) : null

  const agent = new http.Agent({ keepAlive: true, maxSockets: options.httpClients })
  const url = new URL(options.httpUrl)
  const post = (body: string): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const request = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
          response.on('error', reject)
        },
      )
      request.setTimeout(options.timeoutMs, () => request.destroy(new Error('hung')))
      request.on('error', reject)
      request.end(body)
    })

  const httpClient = async () => {
    while (Date.now() < deadline) {
      const sent = nextBody()
      const body = JSON.stringify(sent.batch ? sent.calls : sent.calls[0])
      report.requests++
      report.calls += sent.calls.length
      if (sent.batch) report.batches++
      const t0 = performance.now()
      let answer: { status: number; text: string }
      try {
        answer = await post(body)
      } catch (error) {
        if ((error as Error).message === 'hung') report.hung++
        else report.closedWithoutAnswer++
        report.lostIds += sent.calls.length
        sample(`HTTP request failed: ${(error as Error).message}`)
        continue
      }
      latencies.push(performance.now() - t0)
      let parsed: unknown
      try {
        parsed = JSON.parse(answer.text)
      } catch {
        report.notJsonRpc++
        report.lostIds += sent.calls.length
        sample(`HTTP ${answer.status} not JSON: ${answer.text}`)
        continue
      }
      await backoff(check(sent, parsed, answer.text))
    }
  }

  /** One WebSocket client: several requests in flight at once, answers matched by id; reconnects if closed. */
  const wsClient = async (inFlight: number) => {
    while (Date.now() < deadline) {
      const ws = new WebSocket(options.wsUrl)
      const opened = await new Promise<boolean>((resolve) => {
        ws.once('open', () => resolve(true))
        ws.once('error', () => resolve(false))
      })
      if (!opened) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        continue
      }
      ws.on('error', () => {})
      type Waiter = { sent: { calls: Call[]; batch: boolean }; t0: number; timer: NodeJS.Timeout; done: (unavailable?: boolean) => void }
      const waiting = new Map<string, Waiter>()
      const keyOf = (ids: Array<number | string | unknown>) => ids.map((id) => JSON.stringify(id)).sort().join(',')
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 'sub', method: 'eth_subscribe', params: ['newHeads'] }))
      ws.on('message', (data) => {
        const text = data.toString()
        let parsed: unknown
        try {
          parsed = JSON.parse(text)
        } catch {
          report.notJsonRpc++
          sample(`WS message not JSON: ${text}`)
          return
        }
        const message = parsed as { method?: string; id?: unknown }
        if (!Array.isArray(parsed) && (message.method === 'eth_subscription' || message.id === 'sub')) return
        const ids = Array.isArray(parsed) ? parsed.map((reply) => (reply as Reply)?.id) : [message.id]
        const waiter = waiting.get(keyOf(ids))
        if (!waiter) {
          report.mismatchedIds++
          sample(`WS answer for ids nobody waits for: ${text}`)
          return
        }
        waiting.delete(keyOf(ids))
        clearTimeout(waiter.timer)
        latencies.push(performance.now() - waiter.t0)
        waiter.done(check(waiter.sent, parsed, text, reconnect))
      })
      // Told to reconnect (the gateway lost its node and is closing this socket): send nothing more on it.
      const reconnect = { asked: false }
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
      let open = true
      void closed.then((code) => {
        open = false
        report.socketCloses[code] = (report.socketCloses[code] ?? 0) + 1
        for (const waiter of waiting.values()) {
          clearTimeout(waiter.timer)
          report.closedWithoutAnswer++
          report.lostIds += waiter.sent.calls.length
          sample(`socket closed (${code}) with ids ${JSON.stringify(waiter.sent.calls.map((call) => call.id))} unanswered`)
          waiter.done()
        }
        waiting.clear()
      })
      const lane = async () => {
        while (open && !reconnect.asked && Date.now() < deadline) {
          const sent = nextBody()
          report.requests++
          report.calls += sent.calls.length
          if (sent.batch) report.batches++
          const unavailable = await new Promise<boolean>((resolve) => {
            const done = (unavailable = false) => resolve(unavailable)
            const key = keyOf(sent.calls.map((call) => call.id))
            const timer = setTimeout(() => {
              waiting.delete(key)
              report.hung++
              report.lostIds += sent.calls.length
              sample(`WS ids ${key} unanswered after ${options.timeoutMs} ms`)
              done()
            }, options.timeoutMs)
            waiting.set(key, { sent, t0: performance.now(), timer, done })
            ws.send(JSON.stringify(sent.batch ? sent.calls : sent.calls[0]))
          })
          await backoff(unavailable)
        }
      }
      await Promise.all(Array.from({ length: inFlight }, lane))
      if (reconnect.asked) {
        const closedInTime = await Promise.race([closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))])
        if (!closedInTime) sample('told to reconnect, but the socket was not closed within 10 s')
      }
      if (open) {
        ws.close()
        await closed
      }
    }
  }

  let ticking = true
  const ticker = (async () => {
    while (ticking) {
      await options.onTick?.((Date.now() - started) / 1000)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  })()
  await Promise.all([
    ...Array.from({ length: options.httpClients }, httpClient),
    ...Array.from({ length: options.wsClients }, () => wsClient(4)),
  ])
  ticking = false
  await ticker
  agent.destroy()

  const elapsed = (Date.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  report.latency = { p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), max: round(latencies.at(-1) ?? 0) }
  report.callsPerSecond = Math.round(report.calls / elapsed)
  report.requestsPerSecond = Math.round(report.requests / elapsed)
  return report
}

const round = (value: number) => Math.round(value * 10) / 10

/** One line for the test log and the note. */
export function describeLoad(report: LoadReport): string {
  return (
    `${report.clients.http} HTTP + ${report.clients.ws} WebSocket clients for ${report.seconds} s: ${report.requests} requests ` +
    `(${report.batches} batches), ${report.calls} calls, ${report.requestsPerSecond} req/s, ${report.callsPerSecond} calls/s; ` +
    `p50 ${report.latency.p50} ms, p99 ${report.latency.p99} ms, max ${report.latency.max} ms; ` +
    `not JSON-RPC ${report.notJsonRpc}, lost ids ${report.lostIds}, mismatched ${report.mismatchedIds}, hung ${report.hung}, ` +
    `closed unanswered ${report.closedWithoutAnswer}; errors ${JSON.stringify(report.errorCodes)}; closes ${JSON.stringify(report.socketCloses)}`
  )
}
