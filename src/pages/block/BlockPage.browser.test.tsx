import { describe, expect, it } from 'vitest'
import { expectNoSeriousAxeFindings } from '../../testing/accessibility.ts'
import { page } from 'vitest/browser'
import { hexToBigInt } from 'viem'
import addressRecording from '../../../testdata/components/local-address.json'
import blockRecording from '../../../testdata/components/local-block.json'
import emptyRecording from '../../../testdata/components/local-empty.json'
import { recorded, type LocalRecording } from '../../testing/recordings.ts'
import { renderApp, settled } from '../../testing/renderApp.tsx'
import { ReplayTransport } from '../../testing/replay.ts'
import { expectNoStackTrace, expectNoSidewaysScroll, narrow, tabTo, tallAsThePage, wide } from '../../testing/pageChecks.ts'

const recording = blockRecording as LocalRecording
// Full transactions (the page's default) name the tokens they move: the token reads are in the address recording.
const recordings = [recording, addressRecording as LocalRecording]
const number = recording.facts.full as `0x${string}`
type Block = { number: `0x${string}`; gasUsed: `0x${string}`; transactions: Array<{ hash: string; value: `0x${string}`; input: string }> }
const block = recorded<Block>(recording, 'eth_getBlockByNumber', [number, true])
const url = `/block/${hexToBigInt(number)}`
const grouped = (value: bigint) => value.toLocaleString('en-US')

describe('the block page', () => {
  it('shows the recorded block: its number, its transactions by hash, its gas', async () => {
    await renderApp(url, { recordings })
    await expect.element(page.getByTestId('block-title')).toHaveTextContent(`Block ${grouped(hexToBigInt(block.number))}`)
    await expect.element(page.getByTestId('block-tx-total')).toHaveTextContent(`${block.transactions.length} transactions`)
    for (const transaction of block.transactions) await expect.element(page.getByTestId('block-page').element().querySelector<HTMLElement>(`a[href*="${transaction.hash}"]`)).toBeVisible()
    await expect.element(page.getByTestId('field-gasUsed')).toHaveTextContent(grouped(hexToBigInt(block.gasUsed)))
  })

  it('lists method, value and fee by default, as the full transactions and their receipts give them', async () => {
    await renderApp(url, { recordings })
    await expect.element(page.getByTestId('tx-details-full')).toHaveAttribute('aria-checked', 'true')
    const rows = () => page.getByTestId('block-tx-row').elements()
    await expect.poll(() => rows().length).toBe(block.transactions.length)
    for (const [index, transaction] of block.transactions.entries()) {
      const row = rows()[index]!
      await expect.poll(() => row.querySelector('[data-testid="tx-value"]')?.getAttribute('data-value')).toBe(hexToBigInt(transaction.value).toString())
      expect(row.querySelector('[data-testid="tx-method"]'), transaction.hash).not.toBeNull()
      await expect.poll(() => row.querySelector('[data-testid="tx-fee"]')?.textContent ?? '').toMatch(/\d/)
    }
  })

  for (const theme of ['light', 'dark'] as const) {
    for (const size of [wide, narrow]) {
      it(`fits the window and looks as recorded (${theme}, ${size.width} px)`, async () => {
        await renderApp(url, { recordings, theme, viewport: size })
        // The receipts are in: each row shows its gas used.
        await expect.poll(() => page.getByTestId('tx-gas-used').elements().filter((cell) => /\d/.test(cell.textContent ?? '')).length).toBe(block.transactions.length)
        expectNoSidewaysScroll()
        if (size === wide) await expectNoSeriousAxeFindings(`${url} (${theme})`)
        await tallAsThePage(size, settled)
        await expect(page.getByTestId('block-page')).toMatchScreenshot(`block-${theme}-${size.width}`)
      })
    }
  }

  it('shows a skeleton while the node has not answered', async () => {
    const replay = new ReplayTransport()
    replay.mode = { kind: 'hang' }
    await renderApp(url, { replay })
    await expect.element(page.getByTestId('block-page')).toBeVisible()
    await expect.element(page.getByText('Transactions, loading')).toBeInTheDocument()
    expect(page.getByTestId('block-tx-total').query()).toBeNull()
  })

  it('says what the node refused, with its message, and no stack trace', async () => {
    const replay = new ReplayTransport()
    replay.mode = { kind: 'rpcError', error: { code: -32000, message: 'header not found' } }
    await renderApp(url, { replay })
    await expect.element(page.getByTestId('error-panel')).toBeVisible()
    await expect.element(page.getByTestId('error-detail')).toHaveTextContent('header not found')
    expectNoStackTrace()
  })

  it('says the node is unreachable when the network is down, and offers a retry', async () => {
    const replay = new ReplayTransport()
    replay.mode = { kind: 'networkDown' }
    await renderApp(url, { replay })
    await expect.element(page.getByTestId('error-panel')).toBeVisible()
    await expect.element(page.getByTestId('error-retry')).toBeVisible()
    expectNoStackTrace()
    await expect(page.getByTestId('error-panel')).toMatchScreenshot('block-error-network')
  })

  it('says a block past the head is not mined yet', async () => {
    await renderApp(`/block/${hexToBigInt(recording.facts.unmined as `0x${string}`)}`, { recordings })
    await expect.element(page.getByText(/not mined yet/)).toBeVisible()
  })

  it('says plainly that a block holds no transactions, at both widths', async () => {
    const empty = emptyRecording as LocalRecording
    const emptyBlock = empty.facts.emptyBlock as `0x${string}`
    expect(recorded<Block>(empty, 'eth_getBlockByNumber', [emptyBlock, false]).transactions).toEqual([])
    for (const size of [wide, narrow]) {
      await renderApp(`/block/${hexToBigInt(emptyBlock)}`, { recordings: [empty], viewport: size })
      await expect.element(page.getByTestId('block-title')).toHaveTextContent(`Block ${grouped(hexToBigInt(emptyBlock))}`)
      await expect.element(page.getByText('This block has no transactions.')).toBeVisible()
      await settled()
      expectNoSidewaysScroll()
      await tallAsThePage(size, settled)
      await expect(page.getByTestId('block-page')).toMatchScreenshot(`block-empty-${size.width}`)
    }
  })

  it('takes Tab to the previous-block link, with the focus shown', async () => {
    const { replay } = await renderApp(url, { recordings })
    await expect.element(page.getByTestId('block-tx-total')).toBeVisible()
    replay.allowReadAhead()
    await tabTo(page.getByRole('link', { name: /previous/i }).first().element())
  })
})

describe('the block page at 390 px', () => {
  it('fits the window with its header fields unfolded too', async () => {
    await renderApp(url, { recordings, viewport: narrow })
    await expect.element(page.getByTestId('block-header-toggle')).toBeVisible()
    await page.getByTestId('block-header-toggle').click()
    await expect.element(page.getByTestId('field-logsBloom')).toBeVisible()
    expectNoSidewaysScroll()
  })
})

describe('the block page, hashes only', () => {
  it('lists the transactions by hash with their receipts, one click from full objects, and fits 390 px', async () => {
    await renderApp(`${url}?tx=hashes`, { recordings: [recording], viewport: narrow })
    await expect.element(page.getByTestId('tx-details-hashes')).toHaveAttribute('aria-checked', 'true')
    await expect.poll(() => page.getByTestId('tx-gas-used').elements().filter((cell) => /\d/.test(cell.textContent ?? '')).length).toBe(block.transactions.length)
    expect(page.getByTestId('tx-value').elements()).toHaveLength(0)
    expectNoSidewaysScroll()
  })
})
