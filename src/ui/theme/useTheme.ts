import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { useServerMarkup } from '../useServerMarkup.ts'
import { applyTheme, darkQuery, parseThemeChoice, resolveTheme, themeStorageKey, type ThemeChoice } from './theme.ts'

function storedChoice(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(themeStorageKey))
  } catch {
    return 'system'
  }
}

/** This page's choice, when storage refused to keep it (private mode): it lasts for this visit only. */
let unsaved: ThemeChoice | null = null
const listeners = new Set<() => void>()
const notify = () => listeners.forEach((listener) => listener())

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab changed it: follow.
  const onStorage = (event: StorageEvent) => {
    if (event.key === themeStorageKey) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

const currentChoice = () => unsaved ?? storedChoice()
// The server does not know the choice (it is this browser's): its markup, and the render that hydrates it,
// show "system"; the page's colours are already the chosen ones (the boot script set them before the paint).
const serverChoice = (): ThemeChoice => 'system'

/** The theme choice, remembered in localStorage, following the system while the choice is "system". */
export function useTheme(): { choice: ThemeChoice; setChoice: (choice: ThemeChoice) => void } {
  const choice = useSyncExternalStore(subscribe, currentChoice, serverChoice)
  const serverMarkup = useServerMarkup()

  useEffect(() => {
    // Hydrating: "system" is the server's word, not the choice; the render right after applies the choice.
    if (serverMarkup) return
    const media = window.matchMedia(darkQuery)
    const apply = () => applyTheme(document.documentElement, resolveTheme(choice, media.matches))
    apply()
    if (choice !== 'system') return
    media.addEventListener('change', apply)
    return () => media.removeEventListener('change', apply)
  }, [choice, serverMarkup])

  const setChoice = useCallback((next: ThemeChoice) => {
    try {
      if (next === 'system') localStorage.removeItem(themeStorageKey)
      else localStorage.setItem(themeStorageKey, next)
      unsaved = null
    } catch {
      unsaved = next
    }
    notify()
  }, [])

  return { choice, setChoice }
}
