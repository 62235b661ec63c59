import { describe, expect, it } from 'vitest'
import { localRuntimeConfig } from './appServer.ts'
import { loadConfig } from './config.ts'
import { connectSources, contentSecurityPolicy, parseConnectSources } from './csp.ts'

const runtime = localRuntimeConfig(loadConfig({}), { rpc: 18545, files: 15001 })
const directives = (policy: string) => new Map(policy.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1)]))

describe('the app Content-Security-Policy', () => {
  it('allows scripts from the app only: no inline script, no eval', () => {
    const policy = directives(contentSecurityPolicy(runtime))
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'none'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(contentSecurityPolicy(runtime)).not.toContain('unsafe-')
  })

  it('connects to the configured networks: their JSON-RPC, WebSocket and file-store origins, each once', () => {
    expect(connectSources(runtime)).toEqual(["'self'", 'blob:', 'http://127.0.0.1:18545', 'ws://127.0.0.1:18545', 'http://127.0.0.1:15001'])
  })

  it('adds the operator’s sources, and refuses anything that could add a directive', () => {
    expect(connectSources(runtime, parseConnectSources(' https: wss:  https://rpc.example '))).toContain('https://rpc.example')
    expect(() => parseConnectSources("https: ; script-src 'unsafe-inline'")).toThrow(/not a CSP source/)
    expect(() => parseConnectSources('https://a.example,https://b.example')).toThrow(/not a CSP source/)
    expect(parseConnectSources(undefined)).toEqual([])
  })
})
