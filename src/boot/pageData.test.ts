import { describe, expect, it } from 'vitest'
import { takeFirstScreen, takePageConfig, type PageLike } from './pageData.ts'

/** A page holding data blocks by id, as the document holds them (the unit suite has no DOM). */
function page(blocks: Record<string, string>): PageLike & { ids: () => string[] } {
  const held = new Map(Object.entries(blocks))
  return {
    getElementById: (id) => (held.has(id) ? { textContent: held.get(id)!, remove: () => void held.delete(id) } : null),
    ids: () => [...held.keys()],
  }
}

describe("the page's data blocks", () => {
  it('the config is taken out of the page as it is read', () => {
    const doc = page({ 'chainglass-config': '{"defaultNetwork":"a","networks":[]}' })
    expect(takePageConfig(doc)).toEqual({ defaultNetwork: 'a', networks: [] })
    expect(doc.ids()).toEqual([])
    expect(takePageConfig(doc)).toBeUndefined()
  })

  it("the first screen's data, taken out of the page; unreadable or partial data is none (the app renders the page itself)", () => {
    const data = { state: { mutations: [], queries: [] }, renderedAt: 1_796_000_000_000 }
    const doc = page({ 'chainglass-first-screen': JSON.stringify(data) })
    expect(takeFirstScreen(doc)).toEqual(data)
    expect(doc.ids()).toEqual([])
    for (const text of ['{', '{"state":{"queries":[]}}', '{"renderedAt":1}', 'null']) {
      const unreadable = page({ 'chainglass-first-screen': text })
      expect(takeFirstScreen(unreadable), text).toBeUndefined()
      expect(unreadable.ids(), text).toEqual([])
    }
  })
})
