import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hexToBigInt, numberToHex, pad, type Hex } from 'viem'
import { devAccount } from '../testing/devAccounts.ts'
import { readIoFixture } from '../testing/fixtures.ts'
import { gasLeftInitCode, logBombInitCode, revertInitCode } from '../testing/evmSnippets.ts'
import { startTestService, type TestService, type TestSocket } from '../testing/service.ts'

// A dev account of this file's own, so its nonces are not shared with other tests.
const account = devAccount(5)

let service: TestService
let socket: TestSocket
type Reply = { result?: unknown; error?: { code: number; message: string; data?: unknown } }
/** Every rule is checked over both transports: the same bodies must get the same answers. */
const transports = {
  HTTP: (method: string, params: unknown[] = []): Promise<Reply> => service.rpc(method, params),
  WebSocket: (method: string, params: unknown[] = []): Promise<Reply> => socket.call(method, params),
}
/** The log-bomb transactions: exactly 10,000 logs in one block, 1 more in the next. */
let bomb: { address: Hex; blockA: Hex; blockB: Hex; blockHashA: Hex }

async function deploy(initCode: Hex, gas = 15_000_000n): Promise<{ contractAddress: Hex; blockNumber: Hex; blockHash: Hex; status: Hex }> {
  const nonce = Number(await service.node('eth_getTransactionCount', [account.address, 'pending']))
  const raw = await account.signTransaction({ chainId: 31337, type: 'eip1559', data: initCode, nonce, gas, maxFeePerGas: 20_000_000_000n, maxPriorityFeePerGas: 1n })
  const sent = await service.rpc('eth_sendRawTransaction', [raw])
  if (sent.error) throw new Error(sent.error.message)
  for (let i = 0; i < 100; i++) {
    const receipt = (await service.rpc('eth_getTransactionReceipt', [sent.result])).result
    if (receipt) return receipt as never
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('no receipt')
}

beforeAll(async () => {
  // Block time 0 (mine on every transaction): each deployment lands in a block of its own.
  service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0' })
  const a = await deploy(logBombInitCode(10_000))
  const b = await deploy(logBombInitCode(1))
  // Both bombs are different contracts; logs are told apart by topic, not address.
  bomb = { address: a.contractAddress, blockA: a.blockNumber, blockB: b.blockNumber, blockHashA: a.blockHash }
  expect(a.status).toBe('0x1')
  socket = await service.socket()
})
afterAll(async () => {
  socket?.close()
  await service?.close()
})

describe.each(Object.keys(transports) as Array<keyof typeof transports>)('over %s', (transport) => {
  const rpc = (method: string, params: unknown[] = []) => transports[transport](method, params)

  describe('eth_getLogs limits (spec: Limits, Errors)', () => {
    it('returns exactly 10,000 logs, and refuses 10,001 with -32005 and the spec message', async () => {
      const exact = await rpc('eth_getLogs', [{ fromBlock: bomb.blockA, toBlock: bomb.blockA }])
      expect((exact.result as unknown[]).length).toBe(10_000)
      const over = await rpc('eth_getLogs', [{ fromBlock: bomb.blockA, toBlock: bomb.blockB }])
      expect(over.result).toBeUndefined()
      expect(over.error).toEqual({ code: -32005, message: 'query returned more than 10000 results' })
      // The node itself has them all: it is the gateway that holds the line.
      expect(((await service.node('eth_getLogs', [{ fromBlock: bomb.blockA, toBlock: bomb.blockB }])) as unknown[]).length).toBe(10_001)
    })

    it('answers a query over the time limit with -32005 query timeout exceeded', async () => {
      const slow = await startTestService({ CHAINGLASS_DATA: service.dataDir + '-timeout', CHAINGLASS_LOGS_TIMEOUT_MS: '1', CHAINGLASS_BLOCK_TIME: '0' })
      try {
        const nonce = Number(await slow.node('eth_getTransactionCount', [account.address, 'pending']))
        const raw = await account.signTransaction({ chainId: 31337, type: 'eip1559', data: logBombInitCode(9000), nonce, gas: 15_000_000n, maxFeePerGas: 20_000_000_000n, maxPriorityFeePerGas: 1n })
        const { result: hash } = await slow.rpc('eth_sendRawTransaction', [raw])
        await expect.poll(async () => (await slow.rpc('eth_getTransactionReceipt', [hash])).result, { timeout: 10_000 }).toBeTruthy()
        // 9,000 logs take the node far longer than the 1 ms this service allows a logs query.
        const slowSocket = transport === 'WebSocket' ? await slow.socket() : null
        const reply = slowSocket
          ? await slowSocket.call('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }])
          : await slow.rpc('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }])
        slowSocket?.close()
        expect(reply.error).toEqual({ code: -32005, message: 'query timeout exceeded' })
      } finally {
        await slow.close()
      }
    })

    it('refuses more than 5,000 parameters (addresses + topics) and takes 5,000', async () => {
      const addresses = Array.from({ length: 5000 }, (_, i) => numberToHex(i + 1, { size: 20 }))
      const atLimit = await rpc('eth_getLogs', [{ address: addresses, fromBlock: '0x0', toBlock: 'latest' }])
      expect(atLimit.result).toEqual([])
      const over = await rpc('eth_getLogs', [{ address: addresses, topics: [pad('0x01')], fromBlock: '0x0', toBlock: 'latest' }])
      expect(over.error?.code).toBe(-32005)
      expect(over.error?.message).toMatch(/5000/)
    })

    it('blockHash with fromBlock or toBlock: -32602; blockHash alone is that one block', async () => {
      const both = await rpc('eth_getLogs', [{ blockHash: bomb.blockHashA, fromBlock: bomb.blockA }])
      expect(both.error?.code).toBe(-32602)
      const topic = pad(numberToHex(1234))
      const byHash = (await rpc('eth_getLogs', [{ blockHash: bomb.blockHashA, topics: [topic] }])).result as Array<{ blockNumber: Hex; topics: Hex[] }>
      expect(byHash).toHaveLength(1)
      expect(byHash[0]!.blockNumber).toBe(bomb.blockA)
      const byRange = (await rpc('eth_getLogs', [{ fromBlock: bomb.blockA, toBlock: bomb.blockA, topics: [topic] }])).result
      expect(byHash).toEqual(byRange)
      // The spec's parameter list spells it blockhash.
      const lower = (await rpc('eth_getLogs', [{ blockhash: bomb.blockHashA, topics: [topic] }])).result
      expect(lower).toEqual(byHash)
    })

    it('a missing fromBlock/toBlock means latest', async () => {
      const latestLog = await deploy(logBombInitCode(3))
      const implicit = (await rpc('eth_getLogs', [{ address: latestLog.contractAddress }])).result as unknown[]
      expect(implicit).toHaveLength(3)
      const explicit = (await rpc('eth_getLogs', [{ address: latestLog.contractAddress, fromBlock: 'latest', toBlock: 'latest' }])).result
      expect(implicit).toEqual(explicit)
      await deploy(logBombInitCode(1)) // a newer block: the earlier logs are no longer in `latest`
      expect((await rpc('eth_getLogs', [{ address: latestLog.contractAddress }])).result).toEqual([])
    })
  })

  describe('eth_getBlockReceipts block parameter (spec: Block tag)', () => {
    it('takes a decimal integer, a decimal string, hex and tags; pending answers as latest', async () => {
      const number = Number(bomb.blockB)
      const byHex = (await rpc('eth_getBlockReceipts', [bomb.blockB])).result as Array<{ blockNumber: Hex }>
      expect(byHex).toHaveLength(1)
      expect(byHex[0]!.blockNumber).toBe(bomb.blockB)
      expect((await rpc('eth_getBlockReceipts', [number])).result).toEqual(byHex)
      expect((await rpc('eth_getBlockReceipts', [String(number)])).result).toEqual(byHex)
      const latest = (await rpc('eth_getBlockReceipts', ['latest'])).result
      expect((await rpc('eth_getBlockReceipts', ['pending'])).result).toEqual(latest)
      expect((await rpc('eth_getBlockReceipts', [99_999_999])).result).toBeNull()
    })
  })

  describe('eth_call and eth_estimateGas', () => {
    it('caps the call object gas at 10 × the block gas limit and goes ahead', async () => {
      const block = (await rpc('eth_getBlockByNumber', ['latest', false])).result as { gasLimit: Hex }
      const limit = hexToBigInt(block.gasLimit)
      const gasLeft = async (gas: bigint) => {
        const reply = await rpc('eth_call', [{ from: account.address, data: gasLeftInitCode, gas: numberToHex(gas) }, 'latest'])
        return hexToBigInt(reply.result as Hex)
      }
      // Under the cap the node gets what was asked (less the creation's intrinsic cost).
      const underCap = await gasLeft(5n * limit)
      expect(underCap).toBeLessThan(5n * limit)
      expect(underCap).toBeGreaterThan(5n * limit - 100_000n)
      // Over the cap it gets the cap, however much was asked.
      for (const asked of [11n * limit, 1000n * limit]) {
        const overCap = await gasLeft(asked)
        expect(overCap).toBeLessThan(10n * limit)
        expect(overCap).toBeGreaterThan(10n * limit - 100_000n)
      }
      const estimate = await rpc('eth_estimateGas', [{ from: account.address, to: account.address, gas: numberToHex(50n * limit) }, 'latest'])
      expect(estimate.result).toBe('0x5208')
    })

    const recorded = [
      ...readIoFixture('execapis-eth_call-revert-abi-error.io'),
      ...readIoFixture('execapis-eth_call-revert-abi-panic.io'),
      ...readIoFixture('execapis-eth_estimateGas-revert-raw.io'),
    ].map((exchange) => (exchange.response as { error: { code: number; message: string; data: Hex } }).error)

    it.each(recorded.map((error) => [error.message, error] as const))(
      'a REVERT answers code 3 "%s" with the raw payload, over eth_call and eth_estimateGas',
      async (_message, expected) => {
        const call = { from: account.address, data: revertInitCode(expected.data) }
        for (const method of ['eth_call', 'eth_estimateGas']) {
          const reply = await rpc(method, [call, 'latest'])
          expect(reply.error, method).toEqual({ code: 3, message: expected.message, data: expected.data })
        }
      },
    )
  })
})
