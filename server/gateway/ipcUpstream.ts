import net from 'node:net'
import { RawResult, RpcFailure } from './jsonrpc.ts'
import { settle, unparsedByNode, unreadableParams, UpstreamUnavailable, type NodeClient, type UpstreamAnswer } from './upstream.ts'

type Waiting = {
  /** The caller takes the result as its JSON bytes (RawResult). */
  raw: boolean
  method: string
  params: unknown[]
  /** The message's length: one past the node's HTTP body limit cannot be asked again over HTTP. */
  length: number
  timeoutMs: number
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
  /** Its own timer for a deadline of its own; null for the default deadline, which the sweep enforces. */
  timer: NodeJS.Timeout | null
  deadline: number
  /** The connection it was written to: a dropped connection fails its own calls only. */
  connection: Connection
}

/** One Unix-socket connection to the node, with the calls written to it and not yet answered. */
type Connection = {
  socket: net.Socket | null
  /** Calls in flight on it: a call with a deadline of its own goes to the one of theirs with the fewest. */
  inFlight: number
  /** Messages of this tick, written together: one syscall for many calls under load. */
  outbox: string[]
  flushScheduled: boolean
  /** Bytes of a line not yet ended by a newline. */
  partial: Buffer[]
}

const newline = 0x0a
const timedOut = (ms: number) => new UpstreamUnavailable('timeout', `the node did not answer within ${ms} ms`)
/** How anvil (serde) begins every answer, and what follows the id of a success. */
const answerStart = Buffer.from('{"jsonrpc":"2.0","id":')
const resultKey = Buffer.from(',"result":')
const closingBrace = 0x7d


/**
 * anvil's HTTP server takes bodies up to 2 MiB (anvil 1.7: one byte more is refused with -32600 "Invalid
 * request" and the connection closed); its IPC socket has no such limit.
 */
const nodeHttpBodyLimit = 2 * 1024 * 1024

/**
 * Connections to the node: the first for every call on the default deadline, the rest for calls with a deadline
 * of their own (eth_getLogs), each on the least busy of them. anvil works on the calls of one connection side by
 * side but sends their answers one after another, so a large eth_getLogs answer held up every call behind it.
 * Small calls stay together on one: spread over several, many clients' small calls lost throughput.
 */
const defaultConnections = 5

/**
 * A JSON-RPC client for the node over its IPC socket (anvil --ipc): a few Unix-domain connections (see
 * defaultConnections), every call a message of its own, answers matched by id as they come (anvil answers out of order,
 * each as a line).
 *
 * Why not HTTP: on this loopback a TCP write costs the sender the whole TCP stack (writev topped a gateway CPU
 * profile), and an HTTP hop to the node paid it twice per call on top of the client's own. A Unix socket skips
 * the TCP stack, needs no HTTP parsing on either side, and lets the node work on many calls at once.
 */
export class IpcUpstream implements NodeClient {
  readonly #path: () => string
  readonly #timeoutMs: number
  readonly #fallback: NodeClient | null
  readonly #connections: Connection[]
  #waiting = new Map<number, Waiting>()
  #nextId = 1
  /** Fails calls past the default deadline: one interval for all of them, not a timer made and cleared per call. */
  #sweep: NodeJS.Timeout | null = null

  /**
   * `path` is read on each connect so a restarted node is found. `fallback` (the node over HTTP) is asked again
   * for a call the IPC codec could not parse, so clients get the node's own words for their mistake.
   */
  constructor(path: () => string, timeoutMs: number, fallback: NodeClient | null = null, connections = defaultConnections) {
    this.#path = path
    this.#timeoutMs = timeoutMs
    this.#fallback = fallback
    this.#connections = Array.from({ length: Math.max(1, connections) }, () => ({ socket: null, inFlight: 0, outbox: [], flushScheduled: false, partial: [] }))
  }

  call(method: string, params: unknown[]): Promise<unknown> {
    return this.#send(method, params, this.#timeoutMs, false)
  }

  /** Every call has its own deadline here (eth_getLogs has the spec's 10 s). */
  callAlone(method: string, params: unknown[], timeoutMs: number): Promise<unknown> {
    return this.#send(method, params, timeoutMs, false)
  }

  callRaw(method: string, params: unknown[], timeoutMs = this.#timeoutMs): Promise<unknown> {
    return this.#send(method, params, timeoutMs, true)
  }

  #send(method: string, params: unknown[], timeoutMs: number, raw: boolean): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = this.#nextId++
      let message: string
      try {
        message = JSON.stringify({ jsonrpc: '2.0', id, method, params })
      } catch (error) {
        // One that cannot be serialised (a BigInt, a cycle) fails alone.
        reject(new RpcFailure(-32602, `invalid params: ${(error as Error).message}`))
        return
      }
      let timer: NodeJS.Timeout | null = null
      if (timeoutMs === this.#timeoutMs) this.#startSweep()
      else {
        timer = setTimeout(() => {
          if (this.#settle(id)) reject(timedOut(timeoutMs))
        }, timeoutMs)
      }
      const connection = timer === null ? this.#connections[0]! : this.#leastBusy()
      connection.inFlight += 1
      this.#waiting.set(id, { raw, method, params, length: message.length, timeoutMs, resolve, reject, timer, deadline: Date.now() + timeoutMs, connection })
      connection.outbox.push(message)
      if (!connection.flushScheduled) {
        connection.flushScheduled = true
        setImmediate(() => this.#flush(connection))
      }
    })
  }

  /** Of the connections for calls with a deadline of their own, the first with the fewest calls in flight. */
  #leastBusy(): Connection {
    const connections = this.#connections
    let best = connections[connections.length > 1 ? 1 : 0]!
    for (let i = 2; i < connections.length; i++) if (connections[i]!.inFlight < best.inFlight) best = connections[i]!
    return best
  }

  /** Takes a call off the waiting list (answered, failed or timed out); undefined when it was not there. */
  #settle(id: number): Waiting | undefined {
    const call = this.#waiting.get(id)
    if (!call) return undefined
    this.#waiting.delete(id)
    call.connection.inFlight -= 1
    if (call.timer) clearTimeout(call.timer)
    return call
  }

  #startSweep(): void {
    if (this.#sweep) return
    // A tenth of the deadline (at most a second) late at worst: the default deadline is the node's 30 s.
    this.#sweep = setInterval(() => {
      const now = Date.now()
      for (const [id, call] of this.#waiting) {
        if (call.timer !== null || call.deadline > now) continue
        this.#settle(id)
        call.reject(timedOut(call.timeoutMs))
      }
      if (this.#waiting.size === 0 && this.#sweep) {
        clearInterval(this.#sweep)
        this.#sweep = null
      }
    }, Math.min(1000, Math.max(10, this.#timeoutMs / 10)))
    this.#sweep.unref()
  }

  #flush(connection: Connection): void {
    connection.flushScheduled = false
    const messages = connection.outbox
    connection.outbox = []
    if (messages.length === 0) return
    const socket = connection.socket ?? this.#connect(connection)
    socket.write(messages.join('\n') + '\n')
  }

  #connect(connection: Connection): net.Socket {
    const socket = net.createConnection(this.#path())
    connection.socket = socket
    socket.on('data', (chunk: Buffer) => this.#receive(connection, chunk))
    // A refused connect (no node: ENOENT, ECONNREFUSED) and a dropped one end the same way: every call waiting
    // on this connection fails now, and its next call connects again.
    socket.on('error', (error: NodeJS.ErrnoException) => this.#drop(connection, socket, new UpstreamUnavailable('unreachable', `the node is not reachable (${error.code ?? error.message})`)))
    socket.on('close', () => this.#drop(connection, socket, new UpstreamUnavailable('unreachable', 'the node connection closed')))
    return socket
  }

  #drop(connection: Connection, socket: net.Socket, error: UpstreamUnavailable): void {
    if (connection.socket !== socket) return
    connection.socket = null
    connection.partial = []
    socket.destroy()
    for (const [id, call] of this.#waiting) {
      if (call.connection !== connection) continue
      this.#settle(id)
      call.reject(error)
    }
  }

  #receive(connection: Connection, chunk: Buffer): void {
    let start = 0
    for (let end = chunk.indexOf(newline); end >= 0; end = chunk.indexOf(newline, start)) {
      const piece = chunk.subarray(start, end)
      start = end + 1
      let line = piece
      if (connection.partial.length > 0) {
        connection.partial.push(piece)
        line = Buffer.concat(connection.partial)
        connection.partial = []
      }
      if (line.length > 0) this.#answer(connection, line)
    }
    if (start < chunk.length) connection.partial.push(chunk.subarray(start))
  }

  #answer(connection: Connection, line: Buffer): void {
    // A success for a caller that takes raw JSON is passed on without parsing: its id is read from the line's
    // fixed opening, its result is the bytes between `"result":` and the closing brace.
    if (line.subarray(0, answerStart.length).equals(answerStart)) {
      let at = answerStart.length
      let id = 0
      for (let byte = line[at]; byte !== undefined && byte >= 0x30 && byte <= 0x39; byte = line[++at]) id = id * 10 + (byte - 0x30)
      const call = at > answerStart.length ? this.#waiting.get(id) : undefined
      const end = line.length - 1
      if (call?.raw && line[end] === closingBrace && line.subarray(at, at + resultKey.length).equals(resultKey) && at + resultKey.length < end) {
        this.#settle(id)
        call.resolve(new RawResult(line.subarray(at + resultKey.length, end)))
        return
      }
    }
    let answer: UpstreamAnswer
    try {
      answer = JSON.parse(line.toString('utf8')) as UpstreamAnswer
    } catch {
      // Which call it was for cannot be known: the connection is not to be trusted any more.
      if (connection.socket) this.#drop(connection, connection.socket, new UpstreamUnavailable('bad-answer', 'the node sent a line that is not JSON'))
      return
    }
    const id = typeof answer?.id === 'number' ? answer.id : NaN
    const call = this.#settle(id)
    // No one waiting: an answer that came after its call's deadline.
    if (!call) return
    if (this.#fallback && answer.error?.code === -32602 && unparsedByNode.test(String(answer.error.message))) {
      if (call.length > nodeHttpBodyLimit) {
        // anvil's HTTP server answers a body this large with a bare "Invalid request" and closes the connection.
        call.reject(unreadableParams(call.method))
        return
      }
      this.#fallback.callAlone(call.method, call.params, call.timeoutMs).then(call.resolve, call.reject)
      return
    }
    try {
      call.resolve(settle(answer))
    } catch (error) {
      call.reject(error)
    }
  }

  close(): void {
    if (this.#sweep) clearInterval(this.#sweep)
    this.#sweep = null
    for (const connection of this.#connections) {
      if (connection.socket) this.#drop(connection, connection.socket, new UpstreamUnavailable('unreachable', 'the gateway is closing'))
    }
  }
}
