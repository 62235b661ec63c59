import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { renderApp } from '../../testing/renderApp.tsx'
import { expectNoSidewaysScroll, narrow, tabTo, wide } from '../../testing/pageChecks.ts'

describe('the not-found page', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const size of [wide, narrow]) {
      it(`names the path it has no page for (${theme}, ${size.width} px)`, async () => {
        await renderApp('/no/such/page', { theme, viewport: size })
        const panel = page.getByTestId('not-found')
        await expect.element(panel).toHaveTextContent('/no/such/page')
        expect(document.documentElement.classList.contains('dark')).toBe(theme === 'dark')
        expectNoSidewaysScroll()
        await expect(panel).toMatchScreenshot(`not-found-${theme}-${size.width}`)
      })
    }
  }

  it('takes Tab to its way back, with the focus shown', async () => {
    await renderApp('/nowhere')
    const back = page.getByRole('link', { name: 'Back to the overview' }).element()
    await tabTo(back)
  })
})
