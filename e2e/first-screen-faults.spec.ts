import { expect, test } from '@playwright/test'
import { deferredEntryElementId, firstScreenAnswersAttribute, firstScreenStateElementId } from '../contract/pageConfig.ts'
import { chromiumArgs, findTestBrowser } from '../scripts/browser.mjs'
import { appRendered, busyBlock, firstScreenDataBlock, gatewayCalls, rpcUrl } from './helpers.ts'

/**
 * A page the server renders whose data did not come with it (the node missed the server's deadline, or the
 * render failed after the head went out): the boot script asks for the data as the document ends, before the
 * app's code, and the app takes that answer. The node cannot be made slow on cue, so the page is rewritten in
 * the browser (route.fulfill) as the server sends it then. Chromium takes a document it did not fetch itself for
 * one from the public network, whose requests to loopback (the gateway) its Local Network Access checks refuse:
 * they are off for this file's browser only.
 */
test.use({ launchOptions: { executablePath: findTestBrowser() ?? undefined, args: [...chromiumArgs, '--disable-features=LocalNetworkAccessChecks'] } })

test.describe('first screen without its data', () => {
  test('fault injected (the document rewritten in the browser): a first screen that came without its data has the page\'s data asked for before the app\'s entry, once', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { number, receipts } = await busyBlock(request, url)
    const quantity = `0x${number.toString(16)}`
    const entryBlock = new RegExp(`<script type="application/json" id="${deferredEntryElementId}">(.*?)</script>`)
    const calls = gatewayCalls(page)
    let entry: string | null = null
    // What the app server sends when the node misses its deadline (an answer count of 0), and when the render
    // fails after the head went out (no data block).
    for (const [label, replacement] of [
      ['no answer in time', `<script type="application/json" id="${firstScreenStateElementId}" ${firstScreenAnswersAttribute}="0">{"mutations":[],"queries":[]}</script>`],
      ['no data block', ''],
    ] as const) {
      const callsBefore = calls.length
      await page.route(`**/block/${number}`, async (route) => {
        const response = await route.fetch()
        const html = await response.text()
        const edited = html.replace(firstScreenDataBlock, replacement)
        expect(edited, `${label}: the page was edited`).not.toBe(html)
        // The module the boot script starts once the screen is painted (server/firstScreen.ts names it).
        entry = (JSON.parse(entryBlock.exec(html)![1]!) as { entry: string }).entry
        const headers = { ...response.headers() }
        delete headers['content-encoding']
        delete headers['content-length']
        await route.fulfill({ status: response.status(), headers, body: edited })
      })
      await page.goto(`/block/${number}`)
      await expect(page.getByTestId('block-tx-row')).toHaveCount(receipts.length)
      await appRendered(page)
      await page.unroute(`**/block/${number}`)
      // The boot script's request (its handoff to the app) asks for the block, and was made before the entry was
      // asked for: in the page's own clock, as the request's CORS preflight can put the POST itself on the wire
      // after the entry's GET. Before this, the app asked for the block only once its entry had loaded and run.
      const made = await page.evaluate((path) => {
        const early = (window as unknown as { __chainglassBoot?: { early: { sentAt: number; calls: Array<{ method: string; params: unknown[] }> } | null } }).__chainglassBoot?.early
        const entryAsked = performance.getEntriesByType('resource').find((resource) => new URL(resource.name).pathname === path)?.startTime
        return { early: early ? { sentAt: early.sentAt, calls: early.calls } : null, entryAsked: entryAsked ?? null }
      }, entry)
      expect(made.early?.calls.some((call) => call.method === 'eth_getBlockByNumber' && call.params[0] === quantity), label).toBe(true)
      expect(made.entryAsked, `${label}: the entry was loaded`).not.toBeNull()
      expect(made.early!.sentAt, label).toBeLessThan(made.entryAsked!)
      // Asked once: the app took the boot script's answer instead of asking again.
      expect(calls.slice(callsBefore).filter((call) => call.method === 'eth_getBlockByNumber' && call.params[0] === quantity), label).toHaveLength(1)
    }
  })
})
