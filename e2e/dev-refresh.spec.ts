import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { localRuntimeConfig } from '../server/appServer.ts'
import { loadConfig } from '../server/config.ts'
import { startDevServer } from '../server/devServer.ts'
import { e2ePorts } from './ports.ts'

/**
 * `npm run dev` on real React: the dev server of server/dev.ts (the app's vite.config.ts) against the suite's
 * running service, and a real edit to a component's source while the page has state in that component. React
 * Fast Refresh swaps the component in place: the edit shows, no reload, the typed text stays. On Preact's
 * compat layer (before issue 40) the same config had Fast Refresh off and the edit reloaded the page.
 */

const searchBoxFile = path.join(import.meta.dirname, '..', 'src', 'ui', 'SearchBox.tsx')
const shownPlaceholder = 'Search by block, tag, hash or address'
const editedPlaceholder = 'Find a block, a hash or an address'

test.describe('npm run dev', () => {
  let dev: Awaited<ReturnType<typeof startDevServer>> | null = null
  let original = ''
  let dataDir = ''

  test.beforeAll(async () => {
    original = fs.readFileSync(searchBoxFile, 'utf8')
    expect(original).toContain(`'${shownPlaceholder}'`)
    // The suite's own service (playwright.config.ts: its ports, the default key), as server/dev.ts configures it.
    const runtime = localRuntimeConfig(loadConfig({}), { rpc: e2ePorts.rpc, files: e2ePorts.files })
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-dev-refresh-'))
    dev = await startDevServer({ runtime, dataDir, port: 0 })
  })

  test.afterAll(async () => {
    // The source as it was, byte for byte, whatever the test did.
    if (original) fs.writeFileSync(searchBoxFile, original)
    await dev?.vite.close()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('an edit to a component shows without a reload and keeps its state (React Fast Refresh)', async ({ page }) => {
    await page.goto(`${dev!.url}/`)
    const search = page.getByRole('searchbox')
    await expect(search).toHaveAttribute('placeholder', shownPlaceholder)
    // The chain's head, read through the dev server's proxy to the suite's gateway.
    await expect(page.getByTestId('head-number')).toBeVisible()
    await search.fill('0x1234')
    // Gone if the page reloads: a reload makes a new window object.
    await page.evaluate(() => Object.assign(window, { chainglassNotReloaded: true }))

    fs.writeFileSync(searchBoxFile, original.replace(`'${shownPlaceholder}'`, `'${editedPlaceholder}'`))

    await expect(search).toHaveAttribute('placeholder', editedPlaceholder)
    await expect(search).toHaveValue('0x1234')
    expect(await page.evaluate(() => (window as { chainglassNotReloaded?: boolean }).chainglassNotReloaded)).toBe(true)
  })

  test('proxies the file store as the app server does: its RPC with Basic credentials, its pinning API with the Bearer token', async ({ request }) => {
    const version = await request.post(`${dev!.url}/files/devnet/api/v0/version`)
    expect(version.status()).toBe(200)
    const pins = await request.get(`${dev!.url}/files/devnet/pinning/pins?limit=1`)
    expect(pins.status()).toBe(200)
    expect(Object.keys((await pins.json()) as object).sort()).toEqual(['count', 'results'])
  })
})
