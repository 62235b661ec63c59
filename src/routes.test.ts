import { describe, expect, it } from 'vitest'
import { pageData } from './pageData.ts'
import { firstScreenPage, pageAt } from './routes.tsx'

const hash = `0x${'ab'.repeat(32)}`
const address = `0x${'12'.repeat(20)}`

describe('firstScreenPage', () => {
  it('is the home, block, transaction and address pages only (the ones a link from elsewhere opens most)', () => {
    expect(['/', '/block/5', `/tx/${hash}`, `/address/${address}`].map(firstScreenPage)).toEqual([true, true, true, true])
    // Declared for a navigation and a link's hover, not rendered by the server.
    const readAheadOnly = ['/uncle/5/0', '/block/5/tx/0', '/block/5/receipts', '/l2a/5']
    for (const path of readAheadOnly) expect(pageData[pageAt(path) ?? '']).toBeDefined()
    expect(readAheadOnly.map(firstScreenPage)).toEqual(readAheadOnly.map(() => false))
    expect(['/blocks', '/settings', '/nowhere/at/all'].map(firstScreenPage)).toEqual([false, false, false])
  })
})
