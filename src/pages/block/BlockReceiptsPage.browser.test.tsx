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
type Receipt = { status: string; transactionHash: string; transactionIndex: string; from: string; to: string | null; contractAddress: string | null; gasUsed: `0x${string}`; cumulativeGasUsed: string; effectiveGasPrice: string; logs: unknown[]; type: string }
const receipts = recorded<Receipt[]>(recording, 'eth_getBlockReceipts', [number])
/** A hash or address the row shows shortened: its full value is in data-value. */
const shown = (row: Element, testId: string) => (row.querySelector(`[data-testid="${testId}"]`)?.getAttribute('data-value') ?? row.querySelector(`[data-testid="${testId}"] [data-value]`)?.getAttribute('data-value'))?.toLowerCase()

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
    // Every row as eth_getBlockReceipts gave it (moved from the e2e suite's receipts table test).
    await expect.element(page.getByTestId('receipts-count')).toHaveTextContent(String(receipts.length))
    const rows = page.getByTestId('receipt-row').elements()
    expect(rows).toHaveLength(receipts.length)
    for (const [index, receipt] of receipts.entries()) {
      const row = rows[index]!
      const attribute = (testId: string) => row.querySelector(`[data-testid="${testId}"]`)?.getAttribute('data-value')
      expect(shown(row, 'receipt-tx'), `row ${index} hash`).toBe(receipt.transactionHash)
      expect(attribute('receipt-index')).toBe(receipt.transactionIndex)
      expect(shown(row, 'receipt-from')).toBe(receipt.from.toLowerCase())
      if (receipt.to) expect(shown(row, 'receipt-to')).toBe(receipt.to.toLowerCase())
      else expect(shown(row, 'receipt-created')).toBe(receipt.contractAddress!.toLowerCase())
      expect(attribute('receipt-status')).toBe(receipt.status)
      expect(attribute('receipt-gas-used')).toBe(receipt.gasUsed)
      expect(row.querySelector('[data-testid="receipt-gas-used"]')?.textContent).toBe(hexToBigInt(receipt.gasUsed).toLocaleString('en-US'))
      if (receipt.status === '0x1') expect(row.querySelector('[data-testid="receipt-status-badge"]')?.textContent).toBe('Success')
      expect(attribute('receipt-cumulative')).toBe(receipt.cumulativeGasUsed)
      expect(attribute('receipt-price')).toBe(receipt.effectiveGasPrice)
      expect(attribute('receipt-logs')).toBe(String(receipt.logs.length))
      expect(attribute('receipt-type')).toBe(receipt.type)
    }
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
