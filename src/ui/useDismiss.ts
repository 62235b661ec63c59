import { useLayoutEffect, useRef, type RefObject } from 'react'

/**
 * While `open`, Escape or a pointer press outside `root` calls `dismiss`; `byEscape` tells which, so a
 * menu can hand focus back to its button after a key press.
 */
export function useDismiss(open: boolean, root: RefObject<HTMLElement | null>, dismiss: (byEscape: boolean) => void) {
  const latest = useRef(dismiss)
  useLayoutEffect(() => {
    latest.current = dismiss
  })
  // Listening from the commit that shows the panel, not after the paint: a key pressed as soon as the panel
  // appears (a fast user, a test on a busy machine) would otherwise reach nobody.
  useLayoutEffect(() => {
    if (!open) return
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key === 'Escape') latest.current(true)
      } else if (!root.current?.contains(event.target as Node)) latest.current(false)
    }
    document.addEventListener('pointerdown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('pointerdown', close)
      document.removeEventListener('keydown', close)
    }
  }, [open, root])
}
