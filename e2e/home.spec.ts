import { expect, test } from '@playwright/test'
import { gatewayBlockNumber, openHome, rpcUrl, shownHead } from './helpers.ts'

test.describe('home page', () => {
  test('the head number appears, matches the gateway, and grows live without a reload', async ({ page, request }) => {
    const url = await rpcUrl(request)
    await openHome(page)
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')

    const before = await gatewayBlockNumber(request, url)
    const first = await shownHead(page)
    const after = await gatewayBlockNumber(request, url)
    // The page may be one block behind the gateway for the moment a notification takes to arrive.
    expect(first).toBeGreaterThanOrEqual(before - 1)
    expect(first).toBeLessThanOrEqual(after)

    // A marker on window would vanish with a reload.
    await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true))
    await expect.poll(() => shownHead(page), { timeout: 15_000 }).toBeGreaterThan(first)
    const grown = await shownHead(page)
    expect(grown).toBeLessThanOrEqual(await gatewayBlockNumber(request, url))
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true)

    await expect(page.getByTestId('head-hash')).toContainText(/0x[0-9a-f]{64}/)
    await expect(page.getByTestId('head-gas-used')).toContainText(/^[\d,]+\s*of [\d,]+/)
    await expect(page.getByTestId('head-timestamp')).toContainText(/\d{2}:\d{2}:\d{2}/)
    await expect(page.getByTestId('head-age')).toHaveText(/^\d+ s ago$/)
  })

  test('the theme switch changes the theme and the choice survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await openHome(page)
    const html = page.locator('html')
    await expect(html).not.toHaveClass(/\bdark\b/)
    await expect(page.getByTestId('theme-system')).toHaveAttribute('aria-checked', 'true')

    await page.getByTestId('theme-dark').click()
    await expect(html).toHaveClass(/\bdark\b/)
    await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'true')
    const darkBackground = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)

    await page.reload()
    await expect(html).toHaveClass(/\bdark\b/)
    await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'true')

    await page.getByTestId('theme-light').click()
    await expect(html).not.toHaveClass(/\bdark\b/)
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).not.toBe(darkBackground)
    await page.reload()
    await expect(html).not.toHaveClass(/\bdark\b/)

    // "System" follows the operating system's preference.
    await page.getByTestId('theme-system').click()
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(html).toHaveClass(/\bdark\b/)
  })

  test('"/" focuses the search box, junk gets a clear message, a number opens its block', async ({ page }) => {
    await openHome(page)
    const input = page.getByTestId('search-input')
    await page.locator('body').click({ position: { x: 5, y: 300 } })
    await page.keyboard.press('/')
    await expect(input).toBeFocused()
    await expect(input).toHaveValue('')

    await page.keyboard.type('certainly not a block')
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('search-message')).toContainText('not a block number, hash or address')
    expect(new URL(page.url()).pathname).toBe('/')

    await input.fill('12')
    await expect(page.getByTestId('search-message')).toHaveCount(0)
    await input.press('Enter')
    await expect(page).toHaveURL(/\/block\/12$/)
  })

  test('screenshots of the home page in light and dark', async ({ page }) => {
    await openHome(page)
    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId(`theme-${theme}`).click()
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?![\s\S]*\bdark\b)/)
      await expect(page.getByTestId('recent-blocks').locator('.animate-pulse')).toHaveCount(0)
      await page.mouse.move(0, 0)
      await page.screenshot({ path: `test-results/screens/home-${theme}.png`, fullPage: true, animations: 'disabled' })
    }
  })
})
