import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { hexToBigInt, type Hash } from 'viem'
import blockRecording from '../../testdata/components/local-block.json'
import transactionRecording from '../../testdata/components/local-transaction.json'
import { receiptQuery, transactionQuery } from '../queries/transactions.ts'
import { recorded, type LocalRecording } from '../testing/recordings.ts'
import { localNetwork, renderApp, settled } from '../testing/renderApp.tsx'
import { callKey } from '../testing/replay.ts'

const recording = blockRecording as LocalRecording
const number = recording.facts.full as `0x${string}`
const block = recorded<{ transactions: Hash[] }>(recording, 'eth_getBlockByNumber', [number, false])
const first = block.transactions[0]!

/**
 * A link reads its page ahead by that page's route declaration (src/pageData.ts, through routes.tsx
 * prefetchPath), not by a plan of its own: the links themselves name nothing to read.
 */
describe('a link read ahead on hover', () => {
  // In hashes mode: the block page's default lists full transaction objects, which put each transaction in the
  // cache already, so its link would have nothing left to read.
  it("starts the transaction page's data from a block page before any click", async () => {
    const { replay, queryClient, history } = await renderApp(`/block/${hexToBigInt(number)}?tx=hashes`, { recordings: [recording, transactionRecording as LocalRecording] })
    await expect.poll(() => page.getByTestId('tx-gas-used').elements().filter((cell) => /\d/.test(cell.textContent ?? '')).length).toBe(block.transactions.length)
    await settled()
    const asksTransaction = callKey('eth_getTransactionByHash', [first])
    expect(replay.asked).not.toContain(asksTransaction)

    await userEvent.hover(page.getByTestId('tx-hash').first().getByRole('link'))
    // The transaction page's declaration: the transaction from the node, its receipt beside it (found in the
    // block's receipts this page read, so not asked again).
    await expect.poll(() => replay.asked).toContain(asksTransaction)
    await expect.poll(() => queryClient.getQueryData(transactionQuery(localNetwork, first).queryKey)?.hash).toBe(first)
    expect(queryClient.getQueryData(receiptQuery(localNetwork, first).queryKey)?.transactionHash).toBe(first)
    expect(history.state.location.pathname).toBe(`/block/${hexToBigInt(number)}`)
    await settled()
  })
})
