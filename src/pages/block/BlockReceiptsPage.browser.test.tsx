import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { hexToBigInt } from 'viem'
import blockRecording from '../../../testdata/components/local-block.json'
import emptyRecording from '../../../testdata/components/local-empty.json'
import { recorded, type LocalRecording } from '../../testing/recordings.ts'
import { describePage } from '../../testing/pageMatrix.ts'

const recording = blockRecording as LocalRecording
const number = recording.facts.full as `0x${string}`
const empty = emptyRecording as LocalRecording
const emptyBlock = empty.facts.emptyBlock as `0x${string}`
const receipts = recorded<Array<{ status: string; transactionHash: string }>>(recording, 'eth_getBlockReceipts', [number])

describePage({
  name: 'receipts',
  screenshots: true,
  url: `/block/${hexToBigInt(number)}/receipts`,
  recordings: [recording],
  full: async () => {
    await expect.element(page.getByTestId('receipts-title')).toHaveTextContent(hexToBigInt(number).toLocaleString('en-US'))
    await expect.poll(() => page.getByTestId('receipt-status').elements().length).toBe(receipts.length)
    const failed = receipts.filter((receipt) => receipt.status === '0x0').length
    expect(page.getByTestId('receipt-status').elements().filter((cell) => /fail|revert/i.test(cell.textContent ?? '')).length).toBe(failed)
  },
  empty: {
    what: 'a block with no transactions',
    url: `/block/${hexToBigInt(emptyBlock)}/receipts`,
    recordings: [empty],
    check: async () => {
      expect(recorded<unknown[]>(empty, 'eth_getBlockReceipts', [emptyBlock])).toEqual([])
      await expect.element(page.getByTestId('receipts-page')).toHaveTextContent('This block has no transactions, so no receipts.')
      expect(page.getByTestId('receipt-status').elements()).toHaveLength(0)
    },
  },
  focus: () => page.getByTestId('receipts-page').element().querySelector('a[href*="/tx/"]')!,
})
