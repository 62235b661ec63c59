/**
 * The theme choice: system, light or dark. The boot script (src/boot/boot.ts, a classic script index.html loads
 * before the first paint; not inline: the CSP forbids inline script) applies the stored choice with these same
 * functions, bundled into it, so a dark page never flashes light. Nothing here may import more than it needs.
 */

export type ThemeChoice = 'system' | 'light' | 'dark'
export type Theme = 'light' | 'dark'

export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark']
export const themeStorageKey = 'chainglass.theme'
export const darkQuery = '(prefers-color-scheme: dark)'

export function parseThemeChoice(value: string | null): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system'
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  return choice === 'system' ? (systemPrefersDark ? 'dark' : 'light') : choice
}

/** The class Tailwind's dark variant keys on, plus color-scheme so scrollbars and form controls follow. */
export function applyTheme(root: HTMLElement, theme: Theme): void {
  root.classList.toggle('dark', theme === 'dark')
  root.style.colorScheme = theme
}
