import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import filesRecording from '../../../testdata/components/local-files.json'
import { FileStoreReplay, type RecordedHttp } from '../../testing/fileStoreReplay.ts'
import { expectNoSidewaysScroll, expectNoStackTrace, narrow } from '../../testing/pageChecks.ts'
import { localNetwork, renderApp } from '../../testing/renderApp.tsx'

// The files page while its store is slow, down, or refusing the credentials (the local store's own 401, recorded
// by scripts/record-files.ts with a wrong secret).
const recording = filesRecording as { requests: RecordedHttp[]; refused: RecordedHttp[] }
const pinned = Object.keys((JSON.parse(recording.requests.find((request) => request.command === 'pin/ls')!.body) as { Keys: Record<string, unknown> }).Keys)
const refusal = JSON.parse(recording.refused.find((request) => request.command === 'pin/ls')!.body) as { Message: string }
const network = { ...localNetwork, ipfsUrl: 'http://files.replay.invalid', secret: 'recorded' }

describe('the files page while its store is not answering as it should', () => {
  it('says it is checking and holds the pin list in placeholders while the store has not answered', async () => {
    const store = new FileStoreReplay(recording.requests)
    store.mode = 'hang'
    await renderApp('/files', { network, fileStore: store })
    await expect.element(page.getByTestId('store-status')).toHaveAttribute('data-state', 'busy')
    await expect.element(page.getByTestId('store-status')).toHaveTextContent('Checking')
    expect(document.querySelector('[data-testid="pin-table"]')).toBeNull()
    expect(document.querySelector('[data-testid="pins-error"]')).toBeNull()
    // The upload panel does not wait on the store: a file can be chosen at once.
    await expect.element(page.getByTestId('upload-limit')).toBeVisible()
    expectNoStackTrace()
  })

  it('says the store cannot be reached, with a retry that brings the pins once it answers, at 390 px too', async () => {
    const store = new FileStoreReplay(recording.requests)
    store.mode = 'down'
    await renderApp('/files', { network, fileStore: store, viewport: narrow })
    await expect.element(page.getByTestId('store-status')).toHaveAttribute('data-state', 'down')
    await expect.element(page.getByTestId('store-status')).toHaveTextContent('No answer')
    const notice = page.getByTestId('pins-error')
    await expect.element(notice).toHaveTextContent('The file store cannot be reached')
    expectNoStackTrace()
    expectNoSidewaysScroll()
    store.mode = 'answer'
    await userEvent.click(notice.getByRole('button', { name: 'Try again' }))
    await expect.poll(() => page.getByTestId('pin-cid').elements().map((cell) => cell.getAttribute('title'))).toEqual(expect.arrayContaining(pinned))
    expect(document.querySelector('[data-testid="pins-error"]')).toBeNull()
  })

  it('says once that the store refused the key and secret, with the store’s own words', async () => {
    expect(recording.refused.map((request) => request.status)).toEqual([401, 401, 401, 401])
    await renderApp('/files', { network, fileStore: new FileStoreReplay(recording.refused) })
    const notice = page.getByTestId('files-auth-error')
    await expect.element(notice).toHaveTextContent('The file store refused the key and secret')
    await expect.element(notice).toHaveTextContent(refusal.Message)
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(1)
    expect(document.querySelector('[data-testid="pin-table"]')).toBeNull()
    expectNoStackTrace()
  })
})
