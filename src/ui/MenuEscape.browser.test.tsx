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
async function escapeAsSoonAsShown(open: () => void, panelTestId: string): Promise<void> {
  const shown = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(`[data-testid="${panelTestId}"]`)) return
      observer.disconnect()
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
      resolve()
    })
    observer.observe(document.body, { childList: true, subtree: true })
  })
  open()
  await shown
}

describe('menus opened and closed at once by the keyboard', () => {
  it('the Layer 2 menu closes on an Escape pressed as it appears, and the focus goes back to its button', async () => {
    await renderApp('/blocks')
    const button = page.getByTestId('nav-layer2')
    await expect.element(button).toBeVisible()
    const element = button.element() as HTMLButtonElement
    element.focus()
    await escapeAsSoonAsShown(() => element.click(), 'nav-layer2-panel')
    await expect.poll(() => document.querySelector('[data-testid="nav-layer2-panel"]')).toBeNull()
    await expect.element(button).toHaveAttribute('aria-expanded', 'false')
    expect(document.activeElement).toBe(element)
  })

  it('the network menu closes on an Escape pressed as it appears', async () => {
    await renderApp('/blocks')
    const label = page.getByTestId('network-label')
    await expect.element(label).toBeVisible()
    const element = label.element() as HTMLElement
    element.focus()
    await escapeAsSoonAsShown(() => element.click(), 'network-menu')
    await expect.poll(() => document.querySelector('[data-testid="network-menu"]')).toBeNull()
  })

  it('the folded navigation of a 390 px screen closes on an Escape pressed as it appears, and the focus goes back to its button', async () => {
    await renderApp('/blocks', { viewport: narrow })
    const button = page.getByTestId('nav-menu-button')
    await expect.element(button).toBeVisible()
    const element = button.element() as HTMLButtonElement
    element.focus()
    await escapeAsSoonAsShown(() => element.click(), 'nav-menu')
    await expect.poll(() => document.querySelector('[data-testid="nav-menu"]')).toBeNull()
    expect(document.activeElement).toBe(element)
  })
})
