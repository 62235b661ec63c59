import { describe, expect, it } from 'vitest'
import { takePageConfig, type PageLike } from './pageBlocks.ts'
import { takeFirstScreen } from './pageData.ts'

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
    // Packed as the server sends it (queries/firstScreenState.ts): an answer two queries hold is sent once.
    const twin = { state: { mutations: [], queries: [{ queryKey: ['a', 'n'], state: { data: { x: 1 } } }, { queryKey: ['a', 'h'], state: { data: null } }], sameDataAs: [[1, 0]] }, renderedAt: 2 }
    const unpacked = takeFirstScreen(page({ 'chainglass-first-screen': JSON.stringify(twin) }))!
    expect(unpacked.state.queries.map((query) => query.state.data)).toEqual([{ x: 1 }, { x: 1 }])
    for (const text of ['{', '{"state":{"queries":[]}}', '{"renderedAt":1}', 'null', '{"state":{"queries":[{"queryKey":[],"state":{"data":"\\u0001z"}}],"strings":[]},"renderedAt":1}']) {
      const unreadable = page({ 'chainglass-first-screen': text })
      expect(takeFirstScreen(unreadable), text).toBeUndefined()
      expect(unreadable.ids(), text).toEqual([])
    }
  })
})
