import { describe, expect, it } from 'vitest'
import { formatMillis, formatMillisUtc, isoMillis } from './time.ts'

describe('millisecond timestamps', () => {
  it('keep the milliseconds, with the zone named', () => {
    expect(formatMillisUtc(1677887544169)).toBe('Mar 3, 2023, 23:52:24.169 UTC')
    expect(formatMillis(1677887544169, 'Europe/Berlin')).toBe('Mar 4, 2023, 00:52:24.169 GMT+1')
    expect(isoMillis(1677887544169)).toBe('2023-03-03T23:52:24.169Z')
  })

  it('say so beyond the calendar', () => {
    expect(formatMillisUtc(9e15)).toContain('out of the calendar')
    expect(isoMillis(9e15)).toBeNull()
  })
})
