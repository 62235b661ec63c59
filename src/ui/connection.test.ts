import { describe, expect, it } from 'vitest'
import { describeConnection, pollingEverySeconds, pollsInstead } from './connection.ts'

describe('describeConnection', () => {
  it('reads each socket state as a label and a tone', () => {
    expect(describeConnection({ state: 'open', attempt: 0, retryAt: null }, 0)).toEqual({ label: 'Live', tone: 'ok' })
    expect(describeConnection({ state: 'connecting', attempt: 0, retryAt: null }, 0).tone).toBe('busy')
    expect(describeConnection({ state: 'closed', attempt: 0, retryAt: null }, 0).tone).toBe('down')
  })

  it('an open socket whose server cannot reach its node is not live', () => {
    expect(describeConnection({ state: 'open', attempt: 0, retryAt: null, nodeUnavailable: true }, 0)).toEqual({ label: 'Node unavailable', tone: 'down' })
  })

  it('counts down to the next reconnect attempt', () => {
    expect(describeConnection({ state: 'reconnecting', attempt: 2, retryAt: 10_500 }, 8_000).label).toBe('Reconnecting in 3 s')
    expect(describeConnection({ state: 'reconnecting', attempt: 2, retryAt: 10_000 }, 10_200).label).toBe('Reconnecting…')
  })
})

describe('a WebSocket that never opened', () => {
  it('reads as polling, neutral, once it has failed twice; a socket that was open once and dropped is an outage', () => {
    const never = { state: 'reconnecting', attempt: 2, retryAt: 10_000, neverOpened: true } as const
    expect(pollsInstead(never)).toBe(true)
    expect(describeConnection(never, 0)).toEqual({ label: `Polling every ${pollingEverySeconds} s`, tone: 'idle' })
    expect(pollsInstead({ ...never, attempt: 1 })).toBe(false)
    expect(pollsInstead({ ...never, neverOpened: false })).toBe(false)
    expect(describeConnection({ ...never, neverOpened: false }, 0).tone).toBe('down')
  })
})
