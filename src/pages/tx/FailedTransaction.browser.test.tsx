import { expect } from 'vitest'
import { page } from 'vitest/browser'
import addressRecording from '../../../testdata/components/local-address.json'
import transactionRecording from '../../../testdata/components/local-transaction.json'
import { recorded, type LocalRecording } from '../../testing/recordings.ts'
import { describePage } from '../../testing/pageMatrix.ts'

const recording = transactionRecording as LocalRecording
const hash = recording.facts.failed as string
const receipt = recorded<{ status: string }>(recording, 'eth_getTransactionReceipt', [hash])

describePage({
  name: 'failed-transaction',
  screenshots: true,
  url: `/tx/${hash}`,
  recordings: [recording, addressRecording as LocalRecording],
  full: async () => {
    expect(receipt.status).toBe('0x0')
    await expect.element(page.getByTestId('tx-status')).toHaveTextContent(/fail|revert/i)
    await expect.element(page.getByTestId('tx-failure')).toBeVisible()
  },
  focus: () => page.getByTestId('tx-block-number').element().querySelector('a') ?? page.getByTestId('tx-block-number').element(),
})
