import { useLayoutEffect, useState } from 'react'
import { useLocation } from 'react-router'
import type { AppHistory } from '../appHistory.ts'

/**
 * Where the window was scrolled on each history entry, as a browser does it for plain pages: back and forward
 * return to the place left, a new page starts at its top (or at its #fragment), and a navigation that asked to
 * keep the position (a network switch, a page updating its own query) keeps it. Kept for the tab's session,
 * so a reload returns to the same place too.
 */

const storageKey = 'chainglass.scroll'
/** How long a restore keeps trying while the page is still too short to scroll that far (its data loading). */
const restoreForMs = 1_500

function readSaved(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}')
    if (saved && typeof saved === 'object') return new Map(Object.entries(saved).filter((entry): entry is [string, number] => typeof entry[1] === 'number'))
  } catch {
    // Unreadable or blocked storage: start with no positions.
  }
  return new Map()
}

/** Scrolls to `top` once the document is tall enough (or the time is up, or the user scrolled). */
function restore(top: number): () => void {
  const started = performance.now()
  let frame = 0
  let userScrolled = false
  const onUser = () => (userScrolled = true)
  window.addEventListener('wheel', onUser, { passive: true, once: true })
  window.addEventListener('touchmove', onUser, { passive: true, once: true })
  window.addEventListener('keydown', onUser, { once: true })
  const stop = () => {
    cancelAnimationFrame(frame)
    window.removeEventListener('wheel', onUser)
    window.removeEventListener('touchmove', onUser)
    window.removeEventListener('keydown', onUser)
  }
  const attempt = () => {
    if (userScrolled) return stop()
    window.scrollTo(0, top)
    const reached = Math.abs(window.scrollY - top) < 2
    if (reached || performance.now() - started > restoreForMs) return stop()
    frame = requestAnimationFrame(attempt)
  }
  attempt()
  return stop
}

export function ScrollRestorer({ history }: { history: AppHistory }) {
  const location = useLocation()
  const [positions] = useState(readSaved)

  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual'
    const save = () => {
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(Object.fromEntries([...positions].slice(-100))))
      } catch {
        // Full or blocked storage: positions are kept for this page's life only.
      }
    }
    // Subscribers hear of a navigation before the next page renders (App.tsx: renderWhenReady): the window still
    // shows the entry being left.
    let shownKey = history.state.location.key
    const stopSaving = history.subscribe((next) => {
      positions.set(shownKey, window.scrollY)
      shownKey = next.location.key
    })
    // The page's scroll position as its last scroll event left it: pagehide must not read window.scrollY, which
    // makes the page being left recompute its style first (37 ms of a full load of the next page, on the live
    // home page: traced).
    let scrolledTo = window.scrollY
    const onScroll = () => {
      scrolledTo = window.scrollY
    }
    const onHide = () => {
      positions.set(history.state.location.key, scrolledTo)
      save()
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('pagehide', onHide)
    return () => {
      stopSaving()
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('pagehide', onHide)
    }
  }, [history, positions])

  useLayoutEffect(() => {
    const state = history.state
    // The history may already be a step ahead of what is rendered (a transition): act for what is shown.
    const current = state.location.key === location.key ? state : null
    if (current?.preventScrollReset) return
    const saved = positions.get(location.key)
    if ((current?.historyAction ?? 'POP') === 'POP' && saved !== undefined) return restore(saved)
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)))
      if (target) return void target.scrollIntoView()
    }
    window.scrollTo(0, 0)
  }, [location.key, location.hash, history, positions])

  return null
}
