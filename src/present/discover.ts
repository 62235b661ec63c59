import { encodeFunctionData, erc20Abi, hexToBigInt, numberToHex, type Address, type Hash, type Hex } from 'viem'
import { mappingValueSlot, slotHex } from '../evm/storage/slots.ts'
import { decodeTokenEvent, transferTopic } from '../evm/tokenEvents.ts'
import { call, getBlockByNumber, getBlockReceipts, getLogs, getStorageAt } from '../rpc/methods.ts'
import { getTransactionError } from '../rpc/otterscan.ts'
import type { RpcTransport } from '../rpc/transport.ts'

/**
 * What the presentation shows, found on the chain itself just before it starts: the busiest recent block,
 * a recent token transfer, a recent failed transaction, and where that token keeps the receiver's balance.
 * Each is found or comes with the reason it was not, and a step that was not found is skipped, never shown
 * broken. Reads stay small whatever the network (a handful of batches over the last few dozen blocks), so a
 * busy mainnet provider answers them as fast as the local chain.
 */

export type Found<T> = { ok: true; value: T } | { ok: false; reason: string }

export type BusyBlock = { number: bigint; transactions: number; gasUsed: bigint; gasLimit: bigint }
export type TokenTransfer = { hash: Hash; block: bigint; token: Address; from: Address; to: Address; value: bigint }
export type FailedTransaction = { hash: Hash; block: bigint }
export type BalanceSlot = { token: Address; holder: Address; slot: bigint; block: bigint }

export type ChainFacts = {
  head: bigint
  busyBlock: Found<BusyBlock>
  tokenTransfer: Found<TokenTransfer>
  failedTransaction: Found<FailedTransaction>
  balanceSlot: Found<BalanceSlot>
}

/** Blocks looked at for the busiest one (headers only: one batch). */
export const recentBlocks = 64
/** Blocks whose logs are read for a token transfer (a mainnet block holds hundreds of Transfer logs). */
const transferWindow = 16n
/** Blocks whose receipts are read for a failed transaction, newest first, in two rounds. */
const receiptRounds = [4, 12]
/** Failed transactions whose revert data is asked for, to show one with a reason. */
const failureCandidates = 6
/** Storage slots tried for the balance mapping: solc puts a token's state variables first. */
const balanceSlotsTried = 10

const found = <T>(value: T): Found<T> => ({ ok: true, value })
const missing = (reason: string): Found<never> => ({ ok: false, reason })
const hex = (n: bigint) => numberToHex(n)

/** Messages from our transports never carry the endpoint (it holds the key): safe to show. */
function failed(what: string, error: unknown): Found<never> {
  return missing(`${what} failed: ${error instanceof Error ? error.message : String(error)}`)
}

type Header = { number: bigint; transactions: number; gasUsed: bigint; gasLimit: bigint }

async function recentHeaders(rpc: RpcTransport, head: bigint): Promise<Header[]> {
  const numbers: bigint[] = []
  for (let n = head; n >= 0n && numbers.length < recentBlocks; n--) numbers.push(n)
  const blocks = await Promise.all(numbers.map((n) => getBlockByNumber(rpc, hex(n), false)))
  return blocks.flatMap((block) =>
    block && block.number !== null
      ? [{ number: hexToBigInt(block.number), transactions: block.transactions.length, gasUsed: hexToBigInt(block.gasUsed), gasLimit: hexToBigInt(block.gasLimit) }]
      : [],
  )
}

/** The recent block that used the most gas (more transactions breaks a tie). */
export function busiest(headers: readonly Header[]): BusyBlock | null {
  let best: Header | null = null
  for (const header of headers) {
    if (header.transactions === 0) continue
    if (!best || header.gasUsed > best.gasUsed || (header.gasUsed === best.gasUsed && header.transactions > best.transactions)) best = header
  }
  return best
}

async function findTokenTransfer(rpc: RpcTransport, head: bigint): Promise<Found<TokenTransfer>> {
  const fromBlock = head >= transferWindow ? head - transferWindow + 1n : 0n
  let logs
  try {
    logs = await getLogs(rpc, { fromBlock: hex(fromBlock), toBlock: hex(head), topics: [transferTopic] })
  } catch (error) {
    return failed('eth_getLogs for Transfer events', error)
  }
  // Newest first: an ERC-20 transfer of a non-zero amount between two accounts (not a mint or a burn).
  for (const log of [...logs].reverse()) {
    const event = decodeTokenEvent(log)
    if (event?.standard !== 'ERC-20' || event.event !== 'Transfer' || event.value === 0n) continue
    if (/^0x0{40}$/.test(event.from) || /^0x0{40}$/.test(event.to) || !log.transactionHash || !log.blockNumber) continue
    return found({ hash: log.transactionHash, block: hexToBigInt(log.blockNumber), token: log.address, from: event.from, to: event.to, value: event.value })
  }
  return missing(`no ERC-20 transfer in the last ${transferWindow} blocks`)
}

async function findFailedTransaction(rpc: RpcTransport, headers: readonly Header[]): Promise<Found<FailedTransaction>> {
  const withTransactions = headers.filter((header) => header.transactions > 0)
  let start = 0
  for (const round of receiptRounds) {
    const blocks = withTransactions.slice(start, start + round)
    start += round
    if (blocks.length === 0) break
    let receipts
    try {
      receipts = await Promise.all(blocks.map((block) => getBlockReceipts(rpc, hex(block.number))))
    } catch (error) {
      return failed('eth_getBlockReceipts', error)
    }
    // Newest block first, and in each its last failures first.
    const failures = receipts.flatMap((list) => [...(list ?? [])].reverse().filter((receipt) => receipt.status === '0x0'))
    if (failures.length > 0) {
      const chosen = await withReasonFirst(rpc, failures.slice(0, failureCandidates).map((receipt) => receipt.transactionHash))
      const receipt = failures.find((candidate) => candidate.transactionHash === chosen)!
      return found({ hash: receipt.transactionHash, block: hexToBigInt(receipt.blockNumber) })
    }
  }
  return missing(`no failed transaction in the last ${Math.min(start, withTransactions.length)} blocks with transactions`)
}

/**
 * Of failed transactions, the first whose revert data says something (a reason, a custom error, a panic): a
 * bare `revert()` explains little to a room. Asked of the node's own record (ots_getTransactionError) in one
 * batch; a node without it leaves the order as it was.
 */
async function withReasonFirst(rpc: RpcTransport, hashes: readonly Hash[]): Promise<Hash> {
  const data = await Promise.all(hashes.map((hash) => getTransactionError(rpc, hash).catch(() => null)))
  const index = data.findIndex((revert) => revert !== null && revert.length > 2)
  return hashes[Math.max(0, index)]!
}

/**
 * Where `token` keeps `holder`'s balance, found the way a reader of its source would check it: the mapping
 * slot whose entry for the holder (keccak256(pad32(holder) ‖ pad32(slot))) holds exactly what balanceOf
 * answers, read at one block. Only a plain `mapping(address => uint256)` among the first slots matches.
 */
async function findBalanceSlot(rpc: RpcTransport, transfer: Found<TokenTransfer>, head: bigint): Promise<Found<BalanceSlot>> {
  if (!transfer.ok) return missing('no token transfer to take a token and a holder from')
  const { token, to: holder } = transfer.value
  const block = hex(head)
  const candidates = Array.from({ length: balanceSlotsTried }, (_, slot) => BigInt(slot))
  let balance: Hex
  let words: Hex[]
  try {
    ;[balance, words] = await Promise.all([
      call(rpc, { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [holder] }) }, block),
      Promise.all(candidates.map((slot) => getStorageAt(rpc, token, slotHex(mappingValueSlot(slot, { type: 'address', value: holder }).slot), block))),
    ])
  } catch (error) {
    return failed('reading the balance and its storage', error)
  }
  const want = balance === '0x' ? null : hexToBigInt(balance)
  if (want === null || want === 0n) return missing('the holder has no balance left to look for')
  const index = words.findIndex((word) => hexToBigInt(word) === want)
  if (index < 0) return missing(`the token keeps no plain balance mapping in its first ${balanceSlotsTried} slots`)
  return found({ token, holder, slot: candidates[index]!, block: head })
}

/** Everything the walk needs from the chain, from its head down. */
export async function discoverChainFacts(rpc: RpcTransport, head: bigint): Promise<ChainFacts> {
  const [headers, tokenTransfer] = await Promise.all([recentHeaders(rpc, head).catch(() => null), findTokenTransfer(rpc, head)])
  const busy = headers ? busiest(headers) : null
  const [failedTransaction, balanceSlot] = await Promise.all([
    headers ? findFailedTransaction(rpc, headers) : Promise.resolve(missing('the recent blocks could not be read')),
    findBalanceSlot(rpc, tokenTransfer, head),
  ])
  return {
    head,
    busyBlock: busy ? found(busy) : missing(headers ? `no transactions in the last ${recentBlocks} blocks` : 'the recent blocks could not be read'),
    tokenTransfer,
    failedTransaction,
    balanceSlot,
  }
}
