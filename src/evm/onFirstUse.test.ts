import { describe, expect, it } from 'vitest'
import { onFirstUse } from './onFirstUse.ts'

describe('onFirstUse', () => {
  it('makes nothing until asked, then makes once and hands back the same value', () => {
    let made = 0
    const value = onFirstUse(() => ({ made: ++made }))
    expect(made).toBe(0)
    const first = value()
    expect(value()).toBe(first)
    expect(made).toBe(1)
  })

  it('keeps a value that is undefined or null without making it again', () => {
    let made = 0
    const nothing = onFirstUse(() => {
      made++
      return undefined
    })
    nothing()
    nothing()
    expect(made).toBe(1)
  })
})
