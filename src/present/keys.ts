/** The presentation's keys, as a presenter's clicker and a keyboard send them. */

export type PresentAction = 'next' | 'previous' | 'first' | 'last' | 'auto' | 'slower' | 'faster' | 'leave'

/** Seconds per step in automatic mode; + and − move along these. */
export const pacesSeconds = [6, 12, 20, 30] as const

const actions: Record<string, PresentAction> = {
  ArrowRight: 'next',
  ' ': 'next',
  PageDown: 'next',
  Enter: 'next',
  ArrowLeft: 'previous',
  PageUp: 'previous',
  Backspace: 'previous',
  Home: 'first',
  End: 'last',
  a: 'auto',
  A: 'auto',
  '+': 'slower',
  '=': 'slower',
  '-': 'faster',
  _: 'faster',
  Escape: 'leave',
}

/** What a key does in the presentation (KeyboardEvent.key), or null for a key it leaves to the page. */
export function presentKeyAction(key: string): PresentAction | null {
  return Object.hasOwn(actions, key) ? actions[key]! : null
}
