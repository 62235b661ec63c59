import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import l2aRecording from '../../../testdata/components/local-l2a.json'
import published from '../../../server/samples/recordings/l2a-mainnet-raw-block-transactions-L1.json'
import { recorded, type LocalRecording } from '../../testing/recordings.ts'
import { describePage } from '../../testing/pageMatrix.ts'
import { renderApp, sampleNetwork } from '../../testing/renderApp.tsx'

// The local devnet has no layer-2 engine (its gateway refuses the method: L2aUnavailable.browser.test.tsx).
// This is the service's l2a sample network: a provider's published answer (server/samples/recordings/SOURCES.md),
// recorded through the real gateway by scripts/record-local.ts.
const recording = l2aRecording as LocalRecording
type Raw = { common_data: { L1: Record<string, string | number> }; execute: { calldata: string; contractAddress: string; factoryDeps: unknown[]; value: string }; received_timestamp_ms: number }
const transactions = recorded<Raw[]>(recording, 'l2a_getRawBlockTransactions', [5817])
const hexWord = /^0x[0-9a-fA-F]{40}$|^0x[0-9a-fA-F]{64}$/
const shown = (testId: string) => page.getByTestId(testId).element().querySelector('[data-value]')?.getAttribute('data-value')?.toLowerCase()
const raw = (testId: string) => page.getByTestId(`${testId}-raw`).element().textContent

const network = sampleNetwork('l2a-sample', 'Layer-2 A (recorded sample)', '0x144')

describePage({
  name: 'l2a',
  url: '/l2a/5817',
  network,
  recordings: [recording],
  screenshots: true,
  full: async () => {
    // The gateway served the published answer unchanged.
    expect(transactions).toEqual(published.result)
    await expect.poll(() => page.getByTestId('l2a-row').elements().length).toBe(transactions.length)
    for (const [index, transaction] of transactions.entries()) {
      const prefix = `l2a-tx-${index}`
      for (const [key, value] of Object.entries(transaction.common_data.L1)) {
        const field = `${prefix}-${key}`
        await expect.element(page.getByTestId(field)).toBeVisible()
        if (typeof value === 'number') expect(page.getByTestId(field).element().textContent?.replace(/\D/g, ''), key).toBe(String(value))
        else if (hexWord.test(value)) expect(shown(field), key).toBe(value.toLowerCase())
        else if (value.startsWith('0x')) expect(raw(field), key).toBe(`Raw value: ${value}`)
        else await expect.element(page.getByTestId(field)).toHaveTextContent(value)
      }
      await expect.element(page.getByTestId(`${prefix}-calldata`)).toHaveTextContent(`Function selector ${transaction.execute.calldata.slice(0, 10)}`)
      expect(shown(`${prefix}-contractAddress`)).toBe(transaction.execute.contractAddress.toLowerCase())
      expect(raw(`${prefix}-value`)).toBe(`Raw value: ${transaction.execute.value}`)
      expect(page.getByTestId(`${prefix}-received_timestamp_ms`).element().querySelector('time')?.getAttribute('datetime')).toBe(new Date(transaction.received_timestamp_ms).toISOString())
    }
  },
  focus: () => page.getByTestId('l2a-table').element().querySelector('a')!,
})

describe('the l2a page past the recording', () => {
  it('says neutrally that the sample does not hold the next block, naming it', async () => {
    // What the sample's node answered for block 5818: not in the recording.
    expect(recording.calls.find((call) => call.method === 'l2a_getRawBlockTransactions' && (call.params as number[])[0] === 5818)?.error).toBeDefined()
    await renderApp('/l2a/5818', { recordings: [recording], network })
    await expect.element(page.getByTestId('not-recorded-panel')).toHaveTextContent('block 5818')
    expect(page.getByTestId('error-panel').query()).toBeNull()
  })
})
