import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { useServerMarkup } from '../useServerMarkup.ts'
import { createListeners } from '../../state/listeners.ts'
import { themeFromCookies } from '../../../contract/theme.ts'
import { applyTheme, parseThemeChoice, themeCookie, themeStorageKey, type ThemeChoice } from './theme.ts'

/** The choice in localStorage; without one there, the cookie's (the page's colours already follow it). */
function storedChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(themeStorageKey)
    if (stored !== null) return parseThemeChoice(stored)
  } catch {
    // Storage refused (private mode): the cookie, if any, still says it.
  }
  return themeFromCookies(document.cookie)
}

/** This page's choice, when storage refused to keep it (private mode): it lasts for this visit only. */
let unsaved: ThemeChoice | null = null
// Another tab changed it: follow, while anything shows it.
const onStorage = (event: StorageEvent) => {
  if (event.key === themeStorageKey) listeners.notify()
}
const listeners = createListeners({ onFirst: () => window.addEventListener('storage', onStorage), onLast: () => window.removeEventListener('storage', onStorage) })
const notify = listeners.notify
const subscribe = listeners.subscribe

const currentChoice = () => unsaved ?? storedChoice()
// The server's markup, and the render that hydrates it, show "system" (the switch's state is this browser's);
// the page's colours are already the chosen ones (the server wrote the cookie's choice on <html>).
const serverChoice = (): ThemeChoice => 'system'

/** The theme choice, remembered in localStorage (and its cookie); "system" leaves the colours to the system's preference. */
export function useTheme(): { choice: ThemeChoice; setChoice: (choice: ThemeChoice) => void } {
  const choice = useSyncExternalStore(subscribe, currentChoice, serverChoice)
  const serverMarkup = useServerMarkup()

  useEffect(() => {
    // Hydrating: "system" is the server's word, not the choice; the render right after applies the choice.
    if (serverMarkup) return
    applyTheme(document.documentElement, choice)
    // The app server writes the class from this cookie: kept in step with the choice (a choice made before the
    // cookie existed, another tab's change).
    document.cookie = themeCookie(choice)
  }, [choice, serverMarkup])

  const setChoice = useCallback((next: ThemeChoice) => {
    try {
      if (next === 'system') localStorage.removeItem(themeStorageKey)
      else localStorage.setItem(themeStorageKey, next)
      unsaved = null
    } catch {
      unsaved = next
    }
    // Now, not in the effect: with nothing stored, the choice is read from the cookie.
    document.cookie = themeCookie(next)
    notify()
  }, [])

  return { choice, setChoice }
}
