import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { hexToBigInt, type Hex } from 'viem'
import addressRecording from '../../../testdata/components/local-address.json'
import logsRecording from '../../../testdata/components/local-logs.json'
import transactionRecording from '../../../testdata/components/local-transaction.json'
import { expectNoStackTrace } from '../../testing/pageChecks.ts'
import { fieldProblem } from '../../testing/formChecks.ts'
import { recorded, type LocalRecording } from '../../testing/recordings.ts'
import { renderApp } from '../../testing/renderApp.tsx'

const logs = logsRecording as LocalRecording
const transaction = transactionRecording as LocalRecording
const token = (addressRecording as LocalRecording).facts.token as Hex
/** ERC-20 Transfer(address,address,uint256). */
const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
// The block of the recorded token transfer: what its receipts hold is what the search must find.
const mined = recorded<{ blockNumber: Hex }>(transaction, 'eth_getTransactionByHash', [transaction.facts.transfer])
const block = hexToBigInt(mined.blockNumber)
type Log = { address: string; topics: string[]; logIndex: Hex; transactionHash: string }
const expected = recorded<Array<{ logs: Log[] }>>(transaction, 'eth_getBlockReceipts', [mined.blockNumber])
  .flatMap((receipt) => receipt.logs)
  .filter((log) => log.address.toLowerCase() === token && log.topics[0] === transferTopic)

async function search(fields: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(fields)) await userEvent.fill(page.getByTestId(`logs-field-${field}`), value)
  await userEvent.click(page.getByTestId('logs-submit'))
}

describe('the logs search, filled in', () => {
  it('finds the token transfers the block receipts hold', async () => {
    expect(expected.length).toBeGreaterThan(0)
    const { history } = await renderApp('/logs', { recordings: [logs] })
    await expect.element(page.getByTestId('logs-welcome')).toBeVisible()
    await search({ address: token, topic0: transferTopic, fromBlock: String(block), toBlock: String(block) })
    await expect.element(page.getByTestId('logs-progress-state')).toHaveAttribute('data-phase', 'done')
    await expect.element(page.getByTestId('logs-count')).toHaveTextContent(`${expected.length} log${expected.length === 1 ? '' : 's'}`)
    const rows = page.getByTestId('log-row')
    await expect.poll(() => rows.elements().length).toBe(expected.length)
    for (const [index, log] of expected.entries()) {
      const row = rows.nth(index)
      await expect.element(row.getByTestId('log-index')).toHaveTextContent(String(hexToBigInt(log.logIndex)))
      await expect.element(row.getByTestId('log-block')).toHaveAttribute('data-value', String(block))
      expect(row.element().querySelector(`a[href^="/tx/${log.transactionHash}"]`)).not.toBeNull()
    }
    expect(history.state.location.search).toContain(`fromBlock=${block}`)
  })

  it('says plainly that nothing matched (the genesis block has no transfer)', async () => {
    expect(recorded<unknown[]>(logs, 'eth_getLogs', [{ address: token, topics: [transferTopic], fromBlock: '0x0', toBlock: '0x0' }])).toEqual([])
    await renderApp('/logs', { recordings: [logs] })
    await search({ address: token, topic0: transferTopic, fromBlock: '0', toBlock: '0' })
    await expect.element(page.getByTestId('logs-none')).toBeVisible()
    expect(page.getByTestId('log-row').elements()).toHaveLength(0)
    expectNoStackTrace()
  })

  it('says what is wrong with a block that is not one, keeping it and searching nothing', async () => {
    const { replay } = await renderApp('/logs', { recordings: [logs] })
    const from = page.getByTestId('logs-field-fromBlock')
    await userEvent.fill(from, 'twelve')
    await userEvent.click(page.getByTestId('logs-submit'))
    await expect.poll(() => fieldProblem(from.element())).toMatch(/block|number|tag/i)
    await expect.element(from).toHaveValue('twelve')
    expect(replay.asked.some((key) => key.includes('eth_getLogs'))).toBe(false)
    expectNoStackTrace()
  })
})
