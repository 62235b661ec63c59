import { expect, test, type WebSocketRoute } from '@playwright/test'
import { mineBlocks } from './chain.ts'
import { appRendered, openHome, routeRuntimeConfig, scriptPrefetches, shownHead } from './helpers.ts'
import { devnet } from './service.ts'

test.describe('app shell', () => {
  test('injected delay: with the app’s entry chunk held back, a full load of a block page already fetches the page’s own chunks', async ({ page, request }) => {
    // The app server prefetches the chunks of the page the URL opens in the head it sends (server/pageHead.ts).
    const head = await (await request.get('/blocks')).text()
    const blockChunks = scriptPrefetches(await (await request.get('/block/1')).text()).filter((file) => !scriptPrefetches(head).includes(file))
    expect(blockChunks.some((file) => /\/BlockPage-[\w-]+\.js$/.test(file))).toBe(true)

    let pageChunkAsked: () => void = () => {}
    const pageChunkSeen = new Promise<void>((resolve) => (pageChunkAsked = resolve))
    page.on('request', (sent) => void (blockChunks.includes(new URL(sent.url()).pathname) && pageChunkAsked()))
    // The app's code (the chunk the entry imports) is held until the page's chunk has been asked for, or 10 s:
    // only a preload can ask for the page before the app has run, since the app's own import comes after.
    const appChunk = /\/assets\/app-[\w-]+\.js$/
    let heldUntilPageAsked = false
    await page.route(appChunk, async (route) => {
      heldUntilPageAsked = await Promise.race([pageChunkSeen.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))])
      await route.continue()
    })
    await page.goto('/block/1')
    await expect(page.getByTestId('block-page')).toBeVisible()
    // The server's first screen shows the page at once: the app's code is what this is about.
    await appRendered(page)
    expect(heldUntilPageAsked).toBe(true)
  })

  test('a full load downloads each of its chunks once: the code prefetched beside the document is compiled from the cache after the paint', async ({ page, request }) => {
    const prefetched = scriptPrefetches(await (await request.get('/block/1')).text())
    expect(prefetched.some((file) => /\/BlockPage-[\w-]+\.js$/.test(file))).toBe(true)
    expect(prefetched.some((file) => /\/app-[\w-]+\.js$/.test(file))).toBe(true)
    // Downloads as DevTools reports them, cache reads apart (no route: routing turns the browser's cache off).
    const downloaded: string[] = []
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    cdp.on('Network.responseReceived', ({ response }) => {
      if (!response.fromDiskCache && !response.fromPrefetchCache) downloaded.push(new URL(response.url).pathname)
    })
    await page.goto('/block/1')
    await expect(page.getByTestId('block-page')).toBeVisible()
    await appRendered(page)
    for (const file of prefetched) expect(downloaded.filter((url) => url === file), file).toHaveLength(1)
    // The app ran on those files: each was read again, from the cache, by its modulepreload or import.
    expect(await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(expect.arrayContaining(prefetched))
  })

  test('a live page holds still once it is live: no animation longer than a moment, and no blur behind the sticky header', async ({ page }) => {
    // Each running animation makes the browser draw 60 frames a second, and behind a blurred sticky header each
    // frame was ~11 ms of software drawing: an idle page used 28-43% of a core on a two-core machine, and the
    // header's ring on each page load shared the cores with the next load. A new row may fade in (400 ms); a
    // dot that pulses forever, or rings for seconds, may not.
    for (const [path, live] of [
      ['/', 'head-number'],
      ['/blocks', 'blocks-live'],
      ['/block/latest', 'block-following'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByTestId(live)).toBeVisible()
      await appRendered(page)
      // The socket is open: the moment the header's dot once started its ring.
      await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
      const lasting = await page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .flatMap((animation) => {
            const timing = animation.effect!.getComputedTiming()
            const left = Number(timing.endTime) - Number(animation.currentTime ?? 0)
            const target = (animation.effect as KeyframeEffect).target
            // A placeholder pulses while its data loads (that is what it says), and a new block brings new ones.
            if (target?.closest('[data-skeleton]')) return []
            return left > 1_000 ? [`${(animation as CSSAnimation).animationName ?? 'animation'} on <${target?.tagName.toLowerCase()} class="${target?.getAttribute('class') ?? ''}">, ${left === Infinity ? 'endless' : `${Math.round(left)} ms left`}`] : []
          }),
      )
      expect(lasting, path).toEqual([])
      expect(await page.locator('header').first().evaluate((header) => getComputedStyle(header).backdropFilter), path).toBe('none')
    }
  })

  test('a link opens the next page at its top, and back returns to where the page was scrolled', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 })
    await openHome(page)
    await page.evaluate(() => window.scrollTo(0, 300))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300)
    // The header stays on screen (sticky): its Blocks link is a click away at any scroll position.
    await page.getByTestId('nav-blocks').click()
    await expect(page).toHaveURL(/\/blocks$/)
    await expect(page.getByTestId('blocks-page')).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.getByTestId('blocks-row-txs').first()).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, 120))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(120)
    await page.goBack()
    await expect(page.getByTestId('head-number')).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300)
    await page.goForward()
    await expect(page).toHaveURL(/\/blocks$/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(120)
  })

  test('injected fault: a page whose code fails to load is explained in place under the header, and the next link works', async ({ page }) => {
    await openHome(page)
    // The logs page's own chunk refused (the only way to make a real page's code fail to load).
    await page.route(/\/assets\/LogsPage-[\w-]+\.js$/, (route) => route.abort())
    await page.getByTestId('nav-logs').click()
    await expect(page.getByRole('heading', { name: 'This page could not be shown' })).toBeVisible()
    await expect(page.getByTestId('search-input')).toBeVisible()
    await page.getByTestId('nav-blocks').click()
    await expect(page).toHaveURL(/\/blocks$/)
    await expect(page.getByTestId('blocks-page')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'This page could not be shown' })).toHaveCount(0)
    await expect(page.getByTestId('nav-blocks')).toHaveAttribute('aria-current', 'page')
  })

  test('the project key and secret never reach the DOM or the address bar', async ({ page }) => {
    // The service's own (every configured network has the same), which the app server adds on the way.
    const config = { networks: [devnet] }
    await openHome(page)
    const html = await page.content()
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    for (const { key, secret } of config.networks) {
      expect(html).not.toContain(key)
      expect(html).not.toContain(secret)
      for (const href of hrefs) expect(href).not.toContain(key)
      expect(page.url()).not.toContain(key)
    }
  })

  test('injected fault: no config in the page and /config.json answers 404, and the app says so instead of going blank', async ({ page }) => {
    // The real service always gives the config; a deployment that forgot it is simulated here.
    await routeRuntimeConfig(page, () => null)
    // A page the server does not render first (a rendered one carries its config and data in the page).
    await page.goto('/blocks')
    await expect(page.getByTestId('config-error')).toContainText('chainglass cannot start')
    await expect(page.getByTestId('config-error')).toContainText('HTTP 404')
  })

  test('injected fault: with the app code blocked, a dark theme chosen earlier is already on the first paint (no flash), and a dark system is followed with no choice', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await openHome(page)
    await page.getByTestId('theme-dark').click()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    // Blocking the bundle freezes the page at what the server's page alone paints, before React runs.
    await page.route('**/assets/*.js', (route) => route.abort())
    const background = () =>
      page.evaluate(() => {
        // The background as sRGB, whatever colour syntax the stylesheet used: painted on a canvas and read back.
        const context = document.createElement('canvas').getContext('2d')!
        context.fillStyle = getComputedStyle(document.documentElement).backgroundColor
        context.fillRect(0, 0, 1, 1)
        return Math.max(...context.getImageData(0, 0, 1, 1).data.slice(0, 3))
      })
    // The splash of a plain page, and the server's first screen of the home page (its stylesheet inline).
    const pages = [['/blocks', page.getByRole('status', { name: 'Loading chainglass' })], ['/', page.getByTestId('head-number')]] as const
    for (const [path, shown] of pages) {
      await page.goto(path)
      await expect(page.locator('html')).toHaveClass(/\bdark\b/)
      await expect(shown).toBeVisible()
      expect(await background(), path).toBeLessThan(40)
    }
    // "System" with a dark system: no class, and still dark, by the stylesheet alone.
    await page.context().clearCookies()
    await page.emulateMedia({ colorScheme: 'dark' })
    for (const [path, shown] of pages) {
      await page.goto(path)
      await expect(shown).toBeVisible()
      expect(await page.locator('html').getAttribute('class'), path).toBeNull()
      expect(await background(), path).toBeLessThan(40)
    }
  })

  test('a theme chosen in the cookie alone (no stored choice in this browser) is the page\'s and the switch\'s once the app runs', async ({ page, baseURL }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.context().addCookies([{ name: 'chainglass-theme', value: 'dark', url: baseURL! }])
    await page.goto('/')
    await appRendered(page)
    await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'true')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  })

  test('injected fault: the WebSocket drops and reconnecting is refused; the banner shows, then the head is live again', async ({ page, request }) => {
    // The shared service must keep running for the other tests, so the drop and the refusals are made in
    // the browser's path. The drop comes once the page is live, and refusals last until the banner has been
    // seen and one more attempt was refused, so the check does not race the reconnect.
    let connections = 0
    let refusing = false
    let live: WebSocketRoute | null = null
    await page.routeWebSocket(/\/rpc\//, (socket) => {
      connections += 1
      if (refusing) {
        socket.close({ code: 1013, reason: 'injected refusal' })
        return
      }
      socket.connectToServer()
      live = socket
    })
    await openHome(page)
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    refusing = true
    await live!.close({ code: 1012, reason: 'injected drop' })
    await expect(page.getByTestId('connection-banner')).toBeVisible()
    await expect(page.getByTestId('connection-banner')).toContainText('Live updates paused')
    const refusedSoFar = connections
    await expect.poll(() => connections).toBeGreaterThan(refusedSoFar)
    refusing = false
    await expect(page.getByTestId('connection-banner')).toBeHidden()
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    const resumed = await mineBlocks(request)
    await expect.poll(() => shownHead(page)).toBeGreaterThanOrEqual(resumed)
  })

  test('injected fault: the node refuses eth_subscribe (-32601): a neutral "polling every 3 s" note, no outage banner, and the head keeps moving over HTTP', async ({ page, request }) => {
    // Every engine here has subscriptions, so their refusal is made in the browser's path: the socket is the
    // real gateway's, only eth_subscribe is answered as a method it does not have.
    await page.routeWebSocket(/\/rpc\//, (socket) => {
      const server = socket.connectToServer()
      socket.onMessage((message) => {
        const call = JSON.parse(String(message)) as { id: number; method: string }
        if (call.method === 'eth_subscribe') socket.send(JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'the method eth_subscribe does not exist/is not available' } }))
        else server.send(message)
      })
      server.onMessage((message) => socket.send(message))
    })
    await page.goto('/')
    await expect(page.getByTestId('polling-badge')).toHaveText('polling every 3 s')
    await expect(page.getByTestId('polling-note')).toContainText('has no subscriptions')
    await expect(page.getByTestId('connection-banner')).toHaveCount(0)
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    await expect(page.getByTestId('head-number')).toBeVisible()
    // Polled every 3 s: a block mined now is shown by the next poll.
    const mined = await mineBlocks(request)
    await expect.poll(() => shownHead(page)).toBeGreaterThanOrEqual(mined)
  })
})
