import { useCallback, useSyncExternalStore } from 'react'

/** Whether a CSS media query matches, kept current. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query)
      media.addEventListener('change', onChange)
      return () => media.removeEventListener('change', onChange)
    },
    [query],
  )
  // No media to query on the server: false there, and while the page hydrates what the server rendered.
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false)
}
