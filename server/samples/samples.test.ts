import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notRecordedReason, sampleContentsMethod, type SampleContents } from '../../contract/sampleContents.ts'
import { brandNames } from '../testing/brandNames.ts'
import { readFixture } from '../testing/fixtures.ts'
import { startTestService, type TestService } from '../testing/service.ts'
import { parseElidedJson } from './recordings.ts'

let service: TestService
/** Every line the service logs while these tests run. */
const logged: string[] = []
const at = (network: string) => `${service.urls.rpcBase}/sample/${network}/v3/${service.config.key}`
async function call(network: string, method: string, params: unknown[] = []) {
  const { json } = await service.post({ jsonrpc: '2.0', id: 1, method, params }, { url: at(network) })
  return json as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
}
const erigon = (name: string) => (JSON.parse(readFixture(name)) as Array<{ request: { params: unknown[] }; response: { result?: unknown; error?: unknown } }>)[0]!

beforeAll(async () => {
  service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0' }, { log: (line) => logged.push(line) })
})
afterAll(async () => {
  await service?.close()
})

describe('mainnet-sample replays the recorded mainnet answers', () => {
  const block = JSON.parse(readFixture('ethereumjs-mainnet-block-0x913156-with-uncles.json'))
  const uncle = JSON.parse(readFixture('ethereumjs-mainnet-uncle-0x913154-of-block-0x913156.json'))

  it('block 9,515,350 by number and by hash, byte for byte', async () => {
    expect((await call('mainnet-sample', 'eth_getBlockByNumber', ['0x913156', false])).result).toEqual(block)
    expect((await call('mainnet-sample', 'eth_getBlockByHash', [block.hash, false])).result).toEqual(block)
    expect((await call('mainnet-sample', 'eth_getBlockTransactionCountByNumber', ['0x913156'])).result).toBe('0x' + block.transactions.length.toString(16))
  })

  it('its uncle by block hash and index, and by block number and index', async () => {
    expect((await call('mainnet-sample', 'eth_getUncleByBlockHashAndIndex', [block.hash, '0x0'])).result).toEqual(uncle)
    expect((await call('mainnet-sample', 'eth_getUncleByBlockNumberAndIndex', ['0x913156', '0x0'])).result).toEqual(uncle)
    expect((await call('mainnet-sample', 'eth_getUncleByBlockNumberAndIndex', ['0x913156', '0x1'])).result).toBeNull()
    expect((await call('mainnet-sample', 'eth_getUncleCountByBlockHash', [block.hash])).result).toBe('0x1')
    // The recorded uncle hash is the one the block lists.
    expect(block.uncles).toEqual([uncle.hash])
  })

  it('the 252 pre-Byzantium receipts with root, by hex, decimal and by transaction', async () => {
    const recorded = erigon('erigon-mainnet-eth_getBlockReceipts-0x41B582-prebyzantium.json')
    const receipts = recorded.response.result as Array<{ transactionHash: string; root: string; status?: string }>
    expect(receipts).toHaveLength(252)
    expect((await call('mainnet-sample', 'eth_getBlockReceipts', ['0x41B582'])).result).toEqual(receipts)
    expect((await call('mainnet-sample', 'eth_getBlockReceipts', [4306306])).result).toEqual(receipts)
    for (const receipt of [receipts[0]!, receipts[251]!]) {
      expect((await call('mainnet-sample', 'eth_getTransactionReceipt', [receipt.transactionHash])).result).toEqual(receipt)
      expect(receipt.root).toMatch(/^0x[0-9a-f]{64}$/)
      expect(receipt.status).toBeUndefined()
    }
  })

  it('recorded receipts, logs and reverts answer exactly as recorded', async () => {
    for (const name of ['erigon-mainnet-eth_getTransactionReceipt-logs.json', 'erigon-mainnet-eth_getLogs-topics.json', 'erigon-mainnet-eth_getLogs-deposit-contract.json', 'erigon-mainnet-eth_getUncleCountByBlockNumber-0xED14E5.json']) {
      const { request, response } = erigon(name)
      const method = (request as unknown as { method: string }).method
      expect((await call('mainnet-sample', method, request.params)).result, name).toEqual(response.result)
    }
    for (const name of ['erigon-mainnet-eth_call-revert-uniswap.json', 'erigon-mainnet-eth_call-revert-ether-amount.json']) {
      const { request, response } = erigon(name)
      expect((await call('mainnet-sample', 'eth_call', request.params)).error, name).toEqual(response.error)
    }
    const etl = JSON.parse(readFixture('etl-mainnet-eth_getTransactionReceipt-prebyzantium-root-logs.json'))
    expect((await call('mainnet-sample', 'eth_getTransactionReceipt', [etl.result.transactionHash])).result).toEqual(etl.result)
  })

  it('answers a logs filter over a block whose receipts were recorded whole', async () => {
    const receipts = erigon('erigon-mainnet-eth_getBlockReceipts-0x41B582-prebyzantium.json').response.result as Array<{ logs: Array<{ topics: string[] }> }>
    const all = receipts.flatMap((receipt) => receipt.logs)
    expect(all.length).toBeGreaterThan(0)
    expect((await call('mainnet-sample', 'eth_getLogs', [{ fromBlock: '0x41b582', toBlock: '0x41b582' }])).result).toEqual(all)
    const topic0 = all[0]!.topics[0]!
    const withTopic = all.filter((log) => log.topics[0] === topic0)
    expect((await call('mainnet-sample', 'eth_getLogs', [{ fromBlock: '0x41b582', toBlock: '0x41b582', topics: [topic0] }])).result).toEqual(withTopic)
  })

  it('answers as a real node does for data it lacks: null or an error, never invented data', async () => {
    expect((await call('mainnet-sample', 'eth_getBlockByNumber', ['0x1', false])).result).toBeNull()
    expect((await call('mainnet-sample', 'eth_getTransactionReceipt', ['0x' + '12'.repeat(32)])).result).toBeNull()
    expect((await call('mainnet-sample', 'eth_getBlockByNumber', ['0x913156', true])).error?.code).toBe(-32000)
    expect((await call('mainnet-sample', 'eth_getBalance', ['0x00000000219ab540356cbb839cbe05303d7705fa', 'latest'])).error?.code).toBe(-32000)
    expect((await call('mainnet-sample', 'eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x10' }])).error?.code).toBe(-32000)
    expect((await call('mainnet-sample', 'eth_sendRawTransaction', ['0x00'])).error?.message).toMatch(/read-only/)
    expect((await call('mainnet-sample', 'eth_chainId')).result).toBe('0x1')
  })
})

describe('the layer-2 sample networks', () => {
  it('l2a-sample: l2a_getRawBlockTransactions(5817) is the recording', async () => {
    const recorded = JSON.parse(readFixture('l2a-mainnet-raw-block-transactions-L1.json'))
    expect((await call('l2a-sample', 'l2a_getRawBlockTransactions', [5817])).result).toEqual(recorded.result)
    expect((await call('l2a-sample', 'l2a_getRawBlockTransactions', [5818])).error?.code).toBe(-32000)
    expect((await call('l2a-sample', 'l2a_getRawBlockTransactions', ['5817'])).error?.code).toBe(-32602)
    expect((await call('l2a-sample', 'l2b_pendingTransactions')).error?.code).toBe(-32601)
  })

  it('l2b-sample: l2b_pendingTransactions is the recording without its published elision', async () => {
    const text = readFixture('l2b-mainnet-pending-transactions.json')
    const reply = await call('l2b-sample', 'l2b_pendingTransactions')
    const pending = reply.result as Array<{ type: string; transaction_hash: string; calldata: string[] }>
    expect(pending.length).toBe((text.match(/"transaction_hash"/g) ?? []).length)
    for (const tx of pending) {
      expect(text).toContain(`"transaction_hash": "${tx.transaction_hash}"`)
      expect(tx.type).toBe('INVOKE')
    }
    expect((await call('l2b-sample', 'eth_chainId')).error?.code).toBe(-32601)
    expect((await call('l2b-sample', 'l2a_getRawBlockTransactions', [5817])).error?.code).toBe(-32601)
  })

  it('parseElidedJson drops the `...` line and the comma before it', () => {
    expect(parseElidedJson('[\n  1,\n  2,\n  ...\n]').value).toEqual([1, 2])
    expect(parseElidedJson('{"a": [\n {"x": 1},\n ...\n ], "b": 2}')).toEqual({ value: { a: [{ x: 1 }], b: 2 }, dropped: 1 })
  })
})

describe('each sample network at its own address', () => {
  it('over WebSocket too, with the same key rules', async () => {
    const socket = await service.socket(`${service.urls.wsBase}/sample/mainnet-sample/ws/v3/${service.config.key}`)
    expect((await socket.call('eth_chainId')).result).toBe('0x1')
    expect((await socket.call('eth_subscribe', ['newHeads'])).result).toMatch(/^0x/)
    socket.close()
    await expect(service.socket(`${service.urls.wsBase}/sample/mainnet-sample/ws/v3/wrong`)).rejects.toThrow('HTTP 401')
    const wrongKey = await service.post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }, { url: `${service.urls.rpcBase}/sample/mainnet-sample/v3/wrong` })
    expect(wrongKey.status).toBe(401)
    const unknown = await service.post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }, { url: `${service.urls.rpcBase}/sample/nope/v3/${service.config.key}` })
    expect(unknown.status).toBe(404)
  })
})

describe('each sample network says what it holds (chainglass_sampleContents)', () => {
  it('answers on every sample network, over HTTP, with what contents.ts derives', async () => {
    const mainnet = (await call('mainnet-sample', sampleContentsMethod)).result as SampleContents
    expect(mainnet.name).toBe('mainnet-sample')
    expect(mainnet.blocks.find((block) => BigInt(block.number) === 9_515_350n)?.uncles).toHaveLength(1)
    expect(mainnet.blockReceipts[0]?.count).toBe(252)
    expect(((await call('l2a-sample', sampleContentsMethod)).result as SampleContents).l2aBlocks[0]?.number).toBe(5817)
    expect(((await call('l2b-sample', sampleContentsMethod)).result as SampleContents).l2bPendingTransactions).toBeGreaterThan(0)
  })

  it('is an unknown method on the local chain: -32601, as for any method outside the spec and the explorer reads', async () => {
    const reply = await service.rpc(sampleContentsMethod)
    expect(reply.error?.code).toBe(-32601)
    expect(reply.result).toBeUndefined()
  })

  it('every method it lists is answered from the recordings (never -32601, never "not recorded")', async () => {
    const contents = (await call('mainnet-sample', sampleContentsMethod)).result as SampleContents
    const block = contents.blocks[0]!
    const whole = contents.blockReceipts[0]!
    const revert = erigon('erigon-mainnet-eth_call-revert-uniswap.json')
    const params: Record<string, unknown[]> = {
      eth_getBlockByNumber: [block.number, false],
      eth_getBlockByHash: [block.hash, false],
      eth_getBlockTransactionCountByNumber: [block.number],
      eth_getBlockTransactionCountByHash: [block.hash],
      eth_getUncleCountByBlockNumber: [block.number],
      eth_getUncleCountByBlockHash: [block.hash],
      eth_getUncleByBlockHashAndIndex: [block.hash, '0x0'],
      eth_getUncleByBlockNumberAndIndex: [block.number, '0x0'],
      eth_getTransactionReceipt: [contents.receipts[0]!.transactionHash],
      eth_getBlockReceipts: [whole.number],
      eth_getLogs: [{ fromBlock: whole.number, toBlock: whole.number }],
      eth_call: revert.request.params,
    }
    for (const method of contents.methods) {
      const reply = await call('mainnet-sample', method, params[method] ?? [])
      if (method === 'eth_call') expect(reply.error?.code, method).toBe(3)
      else {
        expect(reply.error, method).toBeUndefined()
        expect(reply.result, method).not.toBeNull()
      }
    }
  })

  it('a refusal for data the recording lacks carries data.reason, so a client need not read the message', async () => {
    for (const [network, method, params] of [
      ['mainnet-sample', 'eth_getBlockReceipts', ['0x913156']],
      ['mainnet-sample', 'eth_getBalance', ['0x00000000219ab540356cbb839cbe05303d7705fa', 'latest']],
      ['l2a-sample', 'l2a_getRawBlockTransactions', [5818]],
    ] as const) {
      const { error } = await call(network, method, [...params])
      expect(error?.code, method).toBe(-32000)
      expect(error?.data, method).toMatchObject({ reason: notRecordedReason, detail: expect.any(String) })
    }
    // A recorded node error (a revert) is passed on as recorded, without that mark.
    const revert = erigon('erigon-mainnet-eth_call-revert-uniswap.json')
    expect(((await call('mainnet-sample', 'eth_call', revert.request.params)).error?.data as { reason?: string } | undefined)?.reason).toBeUndefined()
  })

  it('the service logs name no provider, and say nothing of the recordings at a start', () => {
    for (const line of logged) expect(line).not.toMatch(brandNames)
    expect(logged.filter((line) => line.startsWith('samples:'))).toEqual([])
  })
})
