import { expect, test, type Request } from '@playwright/test'
import { chromiumArgs, findBrowser } from '../scripts/browser.mjs'
import { appRendered, busyBlock, gatewayCalls, rpcUrl } from './helpers.ts'

/**
 * A page the server renders whose data did not come with it (the node missed the server's deadline, or the
 * render failed after the head went out): the boot script asks for the data as the document ends, before the
 * app's code, and the app takes that answer. The node cannot be made slow on cue, so the page is rewritten in
 * the browser (route.fulfill) as the server sends it then. Chromium takes a document it did not fetch itself for
 * one from the public network, whose requests to loopback (the gateway) its Local Network Access checks refuse:
 * they are off for this file's browser only.
 */
test.use({ launchOptions: { executablePath: findBrowser() ?? undefined, args: [...chromiumArgs, '--disable-features=LocalNetworkAccessChecks'] } })

test.describe('first screen without its data', () => {
  test('fault injected (the document rewritten in the browser): a first screen that came without its data has the page\'s data asked for before the app\'s entry, once', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { number, receipts } = await busyBlock(request, url)
    const quantity = `0x${number.toString(16)}`
    // What the app server sends when the node misses its deadline (an answer count of 0), and when the render
    // fails after the head went out (no data block).
    for (const [label, edit] of [
      ['no answer in time', (html: string) => html.replace(/(<script type="application\/json" id="chainglass-first-screen")[^>]*>[\s\S]*?<\/script>/, '$1 data-answers="0">{"mutations":[],"queries":[]}</script>')],
      ['no data block', (html: string) => html.replace(/<script type="application\/json" id="chainglass-first-screen"[^>]*>[\s\S]*?<\/script>/, '')],
    ] as const) {
      let entry: string | null = null
      await page.route(`**/block/${number}`, async (route) => {
        const response = await route.fetch()
        const html = await response.text()
        const edited = edit(html)
        expect(edited, `${label}: the page was edited`).not.toBe(html)
        // The module the boot script starts once the screen is painted (server/firstScreen.ts names it).
        entry = (JSON.parse(/<script type="application\/json" id="chainglass-entry">(.*?)<\/script>/.exec(html)![1]!) as { entry: string }).entry
        const headers = { ...response.headers() }
        delete headers['content-encoding']
        delete headers['content-length']
        await route.fulfill({ status: response.status(), headers, body: edited })
      })
      // In the order the browser sent them: the block's data request, and the app's entry module.
      const order: string[] = []
      const onRequest = (sent: Request) => {
        const path = new URL(sent.url()).pathname
        if (sent.method() === 'POST' && /\/v3\//.test(path) && (sent.postData() ?? '').includes(`"${quantity}"`)) order.push('data')
        else if (path === entry) order.push('entry')
      }
      page.on('request', onRequest)
      const calls = gatewayCalls(page)
      await page.goto(`/block/${number}`)
      await expect(page.getByTestId('block-tx-row')).toHaveCount(receipts.length)
      await appRendered(page)
      page.off('request', onRequest)
      await page.unroute(`**/block/${number}`)
      expect(entry, label).not.toBeNull()
      // Before this, the app asked for the block only once its entry had loaded and run.
      expect(order, label).toEqual(['data', 'entry'])
      // Asked once: the app took the boot script's answer instead of asking again.
      expect(calls.filter((call) => call.method === 'eth_getBlockByNumber' && call.params[0] === quantity), label).toHaveLength(1)
    }
  })
})
