import { expect } from 'vitest'
import { page, userEvent } from 'vitest/browser'

/** Checks every page test makes the same way (the component layer, *.browser.test.tsx). Test-only. */

/**
 * The two widths every page is checked at. Tall, so a page's screenshot is taken whole without scrolling: the
 * test's frame paints only what is inside it, and a scrolled page would show the sticky header over it.
 */
export const wide = { width: 1440, height: 1600 } as const
export const narrow = { width: 390, height: 2400 } as const

export async function viewport(size: { width: number; height: number }): Promise<void> {
  await page.viewport(size.width, size.height)
}

/**
 * Makes the window as tall as the page before a screenshot, so it holds the whole page unscrolled: the test's
 * frame paints only what is inside the window, and a page scrolled to reach its end would have the sticky
 * header painted over its top (the runner's page is tall enough: vitest.components.config.ts). `settle` waits
 * for what the page reads once it is taller (renderApp.tsx settled).
 */
export async function tallAsThePage(size: { width: number; height: number }, settle: () => Promise<void>): Promise<void> {
  // A taller window can show more of a page that reads as it is seen: read again until the height holds.
  for (let round = 0; round < 5; round++) {
    const height = Math.max(size.height, document.documentElement.scrollHeight)
    if (window.innerHeight === height) return
    await page.viewport(size.width, height)
    await settle()
  }
}

/** The page is no wider than the window: nothing scrolls sideways (the 390 px phone the spec names). */
export function expectNoSidewaysScroll(): void {
  const width = window.innerWidth
  const widest = document.documentElement.scrollWidth
  const culprits = widest > width ? widerThan(width) : []
  expect({ scrollWidth: widest, culprits }).toEqual({ scrollWidth: expect.any(Number) as number, culprits: [] })
  expect(widest).toBeLessThanOrEqual(width)
}

/** The innermost elements that reach past the window's right edge: what to fix when the page scrolls sideways. */
function widerThan(width: number): string[] {
  const found: string[] = []
  for (const element of document.querySelectorAll<HTMLElement>('#root *')) {
    if (element.getBoundingClientRect().right <= width + 0.5) continue
    if ([...element.children].some((child) => child.getBoundingClientRect().right > width + 0.5)) continue
    found.push(`${element.tagName.toLowerCase()}${element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : ''}.${[...element.classList].slice(0, 6).join('.')} right=${Math.round(element.getBoundingClientRect().right)}`)
  }
  return found.slice(0, 8)
}

/**
 * Presses Tab until `target` has the focus (at most `limit` presses), then checks the focus shows: the
 * element matches :focus-visible and draws an outline or a ring.
 */
export async function tabTo(target: Element, limit = 40): Promise<void> {
  ;(document.activeElement as HTMLElement | null)?.blur()
  for (let press = 0; press < limit && document.activeElement !== target; press++) await userEvent.tab()
  expect(document.activeElement, 'Tab reaches it').toBe(target)
  expectFocusVisible(target)
}

export function expectFocusVisible(element: Element): void {
  expect(element.matches(':focus-visible'), 'focus is visible (:focus-visible)').toBe(true)
  const style = getComputedStyle(element)
  const drawn = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
  expect(drawn, `a focus outline or ring is drawn (outline ${style.outlineStyle} ${style.outlineWidth}, shadow ${style.boxShadow})`).toBe(true)
}

/** No error text a visitor should never see: a stack trace, an unhandled object. */
export function expectNoStackTrace(root: Element = document.body): void {
  const text = root.textContent ?? ''
  expect(text).not.toMatch(/\n\s+at \S+ \(|\[object Object\]|undefined is not|Cannot read properties/)
}
