import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hex } from 'viem'
import { devAccount } from '../testing/devAccounts.ts'
import { logBombInitCode } from '../testing/evmSnippets.ts'
import { startTestService, type TestService } from '../testing/service.ts'

/**
 * Read-only tracing and simulation through the gateway (rules/traceOptions.ts), on the real gateway and anvil:
 * what passes is answered exactly as the node answers it; any other tracer is refused -32602 before the node
 * (anvil runs JavaScript tracers, so an answer from it would be a result); an opcode log past the cap, and a
 * trace past the deadline, are -32005.
 */
const account = devAccount(6)
const opcodeCapBytes = 1024
let service: TestService
let transfer: Hex
let logs: { hash: Hex; blockNumber: Hex; blockHash: Hex }

type Reply = { result?: unknown; error?: { code: number; message: string; data?: unknown } }

async function sendAndWait(fields: { to?: Hex; value?: bigint; data?: Hex; gas: bigint }): Promise<{ transactionHash: Hex; blockNumber: Hex; blockHash: Hex }> {
  const nonce = Number(await service.node('eth_getTransactionCount', [account.address, 'pending']))
  const raw = await account.signTransaction({ chainId: 31337, type: 'eip1559', nonce, maxFeePerGas: 20_000_000_000n, maxPriorityFeePerGas: 1n, ...fields })
  const sent = await service.rpc('eth_sendRawTransaction', [raw])
  if (sent.error) throw new Error(sent.error.message)
  // Block time 0: mined as it is sent, its receipt readable once anvil has written the block (asked until then:
  // this runs in beforeAll, where vitest's expect.poll may not).
  for (let attempt = 0; attempt < 200; attempt++) {
    const receipt = await service.node('eth_getTransactionReceipt', [sent.result])
    if (receipt) return receipt as never
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`no receipt for ${String(sent.result)}`)
}

beforeAll(async () => {
  service = await startTestService({ CHAINGLASS_MAX_OPCODE_TRACE_BYTES: String(opcodeCapBytes) })
  transfer = (await sendAndWait({ to: '0x000000000000000000000000000000000000beef', value: 12345n, gas: 21_000n })).transactionHash
  const deployed = await sendAndWait({ data: logBombInitCode(20), gas: 1_000_000n })
  logs = { hash: deployed.transactionHash, blockNumber: deployed.blockNumber, blockHash: deployed.blockHash }
}, 90_000)
afterAll(async () => {
  await service?.close()
})

/** The gateway's answer, and the node's own to the same call. */
async function both(method: string, params: unknown[]): Promise<{ gateway: Reply; node: unknown }> {
  return { gateway: await service.rpc(method, params), node: await service.node(method, params) }
}

describe('tracing that passes, answered as the node answers', () => {
  it.each([
    ['debug_traceTransaction callTracer', 'debug_traceTransaction', () => [logs.hash, { tracer: 'callTracer', tracerConfig: { withLog: true } }]],
    ['debug_traceTransaction prestateTracer in diff mode', 'debug_traceTransaction', () => [transfer, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }]],
    ['debug_traceTransaction opcode log under the cap', 'debug_traceTransaction', () => [transfer, {}]],
    ['debug_traceTransaction with no options', 'debug_traceTransaction', () => [transfer]],
    ['debug_traceBlockByNumber callTracer', 'debug_traceBlockByNumber', () => [logs.blockNumber, { tracer: 'callTracer' }]],
    ['debug_traceBlockByHash prestateTracer', 'debug_traceBlockByHash', () => [logs.blockHash, { tracer: 'prestateTracer' }]],
    [
      'debug_traceCall callTracer with state overrides',
      'debug_traceCall',
      () => [{ from: account.address, to: '0x000000000000000000000000000000000000beef', value: '0x1' }, 'latest', { tracer: 'callTracer', stateOverrides: { [account.address]: { balance: '0xffffffffffff' } } }],
    ],
  ] as const)('%s', async (_, method, params) => {
    const { gateway, node } = await both(method, [...params()])
    expect(gateway.error).toBeUndefined()
    expect(gateway.result).toEqual(node)
    expect(node).not.toBeNull()
  })

  it('eth_simulateV1 passes whole', async () => {
    const params = [{ blockStateCalls: [{ stateOverrides: { [account.address]: { balance: '0xde0b6b3a7640000' } }, calls: [{ from: account.address, to: '0x000000000000000000000000000000000000beef', value: '0x5' }] }], traceTransfers: true, validation: false }, 'latest']
    const { gateway, node } = await both('eth_simulateV1', params)
    expect(gateway.error).toBeUndefined()
    // Simulated blocks carry the time they were made: all else is the node's.
    const withoutTime = (blocks: unknown) => (blocks as Array<Record<string, unknown>>).map(({ timestamp: _t, hash: _h, ...rest }) => rest)
    expect(withoutTime(gateway.result)).toEqual(withoutTime(node))
    expect((node as Array<{ calls: Array<{ status: string }> }>)[0]!.calls[0]!.status).toBe('0x1')
  })

  it('eth_call and eth_estimateGas carry their state and block overrides to the node', async () => {
    // Code that returns the block number it runs in: the block override shows in the answer.
    const returnsNumber: Hex = '0x4360005260206000f3'
    const target = '0x000000000000000000000000000000000000c0de'
    const call = [{ to: target }, 'latest', { [target]: { code: returnsNumber } }, { number: '0x1234' }]
    const { gateway, node } = await both('eth_call', call)
    expect(gateway.result).toBe(node)
    expect(BigInt(gateway.result as Hex)).toBe(0x1234n)
    const estimate = [{ from: account.address, to: target }, 'latest', { [target]: { code: returnsNumber } }]
    const estimated = await both('eth_estimateGas', estimate)
    expect(estimated.gateway.result).toBe(estimated.node)
  })
})

describe('tracing refused before the node', () => {
  const javascript = '{data: [], fault: function(log) {}, step: function(log) { this.data.push(log.op.toString()) }, result: function() { return this.data }}'

  it.each([
    ['a JavaScript tracer', () => [transfer, { tracer: javascript }], /a JavaScript or unnamed tracer is not offered/],
    ['4byteTracer', () => [transfer, { tracer: '4byteTracer' }], /the tracer 4byteTracer is not offered/],
    ['muxTracer', () => [transfer, { tracer: 'muxTracer', tracerConfig: { callTracer: {} } }], /the tracer muxTracer is not offered/],
  ] as const)('%s: -32602, where the node itself would have run it', async (_, params, message) => {
    const { gateway, node } = await both('debug_traceTransaction', [...params()])
    expect(gateway.result).toBeUndefined()
    expect(gateway.error).toMatchObject({ code: -32602, message: expect.stringMatching(message) })
    expect(node).toBeDefined()
  })

  it('options that are not an object: -32602', async () => {
    expect((await service.rpc('debug_traceTransaction', [transfer, 'callTracer'])).error).toMatchObject({ code: -32602, message: expect.stringMatching(/the trace options must be an object/) })
  })

  it('a JavaScript tracer on debug_traceCall and on a block trace too', async () => {
    for (const [method, params] of [
      ['debug_traceCall', [{ to: '0x000000000000000000000000000000000000beef' }, 'latest', { tracer: javascript }]],
      ['debug_traceBlockByNumber', [logs.blockNumber, { tracer: javascript }]],
    ] as const) {
      expect((await service.rpc(method, [...params])).error).toMatchObject({ code: -32602 })
    }
  })

  it('other debug_ methods stay refused -32601', async () => {
    for (const method of ['debug_setHead', 'debug_getRawTransaction', 'debug_traceBlock']) {
      expect((await service.rpc(method, [])).error).toMatchObject({ code: -32601 })
    }
  })

  it('an opcode log past the cap: -32005 with the limit, while callTracer on the same call passes', async () => {
    // Forty PUSH1 1, POP: eighty steps, each a line of the log.
    const busy = '0x000000000000000000000000000000000000b057'
    const call = (options: object) => [{ to: busy }, 'latest', { ...options, stateOverrides: { [busy]: { code: `0x${'600150'.repeat(40)}00` } } }]
    const opcodes = (await service.node('debug_traceCall', call({}))) as { structLogs: unknown[] }
    expect(opcodes.structLogs.length).toBe(81)
    expect(JSON.stringify(opcodes).length).toBeGreaterThan(opcodeCapBytes)
    const refused = await service.rpc('debug_traceCall', call({}))
    expect(refused.error).toMatchObject({ code: -32005, message: expect.stringMatching(/the opcode log is \d+ bytes, more than the 1024/), data: { limit_bytes: opcodeCapBytes } })
    expect((await service.rpc('debug_traceCall', call({ tracer: 'callTracer' }))).error).toBeUndefined()
  })
})

it('a trace past the deadline: -32005, and the gateway answers the next call', async () => {
  const slow = await startTestService({ CHAINGLASS_TRACE_TIMEOUT_MS: '1' })
  try {
    // An endless loop (JUMPDEST PUSH1 0 JUMP) given 300 M gas: far more than a millisecond of work.
    const loop = '0x000000000000000000000000000000000000100f'
    const reply = await slow.rpc('debug_traceCall', [{ to: loop, gas: '0x11e1a300' }, 'latest', { tracer: 'callTracer', stateOverrides: { [loop]: { code: '0x5b600056' } } }])
    expect(reply.error).toMatchObject({ code: -32005, message: expect.stringMatching(/took longer than 1 ms/) })
    expect((await slow.rpc('eth_chainId')).result).toBe('0x7a69')
  } finally {
    await slow.close()
  }
}, 60_000)
