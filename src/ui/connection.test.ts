import { describe, expect, it } from 'vitest'
import { describeConnection } from './connection.ts'

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
