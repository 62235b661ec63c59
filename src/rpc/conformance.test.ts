import fs from 'node:fs'
import path from 'node:path'
import type { Address, Hash, Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { readFixture, readIoFixture, recordingsDir, testDataDir } from '../../server/testing/fixtures.ts'
import { decodeRevert } from '../../contract/revert.ts'
import { decodeTokenEvent } from '../evm/tokenEvents.ts'
import { byteLength, formatChainId, hexToBigInt, hexToDecimal, hexToNumber, printableText, shortHex } from '../format/hex.ts'
import { formatEther, formatGwei, formatInteger, formatPercent } from '../format/numbers.ts'
import { receiptStatus } from '../format/receiptStatus.ts'
import { formatV, formatYParity } from '../format/signature.ts'
import { formatUtc } from '../format/time.ts'
import { transactionTypeName } from '../format/transactionType.ts'
import { MalformedResponseError, RpcError } from './errors.ts'
import { settleReply } from './jsonrpc.ts'
import * as methods from './methods.ts'
import type { Block, BlockWithTransactions, FeeHistory, Log, Quantity, Receipt, Transaction, Uncle } from './schemas.ts'
import type { RpcTransport } from './transport.ts'

/**
 * Every recorded answer in server/samples/recordings and testdata/recorded for the methods the explorer calls goes through the client's
 * own path: the typed method function builds the request (which must equal the recorded one), the JSON-RPC
 * envelope reader settles the recorded reply, the schema checks it, and the formatting functions show it.
 * Success answers must validate and come out unchanged (nothing stripped); error answers must become an
 * RpcError with the recorded code, message and data. Nothing is skipped.
 */

type Exchange = { source: string; request: { id?: unknown; method: string; params?: unknown[] }; response: Record<string, unknown> }

/** The typed function for each method, called with the recorded params. */
const callers: Record<string, (rpc: RpcTransport, params: unknown[]) => Promise<unknown>> = {
  eth_blockNumber: (rpc) => methods.blockNumber(rpc),
  eth_chainId: (rpc) => methods.chainId(rpc),
  eth_feeHistory: (rpc, [count, newest, percentiles]) => methods.feeHistory(rpc, count as Quantity, newest as methods.BlockId, percentiles as number[]),
  eth_getBlockByNumber: (rpc, [block, full]) => methods.getBlockByNumber(rpc, block as methods.BlockId, full as boolean),
  eth_getBlockByHash: (rpc, [hash, full]) => methods.getBlockByHash(rpc, hash as Hash, full as boolean),
  eth_getBlockReceipts: (rpc, [block]) => methods.getBlockReceipts(rpc, block as methods.BlockReceiptsId),
  eth_getUncleByBlockHashAndIndex: (rpc, [hash, index]) => methods.getUncleByBlockHashAndIndex(rpc, hash as Hash, index as Quantity),
  eth_getUncleByBlockNumberAndIndex: (rpc, [block, index]) => methods.getUncleByBlockNumberAndIndex(rpc, block as methods.BlockId, index as Quantity),
  eth_getUncleCountByBlockHash: (rpc, [hash]) => methods.getUncleCountByBlockHash(rpc, hash as Hash),
  eth_getUncleCountByBlockNumber: (rpc, [block]) => methods.getUncleCountByBlockNumber(rpc, block as methods.BlockId),
  eth_getTransactionByHash: (rpc, [hash]) => methods.getTransactionByHash(rpc, hash as Hash),
  eth_getTransactionByBlockHashAndIndex: (rpc, [hash, index]) => methods.getTransactionByBlockHashAndIndex(rpc, hash as Hash, index as Quantity),
  eth_getTransactionByBlockNumberAndIndex: (rpc, [block, index]) =>
    methods.getTransactionByBlockNumberAndIndex(rpc, block as methods.BlockId, index as Quantity),
  eth_getTransactionReceipt: (rpc, [hash]) => methods.getTransactionReceipt(rpc, hash as Hash),
  eth_getBalance: (rpc, [address, block]) => methods.getBalance(rpc, address as Address, block as methods.StateBlock | undefined),
  eth_getTransactionCount: (rpc, [address, block]) => methods.getTransactionCount(rpc, address as Address, block as methods.StateBlock | undefined),
  eth_getCode: (rpc, [address, block]) => methods.getCode(rpc, address as Address, block as methods.StateBlock | undefined),
  eth_getStorageAt: (rpc, [address, slot, block]) => methods.getStorageAt(rpc, address as Address, slot as Hex, block as methods.StateBlock | undefined),
  eth_getLogs: (rpc, [filter]) => methods.getLogs(rpc, filter as methods.LogFilter),
  eth_call: (rpc, [request, block]) => methods.call(rpc, request as methods.CallRequest, block as methods.StateBlock | undefined),
  eth_estimateGas: (rpc, [request, block]) => methods.estimateGas(rpc, request as methods.CallRequest, block as methods.StateBlock | undefined),
}

/** The execution-apis suite folders of those methods. */
const suiteFolders = [
  'eth_blockNumber',
  'eth_chainId',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_call',
  'eth_estimateGas',
]

function ioExchanges(name: string): Exchange[] {
  return readIoFixture(name).map((exchange, index) => ({
    source: `${name}#${index + 1}`,
    request: exchange.request as Exchange['request'],
    response: exchange.response as Record<string, unknown>,
  }))
}

/** erigon rpc-tests files: an array of {request, response}. */
function requestResponseFile(name: string): Exchange[] {
  const items = JSON.parse(readFixture(name)) as Array<{ request: Exchange['request']; response: Record<string, unknown> }>
  return items.map((item, index) => ({ source: `${name}#${index + 1}`, request: item.request, response: item.response }))
}

const ethereumjsBlockFile = 'ethereumjs-mainnet-block-0x913156-with-uncles.json'
const ethereumjsUncleFile = 'ethereumjs-mainnet-uncle-0x913154-of-block-0x913156.json'
const etlReceiptFile = 'etl-mainnet-eth_getTransactionReceipt-prebyzantium-root-logs.json'

/** The recorded mainnet answers; where a file holds only the result, the request is the one SOURCES.md names. */
function mainnetExchanges(): Exchange[] {
  const block = JSON.parse(readFixture(ethereumjsBlockFile)) as { hash: string }
  const uncle = JSON.parse(readFixture(ethereumjsUncleFile)) as unknown
  const wrap = (result: unknown) => ({ jsonrpc: '2.0', id: 1, result })
  const erigonFiles = fs.readdirSync(recordingsDir).filter((name) => name.startsWith('erigon-mainnet-') && name.endsWith('.json'))
  return [
    { source: ethereumjsBlockFile, request: { id: 1, method: 'eth_getBlockByNumber', params: ['0x913156', false] }, response: wrap(block) },
    { source: `${ethereumjsUncleFile} (by hash)`, request: { id: 1, method: 'eth_getUncleByBlockHashAndIndex', params: [block.hash, '0x0'] }, response: wrap(uncle) },
    { source: `${ethereumjsUncleFile} (by number)`, request: { id: 1, method: 'eth_getUncleByBlockNumberAndIndex', params: ['0x913156', '0x0'] }, response: wrap(uncle) },
    {
      source: etlReceiptFile,
      request: { id: 0, method: 'eth_getTransactionReceipt', params: ['0x2e3dcd051a91d3a694f6b8de2ac4b5fe7acdba55f58bcf8471ff00d4a430074d'] },
      response: JSON.parse(readFixture(etlReceiptFile)) as Record<string, unknown>,
    },
    ...erigonFiles.flatMap(requestResponseFile),
  ]
}

const topLevelIoFiles = fs.readdirSync(testDataDir).filter((name) => name.startsWith('execapis-') && name.endsWith('.io'))
const suiteIoFiles = suiteFolders.flatMap((folder) =>
  fs
    .readdirSync(path.join(testDataDir, 'execution-apis-tests', folder))
    .filter((name) => name.endsWith('.io'))
    .map((name) => `execution-apis-tests/${folder}/${name}`),
)
const mainnet = mainnetExchanges()
const exchanges: Exchange[] = [...mainnet, ...topLevelIoFiles.flatMap(ioExchanges), ...suiteIoFiles.flatMap(ioExchanges)]

/**
 * A transport that answers one call with the recorded reply, through the same envelope reader the HTTP and
 * WebSocket transports use, and keeps what the typed function sent.
 */
function replay(exchange: Exchange): { rpc: RpcTransport; sent: Array<{ method: string; params: readonly unknown[] }> } {
  const sent: Array<{ method: string; params: readonly unknown[] }> = []
  const id = exchange.response.id as number
  return {
    sent,
    rpc: {
      async request(method, params = []) {
        sent.push({ method, params })
        const settled = settleReply({ id, method }, exchange.response)
        if (settled.ok) return settled.value
        throw settled.error
      },
    },
  }
}

// ---------------------------------------------------------------------------------------------------------
// Showing what was validated, with the formatting functions the pages use

const date = (timestamp: Quantity) => formatUtc(hexToNumber(timestamp))
const gwei = (wei: Quantity) => formatGwei(hexToBigInt(wei))

function showBlock(block: Block | BlockWithTransactions | Uncle): string[] {
  const lines = [
    block.number === null ? 'pending' : formatInteger(hexToBigInt(block.number)),
    block.hash === null ? 'pending' : shortHex(block.hash),
    shortHex(block.parentHash),
    block.nonce ?? 'pending',
    shortHex(block.sha3Uncles),
    block.logsBloom === null ? 'pending' : `${byteLength(block.logsBloom)} bytes`,
    shortHex(block.transactionsRoot),
    shortHex(block.stateRoot),
    shortHex(block.receiptsRoot),
    block.miner === null ? 'pending' : shortHex(block.miner),
    hexToDecimal(block.difficulty),
    block.totalDifficulty ? hexToDecimal(block.totalDifficulty) : 'none',
    printableText(block.extraData) ?? block.extraData,
    formatInteger(hexToBigInt(block.size)),
    `${formatInteger(hexToBigInt(block.gasUsed))} of ${formatInteger(hexToBigInt(block.gasLimit))} (${formatPercent(hexToBigInt(block.gasUsed), hexToBigInt(block.gasLimit))})`,
    date(block.timestamp),
    ...block.uncles.map((uncle) => shortHex(uncle)),
    block.mixHash ? shortHex(block.mixHash) : 'none',
    block.baseFeePerGas ? gwei(block.baseFeePerGas) : 'none',
    ...(block.withdrawals ?? []).map((withdrawal) => `${hexToDecimal(withdrawal.index)} ${shortHex(withdrawal.address)} ${formatGwei(hexToBigInt(withdrawal.amount))}`),
  ]
  const transactions = (block as { transactions?: Array<Hash | Transaction> }).transactions ?? []
  for (const transaction of transactions) lines.push(...(typeof transaction === 'string' ? [shortHex(transaction)] : showTransaction(transaction)))
  return lines
}

function showTransaction(transaction: Transaction): string[] {
  return [
    transaction.blockHash === null ? 'pending' : shortHex(transaction.blockHash),
    transaction.blockNumber === null ? 'pending' : formatInteger(hexToBigInt(transaction.blockNumber)),
    transaction.transactionIndex === null ? 'pending' : hexToDecimal(transaction.transactionIndex),
    shortHex(transaction.hash),
    shortHex(transaction.from),
    transaction.to === null ? 'contract creation' : shortHex(transaction.to),
    hexToDecimal(transaction.nonce),
    formatEther(hexToBigInt(transaction.value)),
    formatInteger(hexToBigInt(transaction.gas)),
    gwei(transaction.gasPrice),
    `${byteLength(transaction.input)} bytes`,
    formatV(transaction.v),
    shortHex(transaction.r),
    shortHex(transaction.s),
    transactionTypeName(transaction.type ?? '0x0'),
    transaction.chainId ? formatChainId(transaction.chainId) : 'none',
    transaction.yParity ? formatYParity(transaction.yParity) : 'none',
    transaction.maxFeePerGas ? gwei(transaction.maxFeePerGas) : 'none',
    transaction.maxPriorityFeePerGas ? gwei(transaction.maxPriorityFeePerGas) : 'none',
    transaction.maxFeePerBlobGas ? gwei(transaction.maxFeePerBlobGas) : 'none',
    ...(transaction.accessList ?? []).flatMap((entry) => [shortHex(entry.address), ...entry.storageKeys.map((key) => shortHex(key))]),
    ...(transaction.blobVersionedHashes ?? []).map((hash) => shortHex(hash)),
    ...(transaction.authorizationList ?? []).map((authorization) => `${formatChainId(authorization.chainId)} ${shortHex(authorization.address)} ${formatYParity(authorization.yParity)}`),
  ]
}

function showLog(log: Log): string[] {
  const token = decodeTokenEvent(log)
  return [
    log.removed ? 'removed' : 'valid',
    log.logIndex === null ? 'pending' : hexToDecimal(log.logIndex),
    log.transactionIndex === null ? 'pending' : hexToDecimal(log.transactionIndex),
    log.transactionHash === null ? 'pending' : shortHex(log.transactionHash),
    log.blockHash === null ? 'pending' : shortHex(log.blockHash),
    log.blockNumber === null ? 'pending' : formatInteger(hexToBigInt(log.blockNumber)),
    shortHex(log.address),
    `${byteLength(log.data)} bytes`,
    ...log.topics.map((topic) => shortHex(topic)),
    token ? `${token.standard} ${token.event}` : 'raw',
  ]
}

function showReceipt(receipt: Receipt): string[] {
  return [
    receiptStatus(receipt),
    shortHex(receipt.blockHash),
    formatInteger(hexToBigInt(receipt.blockNumber)),
    shortHex(receipt.transactionHash),
    hexToDecimal(receipt.transactionIndex),
    shortHex(receipt.from),
    receipt.to === null ? 'contract creation' : shortHex(receipt.to),
    receipt.contractAddress === null ? 'none' : shortHex(receipt.contractAddress),
    formatInteger(hexToBigInt(receipt.cumulativeGasUsed)),
    formatInteger(hexToBigInt(receipt.gasUsed)),
    receipt.effectiveGasPrice ? gwei(receipt.effectiveGasPrice) : 'not recorded',
    `${byteLength(receipt.logsBloom)} bytes`,
    transactionTypeName(receipt.type ?? '0x0'),
    ...receipt.logs.flatMap(showLog),
  ]
}

function showFeeHistory(history: FeeHistory): string[] {
  return [
    formatInteger(hexToBigInt(history.oldestBlock)),
    ...history.baseFeePerGas.map(gwei),
    ...history.gasUsedRatio.map((ratio) => `${(ratio * 100).toFixed(1)}%`),
    ...(history.reward ?? []).flatMap((rewards) => rewards.map(gwei)),
  ]
}

/** The answer shown as the pages would show it; throws if a formatting function cannot cope. */
function show(method: string, value: unknown): string[] {
  if (value === null) return ['not found']
  switch (method) {
    case 'eth_getBlockByNumber':
    case 'eth_getBlockByHash':
    case 'eth_getUncleByBlockHashAndIndex':
    case 'eth_getUncleByBlockNumberAndIndex':
      return showBlock(value as Block)
    case 'eth_getTransactionByHash':
    case 'eth_getTransactionByBlockHashAndIndex':
    case 'eth_getTransactionByBlockNumberAndIndex':
      return showTransaction(value as Transaction)
    case 'eth_getTransactionReceipt':
      return showReceipt(value as Receipt)
    case 'eth_getBlockReceipts':
      return [`${formatInteger((value as Receipt[]).length)} receipts`, ...(value as Receipt[]).flatMap(showReceipt)]
    case 'eth_getLogs':
      return [`${formatInteger((value as Log[]).length)} logs`, ...(value as Log[]).flatMap(showLog)]
    case 'eth_feeHistory':
      return showFeeHistory(value as FeeHistory)
    case 'eth_getBalance':
      return [formatEther(hexToBigInt(value as Quantity))]
    case 'eth_chainId':
      return [formatChainId(value as Quantity)]
    case 'eth_getCode':
    case 'eth_call':
    case 'eth_getStorageAt':
      return [`${byteLength(value as Hex)} bytes`, shortHex(value as Hex)]
    default:
      return [formatInteger(hexToBigInt(value as Quantity))]
  }
}

// ---------------------------------------------------------------------------------------------------------

describe('conformance: every recorded answer goes through the client', () => {
  it('covers every fixture file for these methods, each with at least one exchange', () => {
    const files = new Set(exchanges.map((exchange) => exchange.source.replace(/ \(by (hash|number)\)$/, '').replace(/#\d+$/, '')))
    const mainnetFiles = fs.readdirSync(recordingsDir).filter((name) => /^(ethereumjs|erigon|etl)-mainnet-.*\.json$/.test(name))
    for (const name of [...mainnetFiles, ...topLevelIoFiles, ...suiteIoFiles]) expect(files, name).toContain(name)
    // What the fixture README and SOURCES.md list: 3 ethereumjs/etl files, 8 erigon files, 10 top-level .io files.
    expect(mainnetFiles).toHaveLength(11)
    expect(topLevelIoFiles).toHaveLength(10)
    for (const exchange of exchanges) expect(Object.keys(callers), exchange.source).toContain(exchange.request.method)
  })

  it.each(exchanges.map((exchange) => [exchange.source, exchange] as const))('%s', async (_source, exchange) => {
    const { rpc, sent } = replay(exchange)
    const params = exchange.request.params ?? []
    const outcome = await callers[exchange.request.method]!(rpc, params).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    )
    // The typed function sends exactly the request that was recorded.
    expect(sent).toEqual([{ method: exchange.request.method, params }])

    const { error } = exchange.response as { error?: { code: number; message: string; data?: unknown } }
    if (error) {
      expect(outcome.ok).toBe(false)
      const thrown = (outcome as { error: unknown }).error
      expect(thrown).toBeInstanceOf(RpcError)
      expect(thrown).toMatchObject({ method: exchange.request.method, code: error.code, message: error.message, data: error.data })
      if (error.code === 3) expect(decodeRevert((thrown as RpcError).data as Hex).kind).not.toBe('empty')
      return
    }
    if (!outcome.ok) throw outcome.error
    // Validated, and nothing the provider sent was dropped or changed.
    expect(outcome.value).toEqual(exchange.response.result)
    const shown = show(exchange.request.method, outcome.value)
    expect(shown.length).toBeGreaterThan(0)
    for (const line of shown) expect(typeof line).toBe('string')
  })
})

describe('conformance: what the fixture documentation says comes out', () => {
  const result = (source: string) => {
    const exchange = exchanges.find((candidate) => candidate.source === source)!
    return exchange
  }
  const run = async (source: string) => {
    const exchange = result(source)
    return callers[exchange.request.method]!(replay(exchange).rpc, exchange.request.params ?? [])
  }

  it('the ethereumjs block is mainnet block 9,515,350 with one uncle, and its uncle is 0x913154 without transactions', async () => {
    const block = (await run(ethereumjsBlockFile)) as Block
    expect(formatInteger(hexToBigInt(block.number!))).toBe('9,515,350')
    expect(block.uncles).toHaveLength(1)
    const uncle = (await run(`${ethereumjsUncleFile} (by hash)`)) as Uncle
    expect(uncle.number).toBe('0x913154')
    expect(uncle.hash).toBe(block.uncles[0])
    expect('transactions' in uncle).toBe(false)
  })

  it('the erigon block receipts: 252 receipts of block 4,306,306, each with root and no status, 62 logs in all', async () => {
    const receipts = (await run('erigon-mainnet-eth_getBlockReceipts-0x41B582-prebyzantium.json#1')) as Receipt[]
    expect(receipts).toHaveLength(252)
    expect(new Set(receipts.map((receipt) => formatInteger(hexToBigInt(receipt.blockNumber))))).toEqual(new Set(['4,306,306']))
    expect(receipts.every((receipt) => receipt.status === undefined && receipt.root !== undefined)).toBe(true)
    expect(new Set(receipts.map((receipt) => receiptStatus(receipt)))).toEqual(new Set(['pre-byzantium']))
    expect(receipts.reduce((count, receipt) => count + receipt.logs.length, 0)).toBe(62)
  })

  it('the etl receipt: block 1,755,635, root and 2 logs, no effectiveGasPrice (recorded before 2021)', async () => {
    const receipt = (await run(etlReceiptFile)) as Receipt
    expect(formatInteger(hexToBigInt(receipt.blockNumber))).toBe('1,755,635')
    expect(receipt.root).toMatch(/^0x[0-9a-f]{64}$/)
    expect(receipt.status).toBeUndefined()
    expect(receipt.effectiveGasPrice).toBeUndefined()
    expect(receipt.logs).toHaveLength(2)
  })

  it('the erigon uncle count is 0x1', async () => {
    expect(await run('erigon-mainnet-eth_getUncleCountByBlockNumber-0xED14E5.json#1')).toBe('0x1')
  })
})

describe('schema strictness, on recorded answers changed in one place', () => {
  const exchange = exchanges.find((candidate) => candidate.source === 'erigon-mainnet-eth_getBlockReceipts-0x41B582-prebyzantium.json#1')!
  const receipts = exchange.response.result as Array<Record<string, unknown> & { logs: Array<{ topics: string[] }> }>
  const withLogs = receipts.findIndex((receipt) => receipt.logs.length > 0 && receipt.logs[0]!.topics.length > 1)

  async function errorFor(change: (copy: typeof receipts) => void): Promise<MalformedResponseError> {
    const copy = structuredClone(receipts)
    change(copy)
    const { rpc } = replay({ ...exchange, response: { ...exchange.response, result: copy } })
    const error = await methods.getBlockReceipts(rpc, '0x41B582').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(MalformedResponseError)
    return error as MalformedResponseError
  }

  it('names the method and the path of the bad field', async () => {
    const error = await errorFor((copy) => {
      copy[withLogs]!.logs[0]!.topics[1] = '0x1234'
    })
    expect(error.method).toBe('eth_getBlockReceipts')
    expect(error.field).toBe(`result[${withLogs}].logs[0].topics[1]`)
    expect(error.message).toBe(`eth_getBlockReceipts: malformed answer at result[${withLogs}].logs[0].topics[1]: expected a 32-byte hash, got "0x1234"`)
  })

  it.each([
    ['a 19-byte address', (copy: typeof receipts) => void (copy[0]!.from = '0x1737dfaaa4ed43f800b5686dc6515078ac263a'), 'result[0].from'],
    ['non-hex in a hash', (copy: typeof receipts) => void (copy[1]!.transactionHash = `0x${'zz'.repeat(32)}`), 'result[1].transactionHash'],
    ['a number where hex belongs', (copy: typeof receipts) => void (copy[2]!.gasUsed = 21000), 'result[2].gasUsed'],
    ['a bloom of the wrong size', (copy: typeof receipts) => void (copy[0]!.logsBloom = '0x00'), 'result[0].logsBloom'],
    ['a missing field', (copy: typeof receipts) => void delete copy[3]!.cumulativeGasUsed, 'result[3].cumulativeGasUsed'],
    ['both status and root', (copy: typeof receipts) => void (copy[4]!.status = '0x1'), 'result[4]'],
    ['neither status nor root', (copy: typeof receipts) => void delete copy[5]!.root, 'result[5]'],
    ['a status that is neither 0x0 nor 0x1', (copy: typeof receipts) => void ((copy[6]!.status = '0x2'), delete copy[6]!.root), 'result[6].status'],
    ['five topics', (copy: typeof receipts) => void copy[withLogs]!.logs[0]!.topics.push(...Array(5).fill(`0x${'00'.repeat(32)}`)), `result[${withLogs}].logs[0].topics`],
  ])('refuses %s', async (_what, change, field) => {
    expect((await errorFor(change)).field).toBe(field)
  })

  it('keeps fields it does not know, untouched', async () => {
    const copy = structuredClone(receipts)
    copy[0]!.l1Fee = '0x10'
    const { rpc } = replay({ ...exchange, response: { ...exchange.response, result: copy } })
    const answer = await methods.getBlockReceipts(rpc, '0x41B582')
    expect(answer?.[0]?.l1Fee).toBe('0x10')
  })

  it('requires the fields of each typed transaction, and names the missing one', async () => {
    const blob = exchanges.find((candidate) => candidate.source === 'execution-apis-tests/eth_getTransactionByHash/get-blob-tx.io#1')!
    const copy = structuredClone(blob.response.result) as Record<string, unknown>
    delete copy.blobVersionedHashes
    const { rpc } = replay({ ...blob, response: { ...blob.response, result: copy } })
    const error = await methods.getTransactionByHash(rpc, copy.hash as Hash).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ name: 'MalformedResponseError', field: 'result.blobVersionedHashes' })
  })
})
