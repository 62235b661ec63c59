import { useContext, useSyncExternalStore } from 'react'
import { RenderContext } from './renderContext.ts'
import { createListeners } from '../state/listeners.ts'

/** One shared one-second clock for every "3 s ago" on the page, running only while something shows one. */
let now = Date.now()
let timer: ReturnType<typeof setInterval> | undefined
const listeners = createListeners({
  onFirst: () => {
    now = Date.now()
    timer = setInterval(() => {
      now = Date.now()
      listeners.notify()
    }, 1000)
  },
  onLast: () => clearInterval(timer),
})
const subscribe = listeners.subscribe

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
