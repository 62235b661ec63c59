import { describe, expect, it } from 'vitest'
import { l2aBlockPath, parseL2aBlock, readNetworkParam, withNetwork } from '../urls.ts'
import { createNetworkSelection, nextSelection, type RouterLike } from './selection.ts'

describe('the network in a URL', () => {
  it('is set, replaced or removed, keeping the rest of the URL', () => {
    expect(withNetwork('/block/12', 'mainnet-sample')).toBe('/block/12?network=mainnet-sample')
    expect(withNetwork('/files?cid=bafy#top', 'l2a-sample')).toBe('/files?cid=bafy&network=l2a-sample#top')
    expect(withNetwork('/block/12?network=a', 'b')).toBe('/block/12?network=b')
    expect(withNetwork('/block/12?network=a&x=1', null)).toBe('/block/12?x=1')
    expect(withNetwork('/', null)).toBe('/')
    expect(withNetwork('/', 'my net')).toBe('/?network=my+net')
  })

  it('is read back, blank meaning none', () => {
    expect(readNetworkParam('?network=l2b-sample')).toBe('l2b-sample')
    expect(readNetworkParam('network=x&cid=1')).toBe('x')
    expect(readNetworkParam('?network=')).toBeNull()
    expect(readNetworkParam('')).toBeNull()
  })

  it('never carries a key: links are built from names only', () => {
    expect(withNetwork(l2aBlockPath(5817), 'l2a-sample')).toBe('/l2a/5817?network=l2a-sample')
  })

  it('reads /l2a/:block as an integer block number', () => {
    expect(parseL2aBlock('5817')).toBe(5817)
    expect(parseL2aBlock('5,817')).toBe(5817)
    for (const junk of ['', '-1', '1.5', '0x16b9', 'abc', '99999999999999999']) expect(parseL2aBlock(junk)).toBeNull()
  })
})

describe('nextSelection', () => {
  it('follows the param when there is one', () => {
    expect(nextSelection('devnet', '?network=l2a-sample', 'POP', 'devnet')).toEqual({ requested: 'l2a-sample', restoreParam: false })
    expect(nextSelection('l2a-sample', '?network=devnet', 'PUSH', 'devnet')).toEqual({ requested: 'devnet', restoreParam: false })
  })

  it('reads a missing param as the default on load and back/forward', () => {
    expect(nextSelection(null, '', 'POP', 'devnet')).toEqual({ requested: 'devnet', restoreParam: false })
    expect(nextSelection('mainnet-sample', '', 'POP', 'devnet')).toEqual({ requested: 'devnet', restoreParam: false })
  })

  it('keeps the network through an in-app navigation that dropped the param, and puts it back', () => {
    expect(nextSelection('mainnet-sample', '?cid=x', 'PUSH', 'devnet')).toEqual({ requested: 'mainnet-sample', restoreParam: true })
    expect(nextSelection('mainnet-sample', '', 'REPLACE', 'devnet')).toEqual({ requested: 'mainnet-sample', restoreParam: true })
    expect(nextSelection('devnet', '', 'PUSH', 'devnet')).toEqual({ requested: 'devnet', restoreParam: false })
  })
})

type Location = { pathname: string; search: string; hash: string }

function fakeRouter(start: Location): RouterLike & { go: (to: Location, action: string) => void; navigations: Array<{ to: Location; replace: boolean }> } {
  const subscribers = new Set<(state: { location: Location; historyAction: string }) => void>()
  const router = {
    state: { location: start, historyAction: 'POP' },
    navigations: [] as Array<{ to: Location; replace: boolean }>,
    subscribe(subscriber: (state: { location: Location; historyAction: string }) => void) {
      subscribers.add(subscriber)
      return () => subscribers.delete(subscriber)
    },
    go(to: Location, action: string) {
      router.state = { location: to, historyAction: action }
      for (const subscriber of subscribers) subscriber(router.state)
    },
    async navigate(to: Location, options: { replace?: boolean }) {
      router.navigations.push({ to, replace: options.replace === true })
      router.go({ pathname: to.pathname, search: to.search, hash: to.hash }, options.replace ? 'REPLACE' : 'PUSH')
    },
  }
  return router
}

describe('createNetworkSelection', () => {
  it('starts from the URL, switches keeping the page, and keeps the network while navigating', () => {
    const router = fakeRouter({ pathname: '/block/5', search: '', hash: '' })
    const selection = createNetworkSelection(router, 'devnet')
    expect(selection.requested()).toBe('devnet')

    let changes = 0
    selection.subscribe(() => changes++)
    selection.select('mainnet-sample')
    expect(selection.requested()).toBe('mainnet-sample')
    expect(router.navigations.at(-1)).toEqual({ to: { pathname: '/block/5', search: '?network=mainnet-sample', hash: '' }, replace: false })

    // A navigate('/block/6') from code that does not know about networks: the network stays, the param comes back.
    router.go({ pathname: '/block/6', search: '', hash: '' }, 'PUSH')
    expect(selection.requested()).toBe('mainnet-sample')
    expect(router.navigations.at(-1)).toEqual({ to: { pathname: '/block/6', search: '?network=mainnet-sample', hash: '' }, replace: true })

    // Back to a URL without the param: the default network.
    router.go({ pathname: '/', search: '', hash: '' }, 'POP')
    expect(selection.requested()).toBe('devnet')

    // Choosing the default removes the param instead of writing it.
    selection.select('l2a-sample')
    selection.select('devnet')
    expect(router.navigations.at(-1)!.to.search).toBe('')
    expect(selection.requested()).toBe('devnet')
    expect(changes).toBeGreaterThanOrEqual(4)
    selection.dispose()
  })

  it('follows the router only while listened to, and catches up when listened to again', () => {
    const router = fakeRouter({ pathname: '/', search: '', hash: '' })
    const selection = createNetworkSelection(router, 'devnet')
    const stop = selection.subscribe(() => {})
    router.go({ pathname: '/', search: '?network=l2a-sample', hash: '' }, 'PUSH')
    expect(selection.requested()).toBe('l2a-sample')
    stop()
    router.go({ pathname: '/l2b/pending', search: '?network=l2b-sample', hash: '' }, 'PUSH')
    expect(selection.requested()).toBe('l2a-sample')
    selection.subscribe(() => {})
    expect(selection.requested()).toBe('l2b-sample')
  })

  it('keeps a name it does not know, for the page to say so', () => {
    const router = fakeRouter({ pathname: '/', search: '?network=nowhere', hash: '' })
    expect(createNetworkSelection(router, 'devnet').requested()).toBe('nowhere')
  })
})
