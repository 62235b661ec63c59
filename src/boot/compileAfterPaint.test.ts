import { describe, expect, it } from 'vitest'
import { scriptPrefetchSelector } from '../../contract/pageAssets.ts'
import { compilePrefetchedScripts, type HeadLike } from './compileAfterPaint.ts'

/** A head holding links, answering the one selector the entry asks as a browser would. */
function headWith(links: Array<Record<string, string>>) {
  const added: Array<{ rel: string; href: string; crossOrigin: string | null }> = []
  const doc: HeadLike<(typeof added)[number]> = {
    head: {
      querySelectorAll: (selector) => {
        expect(selector).toBe(scriptPrefetchSelector)
        return links.filter((link) => link.rel === 'prefetch' && link.as === 'script').map((link) => ({ getAttribute: (name: string) => link[name] ?? null }))
      },
      appendChild: (node) => added.push(node),
    },
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
  }
  return { doc, added }
}

describe('compiling the prefetched code once the content is shown', () => {
  it('makes each prefetched script a modulepreload of the same URL, cors as the module request, in head order', () => {
    const { doc, added } = headWith([
      { rel: 'prefetch', as: 'script', href: '/assets/app-A.js' },
      { rel: 'prefetch', href: '/assets/style-B.css' },
      { rel: 'prefetch', as: 'script', href: '/assets/BlockPage-C.js' },
      { rel: 'stylesheet', href: '/assets/style-B.css' },
    ])
    expect(compilePrefetchedScripts(doc)).toEqual(['/assets/app-A.js', '/assets/BlockPage-C.js'])
    expect(added).toEqual([
      { rel: 'modulepreload', href: '/assets/app-A.js', crossOrigin: '' },
      { rel: 'modulepreload', href: '/assets/BlockPage-C.js', crossOrigin: '' },
    ])
  })

  it('adds nothing for a head that prefetches no script (a page the server does not know)', () => {
    const { doc, added } = headWith([{ rel: 'prefetch', as: 'script' }])
    expect(compilePrefetchedScripts(doc)).toEqual([])
    expect(added).toEqual([])
  })
})
