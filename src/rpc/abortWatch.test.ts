import { describe, expect, it } from 'vitest'
import { watchAbort } from './abortWatch.ts'

describe('watchAbort', () => {
  it('calls every watcher of a signal once when it aborts, through one listener', () => {
    const controller = new AbortController()
    let listeners = 0
    const add = controller.signal.addEventListener.bind(controller.signal)
    controller.signal.addEventListener = ((...args: Parameters<typeof add>) => {
      listeners += 1
      return add(...args)
    }) as typeof add
    const calls: number[] = []
    for (let index = 0; index < 49; index++) watchAbort(controller.signal, () => calls.push(index))
    expect(listeners).toBe(1)
    controller.abort()
    controller.abort()
    expect(calls).toHaveLength(49)
  })

  it('does not call a watcher that stopped watching', () => {
    const controller = new AbortController()
    const calls: string[] = []
    const stop = watchAbort(controller.signal, () => calls.push('stopped'))
    watchAbort(controller.signal, () => calls.push('kept'))
    stop()
    controller.abort()
    expect(calls).toEqual(['kept'])
  })
})
