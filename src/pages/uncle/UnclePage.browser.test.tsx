import { expect } from 'vitest'
import { page } from 'vitest/browser'
import { hexToBigInt } from 'viem'
import blockWithUncle from '../../../server/samples/recordings/ethereumjs-mainnet-block-0x913156-with-uncles.json'
import uncleHeader from '../../../server/samples/recordings/ethereumjs-mainnet-uncle-0x913154-of-block-0x913156.json'
import { describePage } from '../../testing/pageMatrix.ts'
import type { Recording } from '../../testing/replay.ts'

// Mainnet block 9,515,350 and its uncle, recorded from real nodes (server/samples/recordings/SOURCES.md: the
// files hold the result only; the requests are the ones SOURCES.md names).
const block = blockWithUncle as { number: string; hash: string; uncles: string[] }
const uncle = uncleHeader as unknown as Record<string, string> & { number: string; hash: string; miner: string; timestamp: string }
const grouped = (value: string) => hexToBigInt(value as `0x${string}`).toLocaleString('en-US')
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** The recorded timestamp as the page writes it in UTC, in the parts that do not depend on the locale. */
function utcParts(timestamp: string): string[] {
  const date = new Date(Number(hexToBigInt(timestamp as `0x${string}`)) * 1000)
  const two = (value: number) => String(value).padStart(2, '0')
  return [String(date.getUTCFullYear()), `${months[date.getUTCMonth()]} ${date.getUTCDate()}`, `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`, 'UTC']
}
const shownValue = (testId: string) => page.getByTestId(testId).element().querySelector('[data-value]')?.getAttribute('data-value')?.toLowerCase() ?? page.getByTestId(testId).element().getAttribute('data-value')?.toLowerCase()
const recording: Recording = {
  source: 'server/samples/recordings/ethereumjs-mainnet-*-0x913156 (SOURCES.md)',
  calls: [
    { method: 'eth_getBlockByNumber', params: [block.number, false], result: block },
    { method: 'eth_getUncleByBlockNumberAndIndex', params: [block.number, '0x0'], result: uncle },
    { method: 'eth_getUncleByBlockHashAndIndex', params: [block.hash, '0x0'], result: uncle },
    { method: 'eth_getBlockByHash', params: [block.hash, false], result: block },
  ],
}

describePage({
  name: 'uncle',
  screenshots: true,
  url: `/uncle/${hexToBigInt(block.number as `0x${string}`)}/0`,
  recordings: [recording],
  full: async () => {
    expect(block.uncles).toContain(uncle.hash)
    await expect.element(page.getByTestId('uncle-title')).toHaveTextContent(`Uncle 0 of block ${hexToBigInt(block.number as `0x${string}`).toLocaleString('en-US')}`)
    await expect.element(page.getByTestId('uncle-page')).toHaveTextContent(uncle.hash)
    // Every field of the recorded uncle header (moved here from the e2e suite's "in light and dark" test: this
    // runs in both themes and at both widths).
    await expect.element(page.getByTestId('uncle-fields')).toBeVisible()
    expect(page.getByTestId('block-hash').element().getAttribute('data-value')?.toLowerCase()).toBe(uncle.hash)
    expect(page.getByTestId('block-parent-hash').element().getAttribute('data-value')?.toLowerCase()).toBe(uncle.parentHash)
    expect(page.getByTestId('block-miner').element().getAttribute('data-value')?.toLowerCase()).toBe(uncle.miner.toLowerCase())
    for (const field of ['number', 'timestamp', 'gasUsed', 'gasLimit', 'difficulty', 'totalDifficulty', 'size', 'extraData']) {
      expect(page.getByTestId(`field-${field}-raw`).element().textContent?.endsWith(uncle[field]!), field).toBe(true)
    }
    for (const field of ['number', 'gasUsed', 'difficulty']) await expect.element(page.getByTestId(`field-${field}`)).toHaveTextContent(grouped(uncle[field]!))
    for (const part of utcParts(uncle.timestamp)) await expect.element(page.getByTestId('block-timestamp-utc')).toHaveTextContent(part)
    // extraData 0x706f6f6c696e2e636f6d is the text "poolin.com".
    await expect.element(page.getByTestId('block-extra-text')).toHaveTextContent('poolin.com')
    for (const field of ['nonce', 'mixHash', 'sha3Uncles', 'stateRoot', 'transactionsRoot', 'receiptsRoot']) expect(shownValue(`field-${field}`), field).toBe(uncle[field]!.toLowerCase())
    await expect.element(page.getByTestId('block-logs-bloom')).toHaveTextContent(uncle.logsBloom!)
    await expect.element(page.getByTestId('field-uncles')).toHaveTextContent('none')
    expect(page.getByTestId('field-transactions').query()).toBeNull()
  },
  focus: () => page.getByTestId('uncle-page').element().querySelector('a[href*="/block/"]')!,
})
