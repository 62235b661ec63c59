import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import filesRecording from '../../../testdata/components/local-files.json'
import { expectNoSeriousAxeFindings } from '../../testing/accessibility.ts'
import { FileStoreReplay, type RecordedHttp } from '../../testing/fileStoreReplay.ts'
import { expectNoSidewaysScroll, expectNoStackTrace, narrow, tallAsThePage, wide } from '../../testing/pageChecks.ts'
import { localNetwork, renderApp, settled } from '../../testing/renderApp.tsx'

// The DAG explorer on the local store's answers for the recorded text file (scripts/record-files.ts): its block
// (dag-pb, a UnixFS file), and a CID the store never held.
const recording = filesRecording as { facts: { cid: string; text: string; unknown: string }; requests: RecordedHttp[] }
const { cid, text, unknown } = recording.facts
const answer = (command: string, arg: string) => recording.requests.find((request) => request.command === command && new URLSearchParams(request.query).get('arg') === arg)!
const size = (JSON.parse(answer('block/stat', cid).body) as { Size: number }).Size
const network = { ...localNetwork, ipfsUrl: 'http://files.replay.invalid', secret: 'recorded' }

describe('the DAG explorer', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [wide, narrow]) {
      it(`shows a block's codec, sizes, CIDs, UnixFS type and contents, and fits the window (${theme}, ${viewport.width} px)`, async () => {
        await renderApp(`/files/explore/${cid}`, { network, fileStore: new FileStoreReplay(recording.requests), theme, viewport })
        await expect.element(page.getByTestId('explore-codec')).toHaveTextContent('dag-pb')
        await expect.element(page.getByTestId('explore-size')).toHaveTextContent(`${size} bytes`)
        await expect.element(page.getByTestId('explore-dag-size')).toHaveTextContent(`${size} bytes in 1 block`)
        await expect.element(page.getByTestId('explore-unixfs')).toHaveTextContent('file')
        await expect.element(page.getByTestId('explore-data-size')).toHaveTextContent(`${text.length} bytes of a file of ${text.length} bytes`)
        await expect.element(page.getByTestId('explore-v0')).toHaveTextContent(cid)
        await expect.element(page.getByTestId('explore-hex')).toHaveTextContent('48 65 6c 6c 6f 20 66 72')
        await settled()
        expectNoSidewaysScroll()
        expectNoStackTrace()
        if (viewport === wide) await expectNoSeriousAxeFindings(`/files/explore (${theme})`)
        await tallAsThePage(viewport, settled)
        await expect(page.getByRole('main')).toMatchScreenshot(`explore-${theme}-${viewport.width}`)
      })
    }
  }

  it('says plainly that the store does not hold a block it never stored', async () => {
    await renderApp(`/files/explore/${unknown}`, { network, fileStore: new FileStoreReplay(recording.requests) })
    await expect.element(page.getByTestId('explore-error')).toHaveTextContent('not found')
    expectNoStackTrace()
  })

  it('explains a CID that is not one, asking the store nothing', async () => {
    const store = new FileStoreReplay(recording.requests)
    await renderApp('/files/explore/not-a-cid', { network, fileStore: store })
    await expect.element(page.getByTestId('explore-problem')).toBeVisible()
    expect(store.asked.filter((key) => !key.startsWith('version'))).toEqual([])
  })
})
