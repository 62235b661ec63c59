import { describe, expect, it } from 'vitest'
import { throttledLog } from './throttledLog.ts'

describe('throttledLog', () => {
  it('lets one line through per interval and says how many it held back', () => {
    let now = 0
    const lines: string[] = []
    const log = throttledLog((line) => lines.push(line), 10_000, () => now)
    log('a')
    now = 1_000
    log('b')
    now = 9_999
    log('c')
    now = 10_000
    log('d')
    now = 25_000
    log('e')
    expect(lines).toEqual(['a', 'd (2 more since the last line)', 'e'])
  })
})
