import type { RecordedBlock, SampleContents } from '../../contract/sampleContents.ts'
import type { Recording } from './recordings.ts'

/** What a sample network is, as its definition says: the rest of its description comes from its recordings. */
export type SampleIdentity = {
  name: string
  description: string
  /** An EVM network answers chain identity (eth_chainId, …) and what its recorded blocks and receipts imply. */
  evm: boolean
  blockTags: readonly string[]
}

type RawBlock = { number: string; hash: string; transactions: unknown[]; uncles: string[] }
type RawReceipt = { transactionHash: string; blockNumber: string; blockHash: string; logs: unknown[] }
type RawUncle = { number?: string }

/** Answered by any EVM sample from its definition alone (sampleNode.ts answers them without a recording). */
const identityMethods = ['eth_chainId', 'net_version', 'web3_clientVersion', 'eth_syncing']

/**
 * The methods recorded data lets the sample node answer beyond the exact recorded requests: the same rules
 * sampleNode.ts follows (a block by hash as by number, counts from a block, a receipt out of a block's
 * receipts, logs from receipts recorded whole). Kept beside the derivation so the two cannot drift apart unseen:
 * samples.test.ts asks the node every method listed here.
 */
const impliedBy = {
  block: ['eth_getBlockByNumber', 'eth_getBlockByHash', 'eth_getBlockTransactionCountByNumber', 'eth_getBlockTransactionCountByHash', 'eth_getUncleCountByBlockNumber', 'eth_getUncleCountByBlockHash', 'eth_blockNumber'],
  uncle: ['eth_getUncleByBlockHashAndIndex', 'eth_getUncleByBlockNumberAndIndex'],
  receipt: ['eth_getTransactionReceipt', 'eth_blockNumber'],
  blockReceipts: ['eth_getBlockReceipts', 'eth_getTransactionReceipt', 'eth_getLogs', 'eth_blockNumber'],
} as const

function answered(recording: Recording): unknown {
  return 'result' in recording.answer ? recording.answer.result : null
}

/** Everything a sample network holds, derived from its recordings alone: nothing here is kept by hand. */
export function describeRecordings(identity: SampleIdentity, recordings: readonly Recording[]): SampleContents {
  const methods = new Set<string>(identity.evm ? identityMethods : [])
  const blocks: RecordedBlock[] = []
  const uncleHashes = new Map<string, string[]>()
  const unclesByBlock = new Map<string, Map<number, RawUncle>>()
  const blockReceipts: SampleContents['blockReceipts'] = []
  const receipts: SampleContents['receipts'] = []
  const l2aBlocks: SampleContents['l2aBlocks'] = []
  let l2bPendingTransactions: number | null = null
  let logQueries = 0
  let calls = 0

  for (const recording of recordings) {
    methods.add(recording.method)
    const result = answered(recording)
    switch (recording.method) {
      case 'eth_getBlockByNumber':
      case 'eth_getBlockByHash': {
        if (result === null) break
        const block = result as RawBlock
        const full = block.transactions.length > 0 && block.transactions.every((entry) => typeof entry === 'object')
        uncleHashes.set(block.hash.toLowerCase(), block.uncles)
        blocks.push({ number: block.number as `0x${string}`, hash: block.hash as `0x${string}`, transactions: block.transactions.length, fullTransactions: full, receipts: false, uncles: [] })
        for (const method of impliedBy.block) methods.add(method)
        break
      }
      case 'eth_getUncleByBlockHashAndIndex': {
        if (result === null) break
        const key = String(recording.params[0]).toLowerCase()
        const held = unclesByBlock.get(key) ?? new Map<number, RawUncle>()
        held.set(Number(BigInt(recording.params[1] as string)), result as RawUncle)
        unclesByBlock.set(key, held)
        for (const method of impliedBy.uncle) methods.add(method)
        break
      }
      case 'eth_getBlockReceipts': {
        const list = (result ?? []) as RawReceipt[]
        const first = list[0]
        if (!first) break
        blockReceipts.push({ number: first.blockNumber as `0x${string}`, hash: first.blockHash as `0x${string}`, count: list.length, logs: list.reduce((sum, receipt) => sum + receipt.logs.length, 0) })
        for (const method of impliedBy.blockReceipts) methods.add(method)
        break
      }
      case 'eth_getTransactionReceipt': {
        if (result === null) break
        const receipt = result as RawReceipt
        receipts.push({ transactionHash: receipt.transactionHash as `0x${string}`, blockNumber: receipt.blockNumber as `0x${string}` })
        for (const method of impliedBy.receipt) methods.add(method)
        break
      }
      case 'eth_getLogs':
        logQueries += 1
        break
      case 'eth_call':
        calls += 1
        break
      case 'l2a_getRawBlockTransactions':
        if (Array.isArray(result)) l2aBlocks.push({ number: recording.params[0] as number, transactions: result.length })
        break
      case 'l2b_pendingTransactions':
        if (Array.isArray(result)) l2bPendingTransactions = (l2bPendingTransactions ?? 0) + result.length
        break
    }
  }

  // Uncles and whole receipts are recorded apart from their block: joined here, once every recording is read.
  for (const block of blocks) {
    const key = block.hash.toLowerCase()
    block.uncles = (uncleHashes.get(key) ?? []).map((hash, index) => {
      const number = unclesByBlock.get(key)?.get(index)?.number
      return { index, hash: hash as `0x${string}`, number: typeof number === 'string' ? (number as `0x${string}`) : null }
    })
    block.receipts = blockReceipts.some((entry) => BigInt(entry.number) === BigInt(block.number))
  }

  return {
    name: identity.name,
    description: identity.description,
    methods: [...methods].sort(),
    blockTags: [...identity.blockTags],
    blocks,
    blockReceipts,
    receipts,
    logQueries,
    calls,
    l2aBlocks,
    l2bPendingTransactions,
  }
}
