import { randomBytes } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { fileStore } from './service.ts'

/**
 * The Files page's remote pinning against the real service's own Pinning Service API: the store's service added
 * from the suggestion (through the app server, which adds the token), a pin watched from queued to pinned, removed,
 * the local pins mirrored; and the same API added by endpoint and token, called from the browser straight (CORS),
 * with a wrong token shown as the service's refusal.
 */

const basic = { authorization: `Basic ${Buffer.from(`${fileStore.key}:${fileStore.secret}`).toString('base64')}` }
const bearer = { authorization: `Bearer ${fileStore.secret}` }

async function addDirect(request: APIRequestContext, content: string, pin: boolean): Promise<string> {
  const response = await request.post(`${fileStore.url}/api/v0/add?pin=${pin}`, { headers: basic, multipart: { file: { name: 'remote.txt', mimeType: 'text/plain', buffer: Buffer.from(content) } } })
  expect(response.status()).toBe(200)
  return (JSON.parse((await response.text()).trim().split('\n').at(-1)!) as { Hash: string }).Hash
}

/** What the service itself lists for a CID, in any status (its own API, not the page). */
async function requestsFor(request: APIRequestContext, cid: string): Promise<Array<{ status: string; pin: { cid: string } }>> {
  const response = await request.get(`${fileStore.url}/pinning/pins?cid=${cid}&status=queued,pinning,pinned,failed`, { headers: bearer })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { results: Array<{ status: string; pin: { cid: string } }> }).results
}

async function openFiles(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/files')
  await expect(page.getByTestId('store-status')).toHaveAttribute('data-state', 'ok')
  await page.getByTestId('remote-pinning').scrollIntoViewIfNeeded()
}

const remoteRow = (page: Page, cid: string) => page.locator(`[data-testid="remote-pin"][data-cid="${cid}"]`)

test.describe('remote pinning', () => {
  test('adds the store’s own service, pins a CID there and sees it pinned, removes it, and mirrors the local pins', async ({ page, request }) => {
    const unpinned = await addDirect(request, `held, not pinned ${randomBytes(8).toString('hex')}\n`, false)
    const localPin = await addDirect(request, `pinned locally ${randomBytes(8).toString('hex')}\n`, true)
    await openFiles(page)
    await expect(page.getByTestId('remote-empty')).toBeVisible()
    await page.getByTestId('remote-suggested-add').click()
    await expect(page.getByTestId('remote-service')).toHaveAttribute('data-service', 'Local devnet file store')
    await expect(page.getByTestId('remote-service')).toContainText('token added by this server')

    await page.getByTestId('remote-pin-cid-input').fill(unpinned)
    await page.getByTestId('remote-pin-submit').click()
    await expect(remoteRow(page, unpinned)).toHaveAttribute('data-status', 'pinned')
    expect((await requestsFor(request, unpinned)).map((item) => item.status)).toEqual(['pinned'])

    await remoteRow(page, unpinned).getByTestId('remote-pin-remove').click()
    await expect(remoteRow(page, unpinned)).toHaveCount(0)
    expect(await requestsFor(request, unpinned)).toEqual([])

    await page.getByTestId('remote-mirror').click()
    await expect(page.getByTestId('remote-mirror-result')).toContainText(/\d+ local pins? sent to Local devnet file store/)
    await expect(remoteRow(page, localPin)).toHaveAttribute('data-status', 'pinned')
    expect((await requestsFor(request, localPin)).map((item) => item.status)).toEqual(['pinned'])
    // The content never pinned locally is not sent.
    await expect(remoteRow(page, unpinned)).toHaveCount(0)
    await page.getByTestId('remote-mirror').click()
    await expect(page.getByTestId('remote-mirror-result')).toHaveText('Every local pin is already there.')

    // Kept in this browser: there after a reload.
    await page.reload()
    await expect(page.getByTestId('remote-service')).toHaveAttribute('data-service', 'Local devnet file store')
    await expect(page.getByTestId('remote-suggested')).toHaveCount(0)
  })

  test('a service added by endpoint and token is called from the browser straight; one the page may not reach, and a wrong token, are said plainly', async ({ page, request }) => {
    const content = await addDirect(request, `pinned straight from the browser ${randomBytes(8).toString('hex')}\n`, false)
    await openFiles(page)
    const addService = async (name: string, token: string) => {
      await page.getByTestId('remote-service-add').click()
      await page.getByTestId('remote-service-name').fill(name)
      await page.getByTestId('remote-service-endpoint').fill(name === 'Elsewhere' ? 'https://pinning.example/api' : `${fileStore.url}/pinning/pins`)
      await page.getByTestId('remote-service-token').fill(token)
      await page.getByTestId('remote-service-save').click()
    }

    await page.getByTestId('remote-service-add').click()
    await page.getByTestId('remote-service-save').click()
    await expect(page.getByTestId('remote-service-problem')).toContainText('name')
    await page.getByTestId('remote-service-add').click()

    // An origin this deployment's Content-Security-Policy does not allow: the browser refuses before sending anything.
    await addService('Elsewhere', 'a-token')
    const blocked = page.getByTestId('remote-pins-error')
    await expect(blocked).toContainText('The pinning service cannot be reached')
    await expect(blocked).toContainText('Content-Security-Policy does not allow connections to https://pinning.example')
    await page.getByTestId('remote-service-remove').click()

    await addService('Wrong token', 'not-the-token')
    const refusal = page.getByTestId('remote-pins-error')
    await expect(refusal).toContainText('The pinning service refused the access token')
    await expect(refusal.getByTestId('remote-pins-error-said')).toHaveText(/^HTTP 401 · UNAUTHORIZED · Access token is missing or invalid/)
    await page.getByTestId('remote-service-remove').click()

    await addService('Direct', fileStore.secret)
    // The endpoint is kept without /pins, as pinning services' settings take it.
    await expect(page.getByTestId('remote-service')).toContainText(`${fileStore.url}/pinning`)
    const preflights: string[] = []
    page.on('request', (sent) => {
      if (sent.method() === 'OPTIONS' || sent.url().startsWith(`${fileStore.url}/pinning`)) preflights.push(`${sent.method()} ${new URL(sent.url()).pathname}`)
    })
    await page.getByTestId('remote-pin-cid-input').fill(content)
    await page.getByTestId('remote-pin-submit').click()
    await expect(remoteRow(page, content)).toHaveAttribute('data-status', 'pinned')
    // Straight to the store's port, not through the app server.
    expect(preflights).toContain('POST /pinning/pins')
    expect((await requestsFor(request, content)).map((item) => item.status)).toEqual(['pinned'])
    await remoteRow(page, content).getByTestId('remote-pin-remove').click()
    await expect(remoteRow(page, content)).toHaveCount(0)
  })
})
