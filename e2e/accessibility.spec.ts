import fs from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { numberToHex, pad, toEventSelector } from 'viem'
import { clickPageCorner, devAccount, openHome, refuseOtterscan, rpc, rpcUrl, shownHead } from './helpers.ts'
import { installTestWallet } from './testWallet.ts'
import { scenarioReady, tourStops, useTheme, visit, type Stop } from './tour.ts'

/**
 * Accessibility: axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on the pages with real content that only the live
 * stack shows, in the light and the dark theme, must find nothing serious or critical; and the search box, a
 * table and a form are usable with the keyboard alone.
 */

type Found = { id: string; impact: string | null | undefined; help: string; nodes: number; targets: string[] }

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** How long one axe run may take: 0.5-2.5 s is usual here, more under load. */
const axeLimit = 90_000

/**
 * axe's serious and critical findings on the page as it is. A run that does not finish is a finding too: it
 * is how a page that put a whole receipt's 4,100 logs (176,000 nodes) in the document showed up. Legacy mode
 * runs axe in one evaluate in the page itself: the app has no frames, and the default mode opens a blank tab
 * per run to merge frame results.
 */
async function seriousViolations(page: Page): Promise<Found[]> {
  const run = new AxeBuilder({ page }).withTags(axeTags).setLegacyMode(true).analyze()
  run.catch(() => {})
  // A Node timer, not page.waitForTimeout: a page busy with axe does not answer that either.
  const results = await Promise.race([run, new Promise<null>((resolve) => setTimeout(() => resolve(null), axeLimit))])
  if (!results) {
    throw new Error(`axe did not finish on ${page.url()} within ${axeLimit / 1000} s: is the page too big to use? (it had ${await nodeCount(page)} elements)`)
  }
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, nodes: violation.nodes.length, targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) }))
}

/** The page's element count, or "unknown" if the page does not answer within 5 s. */
async function nodeCount(page: Page): Promise<string> {
  const count = page.evaluate(() => String(document.getElementsByTagName('*').length)).catch(() => 'unknown')
  return Promise.race([count, new Promise<string>((resolve) => setTimeout(() => resolve('unknown'), 5_000))])
}

/** Presses Tab until `target` has the focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit: number): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((node) => node === document.activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

/** The stops are built from the chain once per worker; each test then looks at its own page. */
let stops: Promise<Stop[]> | null = null

/**
 * The pages whose content the component layer does not render (a recorded sample network's home and block, a
 * call's result and revert). Every other page runs the same axe rules there, in both themes, on the recorded
 * answers (src/testing/accessibility.ts: pageMatrix.ts; the files page with its store, the l2a and l2b pages on
 * their sample networks among them).
 */
const pageNames = ['sample-home', 'sample-block', 'call-result', 'call-revert']

test.describe('accessibility (axe-core, light and dark)', () => {
  // Two full axe runs per page, one per theme.
  for (const name of pageNames) {
    test(`${name}: no serious or critical violations in either theme`, async ({ page, request }, testInfo) => {
      stops ??= tourStops(request)
      const stop = (await stops).find((candidate) => candidate.name === name)!
      // Live pages bring in a row every block with a fade (motion-safe): measured mid-fade, a row is
      // "low contrast". With reduced motion there is no fade, and contrast is what it is once settled.
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await visit(page, stop)
      const found: Record<string, Found[]> = {}
      for (const theme of ['light', 'dark'] as const) {
        await useTheme(page, theme)
        // Colour transitions settle before contrast is measured.
        await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
        const started = Date.now()
        found[theme] = await seriousViolations(page)
        testInfo.annotations.push({ type: 'axe', description: `${theme}: ${Date.now() - started} ms` })
      }
      // Kept for the report (how many, of what kind, where), pass or fail.
      fs.mkdirSync('test-results/axe', { recursive: true })
      fs.writeFileSync(`test-results/axe/${name}.json`, JSON.stringify(found, null, 2))
      expect(found, `axe on ${stop.path}`).toEqual({ light: [], dark: [] })
    })
  }
})

test.describe('accessibility of the address page’s tools (axe-core, light and dark)', () => {
  /** Both themes, each settled, each checked by axe; the findings kept for the report. */
  async function bothThemes(page: Page, name: string): Promise<Record<string, Found[]>> {
    const found: Record<string, Found[]> = {}
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(page, theme)
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'))
      found[theme] = await seriousViolations(page)
    }
    fs.mkdirSync('test-results/axe', { recursive: true })
    fs.writeFileSync(`test-results/axe/${name}.json`, JSON.stringify(found, null, 2))
    return found
  }

  test('a token: its holders found, Read contract answered with a refused argument, Write contract connected to a wallet', async ({ page, request }) => {
    const { contracts } = await scenarioReady()
    await installTestWallet(page, request, await rpcUrl(request), devAccount(27), '0x7a69')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto(`/address/${contracts.token}`)
    await page.getByTestId('holders-start').click()
    await expect(page.getByTestId('holder-row').first()).toBeVisible()
    await expect(page.getByTestId('read-value').first()).toBeVisible()
    const balance = page.locator('[data-testid="read-function"][data-signature="balanceOf(address)"]')
    await balance.getByTestId('arg-0').fill('zzz')
    await balance.getByTestId('read-query').click()
    await expect(balance.getByTestId('arg-0-problem')).toBeVisible()
    await page.getByTestId('write-connect').filter({ hasText: 'Test Wallet' }).click()
    await expect(page.getByTestId('write-account')).toBeVisible()
    expect(await bothThemes(page, 'address-token-tools'), `axe on /address/${contracts.token}`).toEqual({ light: [], dark: [] })
  })

  test('a failed transaction with its call trace and state changes open', async ({ page }) => {
    const { reverter } = (await scenarioReady()) as unknown as { reverter: { failedTransaction: { hash: string } } }
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto(`/tx/${reverter.failedTransaction.hash}`)
    await page.getByTestId('tx-trace-toggle').click()
    await page.getByTestId('tx-state-toggle').click()
    await expect(page.getByTestId('tx-trace-row').first()).toBeVisible()
    await expect(page.getByTestId('tx-state-account').first()).toBeVisible()
    expect(await bothThemes(page, 'tx-trace-state'), `axe on /tx/${reverter.failedTransaction.hash}`).toEqual({ light: [], dark: [] })
  })

  test('an account on a node without ots_* (injected fault): its history read block by block, done', async ({ page, request }) => {
    const { token } = await scenarioReady()
    await refuseOtterscan(page, await rpcUrl(request))
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto(`/address/${token.balances.find((entry) => entry.role === 'holder')!.account}`)
    await expect(page.getByTestId('scanned-history')).toHaveAttribute('data-phase', 'done')
    expect(await bothThemes(page, 'address-scanned-history'), 'axe on the scanned history').toEqual({ light: [], dark: [] })
  })
})

test.describe('keyboard alone', () => {
  test('"/" focuses the search box, Enter opens what was typed, and the result is reachable by Tab', async ({ page }) => {
    await openHome(page)
    const number = (await shownHead(page)) - 1
    await clickPageCorner(page)
    await page.keyboard.press('/')
    await expect(page.getByTestId('search-input')).toBeFocused()
    await page.keyboard.type(String(number))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/block/${number}$`))
    await expect(page.getByTestId('block-hash')).toBeVisible()
    // The block's transactions table: Tab walks into it and Enter follows a link.
    const firstTxLink = page.getByTestId('block-transactions').getByRole('link').first()
    await expect(firstTxLink).toBeVisible()
    const href = await firstTxLink.getAttribute('href')
    await tabTo(page, firstTxLink, 120)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, '\\?')}$`))
  })

  test('a form is filled and submitted with Tab, typing and Enter only: the logs filter', async ({ page, request }) => {
    const { contracts, blocks } = await scenarioReady()
    const counter = 7
    await page.goto('/logs')
    const address = page.getByTestId('logs-field-address')
    await expect(address).toBeVisible()
    await clickPageCorner(page)
    await tabTo(page, address, 60)
    await page.keyboard.type(contracts.emitter)
    await page.keyboard.press('Tab')
    await expect(page.getByTestId('logs-field-topic0')).toBeFocused()
    await page.keyboard.type('Tick(uint256,uint256)')
    // One counter value (topic 1, indexed): a handful of the emitter's 12,500 Ticks, so the test is about the
    // keyboard, not about scanning them all.
    await page.keyboard.press('Tab')
    await expect(page.getByTestId('logs-field-topic1')).toBeFocused()
    await page.keyboard.type(String(counter))
    await tabTo(page, page.getByTestId('logs-field-fromBlock'), 10)
    await page.keyboard.type(String(blocks.first))
    await page.keyboard.press('Tab')
    await expect(page.getByTestId('logs-field-toBlock')).toBeFocused()
    await page.keyboard.type(String(blocks.last))
    await tabTo(page, page.getByTestId('logs-submit'), 30)
    await page.keyboard.press('Enter')
    // What was submitted is in the URL: checked first, so a miss below says which search the page ran.
    await expect(page).toHaveURL(new RegExp(`address=${contracts.emitter}&topic0=Tick.*&topic1=${counter}&fromBlock=${blocks.first}&toBlock=${blocks.last}$`, 'i'))
    // As many rows as the chain itself has for that filter, and it has one: the counter runs across all calls.
    const onChain = await rpc<unknown[]>(request, await rpcUrl(request), 'eth_getLogs', [
      {
        address: contracts.emitter,
        topics: [toEventSelector('Tick(uint256,uint256)'), pad(numberToHex(counter))],
        fromBlock: numberToHex(blocks.first),
        toBlock: numberToHex(blocks.last),
      },
    ])
    expect(onChain.length).toBeGreaterThan(0)
    await expect(page.getByTestId('logs-count')).toHaveAttribute('data-count', String(onChain.length))
  })
})
