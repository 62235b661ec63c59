import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { hexToBigInt } from 'viem'
import addressRecording from '../../../testdata/components/local-address.json'
import blocksRecording from '../../../testdata/components/local-blocks.json'
import { frame, recorded, type LocalRecording } from '../../testing/recordings.ts'
import { describePage } from '../../testing/pageMatrix.ts'

const recording = blocksRecording as LocalRecording
const head = recorded<{ number: `0x${string}`; hash: string }>(frame, 'eth_getBlockByNumber', ['latest', false])

describePage({
  name: 'home',
  url: '/',
  recordings: [recording, addressRecording as LocalRecording],
  screenshots: true,
  full: async () => {
    await expect.element(page.getByTestId('head-number')).toHaveTextContent(hexToBigInt(head.number).toLocaleString('en-US'))
    await expect.poll(() => page.getByTestId('block-row').elements().length).toBeGreaterThan(3)
  },
  focus: () => page.getByRole('searchbox').element(),
})
