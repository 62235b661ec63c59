/** How the app scrolls to a place it moves the reader to: at once for those who asked the system for less motion. */
function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'
}

/** Brings `element` to the top of the window and, when asked, gives it the focus without a second scroll. */
export function revealAtTop(element: HTMLElement | null, { focus = false }: { focus?: boolean } = {}): void {
  element?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' })
  if (focus) element?.focus({ preventScroll: true })
}
