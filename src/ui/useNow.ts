import { useContext, useSyncExternalStore } from 'react'
import { RenderContext } from './renderContext.ts'

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

/**
 * The current time in ms, updated every second. A page the server rendered counts from the server's clock
 * at its render, in the server's markup and in the browser's hydration of it (the same text on both sides),
 * then from the browser's clock.
 */
export function useNow(): number {
  const { renderedAt } = useContext(RenderContext)
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => renderedAt ?? now,
  )
}
