import { describe, expect, it } from 'vitest'
import { ConfigError, parseRuntimeConfig } from '../../contract/runtimeConfig.ts'
import { loadRuntimeConfig } from './loadRuntimeConfig.ts'
import { rpcHttpUrl, rpcSocketUrl } from '../../contract/endpoints.ts'
import { pickNetwork } from './selection.ts'

const valid = {
  defaultNetwork: 'devnet',
  networks: [
    { name: 'devnet', label: 'Local devnet', chainId: '0x7a69', rpcBase: 'http://127.0.0.1:8545', wsBase: 'ws://127.0.0.1:8545', ipfsUrl: 'http://127.0.0.1:5001', key: 'devkey', secret: 'devsecret', kind: 'local' },
    { name: 'sample-a', label: 'Sample A', chainId: '0x1', rpcBase: 'http://127.0.0.1:9000/', wsBase: 'ws://127.0.0.1:9000/', ipfsUrl: null, key: 'k/1', secret: '', kind: 'sample' },
  ],
}

describe('parseRuntimeConfig', () => {
  it('accepts the served shape', () => {
    expect(parseRuntimeConfig(valid).networks).toHaveLength(2)
  })

  it('names the bad field without quoting secrets', () => {
    const broken = structuredClone(valid)
    ;(broken.networks[0] as Record<string, unknown>).secret = 12345
    const error = (() => {
      try {
        parseRuntimeConfig(broken)
      } catch (caught) {
        return caught as ConfigError
      }
    })()
    expect(error).toBeInstanceOf(ConfigError)
    expect(error?.detail).toBe('networks.0.secret: expected string')
    expect(error?.message).not.toContain('12345')
  })

  it('refuses a network addressed by key with no key; a proxied one has none', () => {
    const keyless = structuredClone(valid)
    keyless.networks[0]!.key = ''
    expect(() => parseRuntimeConfig(keyless)).toThrow(/networks\.0: expected a project key/)
    expect(parseRuntimeConfig({ ...keyless, networks: [{ ...keyless.networks[0], endpoint: 'proxy', rpcBase: '/rpc/devnet', wsBase: '/rpc/devnet', ipfsUrl: '/files/devnet', secret: '' }] }).networks[0]!.key).toBe('')
  })

  it("makes a proxied network's paths URLs on the page's origin: http(s) for calls and files, ws(s) for the socket", async () => {
    const served = { defaultNetwork: 'devnet', networks: [{ ...valid.networks[0]!, endpoint: 'proxy', rpcBase: '/rpc/devnet', wsBase: '/rpc/devnet', ipfsUrl: '/files/devnet', key: '', secret: '' }, valid.networks[1]!] }
    const config = await loadRuntimeConfig({ inPage: served, page: 'https://explorer.example:8443/block/5?network=devnet' })
    const devnet = config.networks[0]!
    expect([devnet.rpcBase, devnet.wsBase, devnet.ipfsUrl]).toEqual(['https://explorer.example:8443/rpc/devnet', 'wss://explorer.example:8443/rpc/devnet', 'https://explorer.example:8443/files/devnet'])
    expect([rpcHttpUrl(devnet), rpcSocketUrl(devnet)]).toEqual(['https://explorer.example:8443/rpc/devnet', 'wss://explorer.example:8443/rpc/devnet'])
    // A network given by URL is left as it is.
    expect(config.networks[1]!.rpcBase).toBe('http://127.0.0.1:9000/')
  })

  it('refuses a default that names no network, and an empty list', () => {
    expect(() => parseRuntimeConfig({ ...valid, defaultNetwork: 'mainnet' })).toThrow(/defaultNetwork names no network/)
    expect(() => parseRuntimeConfig({ defaultNetwork: 'x', networks: [] })).toThrow(/at least one network/)
  })
})

describe('loadRuntimeConfig', () => {
  const answer = (body: string, status = 200) => async () => new Response(body, { status })

  it('types each way of failing', async () => {
    await expect(loadRuntimeConfig({ fetch: answer('nope', 404) })).rejects.toMatchObject({ reason: 'http' })
    await expect(loadRuntimeConfig({ fetch: answer('<!doctype html>') })).rejects.toMatchObject({ reason: 'not-json' })
    await expect(loadRuntimeConfig({ fetch: answer('{}') })).rejects.toMatchObject({ reason: 'invalid' })
    await expect(loadRuntimeConfig({ fetch: () => Promise.reject(new TypeError('failed')) })).rejects.toMatchObject({ reason: 'unreachable' })
  })

  it('returns the config when it is good', async () => {
    await expect(loadRuntimeConfig({ fetch: answer(JSON.stringify(valid)) })).resolves.toMatchObject({ defaultNetwork: 'devnet' })
  })

  it('takes the config the page carried (the page’s entry hands it over) without asking the server, and checks it the same', async () => {
    const never = () => Promise.reject(new Error('asked /config.json'))
    await expect(loadRuntimeConfig({ fetch: never, inPage: valid })).resolves.toMatchObject({ defaultNetwork: 'devnet' })
    await expect(loadRuntimeConfig({ fetch: never, inPage: { defaultNetwork: 'x', networks: [] } })).rejects.toMatchObject({ reason: 'invalid' })
    // None in the page: /config.json as before.
    await expect(loadRuntimeConfig({ fetch: answer(JSON.stringify(valid)), inPage: undefined })).resolves.toMatchObject({ defaultNetwork: 'devnet' })
  })
})

describe('network selection and endpoints', () => {
  const config = parseRuntimeConfig(valid)

  it('keeps a remembered network that still exists, else takes the default', () => {
    expect(pickNetwork(config, 'sample-a').name).toBe('sample-a')
    expect(pickNetwork(config, 'gone').name).toBe('devnet')
    expect(pickNetwork(config, null).name).toBe('devnet')
  })

  it('puts the key in the path only, escaped, with no doubled slash', () => {
    const sample = config.networks[1]!
    expect(rpcHttpUrl(sample)).toBe('http://127.0.0.1:9000/v3/k%2F1')
    expect(rpcSocketUrl(sample)).toBe('ws://127.0.0.1:9000/ws/v3/k%2F1')
  })
})
