import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { formatEther, hexToBigInt } from 'viem'
import addressRecording from '../../../testdata/components/local-address.json'
import transactionRecording from '../../../testdata/components/local-transaction.json'
import { recorded, type LocalRecording } from '../../testing/recordings.ts'
import { describePage } from '../../testing/pageMatrix.ts'

const recording = transactionRecording as LocalRecording
const hash = recording.facts.failed as string
const receipt = recorded<{ status: string; gasUsed: `0x${string}`; effectiveGasPrice: `0x${string}`; blockNumber: `0x${string}` }>(recording, 'eth_getTransactionReceipt', [hash])

describePage({
  name: 'failed-transaction',
  screenshots: true,
  url: `/tx/${hash}`,
  recordings: [recording, addressRecording as LocalRecording],
  full: async () => {
    expect(receipt.status).toBe('0x0')
    await expect.element(page.getByTestId('tx-status')).toHaveTextContent(/fail|revert/i)
    await expect.element(page.getByTestId('tx-failure')).toBeVisible()
    // What the receipt says of it: failed (0x0), the gas it used, its block and its fee (moved from the e2e suite).
    await expect.element(page.getByTestId('tx-status').element().querySelector<HTMLElement>('[data-status]')!).toHaveAttribute('data-status', 'failed')
    await expect.element(page.getByTestId('tx-status-raw')).toHaveTextContent('0x0')
    await expect.element(page.getByTestId('tx-header-status')).toHaveTextContent('Failed')
    await expect.element(page.getByTestId('tx-gas-used-value')).toHaveTextContent(hexToBigInt(receipt.gasUsed).toLocaleString('en-US'))
    await expect.element(page.getByTestId('tx-block-number')).toHaveAttribute('data-value', hexToBigInt(receipt.blockNumber).toString())
    await expect.element(page.getByTestId('tx-fee')).toHaveTextContent(`${formatEther(hexToBigInt(receipt.gasUsed) * hexToBigInt(receipt.effectiveGasPrice))} ETH`)
  },
  focus: () => page.getByTestId('tx-block-number').element().querySelector('a') ?? page.getByTestId('tx-block-number').element(),
})
