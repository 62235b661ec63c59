import { expect, test } from '@playwright/test'
import { chromiumArgs, findTestBrowser } from '../scripts/browser.mjs'
import { appRendered, busyBlock, firstScreenDataBlock, gatewayCalls, markServerElement, rpcUrl, watchReports } from './helpers.ts'

/**
 * A page the server rendered whose data did not come with it (the render's stream broke off after the head
 * and part of the markup went out: the app server then sends no data block). The app cannot hydrate markup
 * it has no data for, so it renders the page itself and asks for the data. The stream cannot be broken on cue,
 * so the page is rewritten in the browser (route.fulfill) as the server sends it then. Chromium takes a
 * document it did not fetch itself for one from the public network, whose requests to loopback (the gateway)
 * its Local Network Access checks refuse: they are off for this file's browser only.
 */
test.use({ launchOptions: { executablePath: findTestBrowser() ?? undefined, args: [...chromiumArgs, '--disable-features=LocalNetworkAccessChecks'] } })

test.describe('first screen without its data', () => {
  test('fault injected (the document rewritten in the browser): a first screen without its data block is rendered by the app itself, which asks for the block once and reports nothing', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { number, receipts } = await busyBlock(request, url)
    const quantity = `0x${number.toString(16)}`
    const calls = gatewayCalls(page)
    const reported = watchReports(page)
    await page.route(`**/block/${number}`, async (route) => {
      const response = await route.fetch()
      const html = await response.text()
      const edited = html.replace(firstScreenDataBlock, '')
      expect(edited, 'the page was edited').not.toBe(html)
      const headers = { ...response.headers() }
      delete headers['content-encoding']
      delete headers['content-length']
      await route.fulfill({ status: response.status(), headers, body: edited })
    })
    await markServerElement(page)
    await page.goto(`/block/${number}`)
    await appRendered(page)
    await expect(page.getByTestId('block-tx-row')).toHaveCount(receipts.length)
    await expect(page.locator('[data-sent]')).toHaveCount(0)
    expect(calls.filter((call) => call.method === 'eth_getBlockByNumber' && call.params[0] === quantity)).toHaveLength(1)
    expect(reported).toEqual([])
  })
})
