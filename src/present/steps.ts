import { getAddress, type Address } from 'viem'
import { transferTopic } from '../evm/tokenEvents.ts'
import { formatInteger, formatPercent } from '../format/numbers.ts'
import { blockPath, homePath, toolPath, txPath } from '../urls.ts'
import type { ChainFacts, Found } from './discover.ts'

/**
 * The presentation's walk: which real pages it opens, in what order, with what caption, built from what was
 * found on the network (discover.ts). A step the network cannot serve is left out and listed with its reason.
 */

export type StepId = 'live' | 'busy-block' | 'token-transfer' | 'failed-transaction' | 'logs' | 'storage' | 'file' | RecordedStepId

/** A recorded sample's own steps (recordedSteps.ts). */
export type RecordedStepId = 'recorded-block' | 'recorded-uncle' | 'recorded-receipts' | 'l2a-block' | 'l2b-pending'

export type Step = {
  id: StepId
  title: string
  caption: string
  /** The page, without the network parameter (the presenter adds it). */
  path: string
  /** What the caption is about, scrolled into view once it shows (a CSS selector). */
  focus?: string
  /** Something the step does when it opens (the file step uploads a file first). */
  action?: 'upload-file'
}

export type SkippedStep = { id: StepId; title: string; reason: string }

export type Walk = { steps: Step[]; skipped: SkippedStep[] }

export type WalkInput = {
  /** The chain's facts, or why there are none (no latest block, no eth_* methods, unreachable). */
  chain: Found<ChainFacts>
  /** Whether files can be added here, or why not. */
  fileStore: Found<true>
  /** A recorded sample's walk through what it holds (recordedSteps.ts); absent on a live network. */
  recorded?: Step[]
}

const titles: Record<Exclude<StepId, RecordedStepId>, string> = {
  live: 'The chain, live',
  'busy-block': 'A busy block',
  'token-transfer': 'A token transfer, explained',
  'failed-transaction': 'A failed transaction, and why',
  logs: 'A search over the whole chain',
  storage: 'A storage slot, worked out',
  file: 'A file, uploaded, pinned and previewed',
}

const short = (address: Address) => {
  const text = getAddress(address)
  return `${text.slice(0, 6)}…${text.slice(-4)}`
}

export function planWalk({ chain, fileStore, recorded }: WalkInput): Walk {
  const steps: Step[] = []
  const skipped: SkippedStep[] = []
  const take = <T>(id: Exclude<StepId, RecordedStepId>, fact: Found<T>, make: (value: T) => Omit<Step, 'id' | 'title'>) => {
    if (fact.ok) steps.push({ id, title: titles[id], ...make(fact.value) })
    else skipped.push({ id, title: titles[id], reason: fact.reason })
  }

  steps.push(
    recorded
      ? {
          id: 'live',
          title: 'What this recording holds',
          caption: 'A recorded network replays real answers and never moves. Its home lists what was recorded, each item a link to the page that shows it.',
          path: homePath,
        }
      : {
          id: 'live',
          title: titles.live,
          caption: 'New blocks arrive as the node makes them, over a WebSocket subscription. The chart shows how full each block is and the base fee it set.',
          path: homePath,
          focus: '[data-testid="gas-chart-panel"]',
        },
  )
  if (recorded) steps.push(...recorded)

  // One of the chain's facts, or the chain's own reason when there are none.
  const fact = <T>(pick: (facts: ChainFacts) => Found<T>): Found<T> => (chain.ok ? pick(chain.value) : { ok: false, reason: chain.reason })

  take('busy-block', fact((f) => f.busyBlock), (block) => ({
    caption: `Block ${formatInteger(block.number)}: ${formatInteger(block.transactions)} transaction${block.transactions === 1 ? '' : 's'} using ${formatPercent(block.gasUsed, block.gasLimit)} of its gas limit. Each row names the method called, the value moved and the fee paid.`,
    // The block page lists full transaction objects: the method and value columns come with them.
    path: blockPath(block.number),
    focus: '[data-testid="block-transactions"]',
  }))
  take('token-transfer', fact((f) => f.tokenTransfer), (transfer) => ({
    caption: `The node returns a bare log. chainglass reads it as a token Transfer from ${short(transfer.from)} to ${short(transfer.to)}, names the token and writes the amount in the token's own units.`,
    path: txPath(transfer.hash),
  }))
  take('failed-transaction', fact((f) => f.failedTransaction), (failure) => ({
    caption: `The receipt of this transaction in block ${formatInteger(failure.block)} says only "failed". chainglass reads the revert data (the node's own record where it keeps one, else a replay of the call at that block) and decodes why.`,
    path: txPath(failure.hash),
  }))
  take('logs', fact((f) => (f.tokenTransfer.ok ? { ok: true as const, value: f.head } : f.tokenTransfer)), (head) => ({
    caption: `Every token Transfer in all ${formatInteger(head + 1n)} blocks, read with eth_getLogs in windows sized to what the node allows, with its progress as it goes.`,
    path: toolPath('logs', new URLSearchParams({ topic0: transferTopic, fromBlock: '0', toBlock: head.toString(10) })),
    focus: '[data-testid="logs-progress"]',
  }))
  take('storage', fact((f) => f.balanceSlot), (found) => ({
    caption: `Where a token balance lives: the entry for ${short(found.holder)} in the balance mapping at slot ${found.slot} is at keccak256(holder ‖ slot). Each step is worked out, and the word is read from the chain.`,
    path: toolPath('storage', new URLSearchParams({ address: found.token.toLowerCase(), slot: found.slot.toString(10), keys: `address:${found.holder.toLowerCase()}` })),
    focus: '[data-testid="storage-slot-panel"]',
  }))
  take('file', fileStore, () => ({
    caption: 'A file goes to the file store (/api/v0/add) and is pinned, so garbage collection keeps it. It is read back by its content address and shown as what it is.',
    path: '/files',
    // The preview of the file this walk added (the presenter adds its CID to the selector).
    focus: '[data-testid="preview"]',
    action: 'upload-file' as const,
  }))
  return { steps, skipped }
}
