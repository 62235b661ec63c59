import { expect } from 'vitest'
import { page } from 'vitest/browser'
import l2bRecording from '../../../testdata/components/local-l2b.json'
import publishedText from '../../../server/samples/recordings/l2b-mainnet-pending-transactions.json?raw'
import { recorded, type LocalRecording } from '../../testing/recordings.ts'
import { describePage } from '../../testing/pageMatrix.ts'
import { sampleNetwork } from '../../testing/renderApp.tsx'

// The local devnet has no layer-2 engine (its gateway refuses the method: L2bUnavailable.browser.test.tsx).
// This is the service's l2b sample network: a provider's published answer (server/samples/recordings/SOURCES.md),
// recorded through the real gateway by scripts/record-local.ts.
const recording = l2bRecording as LocalRecording
const transactions = recorded<Array<Record<string, string | string[]>>>(recording, 'l2b_pendingTransactions', [])
/** The published answer: as published it holds a literal `...` line, dropped here with the comma before it. */
function published(): unknown {
  const lines = publishedText.split('\n')
  const elision = lines.findIndex((line) => line.trim() === '...')
  lines.splice(elision, 1)
  lines[elision - 1] = lines[elision - 1]!.replace(/,\s*$/, '')
  return (JSON.parse(lines.join('\n')) as { result: unknown }).result
}
const field = (testId: string) => page.getByTestId(testId).element()

describePage({
  name: 'l2b',
  url: '/l2b/pending',
  network: sampleNetwork('l2b-sample', 'Layer-2 B (recorded sample)', '0x534e5f4d41494e'),
  recordings: [recording],
  screenshots: true,
  full: async () => {
    expect(transactions).toEqual(published())
    await expect.poll(() => page.getByTestId('l2b-row').elements().length).toBe(transactions.length)
    for (const [index, transaction] of transactions.entries()) {
      const prefix = `l2b-tx-${index}`
      await expect.element(page.getByTestId(prefix)).toHaveAttribute('data-hash', transaction.transaction_hash as string)
      for (const [key, value] of Object.entries(transaction)) {
        if (Array.isArray(value)) {
          expect(field(`${prefix}-${key}`).querySelectorAll('li').length, key).toBe(value.length)
          for (const [position, element] of value.entries()) expect(field(`${prefix}-${key}-${position}`).getAttribute('data-value'), `${key}[${position}]`).toBe(element)
        } else if (key === 'type') {
          await expect.element(page.getByTestId(`${prefix}-type`)).toHaveTextContent(value)
        } else if (key === 'max_fee' || key === 'version' || key === 'nonce') {
          expect(field(`${prefix}-${key}-raw`).textContent, key).toBe(`Raw value: ${value}`)
        } else {
          expect(field(`${prefix}-${key}`).querySelector(`[data-value="${value}"]`), key).not.toBeNull()
        }
      }
    }
    // The entry point's selector is the starknet_keccak of __execute__: the page names it.
    await expect.element(page.getByTestId('l2b-tx-0-entry_point_selector')).toHaveTextContent('__execute__')
  },
  focus: () => page.getByTestId('l2b-refresh').element(),
})
