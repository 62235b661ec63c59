import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import filesRecording from '../../../testdata/components/local-files.json'
import { expectNoSeriousAxeFindings } from '../../testing/accessibility.ts'
import { FileStoreReplay, type RecordedHttp } from '../../testing/fileStoreReplay.ts'
import { expectNoSidewaysScroll, expectNoStackTrace, narrow, tallAsThePage, wide } from '../../testing/pageChecks.ts'
import { localNetwork, renderApp, settled } from '../../testing/renderApp.tsx'

// The local service's file store, as scripts/record-files.ts recorded it: one text file added and pinned.
const recording = filesRecording as { facts: { cid: string; text: string; unknown: string }; requests: RecordedHttp[] }
const { cid, text, unknown } = recording.facts
const answer = (command: string) => recording.requests.find((request) => request.command === command)!
const version = JSON.parse(answer('version').body) as { Version: string }
const pinned = Object.keys((JSON.parse(answer('pin/ls').body) as { Keys: Record<string, unknown> }).Keys)
const network = { ...localNetwork, ipfsUrl: 'http://files.replay.invalid', secret: 'recorded' }
const open = () => renderApp('/files', { network, fileStore: new FileStoreReplay(recording.requests) })

describe('the files page with its store', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const size of [wide, narrow]) {
      it(`shows the store and what it pins, and fits the window (${theme}, ${size.width} px)`, async () => {
        expect(pinned).toContain(cid)
        await renderApp('/files', { network, fileStore: new FileStoreReplay(recording.requests), theme, viewport: size })
        await expect.element(page.getByTestId('store-status')).toHaveAttribute('data-state', 'ok')
        await expect.element(page.getByTestId('store-version')).toHaveTextContent(version.Version)
        await expect.poll(() => page.getByTestId('pin-cid').elements().map((cell) => cell.getAttribute('title'))).toEqual(expect.arrayContaining(pinned))
        await settled()
        expectNoSidewaysScroll()
        expectNoStackTrace()
        if (size === wide) await expectNoSeriousAxeFindings(`/files with its store (${theme})`)
        await tallAsThePage(size, settled)
        await expect(page.getByRole('main')).toMatchScreenshot(`files-${theme}-${size.width}`)
      })
    }
  }

  it('reads a CID typed in and shows the text the store holds', async () => {
    await open()
    await userEvent.fill(page.getByTestId('read-cid-input'), cid)
    await userEvent.click(page.getByTestId('read-cid-submit'))
    await expect.element(page.getByTestId('preview-text')).toHaveTextContent(text.trim())
    expect(answer('cat').body).toBe(text)
  })

  it('takes the last preview away when the next CID typed is not one: the error stands alone', async () => {
    await open()
    await userEvent.fill(page.getByTestId('read-cid-input'), cid)
    await userEvent.click(page.getByTestId('read-cid-submit'))
    await expect.element(page.getByTestId('preview-text')).toHaveTextContent(text.trim())
    await userEvent.fill(page.getByTestId('read-cid-input'), 'not-a-cid')
    await userEvent.click(page.getByTestId('read-cid-submit'))
    await expect.element(page.getByTestId('read-cid-problem')).toBeVisible()
    await expect.element(page.getByTestId('preview-text')).not.toBeInTheDocument()
    // Fixed, it reads again.
    await userEvent.fill(page.getByTestId('read-cid-input'), cid)
    await userEvent.click(page.getByTestId('read-cid-submit'))
    await expect.element(page.getByTestId('preview-text')).toHaveTextContent(text.trim())
  })

  it('pins a CID typed in, as the store answered', async () => {
    expect((JSON.parse(answer('pin/add').body) as { Pins: string[] }).Pins).toEqual([cid])
    await open()
    await userEvent.fill(page.getByTestId('pin-cid-input'), cid)
    await userEvent.click(page.getByTestId('pin-cid-submit'))
    await expect.element(page.getByTestId('pin-cid-done')).toBeVisible()
  })

  it('says what is wrong with a CID that is not one, keeping it and asking nothing', async () => {
    const store = new FileStoreReplay(recording.requests)
    await renderApp('/files', { network, fileStore: store })
    const input = page.getByTestId('read-cid-input')
    await userEvent.fill(input, 'not-a-cid')
    await userEvent.click(page.getByTestId('read-cid-submit'))
    await expect.element(page.getByTestId('read-cid-problem')).toBeVisible()
    await expect.element(input).toHaveValue('not-a-cid')
    // The pin form explains a CID one character short, and keeps it.
    const pin = page.getByTestId('pin-cid-input')
    await userEvent.fill(pin, cid.slice(0, -1))
    await userEvent.click(page.getByTestId('pin-cid-submit'))
    await expect.element(page.getByTestId('pin-cid-problem')).toHaveTextContent('46 characters long')
    await expect.element(pin).toHaveValue(cid.slice(0, -1))
    expect(store.asked.some((key) => key.startsWith('cat?') || key.startsWith('pin/add?'))).toBe(false)
    expectNoStackTrace()
  })

  it('says plainly that the store does not hold a CID it never stored', async () => {
    expect(answer('cat').status).toBe(200)
    expect(recording.requests.find((request) => request.command === 'cat' && request.query.includes(unknown))!.status).not.toBe(200)
    await open()
    await userEvent.fill(page.getByTestId('read-cid-input'), unknown)
    await userEvent.click(page.getByTestId('read-cid-submit'))
    await expect.element(page.getByTestId('preview-error')).toBeVisible()
    expectNoStackTrace()
  })
})
