/**
 * The theme choice as the app and the app server share it: the browser keeps it in a cookie of this name
 * (src/ui/theme/theme.ts), the server writes it as a class on the page's <html> (server/indexPage.ts).
 */
import { cookieValue } from './cookies.ts'

export type ThemeChoice = 'system' | 'light' | 'dark'

export const themeCookieName = 'chainglass-theme'

export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system'
}

/** The choice a request's Cookie header carries ("system" without one). */
export function themeFromCookies(header: string | undefined): ThemeChoice {
  return parseThemeChoice(cookieValue(header, themeCookieName))
}

/** The <html> start tag's class attribute for a choice: ` class="dark"`, or nothing for "system". */
export function themeClassAttribute(choice: ThemeChoice): string {
  return choice === 'system' ? '' : ` class="${choice}"`
}
