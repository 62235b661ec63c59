import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { hexToBigInt } from 'viem'
import blocksRecording from '../../../testdata/components/local-blocks.json'
import { frame, recorded, type LocalRecording } from '../../testing/recordings.ts'
import { describePage } from '../../testing/pageMatrix.ts'

const recording = blocksRecording as LocalRecording
const head = recorded<{ number: `0x${string}` }>(frame, 'eth_getBlockByNumber', ['latest', false])

describePage({
  name: 'blocks',
  url: '/blocks',
  recordings: [recording],
  screenshots: true,
  full: async () => {
    await expect.element(page.getByTestId('blocks-page')).toHaveTextContent(hexToBigInt(head.number).toLocaleString('en-US'))
    await expect.poll(() => page.getByTestId('blocks-row-txs').elements().length).toBeGreaterThan(5)
  },
  focus: () => page.getByTestId('blocks-page').element().querySelector('a[href*="/block/"]')!,
})
