import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { hexToBigInt } from 'viem'
import addressRecording from '../../../testdata/components/local-address.json'
import transactionRecording from '../../../testdata/components/local-transaction.json'
import { recorded, type LocalRecording } from '../../testing/recordings.ts'
import { describePage } from '../../testing/pageMatrix.ts'

const recording = transactionRecording as LocalRecording
type Transaction = { hash: string; from: string; to: string; nonce: string; blockNumber: string }
const hash = recording.facts.transfer as string
const transaction = recorded<Transaction>(recording, 'eth_getTransactionByHash', [hash])

describePage({
  name: 'transaction',
  url: `/tx/${hash}`,
  recordings: [recording, addressRecording as LocalRecording],
  screenshots: true,
  full: async () => {
    await expect.element(page.getByTestId('tx-hash')).toHaveTextContent(transaction.hash)
    await expect.element(page.getByTestId('tx-from')).toHaveTextContent(new RegExp(transaction.from, 'i'))
    await expect.element(page.getByTestId('tx-nonce')).toHaveTextContent(hexToBigInt(transaction.nonce as `0x${string}`).toString())
    await expect.element(page.getByTestId('tx-status')).toHaveTextContent(/success/i)
  },
  focus: () => page.getByTestId('tx-block-number').element().querySelector('a') ?? page.getByTestId('tx-block-number').element(),
})
