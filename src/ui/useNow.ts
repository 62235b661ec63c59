import { useSyncExternalStore } from 'react'

/** One shared one-second clock for every "3 s ago" on the page, running only while something shows one. */
let now = Date.now()
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | undefined

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (timer === undefined) {
    now = Date.now()
    timer = setInterval(() => {
      now = Date.now()
      for (const notify of listeners) notify()
    }, 1000)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

/** The current time in ms, updated every second. */
export function useNow(): number {
  // The server snapshot lets pages render to a string (tests, and any later server rendering).
  return useSyncExternalStore(subscribe, () => now, () => now)
}
