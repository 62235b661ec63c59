import { describe, expect, it } from 'vitest'
import { cookieValue } from '../../../contract/cookies.ts'
import { parseThemeChoice, themeClassAttribute, themeFromCookies } from '../../../contract/theme.ts'
import { themeCookie } from './theme.ts'

describe('theme', () => {
  it('reads a stored choice, anything unknown meaning system', () => {
    expect(parseThemeChoice('dark')).toBe('dark')
    expect(parseThemeChoice('light')).toBe('light')
    expect(parseThemeChoice(null)).toBe('system')
    expect(parseThemeChoice('purple')).toBe('system')
  })

  it('reads the choice from a request\'s Cookie header, among other cookies or none', () => {
    expect(themeFromCookies('chainglass-theme=dark')).toBe('dark')
    expect(themeFromCookies('a=1; chainglass-theme=light; b=2')).toBe('light')
    expect(themeFromCookies('xchainglass-theme=dark')).toBe('system')
    expect(themeFromCookies('chainglass-theme=<script>')).toBe('system')
    expect(themeFromCookies(undefined)).toBe('system')
    expect(cookieValue('a=b=c; d=', 'a')).toBe('b=c')
    expect(cookieValue('a=b=c; d=', 'd')).toBe('')
    expect(cookieValue('a=b', 'x')).toBeUndefined()
  })

  it('writes a choice as a class on <html>, and "system" as none (the stylesheet follows the system)', () => {
    expect(themeClassAttribute('dark')).toBe(' class="dark"')
    expect(themeClassAttribute('light')).toBe(' class="light"')
    expect(themeClassAttribute('system')).toBe('')
  })

  it('keeps a choice in a site-wide cookie for a year, and removes it for "system"', () => {
    expect(themeCookie('dark')).toBe('chainglass-theme=dark; path=/; max-age=31536000; samesite=lax')
    expect(themeCookie('system')).toBe('chainglass-theme=; path=/; max-age=0; samesite=lax')
  })
})
