import { describe, expect, it } from 'vitest'
import { expectNoSeriousAxeFindings } from '../../testing/accessibility.ts'
import { page, userEvent } from 'vitest/browser'
import { renderApp } from '../../testing/renderApp.tsx'
import { expectNoSidewaysScroll, narrow, tabTo, wide } from '../../testing/pageChecks.ts'

describe('the not-found page', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const size of [wide, narrow]) {
      it(`names the path it has no page for (${theme}, ${size.width} px)`, async () => {
        await renderApp('/no/such/page', { theme, viewport: size })
        const panel = page.getByTestId('not-found')
        await expect.element(panel).toHaveTextContent('/no/such/page')
        // Inside the frame: the header's search is there to go on from.
        await expect.element(page.getByTestId('search-input')).toBeVisible()
        expect(document.documentElement.classList.contains('dark')).toBe(theme === 'dark')
        expectNoSidewaysScroll()
        if (size === wide) await expectNoSeriousAxeFindings(`/no/such/page (${theme})`)
        await expect(panel).toMatchScreenshot(`not-found-${theme}-${size.width}`)
      })
    }
  }

  it('takes Tab to its way back, with the focus shown, and Enter goes back to the overview', async () => {
    const { history, replay } = await renderApp('/nowhere')
    const back = page.getByRole('link', { name: 'Back to the overview' }).element()
    replay.allowReadAhead()
    await tabTo(back)
    // The overview's data is not the subject: its calls wait for a node that never answers.
    replay.mode = { kind: 'hang' }
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => history.state.location.pathname).toBe('/')
    await expect.element(page.getByTestId('not-found')).not.toBeInTheDocument()
  })
})
