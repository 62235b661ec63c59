import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { hexToBigInt } from 'viem'
import addressRecording from '../../../testdata/components/local-address.json'
import blockRecording from '../../../testdata/components/local-block.json'
import transactionRecording from '../../../testdata/components/local-transaction.json'
import { recorded, type LocalRecording } from '../../testing/recordings.ts'
import { describePage } from '../../testing/pageMatrix.ts'

const recording = blockRecording as LocalRecording
const number = recording.facts.full as `0x${string}`
const block = recorded<{ transactions: Array<{ hash: string }> }>(recording, 'eth_getBlockByNumber', [number, true])

describePage({
  name: 'block-transaction',
  screenshots: true,
  url: `/block/${hexToBigInt(number)}/tx/0`,
  recordings: [recording, transactionRecording as LocalRecording, addressRecording as LocalRecording],
  full: async () => {
    await expect.element(page.getByTestId('tx-hash')).toHaveTextContent(block.transactions[0]!.hash)
  },
  focus: () => page.getByTestId('tx-block-number').element().querySelector('a') ?? page.getByTestId('tx-block-number').element(),
})
