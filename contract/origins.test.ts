import { describe, expect, it } from 'vitest'
import { isLoopbackUrl, originOf, withLoopbackName } from './origins.ts'

describe('origins', () => {
  it('names an origin as a CSP source does', () => {
    expect(originOf('https://rpc.example:8443/v3/key')).toBe('https://rpc.example:8443')
    expect(originOf('not a url')).toBeNull()
  })

  it('knows a node on this machine by its host: 127.0.0.0/8, localhost, [::1]', () => {
    for (const url of ['http://127.0.0.1:8545', 'ws://127.0.0.1:8546', 'http://127.1.2.3:1', 'http://localhost:8545', 'http://node.localhost:8545', 'http://[::1]:8545']) {
      expect(isLoopbackUrl(url), url).toBe(true)
    }
    for (const url of ['https://rpc.example', 'http://10.0.0.1:8545', 'http://128.0.0.1', 'http://localhost.example', 'http://[::2]:8545', 'nonsense']) {
      expect(isLoopbackUrl(url), url).toBe(false)
    }
  })

  it('writes [::1] as localhost, and leaves every other URL as it is', () => {
    expect(withLoopbackName('http://[::1]:8545')).toBe('http://localhost:8545')
    expect(withLoopbackName('ws://[::1]:8546/path')).toBe('ws://localhost:8546/path')
    expect(withLoopbackName('http://[::1]')).toBe('http://localhost')
    expect(withLoopbackName('http://[::1]x:1')).toBe('http://[::1]x:1')
    expect(withLoopbackName('https://rpc.example/[::1]')).toBe('https://rpc.example/[::1]')
  })
})
