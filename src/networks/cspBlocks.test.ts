import { describe, expect, it } from 'vitest'
import { blockedByPolicy, policyBlocksVersion, subscribePolicyBlocks, watchPolicyBlocks } from './cspBlocks.ts'

const violation = (effectiveDirective: string, blockedURI: string) => Object.assign(new Event('securitypolicyviolation'), { effectiveDirective, blockedURI })

describe('origins the page policy blocked', () => {
  it('records the origin of a refused connection, not its path (which carries the key), and tells subscribers once', () => {
    const target = new EventTarget()
    watchPolicyBlocks(target as unknown as Document)
    let told = 0
    const stop = subscribePolicyBlocks(() => told++)
    const before = policyBlocksVersion()
    expect(blockedByPolicy('https://rpc.example/network')).toBe(false)

    target.dispatchEvent(violation('connect-src', 'https://rpc.example/v3/secret-key'))
    target.dispatchEvent(violation('connect-src', 'https://rpc.example/v3/secret-key'))
    target.dispatchEvent(violation('img-src', 'https://images.example/a.png'))
    target.dispatchEvent(violation('connect-src', 'inline'))

    expect(blockedByPolicy('https://rpc.example/other')).toBe(true)
    expect(blockedByPolicy('wss://rpc.example/other')).toBe(false)
    expect(blockedByPolicy('https://images.example/a.png')).toBe(false)
    expect(policyBlocksVersion()).toBe(before + 1)
    expect(told).toBe(1)
    stop()
  })
})
