/**
 * The theme choice: system, light or dark. A choice other than "system" is a class on <html>; without one the
 * stylesheet follows the system's preference (src/index.css's dark variant). The choice is kept in
 * localStorage (tabs follow each other's changes) and mirrored in a cookie, which the app server reads to write
 * the class into the page it sends (server/indexPage.ts): the first paint has the chosen colours with no
 * script before it.
 */
import { themeCookieName, type ThemeChoice } from '../../../contract/theme.ts'

export type { ThemeChoice } from '../../../contract/theme.ts'
export { parseThemeChoice } from '../../../contract/theme.ts'

export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark']
export const themeStorageKey = 'chainglass.theme'

/** The choice's class on <html> ("dark" or "light"; none for "system"). */
export function applyTheme(root: HTMLElement, choice: ThemeChoice): void {
  root.classList.toggle('dark', choice === 'dark')
  root.classList.toggle('light', choice === 'light')
}

/** The cookie that tells the app server the choice, as `document.cookie` takes it: a year, or gone for "system". */
export function themeCookie(choice: ThemeChoice): string {
  const value = choice === 'system' ? '' : choice
  return `${themeCookieName}=${value}; path=/; max-age=${choice === 'system' ? 0 : 31_536_000}; samesite=lax`
}

/** A theme a test renders in (src/testing/renderApp.tsx). */
export type Theme = 'light' | 'dark'
