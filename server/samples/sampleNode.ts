import { ErrorCode, RpcFailure } from '../gateway/jsonrpc.ts'
import type { NodeClient } from '../gateway/upstream.ts'
import { notRecordedReason, sampleContentsMethod, type NotRecordedData, type SampleContents } from '../../contract/sampleContents.ts'
import { canonicalParams, quantity } from './canonical.ts'
import { describeRecordings, type SampleIdentity } from './contents.ts'
import { matchesFilter, type SampleLog } from './logFilter.ts'
import type { Recording } from './recordings.ts'

type Block = { number: string; hash: string; transactions: unknown[]; uncles: string[] } & Record<string, unknown>
type Receipt = { transactionHash: string; blockHash: string; blockNumber: string; logs: SampleLog[] } & Record<string, unknown>

export type SampleChain = SampleIdentity & {
  chainId: bigint
  /** A Starknet-style network has no eth_* methods at all; an EVM one answers them from its recordings. */
  evm: boolean
}

/**
 * What a node says for data it does not hold; -32000 is the server-error code nodes use for this. The `data`
 * says it in a form a client can check without reading the message: the data is missing from the recording,
 * the node did not fail.
 */
const notRecorded = (what: string) => {
  const data: NotRecordedData = { reason: notRecordedReason, detail: what }
  return new RpcFailure(-32000, `not in this recorded sample network: ${what}`, data)
}

/**
 * A read-only network that replays recorded real responses. It answers a recorded request exactly, and
 * derives only what a real node would answer from the same recorded data (a receipt out of a recorded
 * block's receipts, a block by hash as by number, counts from a recorded block). Anything else gets what a
 * real node gives for data it lacks: null, or a JSON-RPC error. Nothing is invented.
 */
export class SampleNode implements NodeClient {
  readonly chain: SampleChain
  readonly #exact = new Map<string, Recording>()
  readonly #blocksByNumber = new Map<bigint, Block>()
  readonly #blocksByHash = new Map<string, Block>()
  readonly #uncles = new Map<string, unknown>()
  readonly #receiptsByTx = new Map<string, Receipt>()
  /** Blocks whose receipts were recorded whole: their logs can answer any filter over them. */
  readonly #blockReceipts = new Map<bigint, Receipt[]>()
  readonly #head: bigint | null
  /** What the recordings hold, answered to chainglass_sampleContents. */
  readonly contents: SampleContents

  constructor(chain: SampleChain, recordings: Recording[]) {
    this.chain = chain
    this.contents = describeRecordings(chain, recordings)
    const seenNumbers: bigint[] = []
    for (const recording of recordings) {
      this.#exact.set(canonicalParams(recording.method, recording.params), recording)
      if (!('result' in recording.answer) || recording.answer.result === null) continue
      const result = recording.answer.result
      switch (recording.method) {
        case 'eth_getBlockByNumber':
        case 'eth_getBlockByHash': {
          const block = result as Block
          this.#blocksByNumber.set(BigInt(block.number), block)
          this.#blocksByHash.set(block.hash.toLowerCase(), block)
          break
        }
        case 'eth_getUncleByBlockHashAndIndex':
          this.#uncles.set(`${String(recording.params[0]).toLowerCase()}:${BigInt(recording.params[1] as string)}`, result)
          break
        case 'eth_getBlockReceipts': {
          const receipts = result as Receipt[]
          if (receipts.length > 0) this.#blockReceipts.set(BigInt(receipts[0]!.blockNumber), receipts)
          for (const receipt of receipts) this.#receiptsByTx.set(receipt.transactionHash.toLowerCase(), receipt)
          break
        }
        case 'eth_getTransactionReceipt': {
          const receipt = result as Receipt
          this.#receiptsByTx.set(receipt.transactionHash.toLowerCase(), receipt)
          seenNumbers.push(BigInt(receipt.blockNumber))
          break
        }
      }
      for (const param of recording.params) if (typeof param === 'string' && recording.method.includes('ByNumber') && /^0x[0-9a-f]+$/i.test(param)) seenNumbers.push(BigInt(param))
    }
    seenNumbers.push(...this.#blocksByNumber.keys(), ...this.#blockReceipts.keys())
    this.#head = seenNumbers.length > 0 ? seenNumbers.reduce((a, b) => (a > b ? a : b)) : null
  }

  async call(method: string, params: unknown[]): Promise<unknown> {
    return this.answer(method, params)
  }

  async callAlone(method: string, params: unknown[]): Promise<unknown> {
    return this.answer(method, params)
  }

  answer(method: string, params: unknown[]): unknown {
    // The gateway lets this through to sample networks only (NetworkRules.recordedSample).
    if (method === sampleContentsMethod) return this.contents
    const exact = this.#exact.get(canonicalParams(method, params))
    if (exact) {
      if ('error' in exact.answer) throw new RpcFailure(exact.answer.error.code, exact.answer.error.message, exact.answer.error.data)
      return exact.answer.result
    }
    if (!this.chain.evm && !method.startsWith('l2')) {
      throw new RpcFailure(ErrorCode.methodNotFound, `the method ${method} does not exist/is not available`)
    }
    switch (method) {
      case 'eth_chainId':
        return '0x' + this.chain.chainId.toString(16)
      case 'net_version':
        return this.chain.chainId.toString(10)
      case 'web3_clientVersion':
        return `chainglass-recorded-sample/${this.chain.name}`
      case 'eth_syncing':
        return false
      case 'eth_blockNumber':
        if (this.#head === null) throw notRecorded('no block height was recorded')
        return '0x' + this.#head.toString(16)
      case 'eth_getBlockByNumber':
        return this.#fullOrHashes(this.#blockByTag(params[0]), params[1])
      case 'eth_getBlockByHash':
        return this.#fullOrHashes(this.#blockByHash(params[0]), params[1])
      case 'eth_getUncleByBlockHashAndIndex':
        return this.#uncle(this.#blockByHash(params[0]), params[1])
      case 'eth_getUncleByBlockNumberAndIndex':
        return this.#uncle(this.#blockByTag(params[0]), params[1])
      case 'eth_getUncleCountByBlockNumber':
        return count(this.#blockByTag(params[0])?.uncles)
      case 'eth_getUncleCountByBlockHash':
        return count(this.#blockByHash(params[0])?.uncles)
      case 'eth_getBlockTransactionCountByNumber':
        return count(this.#blockByTag(params[0])?.transactions)
      case 'eth_getBlockTransactionCountByHash':
        return count(this.#blockByHash(params[0])?.transactions)
      case 'eth_getTransactionReceipt':
        return typeof params[0] === 'string' ? (this.#receiptsByTx.get(params[0].toLowerCase()) ?? null) : null
      case 'eth_getBlockReceipts':
        return this.#receiptsOf(params[0])
      case 'eth_getTransactionByHash':
      case 'eth_getTransactionByBlockHashAndIndex':
      case 'eth_getTransactionByBlockNumberAndIndex':
        return this.#transaction(method, params)
      case 'eth_getLogs':
        return this.#logs(params[0] as Record<string, unknown>)
      case 'eth_sendRawTransaction':
        throw new RpcFailure(-32000, 'this recorded sample network is read-only: it takes no transactions')
      case 'l2a_getRawBlockTransactions':
        if (typeof params[0] !== 'number' || !Number.isSafeInteger(params[0]) || params[0] < 0) {
          throw new RpcFailure(ErrorCode.invalidParams, 'l2a_getRawBlockTransactions takes one integer block number')
        }
        throw notRecorded(`block ${params[0]} (the recording holds ${this.#recordedParams('l2a_getRawBlockTransactions')})`)
      case 'l2b_pendingTransactions':
        throw notRecorded('pending transactions')
      default:
        // Account state, fees and calls need the chain's state, which a recording does not hold.
        throw notRecorded(`${method} needs chain state that was not recorded`)
    }
  }

  #recordedParams(method: string): string {
    const held = [...this.#exact.values()].filter((r) => r.method === method).map((r) => JSON.stringify(r.params[0]))
    return held.length > 0 ? `block ${held.join(', ')} only` : 'nothing for it'
  }

  #blockByTag(tag: unknown): Block | null {
    if (typeof tag !== 'string') throw new RpcFailure(ErrorCode.invalidParams, 'invalid params: expected a block number or tag')
    if (tag === 'earliest') return this.#blocksByNumber.get(0n) ?? null
    if (['latest', 'pending', 'safe', 'finalized'].includes(tag)) return this.#head === null ? null : (this.#blocksByNumber.get(this.#head) ?? null)
    if (!/^0x[0-9a-fA-F]+$/.test(tag)) throw new RpcFailure(ErrorCode.invalidParams, `invalid params: ${JSON.stringify(tag).slice(0, 80)} is not a block number or tag`)
    return this.#blocksByNumber.get(BigInt(tag)) ?? null
  }

  #blockByHash(hash: unknown): Block | null {
    if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new RpcFailure(ErrorCode.invalidParams, 'invalid params: expected a 32-byte block hash')
    return this.#blocksByHash.get(hash.toLowerCase()) ?? null
  }

  #fullOrHashes(block: Block | null, full: unknown): Block | null {
    if (typeof full !== 'boolean') throw new RpcFailure(ErrorCode.invalidParams, 'invalid params: the transaction-details flag must be a boolean')
    if (!block) return null
    if (full && block.transactions.some((tx) => typeof tx === 'string')) {
      throw notRecorded(`block ${BigInt(block.number)} was recorded with transaction hashes only; full transaction objects were not recorded`)
    }
    return block
  }

  #uncle(block: Block | null, index: unknown): unknown {
    if (typeof index !== 'string' || !/^0x[0-9a-fA-F]+$/.test(index)) throw new RpcFailure(ErrorCode.invalidParams, 'invalid params: expected a hex uncle index')
    if (!block) return null
    const i = BigInt(index)
    if (i >= BigInt(block.uncles.length)) return null
    const uncle = this.#uncles.get(`${block.hash.toLowerCase()}:${i}`)
    if (uncle === undefined) throw notRecorded(`uncle ${i} of block ${BigInt(block.number)}`)
    return uncle
  }

  #receiptsOf(id: unknown): Receipt[] | null {
    let number: bigint | null = null
    if (typeof id === 'string' && /^0x[0-9a-fA-F]{64}$/.test(id)) {
      const block = this.#blocksByHash.get(id.toLowerCase())
      const byHash = [...this.#blockReceipts.values()].find((receipts) => receipts[0]!.blockHash.toLowerCase() === id.toLowerCase())
      if (byHash) return byHash
      if (block) number = BigInt(block.number)
    } else if (typeof id === 'string' && /^0x[0-9a-fA-F]+$/.test(id)) number = BigInt(id)
    else if (id === 'latest' || id === 'pending' || id === 'safe' || id === 'finalized') number = this.#head
    else if (id === 'earliest') number = 0n
    else throw new RpcFailure(ErrorCode.invalidParams, 'invalid params: expected a block number, tag or hash')
    if (number === null) return null
    const receipts = this.#blockReceipts.get(number)
    if (receipts) return receipts
    const block = this.#blocksByNumber.get(number)
    if (block && block.transactions.length === 0) return []
    if (block) throw notRecorded(`the receipts of block ${number}`)
    return null
  }

  #transaction(method: string, params: unknown[]): unknown {
    // No recording holds transaction objects. Where the recording shows the transaction exists, say it
    // was not recorded; where it knows nothing, answer null as a node does for an unknown transaction.
    if (method === 'eth_getTransactionByHash') {
      const hash = typeof params[0] === 'string' ? params[0].toLowerCase() : ''
      const known = this.#receiptsByTx.has(hash) || [...this.#blocksByNumber.values()].some((b) => b.transactions.includes(hash))
      if (known) throw notRecorded(`transaction ${hash} (only its receipt or hash was recorded)`)
      return null
    }
    const block = method === 'eth_getTransactionByBlockHashAndIndex' ? this.#blockByHash(params[0]) : this.#blockByTag(params[0])
    if (!block || typeof params[1] !== 'string') return null
    if (BigInt(params[1]) >= BigInt(block.transactions.length)) return null
    throw notRecorded(`transaction ${BigInt(params[1])} of block ${BigInt(block.number)} (only its hash was recorded)`)
  }

  #logs(filter: Record<string, unknown>): SampleLog[] {
    // Any filter confined to blocks whose receipts were recorded whole can be answered exactly.
    const range = this.#filterRange(filter)
    if (range) {
      const [from, to] = range
      const covered = from <= to && to - from < 10_000n && everyBlock(from, to, (n) => this.#blockReceipts.has(n))
      if (covered) {
        const logs: SampleLog[] = []
        for (let n = from; n <= to; n++) for (const receipt of this.#blockReceipts.get(n)!) logs.push(...receipt.logs.filter((log) => matchesFilter(log, filter)))
        return logs
      }
    }
    throw notRecorded('logs for this filter (recorded: the exact eth_getLogs queries, and any filter over blocks whose receipts were recorded)')
  }

  #filterRange(filter: Record<string, unknown>): [bigint, bigint] | null {
    if (typeof filter.blockHash === 'string') {
      const receipts = [...this.#blockReceipts.values()].find((r) => r[0]!.blockHash.toLowerCase() === (filter.blockHash as string).toLowerCase())
      return receipts ? [BigInt(receipts[0]!.blockNumber), BigInt(receipts[0]!.blockNumber)] : null
    }
    const bound = (value: unknown): bigint | null => {
      if (value === 'latest' || value === 'pending' || value === 'safe' || value === 'finalized') return this.#head
      if (value === 'earliest') return 0n
      return typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? BigInt(quantity(value)) : null
    }
    const from = bound(filter.fromBlock)
    const to = bound(filter.toBlock)
    return from === null || to === null ? null : [from, to]
  }
}

function count(list: unknown[] | undefined): string | null {
  return list ? '0x' + list.length.toString(16) : null
}

function everyBlock(from: bigint, to: bigint, test: (n: bigint) => boolean): boolean {
  for (let n = from; n <= to; n++) if (!test(n)) return false
  return true
}
