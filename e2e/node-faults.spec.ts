import { expect, test } from '@playwright/test'
import { startTestService, type TestService } from '../server/testing/service.ts'
import { shownHead } from './helpers.ts'

/**
 * Node faults as the app sees them: the chain process stops under the running app → a banner
 * says the node is down while it is; the chain process starts again → the banner goes and new blocks arrive,
 * with no reload.
 *
 * The suite's shared service cannot lose its chain without failing the suites running beside it, so this
 * spec starts a service of its own in the test worker (real anvil, real gateway, the built app, on ports the
 * OS picks) and stops its anvil the way server/gateway/faults.test.ts does: a real SIGTERM to the chain
 * process, no switch in the gateway.
 */

let service: TestService

test.beforeAll(async () => {
  // A still chain: the test mines each block it waits for, straight on the node (evm_mine is not the gateway's).
  service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0', CHAINGLASS_UPSTREAM_TIMEOUT_MS: '3000' }, { app: true })
})
test.afterAll(async () => {
  await service?.close()
})

/**
 * Holds for `ms`: the condition must be true at every look (every 250 ms), not just once. Time is the subject
 * here (a banner that does not flicker away), the suite's one wait of its kind.
 */
async function holds(what: string, ms: number, condition: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    expect(await condition(), what).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

async function mine(): Promise<number> {
  await service.node('evm_mine')
  return Number(BigInt((await service.node('eth_blockNumber')) as string))
}

test.describe('node faults', () => {
  test('the chain process stops: a banner says so while the node is down; it starts again: the banner goes and blocks arrive, no reload', async ({ page }) => {
    await page.goto(service.urls.app!)
    await expect(page.getByTestId('head-number')).toBeVisible()
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    const mined = await mine()
    await expect.poll(() => shownHead(page)).toBe(mined)
    await expect(page.getByTestId('connection-banner')).toBeHidden()
    // A marker on window would vanish with a reload.
    await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true))

    await service.anvil.stop()
    const banner = page.getByTestId('connection-banner')
    await expect(banner).toBeVisible()
    await expect(banner).toContainText(/node/i)
    // Not a flicker: it stays for as long as the node is down.
    await holds('the banner stays while the node is down', 3_000, () => banner.isVisible())
    const headWhileDown = await shownHead(page)

    await service.anvil.start()
    await expect(banner).toBeHidden()
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    const minedAfter = await mine()
    expect(minedAfter).toBeGreaterThan(headWhileDown)
    await expect.poll(() => shownHead(page)).toBe(minedAfter)
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true)
  })
})
