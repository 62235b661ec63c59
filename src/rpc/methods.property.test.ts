import fs from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import type { Address, Hash, Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { readFixture, readIoFixture, recordingsDir, testDataDir } from '../../server/testing/fixtures.ts'
import { MalformedResponseError, RpcError } from './errors.ts'
import { settleBatch, settleReply } from './jsonrpc.ts'
import * as methods from './methods.ts'
import type { Quantity } from './schemas.ts'
import type { RpcTransport } from './transport.ts'

/**
 * Property tests of the client's validation path: random answers, well-formed and malformed, go through the
 * JSON-RPC envelope reader and each typed method's schema exactly as a provider's answer would. Whatever
 * arrives, what comes out is a checked value, an RpcError or a MalformedResponseError naming the field:
 * nothing else can escape to a query, and so to React. Well-formed answers are made from the recorded
 * answers in server/samples/recordings and testdata/recorded with every value replaced by a random one of the same kind.
 */

type Recorded = { method: string; params: unknown[]; result: unknown }

const callers: Record<string, (rpc: RpcTransport, params: unknown[]) => Promise<unknown>> = {
  eth_blockNumber: (rpc) => methods.blockNumber(rpc),
  eth_chainId: (rpc) => methods.chainId(rpc),
  eth_feeHistory: (rpc, [count, newest, percentiles]) => methods.feeHistory(rpc, count as Quantity, newest as methods.BlockId, (percentiles ?? []) as number[]),
  eth_getBlockByNumber: (rpc, [block, full]) => methods.getBlockByNumber(rpc, block as methods.BlockId, Boolean(full)),
  eth_getBlockByHash: (rpc, [hash, full]) => methods.getBlockByHash(rpc, hash as Hash, Boolean(full)),
  eth_getBlockReceipts: (rpc, [block]) => methods.getBlockReceipts(rpc, block as methods.BlockReceiptsId),
  eth_getUncleByBlockHashAndIndex: (rpc, [hash, index]) => methods.getUncleByBlockHashAndIndex(rpc, hash as Hash, index as Quantity),
  eth_getUncleCountByBlockNumber: (rpc, [block]) => methods.getUncleCountByBlockNumber(rpc, block as methods.BlockId),
  eth_getTransactionByHash: (rpc, [hash]) => methods.getTransactionByHash(rpc, hash as Hash),
  eth_getTransactionByBlockHashAndIndex: (rpc, [hash, index]) => methods.getTransactionByBlockHashAndIndex(rpc, hash as Hash, index as Quantity),
  eth_getTransactionByBlockNumberAndIndex: (rpc, [block, index]) => methods.getTransactionByBlockNumberAndIndex(rpc, block as methods.BlockId, index as Quantity),
  eth_getTransactionReceipt: (rpc, [hash]) => methods.getTransactionReceipt(rpc, hash as Hash),
  eth_getBalance: (rpc, [address, block]) => methods.getBalance(rpc, address as Address, block as methods.StateBlock | undefined),
  eth_getTransactionCount: (rpc, [address, block]) => methods.getTransactionCount(rpc, address as Address, block as methods.StateBlock | undefined),
  eth_getCode: (rpc, [address, block]) => methods.getCode(rpc, address as Address, block as methods.StateBlock | undefined),
  eth_getStorageAt: (rpc, [address, slot, block]) => methods.getStorageAt(rpc, address as Address, slot as Hex, block as methods.StateBlock | undefined),
  eth_getLogs: (rpc, [filter]) => methods.getLogs(rpc, (filter ?? {}) as methods.LogFilter),
  eth_call: (rpc, [request, block]) => methods.call(rpc, request as methods.CallRequest, block as methods.StateBlock | undefined),
  eth_estimateGas: (rpc, [request, block]) => methods.estimateGas(rpc, request as methods.CallRequest, block as methods.StateBlock | undefined),
}

/** Every recorded success answer of a method the client calls: the execution-apis suite and the mainnet files. */
function recordedAnswers(): Recorded[] {
  const found: Recorded[] = []
  const take = (request: unknown, response: unknown) => {
    const { method, params } = (request ?? {}) as { method?: string; params?: unknown[] }
    const reply = response as { result?: unknown } | undefined
    if (method && callers[method] && reply && 'result' in reply && reply.result !== null) found.push({ method, params: params ?? [], result: reply.result })
  }
  const suite = path.join(testDataDir, 'execution-apis-tests')
  for (const folder of Object.keys(callers)) {
    if (!fs.existsSync(path.join(suite, folder))) continue
    for (const name of fs.readdirSync(path.join(suite, folder)).filter((file) => file.endsWith('.io'))) {
      for (const exchange of readIoFixture(`execution-apis-tests/${folder}/${name}`)) take(exchange.request, exchange.response)
    }
  }
  for (const name of fs.readdirSync(testDataDir).filter((file) => file.startsWith('execapis-') && file.endsWith('.io'))) {
    for (const exchange of readIoFixture(name)) take(exchange.request, exchange.response)
  }
  for (const name of fs.readdirSync(recordingsDir).filter((file) => file.startsWith('erigon-mainnet-') && file.endsWith('.json'))) {
    for (const item of JSON.parse(readFixture(name)) as Array<{ request: unknown; response: unknown }>) take(item.request, item.response)
  }
  const block = JSON.parse(readFixture('ethereumjs-mainnet-block-0x913156-with-uncles.json')) as { hash: string }
  found.push({ method: 'eth_getBlockByNumber', params: ['0x913156', false], result: block })
  found.push({ method: 'eth_getUncleByBlockHashAndIndex', params: [block.hash, '0x0'], result: JSON.parse(readFixture('ethereumjs-mainnet-uncle-0x913154-of-block-0x913156.json')) })
  found.push({
    method: 'eth_getTransactionReceipt',
    params: ['0x2e3dcd051a91d3a694f6b8de2ac4b5fe7acdba55f58bcf8471ff00d4a430074d'],
    result: (JSON.parse(readFixture('etl-mainnet-eth_getTransactionReceipt-prebyzantium-root-logs.json')) as { result: unknown }).result,
  })
  return found
}

const recorded = recordedAnswers()

/** A transport that answers with `reply` (a whole JSON-RPC reply object) through the client's envelope reader. */
function answering(reply: unknown): RpcTransport {
  return {
    async request(method) {
      const settled = settleReply({ id: 1, method }, reply)
      if (settled.ok) return settled.value
      throw settled.error
    },
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

async function outcome(promise: Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, value: await promise }
  } catch (error) {
    return { ok: false, error }
  }
}

/** Only the typed errors may come out, and a malformed answer names a field below `result` (or the envelope's). */
function expectTyped(result: Outcome): void {
  if (result.ok) return
  const { error } = result
  if (error instanceof RpcError) return
  expect(error, String((error as Error)?.stack ?? error)).toBeInstanceOf(MalformedResponseError)
  expect((error as MalformedResponseError).field).toMatch(/^(result|body|id|error)/)
}

// -----------------------------------------------------------------------------------------------------------
// Well-formed: the recorded shapes with random values of the same kind

const hexDigits = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: length, maxLength: length })

/**
 * A random value of the same kind as a recorded string: same length of hex (a hash stays 32 bytes, data keeps
 * its length, a quantity its digit count). Transaction types and 0x0/0x1 flags are kept: they decide which
 * other fields must exist, which is the schema's business, not a random value's.
 */
function sameKind(value: string, key: string): fc.Arbitrary<string> {
  if (!/^0x[0-9a-fA-F]*$/.test(value) || key === 'type' || value.length <= 3) return fc.constant(value)
  return hexDigits(value.length - 2).map((digits) => `0x${digits}`)
}

function sameShape(value: unknown, key = ''): fc.Arbitrary<unknown> {
  if (typeof value === 'string') return sameKind(value, key)
  if (Array.isArray(value)) return value.length === 0 ? fc.constant([]) : fc.tuple(...value.map((item) => sameShape(item, key)))
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
    if (entries.length === 0) return fc.constant({})
    return fc.tuple(...entries.map(([name, item]) => sameShape(item, name))).map((items) => Object.fromEntries(entries.map(([name], index) => [name, items[index]])))
  }
  return fc.constant(value)
}

// -----------------------------------------------------------------------------------------------------------
// Malformed: one place in a recorded answer changed to anything at all

type Mutation = { path: Array<string | number>; kind: 'replace' | 'delete'; value?: unknown }

/** Every path in a value (objects and arrays, leaves too), as a list of keys. */
function paths(value: unknown, prefix: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  out.push(prefix)
  if (out.length > 4000) return out
  if (Array.isArray(value)) value.forEach((item, index) => paths(item, [...prefix, index], out))
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) paths(item, [...prefix, key], out)
  return out
}

function mutate(value: unknown, mutation: Mutation): unknown {
  if (mutation.path.length === 0) return mutation.kind === 'delete' ? undefined : mutation.value
  const copy: unknown = structuredClone(value)
  let parent = copy as Record<string | number, unknown>
  for (const key of mutation.path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>
  const last = mutation.path.at(-1)!
  if (mutation.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1)
    else delete parent[last]
  } else parent[last] = mutation.value
  return copy
}

const junk = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.constantFrom('', '0x', '0x0', '0xg', '0X1', '1', '-0x1', ' 0x1', '0x' + 'f'.repeat(65), '0x' + '0'.repeat(64), 'latest', 'NaN', null, 0, -1, Number.POSITIVE_INFINITY, true, [], {}),
  fc.string({ maxLength: 70 }).map((text) => `0x${text}`),
  fc.bigInt({ min: 0n, max: 2n ** 300n }).map((n) => `0x${n.toString(16)}`),
)

function renderPath(path: Array<string | number>): string {
  return 'result' + path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('')
}

describe('client validators under random answers (fast-check)', () => {
  it(`accepts the ${recorded.length} recorded answer shapes with random values of the same kind, unchanged`, async () => {
    expect(recorded.length).toBeGreaterThan(40)
    let tried = 0
    for (const answer of recorded) {
      await fc.assert(
        fc.asyncProperty(sameShape(answer.result), async (result) => {
          tried++
          const got = await outcome(callers[answer.method]!(answering({ jsonrpc: '2.0', id: 1, result }), answer.params))
          if (!got.ok) throw new Error(`${answer.method} refused a well-formed answer: ${(got.error as Error).message}`)
          expect(got.value).toEqual(result)
        }),
        { numRuns: 25, seed: 8001 },
      )
    }
    expect(tried).toBe(recorded.length * 25)
  })

  it('turns one bad field anywhere in a recorded answer into a MalformedResponseError naming that field, or accepts it', async () => {
    let refused = 0
    let tried = 0
    const answers = fc.constantFrom(...recorded).chain((answer) =>
      fc.tuple(
        fc.constant(answer),
        fc.constantFrom(...paths(answer.result)),
        fc.constantFrom<'replace' | 'delete'>('replace', 'replace', 'delete'),
        junk,
      ),
    )
    await fc.assert(
      fc.asyncProperty(answers, async ([answer, path, kind, value]) => {
        tried++
        const result = mutate(answer.result, { path, kind, value })
        const got = await outcome(callers[answer.method]!(answering({ jsonrpc: '2.0', id: 1, result }), answer.params))
        expectTyped(got)
        if (got.ok) return
        refused++
        // The named field is the changed one, or on the way to it (a deleted or retyped field can make
        // its object the first thing that is wrong, and a changed `type` asks for fields beside it).
        const named = (got.error as MalformedResponseError).field
        const changed = renderPath(path)
        const parent = renderPath(path.slice(0, -1))
        expect(changed.startsWith(named) || named.startsWith(parent), `${answer.method}: changed ${changed}, error names ${named}`).toBe(true)
      }),
      { numRuns: 3000, seed: 8002 },
    )
    expect(tried).toBe(3000)
    expect(refused).toBeGreaterThan(1000)
  })

  it('takes any reply envelope at all (single or batch) without throwing anything but the typed errors', async () => {
    const method = fc.constantFrom(...Object.keys(callers))
    const reply = fc.oneof(
      fc.anything({ maxDepth: 3 }),
      fc.record(
        { jsonrpc: fc.oneof(fc.constant('2.0'), fc.anything({ maxDepth: 1 })), id: fc.oneof(fc.constant(1), fc.constant(null), fc.anything({ maxDepth: 1 })), result: fc.anything({ maxDepth: 3 }), error: fc.oneof(fc.anything({ maxDepth: 2 }), fc.record({ code: fc.oneof(fc.integer(), fc.double(), fc.string()), message: fc.anything({ maxDepth: 1 }), data: fc.anything({ maxDepth: 2 }) }, { requiredKeys: [] })) },
        { requiredKeys: [] },
      ),
    )
    let tried = 0
    await fc.assert(
      fc.asyncProperty(method, reply, fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }), async (name, body, params) => {
        tried++
        expectTyped(await outcome(callers[name]!(answering(body), params)))
        for (const settled of settleBatch([{ id: 1, method: name }, { id: 2, method: name }], Array.isArray(body) ? body : [body, body])) {
          if (!settled.ok) expect(settled.error instanceof RpcError || settled.error instanceof MalformedResponseError).toBe(true)
        }
      }),
      { numRuns: 3000, seed: 8003 },
    )
    expect(tried).toBe(3000)
  })

  it('refuses a block whose timestamp no JS number holds exactly, naming result.timestamp (the pages could not show it)', async () => {
    const block = recorded.find((answer) => answer.method === 'eth_getBlockByNumber')!
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 0n, max: 2n ** 80n }), async (seconds) => {
        const result = { ...(block.result as object), timestamp: `0x${seconds.toString(16)}` }
        const got = await outcome(callers[block.method]!(answering({ jsonrpc: '2.0', id: 1, result }), block.params))
        if (seconds <= BigInt(Number.MAX_SAFE_INTEGER)) expect(got.ok).toBe(true)
        else {
          expect(got.ok).toBe(false)
          expect((got as { error: MalformedResponseError }).error.field).toBe('result.timestamp')
        }
      }),
      { numRuns: 500, seed: 8005 },
    )
  })

  it('checks every newHeads notification: a bad one goes to onError as a MalformedResponseError, the feed carries on', () => {
    const header = recorded.find((answer) => answer.method === 'eth_getBlockByNumber')!.result
    fc.assert(
      fc.property(fc.oneof(sameShape(header), fc.tuple(fc.constantFrom(...paths(header)), junk).map(([path, value]) => mutate(header, { path, kind: 'replace', value }))), (data) => {
        let deliver: (data: unknown) => void = () => {}
        const heads: unknown[] = []
        const errors: unknown[] = []
        methods.subscribeNewHeads(
          { subscribe: (_kind, _params, onData) => ((deliver = onData), () => {}) },
          (head) => heads.push(head),
          (error) => errors.push(error),
        )
        deliver(data)
        deliver(header)
        expect(heads.length + errors.length).toBe(2)
        for (const error of errors) expect(error).toBeInstanceOf(MalformedResponseError)
        expect(heads.at(-1)).toEqual(header)
      }),
      { numRuns: 1000, seed: 8004 },
    )
  })
})
