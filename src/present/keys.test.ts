import { describe, expect, it } from 'vitest'
import { presentKeyAction } from './keys.ts'

describe('presentKeyAction', () => {
  // Presenter remotes send PageDown/PageUp (and some send arrows); keyboards use arrows and Space.
  it('moves forward on the keys a presenter remote and a keyboard send', () => {
    for (const key of ['ArrowRight', ' ', 'PageDown', 'Enter']) expect(presentKeyAction(key), key).toBe('next')
    for (const key of ['ArrowLeft', 'PageUp']) expect(presentKeyAction(key), key).toBe('previous')
  })

  it('leaves on Escape, toggles automatic mode on A, changes the pace on + and −', () => {
    expect(presentKeyAction('Escape')).toBe('leave')
    expect(presentKeyAction('a')).toBe('auto')
    expect(presentKeyAction('+')).toBe('slower')
    expect(presentKeyAction('-')).toBe('faster')
  })

  it('leaves every other key to the page, including inherited object keys', () => {
    for (const key of ['b', 'Tab', 'ArrowDown', 'toString', 'constructor', '__proto__']) expect(presentKeyAction(key), key).toBeNull()
  })
})
