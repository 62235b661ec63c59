import { describe, expect, it } from 'vitest'
import { createListeners } from './listeners.ts'

describe('createListeners', () => {
  it('tells every subscribed listener the event, and no longer one that unsubscribed', () => {
    const listeners = createListeners<number>()
    const heard: string[] = []
    const stopA = listeners.subscribe((value) => heard.push(`a${value}`))
    listeners.subscribe((value) => heard.push(`b${value}`))
    listeners.notify(1)
    stopA()
    listeners.notify(2)
    expect(heard).toEqual(['a1', 'b1', 'b2'])
    expect(listeners.size).toBe(1)
  })

  it('starts with the first listener and stops with the last, once each', () => {
    const calls: string[] = []
    const listeners = createListeners({ onFirst: () => calls.push('first'), onLast: () => calls.push('last') })
    const one = () => {}
    const stopOne = listeners.subscribe(one)
    // The same listener again is still one listener: nothing starts twice.
    const stopOneAgain = listeners.subscribe(one)
    const stopTwo = listeners.subscribe(() => {})
    stopOne()
    stopOneAgain()
    expect(calls).toEqual(['first'])
    stopTwo()
    stopTwo()
    expect(calls).toEqual(['first', 'last'])
    listeners.subscribe(() => {})
    expect(calls).toEqual(['first', 'last', 'first'])
  })

  it('a listener removed by another during a notify is still told that change', () => {
    const listeners = createListeners()
    const heard: string[] = []
    let stopB = () => {}
    listeners.subscribe(() => (heard.push('a'), stopB()))
    stopB = listeners.subscribe(() => heard.push('b'))
    listeners.notify()
    listeners.notify()
    expect(heard).toEqual(['a', 'b', 'a'])
  })
})
