import type { SampleContents } from '../../contract/sampleContents.ts'
import { formatInteger } from '../format/numbers.ts'
import { blockPath, blockReceiptsPath, l2aBlockPath, l2bPendingPath, unclePath } from '../urls.ts'
import type { Step } from './steps.ts'

/** EIP-609: Byzantium, which put `status` in receipts in place of the state root, came at mainnet block 4,370,000. */
const byzantiumOnMainnet = 4_370_000n

const plural = (count: number, one: string, many = `${one}s`) => `${formatInteger(count)} ${count === 1 ? one : many}`

/**
 * A recorded network's walk: what its recording holds, as the sample itself describes it
 * (chainglass_sampleContents), each on the page that shows it. Nothing here is a list kept in the app.
 */
export function recordedSteps(recording: SampleContents, mainnet: boolean): Step[] {
  const steps: Step[] = []
  const withUncle = recording.blocks.find((block) => block.uncles.length > 0)
  if (withUncle) {
    const number = BigInt(withUncle.number)
    steps.push({
      id: 'recorded-block',
      title: 'A proof-of-work block with an uncle',
      caption: `Block ${formatInteger(number)}, as a mainnet node answered for it: ${plural(withUncle.transactions, 'transaction')} and ${plural(withUncle.uncles.length, 'uncle')}.${withUncle.receipts ? '' : ' Its receipts were not recorded, and the page says so instead of showing an error.'}`,
      path: blockPath(number),
    })
    const uncle = withUncle.uncles[0]!
    steps.push({
      id: 'recorded-uncle',
      title: 'Its uncle',
      caption: `A block mined${uncle.number ? ` as number ${formatInteger(BigInt(uncle.number))}` : ''} that lost the race for its height, included by block ${formatInteger(number)} so its miner was still paid.`,
      path: unclePath(number, uncle.index),
    })
  }
  const whole = [...recording.blockReceipts].sort((a, b) => b.count - a.count)[0]
  if (whole) {
    const number = BigInt(whole.number)
    const before = mainnet && number < byzantiumOnMainnet
    steps.push({
      id: 'recorded-receipts',
      title: before ? 'Receipts from before Byzantium' : 'A whole block of receipts',
      caption: `All ${plural(whole.count, 'receipt')} of block ${formatInteger(number)}, with ${plural(whole.logs, 'log')}.${before ? ' Before Byzantium a receipt held the state root after the transaction, not a success flag: the table shows it as such.' : ''}`,
      path: blockReceiptsPath(number),
    })
  }
  const l2a = recording.l2aBlocks[0]
  if (l2a) {
    steps.push({
      id: 'l2a-block',
      title: 'A layer-2 block, raw',
      caption: `Layer-2 block ${formatInteger(l2a.number)}: its ${plural(l2a.transactions, 'raw transaction')} from l2a_getRawBlockTransactions, each decoded.`,
      path: l2aBlockPath(l2a.number),
    })
  }
  if (recording.l2bPendingTransactions !== null) {
    steps.push({
      id: 'l2b-pending',
      title: 'Pending layer-2 transactions',
      caption: `${plural(recording.l2bPendingTransactions, 'transaction')} waiting to be included on a Starknet-style network, from l2b_pendingTransactions, as recorded.`,
      path: l2bPendingPath,
    })
  }
  return steps
}
