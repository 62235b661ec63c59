import type { Hash, Hex } from 'viem'
import { isMined, type Block, type Transaction } from '../../rpc/schemas.ts'

/**
 * The pure parts of the live home page: the window of recent blocks (history read once over HTTP, joined to
 * the gap-free head stream), the latest transactions taken from the newest full blocks, and the chart's
 * scales. Everything here is bounded: the window holds at most `size` blocks, the lists a fixed count.
 */

/** What the home page needs of a block header: enough to link it to its parent and to chart it. */
export type ChainBlock = {
  number: Hex
  hash: Hash
  parentHash: Hash
  timestamp: Hex
  gasUsed: Hex
  gasLimit: Hex
  baseFeePerGas?: Hex
}

/** Blocks shown in the latest-blocks list. */
export const blockRowCount = 8
/** Transactions shown in the latest-transactions list. */
export const transactionRowCount = 10
/** Blocks in the gas and base-fee chart (and the window the page keeps). */
export const chartBlockCount = 50
/** Blocks the page keeps details of: the listed ones and four more, for the transactions list's spare block. */
export const detailBlockCount = blockRowCount + 4

/**
 * The last `size` blocks ending at the stream's tip, oldest first, each the parent of the next. `heads` is
 * the stream's chain (oldest first, already gap-free and linked); `history` is what was read by number below
 * it (newest first, starting just below `heads[0]`). History is taken only as far as it links by parentHash
 * and number: a block from another branch (a reorg raced the read) ends it rather than enter the list.
 */
export function joinWindow<T extends ChainBlock>(history: readonly (T | null | undefined)[] | undefined, heads: readonly T[], size: number): T[] {
  if (size <= 0) return []
  if (heads.length >= size) return heads.slice(-size)
  const first = heads[0]
  if (!first) return []
  const linked: T[] = []
  let wantHash = first.parentHash
  let wantNumber = BigInt(first.number) - 1n
  for (const block of history ?? []) {
    if (linked.length + heads.length >= size) break
    if (!block || block.hash !== wantHash || BigInt(block.number) !== wantNumber) break
    linked.push(block)
    wantHash = block.parentHash
    wantNumber -= 1n
  }
  return [...linked.reverse(), ...heads]
}

/**
 * The window's heads: the stream's, or, before its first, the head the page already has (the head query's, or
 * the server's first screen), which the stream then starts at (useHeadSubscription), so nothing moves.
 */
export function windowHeads<T>(streamed: readonly T[], knownHead: T | undefined): readonly T[] {
  return streamed.length > 0 || !knownHead ? streamed : [knownHead]
}

/**
 * The blocks to read by number below the heads (newest first, from `to`), or null once the heads fill the
 * window or reach the genesis block. Keyed by the block below the oldest head, which stays put while the
 * stream grows: one read.
 */
export function historyRange(heads: readonly ChainBlock[], size: number): { to: bigint; count: number } | null {
  const oldest = heads[0]
  if (!oldest || heads.length >= size) return null
  const to = BigInt(oldest.number) - 1n
  return to >= 0n ? { to, count: size - 1 } : null
}

/** What the history read brought, mined blocks only (a pending one has no place in the window). */
export function minedOnly(blocks: readonly (Block | null)[] | undefined): Array<(Block & { number: Hex; hash: Hash }) | null> | undefined {
  return blocks?.map((block) => (block && isMined(block) ? block : null))
}

/** Whether the blocks (oldest first) run without a gap or a repeat, each the child of the one before. */
export function isLinkedChain(blocks: readonly ChainBlock[]): boolean {
  return blocks.every((block, index) => {
    const previous = blocks[index - 1]
    return !previous || (BigInt(block.number) === BigInt(previous.number) + 1n && block.parentHash === previous.hash)
  })
}

/**
 * The newest blocks whose full transactions the latest-transactions list needs (newest first): enough to hold
 * `count` transactions by their transaction counts (undefined while a count is unknown, which takes the block
 * to be sure), and one more, so the list is full while the next block's transactions are on their way.
 */
export function blocksForTransactions<B>(newestFirst: readonly B[], countOf: (block: B) => number | undefined, count: number): B[] {
  const chosen: B[] = []
  let held = 0
  let spare = 1
  for (const block of newestFirst) {
    chosen.push(block)
    held += countOf(block) ?? 0
    if (held >= count && spare-- <= 0) break
  }
  return chosen
}

/**
 * Of the blocks the list covers, those whose full transactions must be read: a block known to hold none adds
 * nothing to the list (its summary says so), and on a quiet chain (a devnet, a rollup between batches) reading
 * a dozen empty blocks and their receipts was the home page's whole third round trip.
 */
export function blocksToRead<B>(covered: readonly B[], countOf: (block: B) => number | undefined): B[] {
  return covered.filter((block) => countOf(block) !== 0)
}

export type LatestTransaction = { transaction: Transaction; blockNumber: bigint; timestamp: number }

type FullBlock = { number: Hex | null; timestamp: Hex; transactions: readonly Transaction[] }

/**
 * The newest `count` transactions of the given full blocks (newest first; undefined while one loads): the
 * last transaction of the newest block first. Blocks still loading at the top are skipped (the list stays as
 * it was); a block still loading further down ends the list, so it never skips a transaction.
 */
export function latestTransactions(newestFirst: readonly (FullBlock | null | undefined)[], count: number): LatestTransaction[] {
  const rows: LatestTransaction[] = []
  let started = false
  for (const block of newestFirst) {
    if (rows.length >= count) break
    if (block === undefined) {
      if (started) break
      continue
    }
    started = true
    if (block === null || block.number === null) continue
    const blockNumber = BigInt(block.number)
    const timestamp = Number(BigInt(block.timestamp))
    for (let index = block.transactions.length - 1; index >= 0 && rows.length < count; index--) {
      rows.push({ transaction: block.transactions[index]!, blockNumber, timestamp })
    }
  }
  return rows
}

// ---------------------------------------------------------------------------------------------------------
// Chart scales

const ratioSteps = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 0.75, 1] as const

/** gasUsed / gasLimit as a number in 0..1 (0 when the limit is 0). */
export function gasRatio(block: Pick<ChainBlock, 'gasUsed' | 'gasLimit'>): number {
  const limit = BigInt(block.gasLimit)
  if (limit === 0n) return 0
  return Number((BigInt(block.gasUsed) * 1_000_000n) / limit) / 1_000_000
}

/** The top of the gas axis: the smallest round share at or above the fullest block (1% at least, 100% at most). */
export function gasAxisTop(maxRatio: number): number {
  return ratioSteps.find((step) => maxRatio <= step) ?? 1
}

/** "0.5%", "2%", "25%", "100%": an axis label for a share. */
export function formatShare(ratio: number): string {
  const percent = ratio * 100
  return `${Number.isInteger(percent) ? percent : Number(percent.toFixed(2))}%`
}

/**
 * The base-fee axis: from a little below the lowest to a little above the highest value, so the line uses the
 * chart's height; a flat series sits in the middle. Values stay bigint (exact labels), positions are numbers.
 */
export function feeAxis(values: readonly bigint[]): { low: bigint; high: bigint; position: (value: bigint) => number } {
  if (values.length === 0) return { low: 0n, high: 0n, position: () => 0.5 }
  let low = values[0]!
  let high = values[0]!
  for (const value of values) {
    if (value < low) low = value
    if (value > high) high = value
  }
  if (low === high) return { low, high, position: () => 0.5 }
  const span = Number(high - low)
  // 10% headroom above and below: a line that touches the frame reads as clipped.
  return { low, high, position: (value) => 0.1 + (0.8 * Number(value - low)) / span }
}
