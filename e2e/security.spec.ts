import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { concatHex, encodeAbiParameters, keccak256, size, toBytes, type Hex } from 'viem'
import { configElementId, firstScreenStateElementId } from '../contract/pageConfig.ts'
import { addNetworkInSettings, appRendered, devAccount, fundTestAccount, rpcUrl, scriptPrefetches, watchDialogs, watchInFlight, watchReports } from './helpers.ts'
import { devnet } from './service.ts'
import { scenarioReady, tourStops, visit, type Stop } from './tour.ts'

/**
 * Browser security, against the real service and the built app:
 * - the Content-Security-Policy header (server/csp.ts) is sent, allows no inline script and connects only to
 *   the configured networks, and every page works under it with no violation;
 * - chain content planted on the devnet (a revert reason, event data decoded as text) that carries markup
 *   and script is shown as text and runs nothing;
 * - the key and secret never appear where they must not: request URLs (the key only as the spec's path
 *   segment), the document, storage, the console.
 */

type ServedNetwork = { name: string; rpcBase: string; wsBase: string; ipfsUrl: string | null; key: string; secret: string }
type ServedConfig = { defaultNetwork: string; networks: ServedNetwork[] }

const config = async (request: APIRequestContext) => (await (await request.get('/config.json')).json()) as ServedConfig

/** The policy's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map((tokens) => [tokens[0]!, tokens.slice(1)]),
  )
}

type Violation = { directive: string; blocked: string; sample: string }

/** Records every securitypolicyviolation of each document the page loads, from before the app's first script. */
async function watchViolations(page: Page): Promise<{ console: string[] }> {
  await page.addInitScript(() => {
    const seen: Array<{ directive: string; blocked: string; sample: string }> = []
    ;(window as unknown as { cspViolations: typeof seen }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample }))
  })
  const console: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) console.push(message.text())
  })
  return { console }
}

/** The tour's stops in three parts, each walked by a test of its own (a whole walk is long for one test). */
const tourParts = ['first', 'second', 'third'] as const
const partOf = (stops: Stop[], part: number) => {
  const size = Math.ceil(stops.length / tourParts.length)
  return stops.slice(part * size, (part + 1) * size)
}

const violationsOf = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations)

// ---- the devnet, for planting content -------------------------------------------------------------------

/**
 * Accounts 10-19 and 24-26 are the tests'. This suite's tests run in parallel, so each that sends has its own
 * account (a shared one's pending nonce is taken twice): the planted-content test sends from 10, the revert
 * reason's from 26.
 */
const planter = 10
const reasonPlanter = 26

type Receipt = { status: Hex; blockNumber: Hex; transactionHash: Hex; contractAddress: Hex | null }

/** The gateway's URL, read from /config.json once per worker rather than before every call. */
let gateway: Promise<string> | undefined
const gatewayUrl = (request: APIRequestContext) => (gateway ??= rpcUrl(request))

async function rpc<T>(request: APIRequestContext, method: string, params: unknown[]): Promise<{ result?: T; error?: { code: number; message: string; data?: Hex } }> {
  const response = await request.post(await gatewayUrl(request), { data: { jsonrpc: '2.0', id: 1, method, params } })
  return (await response.json()) as { result?: T; error?: { code: number; message: string; data?: Hex } }
}

async function result<T>(request: APIRequestContext, method: string, params: unknown[]): Promise<T> {
  const reply = await rpc<T>(request, method, params)
  if (reply.error) throw new Error(`${method}: ${reply.error.message}`)
  return reply.result as T
}

async function send(request: APIRequestContext, index: number, tx: { to?: Hex; data?: Hex; value?: bigint; gas: bigint }, status: Hex = '0x1'): Promise<Receipt> {
  const account = devAccount(index)
  const [chainId, nonce, block] = await Promise.all([
    result<Hex>(request, 'eth_chainId', []),
    result<Hex>(request, 'eth_getTransactionCount', [account.address, 'pending']),
    result<{ baseFeePerGas: Hex }>(request, 'eth_getBlockByNumber', ['latest', false]),
  ])
  const tip = 1_000_000_000n
  const raw = await account.signTransaction({
    type: 'eip1559',
    chainId: Number(chainId),
    nonce: Number(nonce),
    to: tx.to ?? null,
    data: tx.data,
    value: tx.value ?? 0n,
    gas: tx.gas,
    maxPriorityFeePerGas: tip,
    maxFeePerGas: BigInt(block.baseFeePerGas) * 2n + tip,
  })
  const hash = await result<Hex>(request, 'eth_sendRawTransaction', [raw])
  let receipt: Receipt | null = null
  await expect.poll(async () => (receipt = (await rpc<Receipt | null>(request, 'eth_getTransactionReceipt', [hash])).result ?? null)).not.toBeNull()
  expect(receipt!.status).toBe(status)
  return receipt!
}

async function fund(request: APIRequestContext, index: number): Promise<void> {
  await fundTestAccount(request, await gatewayUrl(request), devAccount(index).address)
}

/** Creation code that stores `runtime` as the contract's code. */
function deployable(runtime: Hex): Hex {
  const length = size(runtime)
  // PUSH1 len, DUP1, PUSH1 11 (this prefix's length), PUSH1 0, CODECOPY, PUSH1 0, RETURN
  return concatHex([`0x60${length.toString(16).padStart(2, '0')}80600b6000396000f3`, runtime])
}

/** Reverts with its calldata as the revert data: hand it Error(string) and the reason is whatever string it was given. */
const revertEchoRuntime: Hex = '0x366000600037366000fd'
const noteTopic = keccak256(toBytes('Note(string)'))
/** Logs its calldata as the data of a Note(string) event. */
const noteEchoRuntime: Hex = concatHex(['0x366000600037', '0x7f', noteTopic, '0x366000a100'])

const errorString = (reason: string): Hex => concatHex(['0x08c379a0', encodeAbiParameters([{ type: 'string' }], [reason])])

async function deploy(request: APIRequestContext, runtime: Hex, from = planter): Promise<Hex> {
  const receipt = await send(request, from, { data: deployable(runtime), gas: 200_000n })
  expect(await result<Hex>(request, 'eth_getCode', [receipt.contractAddress, 'latest'])).toBe(runtime)
  return receipt.contractAddress!
}

/** Elements the planted markup would have made, had it become HTML. */
async function injected(page: Page): Promise<number> {
  // The page's own data blocks (JSON, never run) are there until the app has read them.
  return page.locator(`img[src="x"], [onerror], [onload], script:not([src]):not(#${configElementId}):not(#${firstScreenStateElementId}), b.planted, iframe:not([data-testid])`).count()
}

type Credentials = Pick<ServedNetwork, 'rpcBase' | 'ipfsUrl' | 'key' | 'secret'>

/** The devnet's key and secret as the service configures them (e2e/service.ts): the browser is given neither. */
function devnetCredentials(): Credentials {
  expect(devnet.key.length).toBeGreaterThan(3)
  expect(devnet.secret.length).toBeGreaterThan(3)
  return devnet
}

type Snapshot = { where: string; url: string; html: string; values: string[]; local: Record<string, string>; session: Record<string, string> }
type Watched = { urls: string[]; consoleLines: string[]; snapshots: Snapshot[]; snap(where: string): Promise<void> }

/** Every URL the page asks for, every console line, and a snapshot of the document and storage when asked. */
function watchCredentials(page: Page): Watched {
  const watched: Watched = {
    urls: [],
    consoleLines: [],
    snapshots: [],
    snap: async (where) => {
      watched.snapshots.push({
        where,
        url: page.url(),
        ...(await page.evaluate(() => {
          const dump = (storage: Storage) => Object.fromEntries(Object.keys(storage).map((name) => [name, storage.getItem(name) ?? '']))
          return {
            // Markup, text and every attribute; input values are properties, read on their own.
            html: document.documentElement.outerHTML,
            values: [...document.querySelectorAll('input, textarea, select')].map((field) => (field as HTMLInputElement).value),
            local: dump(localStorage),
            session: dump(sessionStorage),
          }
        })),
      })
    },
  }
  page.on('request', (sent) => watched.urls.push(sent.url()))
  page.on('websocket', (socket) => watched.urls.push(socket.url()))
  page.on('console', (message) => watched.consoleLines.push(message.text()))
  page.on('pageerror', (error) => watched.consoleLines.push(String(error)))
  return watched
}

/**
 * `keyInUrls`: 'never' for the configured networks (the app server adds the key: the browser never has it);
 * 'as its path segment' for a network the user added with their key, which the browser sends as the spec's
 * /v3/<key> or /ws/v3/<key> and nowhere else.
 */
function expectNoCredentials({ urls, consoleLines, snapshots }: Watched, { key, secret }: Pick<Credentials, 'key' | 'secret'>, keyInUrls: 'never' | 'as its path segment'): void {
  const where = (text: string, needle: string) => text.includes(needle)
  const keyPath = new RegExp(`/(ws/)?v3/${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[/?#])`)
  const allowed = (url: string) => keyInUrls === 'as its path segment' && keyPath.test(new URL(url).pathname) && !where(new URL(url).pathname.replace(keyPath, ''), key) && !where(new URL(url).search, key)
  expect(urls.filter((url) => where(url, key) && !allowed(url))).toEqual([])
  expect(urls.some((url) => keyPath.test(url))).toBe(keyInUrls === 'as its path segment')
  expect(urls.filter((url) => where(url, secret))).toEqual([])
  expect(consoleLines.filter((line) => where(line, key) || where(line, secret))).toEqual([])
  for (const snapshot of snapshots) {
    expect(where(snapshot.url, key) || where(snapshot.url, secret), `${snapshot.where}: address bar`).toBe(false)
    expect(where(snapshot.html, key), `${snapshot.where}: the document holds the key`).toBe(false)
    expect(where(snapshot.html, secret), `${snapshot.where}: the document holds the secret`).toBe(false)
    expect(snapshot.values.filter((value) => where(value, key) || where(value, secret)), `${snapshot.where}: a field holds a credential`).toEqual([])
    // localStorage: the user's own network record holds its key (settings/userNetworks.ts); nothing else does,
    // and the secret is not there since "remember on this device" was not ticked.
    const localWithKey = Object.entries(snapshot.local).filter(([, value]) => where(value, key)).map(([name]) => name)
    expect(localWithKey.every((name) => name === 'chainglass.networks'), `${snapshot.where}: localStorage ${localWithKey.join(', ')}`).toBe(true)
    expect(Object.values(snapshot.local).some((value) => where(value, secret)), `${snapshot.where}: localStorage holds the secret`).toBe(false)
    // sessionStorage: only the entered credentials, for this tab, under their own name.
    const sessionWithSecret = Object.entries(snapshot.session).filter(([, value]) => where(value, secret) || where(value, key)).map(([name]) => name)
    expect(sessionWithSecret.every((name) => name === 'chainglass.files.credentials.own-store'), `${snapshot.where}: sessionStorage ${sessionWithSecret.join(', ')}`).toBe(true)
  }
}

test.describe('browser security', () => {
  // Each test opens its own pages: they may run on any worker, side by side.
  test.describe.configure({ mode: 'parallel' })
  // Several pages per test against a live chain on a shared machine.

  test('the policy header: no inline script or eval, connect-src this origin and what the operator allows, and the built page has no inline script', async ({ request }) => {
    // blob: reads back a preview's bytes the page already holds; 'self' is the app server, which the configured
    // networks are reached through; the rest are the nodes on this machine a user may add, which the deployment
    // `npm start` makes allows by default (issue 42: 127.0.0.1 and localhost, any port, HTTP and WebSocket).
    const loopback = ['http://127.0.0.1:*', 'ws://127.0.0.1:*', 'http://localhost:*', 'ws://localhost:*']
    const expected = new Set<string>(["'self'", 'blob:', ...loopback])
    for (const path of ['/', '/block/1', '/files', '/no-such-page']) {
      const response = await request.get(path)
      expect(response.status()).toBe(200)
      const policy = response.headers()['content-security-policy'] ?? ''
      const parsed = directives(policy)
      expect(parsed.get('script-src'), path).toEqual(["'self'"])
      expect(parsed.get('default-src'), path).toEqual(["'self'"])
      expect(parsed.get('object-src')).toEqual(["'none'"])
      expect(parsed.get('base-uri')).toEqual(["'none'"])
      expect(parsed.get('frame-ancestors')).toEqual(["'none'"])
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/)
      // The only wildcards are the loopback sources' ports: no host or scheme is open.
      expect(policy.replaceAll(/(?:http|ws):\/\/(?:127\.0\.0\.1|localhost):\*/g, '')).not.toContain('*')
      expect(new Set(parsed.get('connect-src'))).toEqual(expected)
    }
    // The page as served (a page the server does not render first; the rendered ones are first-screen.spec's):
    // every <script> that runs loads a file of the app's own origin; the one with a body is a JSON data block
    // (never run, whatever the policy): the runtime config, which reads back as /config.json. Every chunk the
    // head prefetches (the app's start and the page's own) is a file the server has.
    const html = await (await request.get('/files')).text()
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    const data = scripts.filter(([, attributes]) => /\btype="application\/json"/.test(attributes!))
    expect(data.map(([, attributes]) => /\bid="([^"]+)"/.exec(attributes!)?.[1])).toEqual(['chainglass-config'])
    expect(JSON.parse(data[0]![2]!)).toEqual(await config(request))
    const files = scriptPrefetches(html)
    expect(files.some((file) => /\/FilesPage-[\w-]+\.js$/.test(file))).toBe(true)
    for (const file of files) {
      expect(file).toMatch(/^\/assets\/[\w.-]+\.js$/)
      expect((await request.get(file)).status(), file).toBe(200)
    }
    const run = scripts.filter((script) => !data.includes(script))
    expect(run.length).toBeGreaterThan(0)
    for (const [, attributes, body] of run) {
      expect(attributes).toMatch(/\bsrc="\/[^"/][^"]*"/)
      expect(body!.trim()).toBe('')
    }
    expect(html).not.toMatch(/\son[a-z]+=/i)
  })

  // The tour's pages in three parts, each a test of its own: they can run side by side.
  for (const [part, name] of tourParts.entries()) {
    test(`every page works under the policy with no violation (the tour's ${name} third)`, async ({ page, request }) => {
      const watched = await watchViolations(page)
      const inFlight = watchInFlight(page)
      const stops = partOf(await tourStops(request), part)
      const found: Record<string, Violation[]> = {}
      for (const stop of stops) {
        await visit(page, stop)
        // Late requests and styles get their chance to trip the policy: nothing is loading when it is read.
        await inFlight.settled()
        const violations = await violationsOf(page)
        if (violations.length > 0) found[stop.name] = violations
      }
      expect(found).toEqual({})
      expect(watched.console).toEqual([])
    })
  }

  test('the SVG preview works under the policy, and what the policy forbids is refused', async ({ page }) => {
    const watched = await watchViolations(page)
    const inFlight = watchInFlight(page)
    const found: Record<string, Violation[]> = {}
    // The SVG preview's sandboxed frame inherits the policy: its one stylesheet is allowed by hash.
    await page.goto('/files')
    await page.getByTestId('file-input').setInputFiles([{ name: `policy-${Date.now()}.svg`, mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#4f46e5"/></svg>') }])
    await page.getByTestId('upload-row').last().getByTestId('upload-preview').click()
    await expect(page.getByTestId('preview')).toHaveAttribute('data-kind', 'svg')
    await inFlight.settled()
    const afterPreview = await violationsOf(page)
    if (afterPreview.length > 0) found['files-svg-preview'] = afterPreview
    expect(found).toEqual({})
    expect(watched.console).toEqual([])

    // The same listener sees what the policy refuses: an injected inline script, and a request to an origin
    // off this machine that no network is configured at (192.0.2.1, a documentation address: nothing is sent).
    const outcome = await page.evaluate(async () => {
      const script = document.createElement('script')
      script.textContent = 'window.inlineRan = true'
      document.body.append(script)
      const fetched = await fetch('http://192.0.2.1:19199/v3/anything').then(
        () => 'sent',
        () => 'refused',
      )
      return { ran: (window as unknown as { inlineRan?: boolean }).inlineRan === true, fetched }
    })
    expect(outcome).toEqual({ ran: false, fetched: 'refused' })
    // The browser reports each refusal as an event of its own, after the fact: both are waited for.
    await expect.poll(async () => (await violationsOf(page)).map((violation) => violation.directive).sort()).toEqual(['connect-src', 'script-src-elem'])
    const refused = await violationsOf(page)
    expect(refused.find((violation) => violation.directive === 'connect-src')!.blocked).toMatch(/^http:\/\/192\.0\.2\.1:19199/)
  })

  test('settings: a network on an origin the policy does not allow fails its test and the page says it is the deployment’s policy', async ({ page }) => {
    await page.goto('/settings')
    await page.getByTestId('add-network').click()
    const form = page.getByTestId('network-form')
    await form.getByTestId('field-label').fill('Elsewhere')
    await form.getByTestId('field-name').fill('elsewhere')
    await form.getByTestId('field-rpcBase').fill('http://192.0.2.1:19198')
    await form.getByTestId('field-chainId').fill('1')
    await form.getByTestId('field-key').fill('k')
    await form.getByTestId('network-form-test').click()
    const note = page.getByTestId('probe-http-csp')
    await expect(note).toContainText('Content-Security-Policy does not allow connections to http://192.0.2.1:19198')
    await expect(note).toContainText('CHAINGLASS_CSP_CONNECT_SRC')
    await expect(page.getByTestId('probe-websocket-csp')).toContainText('ws://192.0.2.1:19198')
    // Refused, not timed out: Chromium reports a blocked WebSocket with an error event and no close.
    await expect(page.getByTestId('probe-websocket')).toHaveAttribute('data-cause', 'unreachable')
    await expect(page.getByTestId('probe-http')).toHaveAttribute('data-cause', 'unreachable')
  })

  test('a revert reason and event data planted on the devnet with markup and script are shown as text, and nothing runs', async ({ page, request }) => {
    const inFlight = watchInFlight(page)
    await scenarioReady()
    await fund(request, planter)
    const revertEcho = await deploy(request, revertEchoRuntime)
    const noteEcho = await deploy(request, noteEchoRuntime)
    const reason = `<img src=x onerror="alert('revert')"><script>alert('revert-script')</script><b class="planted">bold?</b>`
    // Short enough (42 characters) for the logs table to show it whole rather than elided.
    const note = '<img src=x onerror=alert(1) class=planted>'
    const caller = devAccount(planter).address

    // What the gateway says, asked here: the spec's `execution reverted: <reason>` with the reason verbatim.
    const callData = errorString(reason)
    const answer = await rpc(request, 'eth_call', [{ from: caller, to: revertEcho, data: callData }, 'latest'])
    expect(answer.error?.message).toBe(`execution reverted: ${reason}`)
    const noted = await send(request, planter, { to: noteEcho, data: encodeAbiParameters([{ type: 'string' }], [note]), gas: 100_000n })
    const logs = await result<Array<{ topics: Hex[]; data: Hex }>>(request, 'eth_getLogs', [{ address: noteEcho, fromBlock: noted.blockNumber, toBlock: noted.blockNumber }])
    expect(logs.map((log) => log.topics[0])).toEqual([noteTopic])

    const dialogs = watchDialogs(page)
    const watched = await watchViolations(page)

    await page.goto(`/call?${new URLSearchParams({ from: caller, to: revertEcho, data: callData })}`)
    await expect(page.getByTestId('call-status')).toHaveText('reverted')
    await expect(page.getByTestId('revert-reason')).toHaveText(reason)
    await expect(page.getByTestId('revert-message')).toHaveText(answer.error!.message)
    expect(await injected(page)).toBe(0)

    const number = Number(BigInt(noted.blockNumber))
    await page.goto(`/logs?address=${noteEcho}&fromBlock=${number}&toBlock=${number}&events=${encodeURIComponent('event Note(string text)')}`)
    await expect(page.getByTestId('log-event')).toHaveText('Note')
    await expect(page.getByTestId('log-arg-text')).toHaveAttribute('data-value', note)
    await expect(page.getByTestId('log-arg-text')).toHaveText(note)
    expect(await injected(page)).toBe(0)

    // The transaction that carried it: input and log data on its page.
    await page.goto(`/tx/${noted.transactionHash}`)
    await expect(page.getByTestId('tx-overview')).toBeVisible()
    await expect(page.getByTestId('tx-status').locator('[data-status]')).toBeVisible()
    await inFlight.settled()
    expect(await injected(page)).toBe(0)

    expect(dialogs).toEqual([])
    expect(watched.console).toEqual([])
    // Had any of it become markup, the policy would have refused the inline script and handler too.
    expect(await violationsOf(page)).toEqual([])
  })

  test('a failed transaction whose revert reason holds </script> and <!-- is rendered on the server: its data block ends once, and it hydrates with the reason as text', async ({ page, request }) => {
    await fund(request, reasonPlanter)
    const revertEcho = await deploy(request, revertEchoRuntime, reasonPlanter)
    const reason = `</script><!--<script>alert('state')</script><b class="planted">--></script>`
    const failed = await send(request, reasonPlanter, { to: revertEcho, data: errorString(reason), gas: 100_000n }, '0x0')

    // The page as the server sends it: the first screen's markup in #root, its data in one JSON block after it.
    const response = await request.get(`/tx/${failed.transactionHash}`)
    expect(response.status()).toBe(200)
    const html = await response.text()
    const blocks = [...html.matchAll(new RegExp(`<script type="application/json" id="${firstScreenStateElementId}"[^>]*>([\\s\\S]*?)</script>`, 'g'))]
    expect(blocks).toHaveLength(1)
    // Whatever the state holds from the chain, it is JSON and nothing else: it parses, and opens no comment.
    const state = blocks[0]![1]!
    expect(state).not.toMatch(/<!--|<\/script|<script/i)
    expect(() => JSON.parse(state)).not.toThrow()
    // After the block, the page goes on as its template does: the planted text ended nothing early.
    expect(html.slice(blocks[0]!.index! + blocks[0]![0].length)).toMatch(/^\s*<noscript>/)
    // In the markup the reason is text: its characters escaped, never a tag or a comment.
    expect(html).not.toContain(reason)
    expect(html).toContain('&lt;/script&gt;&lt;!--&lt;script&gt;')

    const reports = watchReports(page)
    const dialogs = watchDialogs(page)
    await watchViolations(page)
    await page.goto(`/tx/${failed.transactionHash}`)
    await appRendered(page)
    await expect(page.getByTestId('tx-failure-details').getByTestId('revert-reason')).toHaveText(reason)
    expect(await injected(page)).toBe(0)
    expect(dialogs).toEqual([])
    expect(reports).toEqual([])
    expect(await violationsOf(page)).toEqual([])
  })

  test('no page, /config.json or asset the app server sends holds the configured key or secret', async ({ request }) => {
    const { key, secret } = devnetCredentials()
    const pages = ['/', '/blocks', '/block/1', '/block/latest', '/files', '/settings', '/logs', '/no-such-page', '/config.json', '/contracts/devnet.json']
    // Every file of the build, as the server sends it (the app's code, its stylesheet, its fonts).
    const assets = fs.readdirSync(path.join(import.meta.dirname, '..', 'dist', 'assets')).filter((file) => !/\.(br|gz)$/.test(file)).map((file) => `/assets/${file}`)
    expect(assets.length).toBeGreaterThan(10)
    for (const where of [...pages, ...assets]) {
      const response = await request.get(where)
      expect(response.status(), where).toBeLessThan(400)
      const body = (await response.body()).toString('latin1')
      expect(body.includes(key), `${where} holds the key`).toBe(false)
      expect(body.includes(secret), `${where} holds the secret`).toBe(false)
    }
  })

  // The tour in three parts and the user's own store, each a test of its own (they can run side by side).
  for (const [part, name] of tourParts.entries()) {
    test(`the configured key and secret never reach the browser: no URL, document, storage or console line holds them: the tour's ${name} third`, async ({ page, request }) => {
      const credentials = devnetCredentials()
      const watched = watchCredentials(page)
      for (const stop of partOf(await tourStops(request), part)) {
        await visit(page, stop)
        await watched.snap(stop.name)
      }
      expectNoCredentials(watched, credentials, 'never')
    })
  }

  test('the key and secret never appear in a URL, the document, storage or the console: a user network with a file store and its secret entered', async ({ page }) => {
    const { rpcBase, ipfsUrl, key, secret } = devnetCredentials()
    const watched = watchCredentials(page)
    // A network the user adds with a file store and no secret; the secret is entered on /files, not remembered.
    await addNetworkInSettings(page, { label: 'Own store', name: 'own-store', rpcBase, chainId: '31337', ipfsUrl: ipfsUrl!, key })
    await watched.snap('settings with a user network')

    await page.goto('/files?network=own-store')
    await page.getByTestId('credentials-secret').fill(secret)
    await page.getByTestId('credentials-save').click()
    await expect(page.getByTestId('store-credentials')).toHaveText(/Entered for this tab/)
    await expect(page.getByTestId('store-version')).toBeVisible()
    await page.getByTestId('file-input').setInputFiles([{ name: 'with-secret-entered.txt', mimeType: 'text/plain', buffer: Buffer.from(`uploaded ${Date.now()}\n`) }])
    await expect(page.getByTestId('upload-row').last()).toHaveAttribute('data-state', 'done')
    await watched.snap('files with the secret entered')
    await page.reload()
    await expect(page.getByTestId('store-version')).toBeVisible()
    await watched.snap('files after a reload')

    expectNoCredentials(watched, { key, secret }, 'as its path segment')
    expect(watched.snapshots.at(-2)!.session['chainglass.files.credentials.own-store']).toContain(secret)
  })

})
