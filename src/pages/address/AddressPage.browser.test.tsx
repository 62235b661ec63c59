import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { formatEther, hexToBigInt } from 'viem'
import addressRecording from '../../../testdata/components/local-address.json'
import { recorded, type LocalRecording } from '../../testing/recordings.ts'
import { describePage } from '../../testing/pageMatrix.ts'

const recording = addressRecording as LocalRecording
const holder = recording.facts.holder as string
const balance = recorded<`0x${string}`>(recording, 'eth_getBalance', [holder, 'latest'])
const nonce = recorded<`0x${string}`>(recording, 'eth_getTransactionCount', [holder, 'latest'])

describePage({
  name: 'address',
  url: `/address/${holder}`,
  recordings: [recording],
  screenshots: true,
  full: async () => {
    await expect.element(page.getByTestId('address-title')).toHaveTextContent(new RegExp(holder.slice(2, 8), 'i'))
    await expect.element(page.getByTestId('address-nonce')).toHaveTextContent(hexToBigInt(nonce).toString())
    const whole = formatEther(hexToBigInt(balance)).split('.')[0]!
    await expect.element(page.getByTestId('address-balance')).toHaveTextContent(Number(whole).toLocaleString('en-US'))
  },
  focus: () => page.getByTestId('address-tabs').element().querySelector('a, button')!,
})
