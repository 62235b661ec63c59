import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { expectNoSeriousAxeFindings } from './accessibility.ts'
import { expectNoSidewaysScroll, expectNoStackTrace, narrow, tabTo, tallAsThePage, wide } from './pageChecks.ts'
import { renderApp, settled } from './renderApp.tsx'
import type { Network } from '../../contract/runtimeConfig.ts'
import { ReplayTransport, type Recording } from './replay.ts'

/**
 * The states every page is checked in, the same way for each (the component layer): full (its values as the
 * recording has them, both themes, both widths, nothing scrolling sideways, a screenshot), loading (the node
 * hangs), the node's error and the network down (a clear message, never a stack trace or a blank page), and
 * Tab reaching its main control with the focus shown. Test-only.
 */
export type PageMatrix = {
  /** The page's name in the test titles and screenshot names. */
  name: string
  url: string
  recordings: readonly Recording[]
  /** The network the page is on (the local devnet unless given): a recorded sample for the layer-2 pages. */
  network?: Network
  /** Waits for the full state and checks its values against the recording. */
  full: () => Promise<void>
  /** Screenshots of the full state in both themes and widths (the main pages). */
  screenshots?: boolean
  /** What shows while the node has not answered; the default: something on the page says it is busy. */
  loading?: () => Promise<void>
  /**
   * What a failing node shows; the default: the error panel, with the node's message for its error. A page
   * that asks nothing until told to gets `act` first.
   */
  failure?: { act?: () => Promise<void>; expectMessage?: boolean }
  /** The control Tab must reach, once the page is full. */
  focus: () => Element
  /** Methods the page may ask that no recording needs to answer for this page's checks. */
  tolerate?: readonly string[]
  /**
   * The page's empty state, where it has one (a block with no transactions, an address with no activity):
   * another URL on the same page, its own recordings beside the page's, and what it must say. Screenshotted
   * at both widths with the full state's when `screenshots` is set.
   */
  empty?: { what: string; url: string; recordings: readonly Recording[]; check: () => Promise<void> }
}

/** The page's main part compared to its baseline, the window made as tall as the page first. */
async function screenshot(name: string, size: { width: number; height: number }): Promise<void> {
  await tallAsThePage(size, settled)
  await expect(page.getByRole('main')).toMatchScreenshot(name)
}

const nodeError = { code: -32000, message: 'the node is out of order for a moment' }

export function describePage(matrix: PageMatrix): void {
  const replay = (mode?: ReplayTransport['mode']) => {
    const made = new ReplayTransport().tolerate(...(matrix.tolerate ?? []))
    if (mode) made.mode = mode
    return made
  }
  const withRecordings = () => {
    const made = replay()
    for (const recording of matrix.recordings) made.add(recording)
    return made
  }

  describe(`the ${matrix.name} page`, () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const size of [wide, narrow]) {
        it(`shows what the recording holds and fits the window (${theme}, ${size.width} px)`, async () => {
          await renderApp(matrix.url, { replay: withRecordings(), theme, viewport: size, network: matrix.network })
          await matrix.full()
          await settled()
          expect(document.documentElement.classList.contains('dark')).toBe(theme === 'dark')
          expectNoSidewaysScroll()
          expectNoStackTrace()
          if (size === wide) await expectNoSeriousAxeFindings(`${matrix.url} (${theme})`)
          if (matrix.screenshots) await screenshot(`${matrix.name}-${theme}-${size.width}`, size)
        })
      }
    }

    const empty = matrix.empty
    if (empty) {
      for (const size of [wide, narrow]) {
        it(`says plainly when there is nothing to show: ${empty.what} (${size.width} px)`, async () => {
          const made = withRecordings()
          for (const recording of empty.recordings) made.add(recording)
          await renderApp(empty.url, { replay: made, viewport: size, network: matrix.network })
          await empty.check()
          await settled()
          expectNoSidewaysScroll()
          expectNoStackTrace()
          if (size === wide) await expectNoSeriousAxeFindings(`${empty.url} (${empty.what})`)
          if (matrix.screenshots) await screenshot(`${matrix.name}-empty-${size.width}`, size)
        })
      }
    }

    it('says it is loading while the node has not answered', async () => {
      await renderApp(matrix.url, { replay: replay({ kind: 'hang' }), network: matrix.network })
      if (matrix.loading) await matrix.loading()
      else await expect.poll(() => document.querySelector('main [aria-busy="true"], main [data-skeleton], main [role="status"]')).not.toBeNull()
      expect(page.getByTestId('error-panel').query()).toBeNull()
    })

    for (const mode of [{ kind: 'rpcError', error: nodeError }, { kind: 'networkDown' }] as const) {
      it(`says clearly what failed when ${mode.kind === 'rpcError' ? 'the node answers an error' : 'the network is down'}`, async () => {
        await renderApp(matrix.url, { replay: replay(mode), network: matrix.network })
        await matrix.failure?.act?.()
        const panel = page.getByTestId('error-panel').first()
        await expect.element(panel).toBeVisible()
        if (mode.kind === 'rpcError' && matrix.failure?.expectMessage !== false) await expect.element(panel).toHaveTextContent(nodeError.message)
        expect((document.querySelector('main')?.textContent ?? '').trim()).not.toBe('')
        expectNoStackTrace()
      })
    }

    it('lets Tab reach its main control, with the focus shown', async () => {
      const { replay } = await renderApp(matrix.url, { replay: withRecordings(), network: matrix.network })
      await matrix.full()
      replay.allowReadAhead()
      await tabTo(matrix.focus())
    })
  })
}

/**
 * A page that asks the node nothing until the visitor does (a form, a notice): both themes and widths, its
 * screenshot, and Tab reaching its main control. Its node states are the page's own tests.
 */
export function describeStaticPage(matrix: Pick<PageMatrix, 'name' | 'url' | 'recordings' | 'full' | 'screenshots' | 'focus'>): void {
  describe(`the ${matrix.name} page`, () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const size of [wide, narrow]) {
        it(`shows its controls and fits the window (${theme}, ${size.width} px)`, async () => {
          await renderApp(matrix.url, { recordings: matrix.recordings, theme, viewport: size })
          await matrix.full()
          await settled()
          expectNoSidewaysScroll()
          expectNoStackTrace()
          if (size === wide) await expectNoSeriousAxeFindings(`${matrix.url} (${theme})`)
          if (matrix.screenshots) await screenshot(`${matrix.name}-${theme}-${size.width}`, size)
        })
      }
    }

    it('lets Tab reach its main control, with the focus shown', async () => {
      const { replay } = await renderApp(matrix.url, { recordings: matrix.recordings })
      await matrix.full()
      replay.allowReadAhead()
      await tabTo(matrix.focus())
    })
  })
}
