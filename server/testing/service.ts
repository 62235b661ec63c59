import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { compileContracts } from '../chain/compile.ts'
import { scenarioPaths } from '../chain/scenario.ts'
import { loadConfig } from '../config.ts'
import { startService, type RunningService, type ServiceOptions } from '../service.ts'

export type TestService = RunningService & {
  /** POSTs a body (object or raw string) to the keyed endpoint, or to `url`. */
  post(body: unknown, init?: { url?: string; contentType?: string }): Promise<{ status: number; headers: Headers; text: string; json: unknown }>
  /** One JSON-RPC call; resolves with the whole reply object. */
  rpc(method: string, params?: unknown[]): Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }>
  /** One call straight to anvil on its internal port, bypassing the gateway (to compare against). */
  node(method: string, params?: unknown[]): Promise<unknown>
  socket(url?: string): Promise<TestSocket>
  dataDir: string
}

/** Past this a start is printed with its log (the unit suite's hooks time out at 90 s). */
const slowStartMs = 40_000

/**
 * Starts the real local service (real anvil, real gateway) on ports the OS picks, with a fresh data dir (the
 * contracts compiled in it when the scenario is asked for: seedCompiledContracts). `env` overrides settings as
 * the environment would.
 */
export async function startTestService(env: Record<string, string> = {}, options: ServiceOptions = {}): Promise<TestService> {
  const ownDir = env.CHAINGLASS_DATA === undefined
  const dataDir = env.CHAINGLASS_DATA ?? fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-test-'))
  if (ownDir && options.scenario === true) await seedCompiledContracts(dataDir)
  const config = loadConfig({
    CHAINGLASS_RPC_PORT: '0',
    CHAINGLASS_FILES_PORT: '0',
    CHAINGLASS_APP_PORT: '0',
    // A still chain: a block per transaction, and the blocks a test mines (`mine`); nothing by the clock.
    CHAINGLASS_BLOCK_TIME: '0',
    CHAINGLASS_TRAFFIC: '0',
    ...env,
    CHAINGLASS_DATA: dataDir,
  })
  // The service's lines, kept so a start that fails says what the service was doing (a CI log has nothing else).
  const lines: string[] = []
  const log = (line: string) => {
    lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`)
    options.log?.(line)
  }
  // A start that hangs ends in the hook's timeout, which says nothing of the service: its log is printed first.
  const slow = setTimeout(() => console.error(`the test service has not started in ${slowStartMs / 1000} s; its log so far:\n${lines.join('\n') || '(nothing)'}`), slowStartMs)
  const service = await startService(config, { scenario: false, ...options, log })
    .catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error)
      throw new Error(`the test service did not start: ${reason}\nits log:\n${lines.join('\n') || '(nothing)'}`, { cause: error })
    })
    .finally(() => clearTimeout(slow))
  let nextId = 1
  const post: TestService['post'] = async (body, init = {}) => {
    const response = await fetch(init.url ?? service.urls.rpc, {
      method: 'POST',
      headers: { 'content-type': init.contentType ?? 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    const text = await response.text()
    let json: unknown = undefined
    try {
      json = JSON.parse(text)
    } catch {
      // left undefined: the test asserts on it
    }
    return { status: response.status, headers: response.headers, text, json }
  }
  const closeService = service.close
  return Object.assign(service, {
    dataDir,
    /** Stops everything; a data dir this made is removed (one passed in is kept, e.g. for restart tests). */
    async close() {
      await closeService()
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true })
    },
    post,
    async rpc(method: string, params: unknown[] = []) {
      const { json } = await post({ jsonrpc: '2.0', id: nextId++, method, params })
      return json as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    },
    async node(method: string, params: unknown[] = []) {
      const response = await fetch(service.anvil.httpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      const json = (await response.json()) as { result?: unknown; error?: { message: string } }
      if (json.error) throw new Error(json.error.message)
      return json.result
    },
    socket: (url?: string) => TestSocket.open(url ?? service.urls.ws),
  })
}

/**
 * The chain moves only when a test mines: `count` blocks one at a time on the node itself (the gateway refuses
 * evm_mine), each its own newHeads. Resolves with the new head's number.
 */
export async function mine(service: Pick<TestService, 'node'>, count = 1): Promise<bigint> {
  for (let index = 0; index < count; index++) await service.node('evm_mine')
  return BigInt((await service.node('eth_blockNumber')) as string)
}

/**
 * Leaves the demo contracts' compiled output in `dataDir` where an earlier start would have: the service
 * started on it then skips solc, as every start after a machine's first does. Compiled once into a cache shared by
 * the tests (compiled again when the sources change). What these tests check is not the compiler:
 * compile.test.ts and scenario.test.ts check that.
 */
export async function seedCompiledContracts(dataDir: string): Promise<void> {
  const shared = path.join(os.tmpdir(), 'chainglass-test-artifacts.json')
  await compileContracts(shared)
  const target = scenarioPaths(dataDir).artifacts
  fs.mkdirSync(path.dirname(target), { recursive: true })
  fs.copyFileSync(shared, target)
}

/** A WebSocket client for tests: request/response by id, and notifications collected per subscription. */
export class TestSocket {
  readonly ws: WebSocket
  readonly notifications = new Map<string, unknown[]>()
  /** Messages that came as binary frames: JSON-RPC over WebSocket is text, and browsers hand binary frames over as Blobs. */
  binaryFrames = 0
  readonly closed: Promise<{ code: number; reason: string }>
  #waiters = new Map<unknown, (reply: unknown) => void>()
  #nextId = 1
  #onNotify: Array<() => void> = []

  private constructor(ws: WebSocket) {
    this.ws = ws
    this.closed = new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })))
    ws.on('message', (data, isBinary) => {
      if (isBinary) this.binaryFrames += 1
      const message = JSON.parse(data.toString())
      if (message.method === 'eth_subscription') {
        const list = this.notifications.get(message.params.subscription) ?? []
        list.push(message.params.result)
        this.notifications.set(message.params.subscription, list)
        for (const notify of this.#onNotify.splice(0)) notify()
        return
      }
      const key = Array.isArray(message) ? 'batch' : message.id
      this.#waiters.get(key)?.(message)
      this.#waiters.delete(key)
    })
  }

  static open(url: string): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url)
      ws.once('open', () => resolve(new TestSocket(ws)))
      ws.once('error', reject)
      ws.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: HTTP ${response.statusCode}`)))
    })
  }

  /** Sends a raw message and waits for the reply with `id` (or the batch reply). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are asserted field by field in tests
  sendRaw(text: string, waitFor: unknown): Promise<any> {
    return new Promise((resolve) => {
      this.#waiters.set(waitFor, resolve)
      this.ws.send(text)
    })
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  call(method: string, params: unknown[] = []): Promise<any> {
    const id = this.#nextId++
    return this.sendRaw(JSON.stringify({ jsonrpc: '2.0', id, method, params }), id)
  }

  /** Resolves once `count` notifications arrived for `subscription`, or rejects after `timeoutMs`. */
  async waitForNotifications(subscription: string, count: number, timeoutMs = 10_000): Promise<unknown[]> {
    const deadline = Date.now() + timeoutMs
    while ((this.notifications.get(subscription)?.length ?? 0) < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.notifications.get(subscription)?.length ?? 0} of ${count} notifications in ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        this.#onNotify.push(resolve)
        setTimeout(resolve, 200)
      })
    }
    return this.notifications.get(subscription)!
  }

  close(): void {
    this.ws.close()
  }
}
