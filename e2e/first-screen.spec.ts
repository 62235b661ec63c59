import { expect, test, type APIRequestContext } from '@playwright/test'
import { appInteractiveMark, appRunningAttribute, hydrationStartMark } from '../contract/pageConfig.ts'
import { appRendered, busyBlock, firstScreenDataBlock, gatewayCalls, firstReceiptWhere, holdRequests, markServerElement, rpc, rpcUrl, watchReports, type RpcReceipt } from './helpers.ts'
import { devnet } from './service.ts'

/**
 * The home, block, transaction and address pages come with their first screen rendered by the app server
 * (server/firstScreen.ts, React's stream) from the node's answers: painted as the HTML arrives, before the app's
 * code has run. Then the app hydrates that markup in place from the same data. Expected values come from the
 * chain, asked here.
 */

type Hex = `0x${string}`

test.describe('first screen rendered by the server, JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('a block page shows every transaction with the status and gas used the chain has', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { number, receipts } = await busyBlock(request, url)
    await page.goto(`/block/${number}`)
    await expect(page.getByTestId('block-title')).toHaveText(`Block ${number}`)
    await expect(page.getByTestId('block-tx-row')).toHaveCount(receipts.length)
    for (const receipt of receipts) {
      const row = page.getByTestId('block-tx-row').filter({ has: page.locator(`[data-testid="tx-hash"][data-value="${receipt.transactionHash}"]`) })
      await expect(row.getByTestId('tx-status')).toHaveText(receipt.status === '0x1' ? 'Success' : 'Failed')
      await expect(row.getByTestId('tx-gas-used')).toHaveAttribute('data-value', BigInt(receipt.gasUsed).toString())
    }
  })

  test('a transaction page shows its status and block as the chain has them', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { receipts } = await busyBlock(request, url)
    const receipt = receipts[0]!
    await page.goto(`/tx/${receipt.transactionHash}`)
    await expect(page.getByTestId('tx-title-hash')).toHaveText(receipt.transactionHash)
    await expect(page.getByTestId('tx-status').locator('[data-status]')).toHaveAttribute('data-status', receipt.status === '0x1' ? 'success' : 'failed')
    await expect(page.getByTestId('tx-block-number')).toHaveAttribute('data-value', BigInt(receipt.blockNumber).toString())
  })

  test('a failed transaction\'s page explains it in the first screen: the reason panel whole, from the node\'s record, no placeholder', async ({ page, request }) => {
    const url = await rpcUrl(request)
    // The history's seeded mix holds failing calls of every kind.
    const failed = await firstReceiptWhere<RpcReceipt>(request, url, (receipt) => receipt.status === '0x0')
    // Where the page reads the reason from: the node's record when it offers Otterscan's API at level 8 (the
    // level whose ots_getTransactionError it reads), asked here of the chain.
    const level = await rpc<number>(request, url, 'ots_getApiLevel').catch(() => null)
    const offered = level !== null && level >= 8
    await page.goto(`/tx/${failed.transactionHash}`)
    await expect(page.getByTestId('tx-status').locator('[data-status]')).toHaveAttribute('data-status', 'failed')
    const panel = page.getByTestId('tx-failure')
    await expect(panel.getByTestId('tx-failure-summary')).not.toBeEmpty()
    await expect(panel.getByTestId('tx-failure-loading')).toHaveCount(0)
    await expect(panel.getByTestId('tx-failure-source')).toHaveAttribute('data-via', offered ? 'ots' : 'replay')
  })

  test('the home page shows the latest blocks as the chain has them, newest first, and the head above them', async ({ page, request }) => {
    const url = await rpcUrl(request)
    await page.goto('/')
    const rows = page.getByTestId('block-row')
    await expect(rows).toHaveCount(8)
    const numbers = await rows.evaluateAll((elements) => elements.map((element) => BigInt(element.getAttribute('data-number') ?? '-1')))
    const hashes = await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-hash')))
    expect(numbers).toEqual(numbers.map((_, index) => numbers[0]! - BigInt(index)))
    for (const [index, number] of numbers.entries()) {
      const block = await rpc<{ hash: Hex }>(request, url, 'eth_getBlockByNumber', [`0x${number.toString(16)}`, false])
      expect(hashes[index]).toBe(block.hash)
    }
    await expect(page.getByTestId('head-number')).toHaveText(numbers[0]!.toLocaleString('en-US'))
  })

  test('a link that starts the presentation (?present=auto) still comes with the page\'s first screen, under the walk the app starts', async ({ page }) => {
    await page.goto('/?present=auto')
    await expect(page.getByTestId('block-row')).toHaveCount(8)
    await expect(page.getByRole('status', { name: 'Loading chainglass' })).toHaveCount(0)
  })

  test('a page whose data the URL does not give (the blocks list), or on a network named in the URL that the server does not know, is the plain page', async ({ page }) => {
    await page.goto('/blocks')
    await expect(page.getByRole('status', { name: 'Loading chainglass' })).toBeVisible()
    await page.goto('/block/1?network=only-in-my-browser')
    await expect(page.getByRole('status', { name: 'Loading chainglass' })).toBeVisible()
  })
})

test.describe('first screen: what stands before its paint', () => {
  test('a first visit\'s rendered page carries the stylesheet inline under its own nonce and preloads the page\'s chunks; once the browser has the sheet (its cookie), the page links it', async ({ page, request }) => {
    const first = await request.get('/', { headers: { cookie: '' } })
    const html = await first.text()
    const nonce = /style-src [^;]*'nonce-([^']+)'/.exec(first.headers()['content-security-policy'] ?? '')?.[1]
    expect(nonce).toBeTruthy()
    // The app's sheet (the screen's computed values are React's own sheet, with data-precedence).
    const appSheet = /<style nonce="[^"]+">/
    expect(html).toContain(`<style nonce="${nonce}">`)
    expect(html).not.toMatch(/<link rel="stylesheet"/)
    expect(html).toMatch(/<link rel="prefetch" as="script" crossorigin href="\/assets\/HomePage-[\w-]+\.js">/)
    // Fetched beside the document, compiled after its paint (src/boot/compileAfterPaint.ts): no code is parsed before it.
    expect(html).not.toMatch(/rel="modulepreload"/)
    // Nothing runs before the first paint: the only classic script is none, the module entry is deferred.
    expect(html.slice(0, html.indexOf('</head>'))).not.toMatch(/<script(?![^>]*type="(module|application\/json)")[^>]*>/)
    const stylesheet = /<link rel="prefetch" crossorigin href="(\/assets\/[\w-]+\.css)">/.exec(html)?.[1]
    expect(stylesheet).toBeTruthy()
    const cookie = first.headers()['set-cookie'] ?? ''
    expect(cookie).toMatch(/^chainglass-style=[\w.+-]+;/)

    const again = await (await request.get('/', { headers: { cookie: cookie.split(';')[0]! } })).text()
    expect(again).toContain(`<link rel="stylesheet" crossorigin href="${stylesheet}">`)
    expect(again).not.toMatch(appSheet)

    // In the browser, both kinds load with no policy report, the page styled by the app's sheet (its font).
    const reported = watchReports(page)
    for (let visit = 0; visit < 2; visit++) {
      await page.goto('/')
      await appRendered(page)
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Liberation Sans')
    }
    expect(reported).toEqual([])
  })
})

test.describe('first screen rendered by the server, then the app', () => {
  test('the app starts from the server\'s data: the block and its receipts are not asked again, nothing is reported, no key in the DOM', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { number, receipts } = await busyBlock(request, url)
    const calls = gatewayCalls(page)
    const reported = watchReports(page)
    const response = await page.goto(`/block/${number}`)
    expect(response?.headers()['cache-control']).toBe('no-store')
    // Its head was sent before the data was read: the render's timing follows the page, as a trailer.
    expect(response?.headers()['trailer']).toBe('server-timing')
    await expect(page.getByTestId('block-tx-row')).toHaveCount(receipts.length)
    // The app is running: its network menu has connected the head's socket.
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    const quantity = `0x${number.toString(16)}`
    const asked = calls.filter((call) => (call.method === 'eth_getBlockByNumber' || call.method === 'eth_getBlockReceipts') && call.params[0] === quantity)
    expect(asked).toEqual([])
    // The server's data block is gone from the page, and no key or secret is anywhere in it.
    await expect(page.locator('#chainglass-first-screen')).toHaveCount(0)
    // The service's own key and secret (the page's config has neither: the app server proxies the devnet).
    const html = await page.content()
    expect(html).not.toContain(devnet.key)
    expect(html).not.toContain(devnet.secret)
    expect(reported).toEqual([])
  })

  test('a transaction page on a node whose answers carry the block time (anvil) reads no block: the time is the block\'s, on the server\'s screen and the app\'s', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { receipts } = await busyBlock(request, url)
    const hash = receipts[0]!.transactionHash
    const transaction = await rpc<{ blockHash: Hex; blockTimestamp?: Hex }>(request, url, 'eth_getTransactionByHash', [hash])
    // What makes the block's read unnecessary, as the node says it: the transaction carries its block's time.
    expect(transaction.blockTimestamp).toMatch(/^0x[0-9a-f]+$/)
    const block = await rpc<{ timestamp: Hex }>(request, url, 'eth_getBlockByHash', [transaction.blockHash, false])
    const calls = gatewayCalls(page)
    const readBlock = () => calls.filter((call) => call.method === 'eth_getBlockByHash' && call.params[0] === transaction.blockHash)
    await page.goto(`/tx/${hash}`)
    await expect(page.getByTestId('tx-timestamp-raw')).toHaveText(new RegExp(`${block.timestamp}$`))
    // The app has taken over (its socket is open) and still shows the block's time without reading the block.
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    await appRendered(page)
    await expect(page.getByTestId('tx-timestamp-raw')).toHaveText(new RegExp(`${block.timestamp}$`))
    expect(readBlock()).toEqual([])
    // In the app, from a page that read no block (no server data, nothing cached): the same.
    await page.goto('/settings')
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    await page.getByTestId('search-input').fill(hash)
    await page.getByTestId('search-input').press('Enter')
    await expect(page.getByTestId('tx-timestamp-raw')).toHaveText(new RegExp(`${block.timestamp}$`))
    await expect(page.getByTestId('tx-title-hash')).toContainText(hash.slice(0, 10))
    expect(readBlock()).toEqual([])
  })

  test('the app hydrates the page only once its first screen is on screen (the browser\'s paint report)', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { number } = await busyBlock(request, url)
    await page.goto(`/block/${number}`)
    await appRendered(page)
    const times = await page.evaluate(
      ([hydrate, interactive]) => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        hydrate: performance.getEntriesByName(hydrate!)[0]?.startTime ?? null,
        interactive: performance.getEntriesByName(interactive!)[0]?.startTime ?? null,
      }),
      [hydrationStartMark, appInteractiveMark],
    )
    expect(times.paint, 'the page had a contentful paint').not.toBeNull()
    expect(times.hydrate, 'the page was hydrated').not.toBeNull()
    expect(times.hydrate!).toBeGreaterThanOrEqual(times.paint!)
    expect(times.interactive!).toBeGreaterThanOrEqual(times.hydrate!)
  })

  test('the home page: the app takes over the server\'s rows without dropping them and does not read the window again', async ({ page }) => {
    const calls = gatewayCalls(page)
    // From the first row in the DOM on, the list never goes empty (the app renders over the picture from the same data).
    await page.addInitScript(() => {
      const marks = { seen: false, emptied: false }
      Object.assign(window, { __rows: marks })
      new MutationObserver(() => {
        const count = document.querySelectorAll('[data-testid="block-row"]').length
        if (count > 0) marks.seen = true
        else if (marks.seen) marks.emptied = true
      }).observe(document, { subtree: true, childList: true })
    })
    const response = await page.goto('/')
    const html = (await response?.text()) ?? ''
    expect(/data-testid="block-row" data-number="(\d+)"/.exec(html), 'the server rendered the latest blocks').not.toBeNull()
    // The blocks the server's data block carried (the head's window, read by number). On a loaded machine the
    // node can miss the server's deadline for part of them; what is missing is the browser's to ask, what came
    // must not be asked again. Block numbers are short strings, never packed into the shared strings table.
    const block = firstScreenDataBlock.exec(html)
    expect(block, 'the page carries the data it was rendered from').not.toBeNull()
    const carried = new Set([...block![1]!.matchAll(/"number":"(0x[0-9a-f]+)"/g)].map((match) => match[1]!))
    expect(carried.size, 'at least the rows the server rendered').toBeGreaterThan(0)
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    await expect(page.getByTestId('block-row')).toHaveCount(8)
    expect(calls.filter((call) => call.method === 'eth_getBlockByNumber' && carried.has(call.params[0] as string))).toEqual([])
    expect(await page.evaluate(() => (window as unknown as { __rows: { emptied: boolean } }).__rows.emptied)).toBe(false)
  })
})

/** A failed transaction and its sender, from the seeded history's mix (it holds failing calls of every kind). */
async function failedTransaction(request: APIRequestContext, url: string): Promise<RpcReceipt> {
  return firstReceiptWhere<RpcReceipt>(request, url, (receipt) => receipt.status === '0x0')
}

test.describe('first screen hydrated in place', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`${theme}: home, a block, a transaction, a failed transaction and an address are hydrated, not replaced, with no mismatch or error reported`, async ({ page, request }) => {
      const url = await rpcUrl(request)
      const { number, receipts } = await busyBlock(request, url)
      const failed = await failedTransaction(request, url)
      await page.emulateMedia({ colorScheme: theme === 'dark' ? 'light' : 'dark' })
      // The stored choice differs from the system's: the server cannot know it, and its markup says "system".
      await page.addInitScript((stored) => localStorage.setItem('chainglass.theme', stored), theme)
      const reported = watchReports(page)
      await markServerElement(page)
      for (const path of ['/', `/block/${number}`, `/tx/${receipts[0]!.transactionHash}`, `/tx/${failed.transactionHash}`, `/address/${failed.from}`]) {
        const response = await page.goto(path)
        expect(await response?.text(), `${path}: the server rendered it`).toMatch(firstScreenDataBlock)
        await appRendered(page)
        await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
        // Still the server's element, now the app's: nothing replaced it.
        await expect(page.locator('#root > [data-sent]'), path).toHaveCount(1)
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
        // The stored theme shown as chosen once the app runs (the server's markup said "system").
        await expect(page.getByTestId(`theme-${theme}`)).toHaveAttribute('aria-checked', 'true')
        expect(reported, path).toEqual([])
      }
    })
  }

  test.describe('in a browser whose time zone is not the server\'s', () => {
    test.use({ timezoneId: 'Asia/Tokyo' })
    test('a block and a transaction are hydrated, not replaced: the server\'s UTC time, then the viewer\'s own', async ({ page, request }) => {
      const url = await rpcUrl(request)
      const { number, receipts } = await busyBlock(request, url)
      const reported = watchReports(page)
      await markServerElement(page)
      for (const [path, shown] of [[`/block/${number}`, page.getByTestId('field-timestamp')], [`/tx/${receipts[0]!.transactionHash}`, page.getByTestId('tx-timestamp')]] as const) {
        const response = await page.goto(path)
        expect(await response?.text(), `${path}: the server rendered it`).toMatch(firstScreenDataBlock)
        await appRendered(page)
        await expect(page.locator('#root > [data-sent]'), path).toHaveCount(1)
        // Tokyo is UTC+9 all year: the viewer's zone, named, once the app runs.
        await expect(shown, path).toContainText('GMT+9')
        expect(reported, path).toEqual([])
      }
    })
  })

  test('a link that starts the presentation (?present=auto): the home page is hydrated as the server sent it, then the walk starts over it', async ({ page }) => {
    const reported = watchReports(page, ['error'])
    await markServerElement(page)
    await page.goto('/?present=auto')
    await appRendered(page)
    await expect(page.getByTestId('presentation-title-card')).toBeVisible()
    await expect(page.locator('#root > [data-sent]')).toHaveCount(1)
    expect(reported).toEqual([])
  })

  test('network held (route): block numbers typed into the address page\'s token range before the app hydrates are kept and scanned', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const failed = await failedTransaction(request, url)
    const head = Number(BigInt(await rpc<Hex>(request, url, 'eth_blockNumber')))
    const release = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/)
    await page.goto(`/address/${failed.from}?tab=tokens`, { waitUntil: 'commit' })
    await page.getByTestId('token-range-from').fill(String(head - 5))
    await page.getByTestId('token-range-to').fill(String(head))
    release()
    await appRendered(page)
    await expect(page.getByTestId('token-range-from')).toHaveValue(String(head - 5))
    await page.getByTestId('token-range-apply').click()
    await expect(page).toHaveURL(new RegExp(`from=${head - 5}&to=${head}`))
  })

  test('network held (route): Enter pressed in the search box before the app runs is sent once it does, without reloading the page', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { number } = await busyBlock(request, url)
    // The app's code held back, the page's small entry not: the page is the server's markup without handlers.
    const release = await holdRequests(page, /\/assets\/app-[\w-]+\.js$/)
    await page.goto(`/tx/0x${'0'.repeat(64)}`, { waitUntil: 'domcontentloaded' })
    await expect(page.getByTestId('tx-not-found')).toBeVisible()
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await page.getByTestId('search-input').fill(String(number))
    await page.getByTestId('search-input').press('Enter')
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
    await expect(page.locator('html')).not.toHaveAttribute(appRunningAttribute, 'running')
    release()
    await appRendered(page)
    await expect(page).toHaveURL(new RegExp(`/block/${number}$`))
    await expect(page.getByTestId('block-title')).toHaveText(`Block ${number}`)
    // Sent by the app, in the same document: nothing reloaded the page.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })

  test('network held (route): a panel\'s button clicked before the app runs is clicked again once it does: the panel opens', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { receipts } = await busyBlock(request, url)
    const hash = receipts[0]!.transactionHash
    // The app's code held back, the page's small entry not: the page is the server's markup without handlers.
    const release = await holdRequests(page, /\/assets\/app-[\w-]+\.js$/)
    await markServerElement(page)
    await page.goto(`/tx/${hash}`, { waitUntil: 'domcontentloaded' })
    const panel = page.getByTestId('tx-trace')
    await expect(panel).toContainText('Read from the node when opened')
    await panel.getByTestId('tx-trace-toggle').click()
    await expect(panel.getByTestId('tx-trace-toggle')).toHaveAttribute('aria-expanded', 'false')
    await expect(page.locator('html')).not.toHaveAttribute(appRunningAttribute, 'running')
    release()
    await appRendered(page)
    // Hydrated in place (the server's element kept its mark), then clicked again: the node's trace is read.
    await expect(page.locator('#root > [data-sent]')).toHaveCount(1)
    await expect(panel.getByTestId('tx-trace-toggle')).toHaveAttribute('aria-expanded', 'true')
    await expect(panel.getByTestId('tx-trace-tree')).toBeVisible()
  })

  test('network held (route): a letter typed and a scroll made before the app hydrates are kept, and the search then finds what was typed', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { number } = await busyBlock(request, url)
    // The app's entry held back: the page stays the server's markup, without handlers, until it is released.
    const release = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/)
    await page.goto(`/block/${number}`, { waitUntil: 'commit' })
    await expect(page.getByTestId('block-title')).toHaveText(`Block ${number}`)
    await page.getByTestId('search-input').click()
    await page.keyboard.type(String(number).slice(0, 1))
    await page.mouse.wheel(0, 400)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    const scrolled = await page.evaluate(() => window.scrollY)
    // Where the page is scrolled as the app's hydration commits: what data the app reads after it may move the
    // page (a field that came late to the server's render), hydration itself may not.
    await page.evaluate((attribute) => {
      const root = document.documentElement
      new MutationObserver((_, observer) => {
        if (!root.hasAttribute(attribute)) return
        observer.disconnect()
        Object.assign(window, { scrolledWhenRunning: window.scrollY })
      }).observe(root, { attributes: true, attributeFilter: [attribute] })
    }, appRunningAttribute)
    release()
    await appRendered(page)
    await expect(page.getByTestId('search-input')).toHaveValue(String(number).slice(0, 1))
    await expect(page.getByTestId('search-input')).toBeFocused()
    expect(await page.evaluate(() => (window as unknown as { scrolledWhenRunning?: number }).scrolledWhenRunning)).toBe(scrolled)
    await page.keyboard.type(String(number).slice(1))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/block/${number}$`))
    await expect(page.getByTestId('block-title')).toHaveText(`Block ${number}`)
  })
})
