import { describe, expect, it } from 'vitest'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import { pickEncoding, withRuntimeConfig } from './indexPage.ts'

const config = (label: string): RuntimeConfig => ({
  defaultNetwork: 'a',
  networks: [{ name: 'a', label, chainId: '0x1', rpcBase: 'http://127.0.0.1:1', wsBase: 'ws://127.0.0.1:1', ipfsUrl: null, key: 'k', secret: 's', kind: 'hosted' }],
})

describe('withRuntimeConfig', () => {
  it("replaces the marker with a JSON data block that reads back as the browser's config: no key, no secret", () => {
    const page = withRuntimeConfig('<head><!--chainglass:config--></head>', config('Main'))
    const json = /<script type="application\/json" id="chainglass-config">(.*)<\/script>/.exec(page)![1]!
    const { networks, ...rest } = config('Main')
    expect(JSON.parse(json)).toEqual({ ...rest, networks: networks.map((network) => ({ ...network, rpcBase: '/rpc/a', wsBase: '/rpc/a', key: '', secret: '', endpoint: 'proxy' })) })
  })

  it('no value can end the block or open a comment in it (every < escaped), and $ patterns are not expanded', () => {
    const hostile = '</script><script>alert(1)</script><!-- $& $1'
    const page = withRuntimeConfig('<!--chainglass:config-->', config(hostile))
    expect(page.match(/<\/script>/g)).toHaveLength(1)
    expect(page).not.toContain('<!--')
    const json = /id="chainglass-config">(.*)<\/script>$/.exec(page)![1]!
    expect((JSON.parse(json) as RuntimeConfig).networks[0]!.label).toBe(hostile)
  })

  it('leaves a page without the marker as it is (the app then reads /config.json)', () => {
    expect(withRuntimeConfig('<title>x</title>', config('Main'))).toBe('<title>x</title>')
  })
})

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, honours q=0, and sends none for identity or nothing', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(pickEncoding('deflate')).toBeNull()
    expect(pickEncoding('identity')).toBeNull()
    expect(pickEncoding(undefined)).toBeNull()
    expect(pickEncoding(' BR ')).toBe('br')
  })
})
