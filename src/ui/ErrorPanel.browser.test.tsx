import { afterEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { createRoot, type Root } from 'react-dom/client'
import { NetworkError, RpcError } from '../rpc/errors.ts'
import { expectNoStackTrace } from '../testing/pageChecks.ts'
import { ErrorPanel } from './ErrorPanel.tsx'

let root: Root | null = null
let host: HTMLElement | null = null
function show(node: React.ReactNode): void {
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
  root.render(node)
}
afterEach(() => {
  root?.unmount()
  host?.remove()
})

describe('the error panel', () => {
  it("shows the node's own message for a JSON-RPC error, and no stack", async () => {
    show(<ErrorPanel error={new RpcError('eth_call', { code: -32000, message: 'execution reverted' })} />)
    await expect.element(page.getByTestId('error-detail')).toHaveTextContent('execution reverted')
    expectNoStackTrace()
  })

  it('offers a retry for a failure that may pass, and runs it', async () => {
    let retried = 0
    show(<ErrorPanel error={new NetworkError('eth_blockNumber', new TypeError('Failed to fetch'))} onRetry={() => retried++} />)
    await userEvent.click(page.getByTestId('error-retry'))
    expect(retried).toBe(1)
  })

  for (const theme of ['light', 'dark'] as const) {
    it(`looks as it did (${theme})`, async () => {
      document.documentElement.classList.toggle('dark', theme === 'dark')
      show(<ErrorPanel error={new RpcError('eth_getBlockByNumber', { code: -32000, message: 'header not found' })} />)
      await expect.element(page.getByTestId('error-panel')).toBeVisible()
      await expect(page.getByTestId('error-panel')).toMatchScreenshot(`error-panel-${theme}`)
      document.documentElement.classList.remove('dark')
    })
  }
})
