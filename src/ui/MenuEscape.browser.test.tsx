import { describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { narrow } from '../testing/pageChecks.ts'
import { renderApp } from '../testing/renderApp.tsx'

/**
 * A key pressed the moment a menu shows must reach it. The menus listened for Escape from an effect that runs
 * after the browser paints, so an Escape pressed between the panel appearing and that effect was lost: the e2e
 * navigation test missed it once in a run on a busy machine. Here the Escape comes right as the panel is put in
 * the page (a MutationObserver's callback, before any paint), every run.
 */
/** Focuses the control, opens its panel with a click, and presses Escape as the panel is inserted; resolves once it has gone. */
async function openAndEscapeAtOnce(controlTestId: string, panelTestId: string): Promise<HTMLElement> {
  const control = page.getByTestId(controlTestId)
  await expect.element(control).toBeVisible()
  const element = control.element() as HTMLElement
  element.focus()
  const shown = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(`[data-testid="${panelTestId}"]`)) return
      observer.disconnect()
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
      resolve()
    })
    observer.observe(document.body, { childList: true, subtree: true })
  })
  element.click()
  await shown
  await expect.poll(() => document.querySelector(`[data-testid="${panelTestId}"]`)).toBeNull()
  return element
}

describe('menus opened and closed at once by the keyboard', () => {
  it('the Layer 2 menu closes on an Escape pressed as it appears, and the focus goes back to its button', async () => {
    await renderApp('/blocks')
    const button = await openAndEscapeAtOnce('nav-layer2', 'nav-layer2-panel')
    await expect.element(page.getByTestId('nav-layer2')).toHaveAttribute('aria-expanded', 'false')
    expect(document.activeElement).toBe(button)
  })

  it('the network menu closes on an Escape pressed as it appears', async () => {
    await renderApp('/blocks')
    await openAndEscapeAtOnce('network-label', 'network-menu')
  })

  it('the folded navigation of a 390 px screen closes on an Escape pressed as it appears, and the focus goes back to its button', async () => {
    await renderApp('/blocks', { viewport: narrow })
    const button = await openAndEscapeAtOnce('nav-menu-button', 'nav-menu')
    expect(document.activeElement).toBe(button)
  })
})
