import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { renderApp } from '../testing/renderApp.tsx'
import { expectFocusVisible } from '../testing/pageChecks.ts'
import { themeStorageKey } from './theme/theme.ts'

describe('the theme switch', () => {
  it('turns the page dark when Dark is chosen, and remembers the choice', async () => {
    await renderApp('/settings', { theme: 'light' })
    await userEvent.click(page.getByTestId('theme-dark'))
    await expect.poll(() => document.documentElement.classList.contains('dark')).toBe(true)
    expect(localStorage.getItem(themeStorageKey)).toBe('dark')
    await expect.element(page.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'true')
    // The cookie the app server writes the class from follows the choice; "system" removes it.
    expect(document.cookie).toContain('chainglass-theme=dark')
    await userEvent.click(page.getByTestId('theme-system'))
    await expect.poll(() => document.documentElement.className).not.toMatch(/\b(dark|light)\b/)
    expect(document.cookie).not.toContain('chainglass-theme=')
  })

  it('is reached by Tab, with the focus shown', async () => {
    const { replay } = await renderApp('/settings')
    const choice = page.getByTestId('theme-switch').element().querySelector('[aria-checked="true"]')!
    replay.allowReadAhead()
    ;(document.activeElement as HTMLElement | null)?.blur()
    for (let press = 0; press < 30 && !page.getByTestId('theme-switch').element().contains(document.activeElement); press++) await userEvent.tab()
    expect(page.getByTestId('theme-switch').element().contains(document.activeElement)).toBe(true)
    expect(choice).not.toBeNull()
    expectFocusVisible(document.activeElement!)
  })
})
