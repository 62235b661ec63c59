import { expect, test, type Locator, type Page } from '@playwright/test'
import { readFixture } from '../server/testing/fixtures.ts'
import { devnet } from './service.ts'

/**
 * Networks. The recorded sample networks the local service serves (l2a, l2b, mainnet), the tag
 * rules at the transport boundary, user networks kept in the browser, and `?network=` in every link.
 */


/** The recording of l2a_getRawBlockTransactions(5817), as published. */
function rawBlockRecording(): Array<{ common_data: { L1: Record<string, string | number> }; execute: Record<string, unknown>; received_timestamp_ms: number }> {
  return JSON.parse(readFixture('l2a-mainnet-raw-block-transactions-L1.json')).result
}

/** The recording of l2b_pendingTransactions: as published it holds a literal `...` line, dropped here with the comma before it. */
function pendingRecording(): Array<Record<string, string | string[]>> {
  const lines = readFixture('l2b-mainnet-pending-transactions.json').split('\n')
  const elision = lines.findIndex((line) => line.trim() === '...')
  expect(elision).toBeGreaterThan(0)
  lines.splice(elision, 1)
  lines[elision - 1] = lines[elision - 1]!.replace(/,\s*$/, '')
  return JSON.parse(lines.join('\n')).result
}

const hexWord = /^0x[0-9a-fA-F]{40}$|^0x[0-9a-fA-F]{64}$/

/** A hash or address the page shows is in a data-value (shortened or checksummed on screen): compare that. */
async function expectShownValue(field: Locator, value: string): Promise<void> {
  const shown = field.locator('[data-value]').first()
  await expect(shown).toBeVisible()
  expect((await shown.getAttribute('data-value'))?.toLowerCase()).toBe(value.toLowerCase())
}

/** The value as the node sent it, on the line beneath a field (after its screen-reader prefix). */
async function expectRaw(page: Page, testId: string, value: string): Promise<void> {
  await expect(page.getByTestId(`${testId}-raw`)).toHaveText(`Raw value: ${value}`)
}

/** Adds a network through the settings form. */
async function addNetwork(page: Page, fields: { label: string; name: string; rpcBase: string; chainId: string; key: string; secret?: string; refuse?: string[] }): Promise<void> {
  await page.getByTestId('add-network').click()
  const form = page.getByTestId('network-form')
  await form.getByTestId('field-label').fill(fields.label)
  await form.getByTestId('field-name').fill(fields.name)
  await form.getByTestId('field-rpcBase').fill(fields.rpcBase)
  await form.getByTestId('field-chainId').fill(fields.chainId)
  await form.getByTestId('field-key').fill(fields.key)
  if (fields.secret) await form.getByTestId('field-secret').fill(fields.secret)
  for (const tag of fields.refuse ?? []) await form.getByTestId(`field-tag-${tag}`).uncheck()
  await form.getByTestId('network-save').click()
  await expect(page.getByTestId(`network-row-${fields.name}`)).toBeVisible()
}

test.describe('networks', () => {
  // Each test walks a whole flow against the real service; they are long, not slow per step.

  test('/l2a/5817 on l2a-sample shows every field of the recording', async ({ page }) => {
    const recording = rawBlockRecording()
    await page.goto('/l2a/5817?network=l2a-sample')
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-network', 'l2a-sample')
    await expect(page.getByTestId('page-header')).toContainText('recorded sample')
    await expect(page.getByTestId('l2a-row')).toHaveCount(recording.length)

    for (const [index, transaction] of recording.entries()) {
      const prefix = `l2a-tx-${index}`
      const l1 = transaction.common_data.L1
      expect(Object.keys(l1)).toHaveLength(15)
      for (const [key, value] of Object.entries(l1)) {
        const field = page.getByTestId(`${prefix}-${key}`)
        if (typeof value === 'number') expect((await field.textContent())?.replace(/\D/g, '')).toBe(String(value))
        else if (hexWord.test(value)) await expectShownValue(field, value)
        else if (value.startsWith('0x')) await expectRaw(page, `${prefix}-${key}`, value)
        else await expect(field).toHaveText(value)
      }
      const execute = transaction.execute as { calldata: string; contractAddress: string; factoryDeps: unknown[]; value: string }
      await expect(page.getByTestId(`${prefix}-calldata`)).toContainText(execute.calldata)
      await expect(page.getByTestId(`${prefix}-calldata`)).toContainText(`Function selector ${execute.calldata.slice(0, 10)}`)
      await expectShownValue(page.getByTestId(`${prefix}-contractAddress`), execute.contractAddress)
      expect(execute.factoryDeps).toEqual([])
      await expect(page.getByTestId(`${prefix}-factoryDeps`)).toContainText('none (an empty list)')
      await expectRaw(page, `${prefix}-value`, execute.value)

      // received_timestamp_ms as a date and time, to the millisecond.
      const received = transaction.received_timestamp_ms
      const utc = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, hourCycle: 'h23', timeZone: 'UTC', timeZoneName: 'short' }).format(new Date(received))
      await expect(page.getByTestId(`${prefix}-received_timestamp_ms`)).toContainText(utc)
      await expect(page.getByTestId(`${prefix}-received_timestamp_ms`).locator('time')).toHaveAttribute('datetime', new Date(received).toISOString())
      await expectRaw(page, `${prefix}-received_timestamp_ms`, `${received} ms`)
    }


    // Previous and next keep the network; the recording holds block 5817 only, and the page says what the node said.
    await expect(page.getByTestId('page-prev')).toHaveAttribute('href', '/l2a/5816?network=l2a-sample')
    await page.getByTestId('page-next').click()
    await expect(page).toHaveURL(/\/l2a\/5818\?network=l2a-sample$/)
    await expect(page.getByTestId('not-recorded-panel')).toContainText('block 5818')
  })

  test('/l2b/pending on l2b-sample shows every field of the recording, refreshed on its own and on demand', async ({ page }) => {
    const recording = pendingRecording()
    let asked = 0
    page.on('request', (request) => {
      if (request.method() === 'POST' && (request.postData() ?? '').includes('"l2b_pendingTransactions"')) asked++
    })
    await page.goto('/l2b/pending?network=l2b-sample')
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-network', 'l2b-sample')
    await expect(page.getByTestId('l2b-row')).toHaveCount(recording.length)

    for (const [index, transaction] of recording.entries()) {
      const prefix = `l2b-tx-${index}`
      expect(Object.keys(transaction).sort()).toEqual(['calldata', 'contract_address', 'entry_point_selector', 'max_fee', 'nonce', 'signature', 'transaction_hash', 'type', 'version'])
      await expect(page.getByTestId(prefix)).toHaveAttribute('data-hash', transaction.transaction_hash as string)
      for (const [key, value] of Object.entries(transaction)) {
        if (Array.isArray(value)) {
          await expect(page.getByTestId(`${prefix}-${key}`).locator('li')).toHaveCount(value.length)
          for (const [position, element] of value.entries()) await expect(page.getByTestId(`${prefix}-${key}-${position}`)).toHaveAttribute('data-value', element)
        } else if (key === 'type') {
          await expect(page.getByTestId(`${prefix}-type`)).toHaveText(value)
        } else if (key === 'max_fee' || key === 'version' || key === 'nonce') {
          await expectRaw(page, `${prefix}-${key}`, value)
        } else {
          await expect(page.getByTestId(`${prefix}-${key}`).locator(`[data-value="${value}"]`)).toBeVisible()
        }
      }
    }
    await expect(page.getByTestId('l2b-tx-0-entry_point_selector')).toContainText('__execute__')

    // Every few seconds by itself, and at once on demand.
    const before = asked
    await expect.poll(() => asked).toBeGreaterThan(before)
    await page.getByTestId('l2b-live-paused').click()
    await expect(page.getByTestId('l2b-updated')).toContainText('paused')
    const paused = asked
    await page.getByTestId('l2b-refresh').click()
    await expect.poll(() => asked).toBe(paused + 1)
    await page.getByTestId('l2b-live-live').click()

  })

  test('a network that refuses safe never receives it: the UI asks for safe, finalized goes out, with a notice', async ({ page }) => {
    // Everything the page sends: HTTP bodies and WebSocket frames. Observed only, never changed.
    const sent: string[] = []
    page.on('request', (outgoing) => {
      if (outgoing.method() === 'POST' && /\/(rpc|v3)\//.test(outgoing.url())) sent.push(outgoing.postData() ?? '')
    })
    page.on('websocket', (socket) => socket.on('framesent', (frame) => sent.push(String(frame.payload))))

    await page.goto('/settings')
    // The devnet's own first use in this browser probes it, safe included (it accepts safe): that is the
    // devnet's, at the same URL. What follows is the strict network's.
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-rules', 'probed')
    await expect(page.getByTestId('learned-devnet')).toHaveAttribute('data-probed', /\d{4}-/)
    sent.length = 0
    await addNetwork(page, { label: 'Strict devnet', name: 'strict-devnet', rpcBase: devnet.rpcBase, chainId: devnet.chainId, key: devnet.key, refuse: ['safe'] })
    const row = page.getByTestId('network-row-strict-devnet')
    await expect(row.getByTestId('chip-tag-safe')).toHaveAttribute('data-on', 'false')
    await expect(row.getByTestId('chip-tag-safe')).toHaveText('safe → finalized')

    // Show it, then ask what each tag names: the UI asks for safe.
    await row.getByTestId('show-strict-devnet').click()
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-network', 'strict-devnet')
    await expect(page).toHaveURL(/\/settings\?network=strict-devnet$/)
    await row.getByTestId('test-strict-devnet').click()
    const report = row.getByTestId('connection-report')
    await expect(report.getByTestId('probe-http')).toHaveAttribute('data-ok', 'true')
    await expect(report.getByTestId('probe-http')).toHaveAttribute('data-chain-id', devnet.chainId)
    await expect(report.getByTestId('probe-websocket')).toHaveAttribute('data-ok', 'true')
    await expect(report.getByTestId('tag-check-safe')).toHaveAttribute('data-sent-as', 'finalized')
    await expect(report.getByTestId('tag-check-safe')).toContainText('sent as finalized')
    await expect(report.getByTestId('tag-check-safe')).toContainText(/block \d/)
    await expect(report.getByTestId('tag-check-finalized')).toContainText(/block \d/)
    await expect(page.getByTestId('tag-notice')).toContainText('Strict devnet does not accept the safe block tag, so finalized was asked for instead')

    // What left the page: finalized, and never safe.
    const blockByTag = sent.filter((body) => body.includes('"eth_getBlockByNumber"'))
    expect(blockByTag.some((body) => body.includes('"finalized"'))).toBe(true)
    expect(sent.filter((body) => body.includes('"safe"'))).toEqual([])

    // The control: the built-in devnet accepts safe, and the same check sends it as is (so the observer sees it).
    const safeBefore = sent.filter((body) => body.includes('"safe"')).length
    await page.getByTestId('network-row-devnet').getByTestId('test-devnet').click()
    await expect(page.getByTestId('network-row-devnet').getByTestId('tag-check-safe')).toHaveAttribute('data-sent-as', 'safe')
    await expect.poll(() => sent.filter((body) => body.includes('"safe"')).length).toBeGreaterThan(safeBefore)
  })

  test('a user-added network survives a reload, and its key stays out of the page and the address bar', async ({ page }) => {
    const key = devnet.key
    await page.goto('/settings')
    await addNetwork(page, { label: 'My devnet', name: 'my-devnet', rpcBase: devnet.rpcBase, chainId: '31337', key, secret: 'only-for-this-tab' })
    const row = page.getByTestId('network-row-my-devnet')
    await expect(row).toContainText('0x7a69')
    await expect(row).toContainText('secret for this tab')
    await row.getByTestId('show-my-devnet').click()
    await expect(page).toHaveURL(/\?network=my-devnet$/)

    await page.reload()
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-network', 'my-devnet')
    await expect(page.getByTestId('network-label')).toHaveText('My devnet')
    await expect(page.getByTestId('network-row-my-devnet')).toContainText('secret for this tab')
    await page.getByTestId('network-status').click()
    await expect(page.getByTestId('network-option-my-devnet')).toHaveAttribute('aria-checked', 'true')
    await page.keyboard.press('Escape')

    // The network works: its home page shows the live chain through it.
    await page.getByTestId('home-link').click()
    await expect(page).toHaveURL(/\/\?network=my-devnet$/)
    await expect(page.getByTestId('head-number')).toBeVisible()

    // Neither key nor secret anywhere in the page (links included) or the address bar, here or on the settings page.
    for (const path of ['/?network=my-devnet', '/settings?network=my-devnet']) {
      if (!page.url().endsWith(path)) await page.goto(path)
      await expect(page.getByTestId('network-status')).toHaveAttribute('data-network', 'my-devnet')
      const html = await page.content()
      expect(html).not.toContain('only-for-this-tab')
      expect(html).not.toContain(key)
      expect(page.url()).not.toContain(key)
    }
  })

  test('a user network is edited, tested and removed, and the picker follows', async ({ page }) => {
    await page.goto('/settings')
    await addNetwork(page, { label: 'Hosted devnet', name: 'hosted-devnet', rpcBase: devnet.rpcBase, chainId: devnet.chainId, key: devnet.key, refuse: ['safe'] })
    await page.getByTestId('show-hosted-devnet').click()
    await page.getByTestId('edit-hosted-devnet').click()
    await page.getByTestId('field-label').fill('Hosted devnet (edited)')
    await page.getByTestId('network-save').click()
    await expect(page.getByTestId('network-label')).toHaveText('Hosted devnet (edited)')
    await expect(page.getByTestId('network-row-hosted-devnet').getByTestId('chip-tag-safe')).toHaveAttribute('data-on', 'false')

    // Its connection test, run from the row: the finalized check names the block the node gave.
    await page.getByTestId('test-hosted-devnet').click()
    await expect(page.getByTestId('network-row-hosted-devnet').getByTestId('tag-check-finalized')).toContainText(/block \d/)

    await page.getByTestId('remove-hosted-devnet').click()
    await page.getByTestId('confirm-remove-hosted-devnet').click()
    await expect(page.getByTestId('network-row-hosted-devnet')).toHaveCount(0)
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-network', devnet.name)
    await page.reload()
    await expect(page.getByTestId('user-networks')).toContainText('None yet')
  })

  test('a link with ?network=mainnet-sample opens on that network and keeps it while navigating', async ({ page }) => {
    await page.goto('/?network=mainnet-sample')
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-network', 'mainnet-sample')
    await expect(page.getByTestId('network-label')).toContainText('recorded sample')

    // Every in-app link on the page carries the network.
    await expect(page.getByTestId('home-link')).toHaveAttribute('href', '/?network=mainnet-sample')
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    expect(hrefs.length).toBeGreaterThan(1)
    for (const href of hrefs) expect(href).toContain('network=mainnet-sample')

    // Through the menu to the settings page, and on to a page this network does not offer.
    await page.getByTestId('network-status').click()
    await page.getByTestId('network-settings-link').click()
    await expect(page).toHaveURL(/\/settings\?network=mainnet-sample$/)
    await expect(page.getByTestId('network-row-mainnet-sample')).toContainText('shown now')
    await page.getByTestId('home-link').click()
    await expect(page).toHaveURL(/\/\?network=mainnet-sample$/)
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-network', 'mainnet-sample')

    // A navigation that drops the param (the search box knows nothing of networks) stays on the network.
    await page.getByTestId('search-input').fill('9515350')
    await page.getByTestId('search-input').press('Enter')
    await expect(page).toHaveURL(/\/block\/9515350\?network=mainnet-sample$/)
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-network', 'mainnet-sample')

    // The layer-2 page says this network does not offer it, and switches keeping the page.
    await page.goto('/l2b/pending?network=mainnet-sample')
    await expect(page.getByTestId('method-unavailable')).toContainText('does not offer this')
    await expect(page.getByTestId('error-panel')).toHaveCount(0)
    await page.getByTestId('switch-to-l2b-sample').click()
    await expect(page).toHaveURL(/\/l2b\/pending\?network=l2b-sample$/)
    await expect(page.getByTestId('l2b-row').first()).toBeVisible()

    // Back: the previous network again. A link for a network this browser lacks says so.
    await page.goBack()
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-network', 'mainnet-sample')
    await page.goto('/?network=no-such-network')
    await expect(page.getByTestId('unknown-network-notice')).toContainText('no-such-network')
  })
})
