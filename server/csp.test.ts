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
    expect(parseConnectSources('')).toEqual([])
  })

  it('left unset, allows the nodes on this machine: 127.0.0.1 and localhost on any port, HTTP and WebSocket', () => {
    expect(parseConnectSources(undefined)).toEqual(['http://127.0.0.1:*', 'ws://127.0.0.1:*', 'http://localhost:*', 'ws://localhost:*'])
    expect(loadConfig({}).cspConnectSources).toEqual(parseConnectSources(undefined))
    // An operator's list is the whole of it: a deployment serving others reaches no loopback node it did not name.
    expect(loadConfig({ CHAINGLASS_CSP_CONNECT_SRC: 'https://rpc.example' }).cspConnectSources).toEqual(['https://rpc.example'])
    expect(loadConfig({ CHAINGLASS_CSP_CONNECT_SRC: '' }).cspConnectSources).toEqual([])
  })
})
