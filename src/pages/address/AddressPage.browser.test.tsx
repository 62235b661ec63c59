import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { formatEther, hexToBigInt } from 'viem'
import addressRecording from '../../../testdata/components/local-address.json'
import emptyRecording from '../../../testdata/components/local-empty.json'
import { recorded, type LocalRecording } from '../../testing/recordings.ts'
import { describePage } from '../../testing/pageMatrix.ts'

const recording = addressRecording as LocalRecording
const holder = recording.facts.holder as string
const balance = recorded<`0x${string}`>(recording, 'eth_getBalance', [holder, 'latest'])
const nonce = recorded<`0x${string}`>(recording, 'eth_getTransactionCount', [holder, 'latest'])
const empty = emptyRecording as LocalRecording
const idle = empty.facts.idleAddress as string

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
  empty: {
    what: 'an address the chain has never seen',
    url: `/address/${idle}`,
    recordings: [empty],
    check: async () => {
      // What the node said of it: nothing sent, nothing held, no code, no history.
      expect(recorded(empty, 'eth_getBalance', [idle, 'latest'])).toBe('0x0')
      expect(recorded(empty, 'eth_getTransactionCount', [idle, 'latest'])).toBe('0x0')
      expect(recorded<{ txs: unknown[] }>(empty, 'ots_searchTransactionsBefore', [idle, 0, 25]).txs).toEqual([])
      await expect.element(page.getByTestId('address-nonce')).toHaveTextContent('0')
      await expect.element(page.getByTestId('history-empty')).toBeVisible()
    },
  },
  focus: () => page.getByTestId('address-tabs').element().querySelector('a, button')!,
})
