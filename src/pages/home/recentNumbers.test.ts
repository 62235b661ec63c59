import { describe, expect, it } from 'vitest'
import { recentNumbers } from './RecentBlocks.tsx'

describe('recentNumbers', () => {
  it('counts down from the head', () => {
    expect(recentNumbers(10n, 3)).toEqual([10n, 9n, 8n])
  })

  it('stops at genesis on a young chain', () => {
    expect(recentNumbers(1n, 8)).toEqual([1n, 0n])
  })
})
