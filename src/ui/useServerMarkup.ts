import { useSyncExternalStore } from 'react'

const subscribeNever = () => () => {}

/**
 * True while the app renders on the server and while the browser hydrates that markup (React reads a store's
 * server snapshot in both), false in every render after: what only the browser knows (its clock, its storage,
 * the window's size) is left out of the markup until then, so the hydrating render is the server's, and shown
 * in the render right after.
 */
export function useServerMarkup(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  )
}
