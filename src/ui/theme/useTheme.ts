import { useCallback, useEffect, useState } from 'react'
import { applyTheme, darkQuery, parseThemeChoice, resolveTheme, themeStorageKey, type ThemeChoice } from './theme.ts'

function storedChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(themeStorageKey))
  } catch {
    return 'system'
  }
}

/** The theme choice, remembered in localStorage, following the system while the choice is "system". */
export function useTheme(): { choice: ThemeChoice; setChoice: (choice: ThemeChoice) => void } {
  const [choice, setChoiceState] = useState(storedChoice)

  useEffect(() => {
    const media = window.matchMedia(darkQuery)
    const apply = () => applyTheme(document.documentElement, resolveTheme(choice, media.matches))
    apply()
    if (choice !== 'system') return
    media.addEventListener('change', apply)
    return () => media.removeEventListener('change', apply)
  }, [choice])

  // Another tab changed it: follow.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === themeStorageKey) setChoiceState(parseThemeChoice(event.newValue))
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  const setChoice = useCallback((next: ThemeChoice) => {
    try {
      if (next === 'system') localStorage.removeItem(themeStorageKey)
      else localStorage.setItem(themeStorageKey, next)
    } catch {
      // private mode: the choice lasts for this visit only
    }
    setChoiceState(next)
  }, [])

  return { choice, setChoice }
}
