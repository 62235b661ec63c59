/**
 * The theme choice as the app and the app server share it: the browser keeps it in a cookie of this name
 * (src/ui/theme/theme.ts), the server writes it as a class on the page's <html> (server/indexPage.ts).
 */
export type ThemeChoice = 'system' | 'light' | 'dark'

export const themeCookieName = 'chainglass-theme'

export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system'
}

/** The value of the cookie `name` in a Cookie header (or `document.cookie`), if it has one. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=')
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim()
  }
  return undefined
}

/** The choice a request's Cookie header carries ("system" without one). */
export function themeFromCookies(header: string | undefined): ThemeChoice {
  return parseThemeChoice(cookieValue(header, themeCookieName))
}

/** The <html> start tag's class attribute for a choice: ` class="dark"`, or nothing for "system". */
export function themeClassAttribute(choice: ThemeChoice): string {
  return choice === 'system' ? '' : ` class="${choice}"`
}
