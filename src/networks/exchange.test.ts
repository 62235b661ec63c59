import { describe, expect, it } from 'vitest'
import { defaultCapabilities } from './capabilities.ts'
import { exportNetworks, planImport } from './exchange.ts'
import type { UserNetworkRecord } from './userNetworks.ts'

const record: UserNetworkRecord = {
  name: 'my-sepolia',
  label: 'My Sepolia',
  chainId: '0xaa36a7',
  endpoint: 'service',
  rpcBase: 'https://provider.example/sepolia',
  wsBase: 'wss://provider.example/sepolia',
  ipfsUrl: 'https://ipfs.provider.example:5001',
  key: 'k3y',
  capabilities: { ...defaultCapabilities, blockTags: ['latest', 'finalized'] },
}
const secrets: Record<string, string> = { 'my-sepolia': 's3cret' }
const secretOf = (name: string) => secrets[name] ?? null
const context = { builtIn: new Set(['devnet', 'mainnet-sample']), mine: new Set<string>() }

describe('export', () => {
  it('leaves keys and secrets out unless asked', () => {
    const text = exportNetworks([record], { includeCredentials: false, secretOf })
    expect(text).not.toContain('k3y')
    expect(text).not.toContain('s3cret')
    expect(JSON.parse(text)).toEqual({ format: 'chainglass-networks', version: 1, networks: [{ ...record, key: undefined }].map(({ key: _, ...rest }) => rest) })
  })

  it('includes them when asked', () => {
    const text = exportNetworks([record], { includeCredentials: true, secretOf })
    expect(JSON.parse(text).networks[0]).toEqual({ ...record, secret: 's3cret' })
  })
})

describe('import', () => {
  it('round-trips an export, with and without credentials', () => {
    const withCredentials = planImport(exportNetworks([record], { includeCredentials: true, secretOf }), context)
    expect(withCredentials).toEqual({ ok: true, entries: [{ record, secret: 's3cret', replaces: false }] })
    const without = planImport(exportNetworks([record], { includeCredentials: false, secretOf }), { ...context, mine: new Set(['my-sepolia']) })
    expect(without).toEqual({ ok: true, entries: [{ record: { ...record, key: '' }, secret: null, replaces: true }] })
  })

  it('refuses the whole file and names each problem by its path', () => {
    const file = {
      format: 'chainglass-networks',
      version: 1,
      networks: [record, { ...record, name: 'devnet' }, { ...record, name: 'other', wsBase: 'http://x' }, record, { ...record, name: 'lonely', key: undefined, secret: 'x' }],
    }
    const plan = planImport(JSON.stringify(file), context)
    expect(plan).toEqual({
      ok: false,
      problems: [
        'networks[1].name: another network is already called "devnet"',
        'networks[2].wsBase: expected a ws:// or wss:// URL',
        'networks[3].name: the file lists "my-sepolia" twice',
        'networks[4].secret: a secret needs the project key it belongs to',
      ],
    })
  })

  it('says what kind of file it wanted', () => {
    expect(planImport('{', context)).toMatchObject({ ok: false, problems: [expect.stringMatching(/^the file is not JSON/)] })
    expect(planImport('{"format":"other","version":1,"networks":[{}]}', context)).toMatchObject({ ok: false, problems: [expect.stringMatching(/^format: expected "chainglass-networks"/)] })
    expect(planImport('{"format":"chainglass-networks","version":2,"networks":[{}]}', context)).toMatchObject({ ok: false, problems: [expect.stringMatching(/^version: /)] })
    expect(planImport('{"format":"chainglass-networks","version":1,"networks":[]}', context)).toMatchObject({ ok: false, problems: ['networks: the file lists no network'] })
  })
})
