import { toHex, type Address } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { capabilitiesOf } from '../networks/capabilities.ts'
import { clientsFor } from '../networks/clients.ts'
import type { HistoryRow } from '../queries/addressHistory.ts'
import { getBlockByNumber, getTransactionReceipt } from '../rpc/methods.ts'
import type { BlockWithTransactions, Transaction } from '../rpc/schemas.ts'
import { createListeners } from '../state/listeners.ts'
import type { RpcTransport } from '../rpc/transport.ts'

/**
 * An address's transactions where the node keeps no history (no Otterscan ots_*: Hardhat, geth, most providers):
 * read block by block, newest first. Each window of blocks is one batch of eth_getBlockByNumber(n, true), as
 * many calls as the node's batch limit allows; the transactions sent by the address, sent to it, or creating a
 * contract from it are kept, and their receipts read in one batch more (status, fee, created contract). A few
 * windows are asked ahead, so the node is never idle between windows.
 *
 * What it cannot see: a transfer made inside another contract's call (an internal transaction needs traces).
 */

export type ScanRange = { from: bigint; to: bigint }

/** How many blocks a scan covers unless asked for more: all of a dev chain, the recent past of a long one. */
export const historyScanBlocks = 10_000n

/** The whole chain when it has at most `historyScanBlocks` blocks, else the last that many up to the head. */
export function historyScanRange(head: bigint, blocks = historyScanBlocks): ScanRange {
  return { from: head + 1n > blocks ? head - blocks + 1n : 0n, to: head }
}

/** idle: made, not started yet. */
export type BlockScanPhase = 'idle' | 'scanning' | 'done' | 'cancelled' | 'failed'

export type BlockScanSnapshot = {
  phase: BlockScanPhase
  range: ScanRange
  /** The next block to read (going down); null once the whole range is read. */
  next: bigint | null
  blocksRead: bigint
  /** Newest first: by block, then by position in the block. */
  rows: readonly HistoryRow[]
  error: unknown
}

/** Whether the transaction is the address's: sent by it, sent to it, or a contract it created. */
function involves(transaction: Transaction, address: string): boolean {
  return transaction.from.toLowerCase() === address || transaction.to?.toLowerCase() === address
}

/** At most this many full blocks a batch: a window's answer stays a few MB even on a busy chain. */
export const largestScanWindow = 200
/** Windows asked for before the oldest one asked is answered. */
const windowsAhead = 3

export class BlockScanHistory {
  readonly #http: RpcTransport
  readonly #address: string
  readonly #window: bigint
  #snapshot: BlockScanSnapshot
  #controller: AbortController | null = null
  readonly #listeners = createListeners()

  constructor(network: Network, address: Address, range: ScanRange, http: RpcTransport = clientsFor(network).http) {
    this.#http = http
    this.#address = address.toLowerCase()
    this.#window = BigInt(Math.max(1, Math.min(capabilitiesOf(network).maxBatchSize, largestScanWindow)))
    this.#snapshot = { phase: 'idle', range, next: range.to, blocksRead: 0n, rows: [], error: null }
  }

  get snapshot(): BlockScanSnapshot {
    return this.#snapshot
  }

  /** Bound, for useSyncExternalStore: the same functions every render, so React does not subscribe again each time. */
  readonly subscribe = this.#listeners.subscribe

  readonly getSnapshot = (): BlockScanSnapshot => this.#snapshot

  /** Starts, or resumes where a cancel or a failure left off; nothing to do once done or while scanning. */
  start(): void {
    if (this.#snapshot.phase === 'scanning' || this.#snapshot.next === null) return
    const controller = new AbortController()
    this.#controller = controller
    this.#update({ phase: 'scanning', error: null })
    this.#run(controller.signal).then(
      () => {
        if (this.#controller === controller) this.#update({ phase: 'done' })
      },
      (error: unknown) => {
        if (this.#controller !== controller) return
        this.#update(controller.signal.aborted ? { phase: 'cancelled' } : { phase: 'failed', error })
      },
    )
  }

  cancel(): void {
    if (this.#snapshot.phase !== 'scanning') return
    this.#controller?.abort(new DOMException('cancelled', 'AbortError'))
  }

  #update(change: Partial<BlockScanSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...change }
    this.#listeners.notify()
  }

  /** The window of blocks from `top` down, as far as the range goes. */
  #windowFrom(top: bigint): bigint[] {
    const low = top - this.#window + 1n > this.#snapshot.range.from ? top - this.#window + 1n : this.#snapshot.range.from
    const numbers: bigint[] = []
    for (let number = top; number >= low; number--) numbers.push(number)
    return numbers
  }

  #readBlocks(numbers: bigint[], signal: AbortSignal): Promise<Array<BlockWithTransactions | null>> {
    return Promise.all(numbers.map((number) => getBlockByNumber(this.#http, toHex(number), true, { signal })))
  }

  async #run(signal: AbortSignal): Promise<void> {
    const { from } = this.#snapshot.range
    // Windows asked ahead, in order: the node answers several at once (the gateway runs up to 8 calls of a
    // connection, 16 in all), so a few in flight keep it busy while this page handles the oldest answer.
    const ahead: Array<{ numbers: bigint[]; reading: Promise<Array<BlockWithTransactions | null>> }> = []
    let top: bigint | null = this.#snapshot.next
    const askAhead = () => {
      while (ahead.length < windowsAhead && top !== null) {
        const numbers = this.#windowFrom(top)
        const reading = this.#readBlocks(numbers, signal)
        // Its failure is this scan's failure once awaited; until then it must not be reported as unhandled.
        reading.catch(() => undefined)
        ahead.push({ numbers, reading })
        const lowest = numbers.at(-1)!
        top = lowest > from ? lowest - 1n : null
      }
    }
    askAhead()
    while (ahead.length > 0) {
      const { numbers, reading } = ahead.shift()!
      const blocks = await reading
      askAhead()
      const found: Array<{ transaction: Transaction; timestamp: `0x${string}` }> = []
      for (const block of blocks) {
        if (!block) continue
        for (let index = block.transactions.length - 1; index >= 0; index--) {
          const transaction = block.transactions[index]!
          if (involves(transaction, this.#address)) found.push({ transaction, timestamp: block.timestamp })
        }
      }
      const receipts = await Promise.all(found.map(({ transaction }) => getTransactionReceipt(this.#http, transaction.hash, { signal })))
      const rows = found.map(({ transaction, timestamp }, index): HistoryRow => {
        const receipt = receipts[index]
        return { transaction, receipt: receipt ? { ...receipt, timestamp } : undefined }
      })
      const lowest = numbers.at(-1)!
      this.#update({
        next: lowest > from ? lowest - 1n : null,
        blocksRead: this.#snapshot.blocksRead + BigInt(numbers.length),
        rows: rows.length > 0 ? [...this.#snapshot.rows, ...rows] : this.#snapshot.rows,
      })
    }
  }
}

/** One scan per network and address in this tab: leaving the page and coming back keeps what was read. */
const scans = new Map<string, BlockScanHistory>()

/**
 * The address's scan, made over historyScanRange(head) the first time it is asked for; after that the same scan
 * whatever the head (its range says what it covers), until `fresh` asks for a new one up to the head.
 */
export function blockScanHistoryFor(network: Network, address: Address, head: bigint, fresh = false): BlockScanHistory {
  const key = `${network.name}\u0000${address.toLowerCase()}`
  let scan = scans.get(key)
  if (!scan || fresh) {
    scan?.cancel()
    scans.set(key, (scan = new BlockScanHistory(network, address, historyScanRange(head))))
  }
  return scan
}
