import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from './testing/service.ts'

let service: TestService
beforeAll(async () => {
  service = await startTestService({ CHAINGLASS_KEY: 'k-123', CHAINGLASS_SECRET: 's-456', CHAINGLASS_APP_PORT: '5999' })
})
afterAll(async () => {
  await service?.close()
})

describe('the service wires its parts together', () => {
  it('serves the file store with the configured key and secret, and the app origin may call it', async () => {
    const auth = 'Basic ' + Buffer.from('k-123:s-456').toString('base64')
    const ok = await fetch(`${service.urls.files}/api/v0/version`, { method: 'POST', headers: { authorization: auth, origin: 'http://127.0.0.1:5999' } })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5999')
    const wrong = await fetch(`${service.urls.files}/api/v0/version`, { method: 'POST', headers: { authorization: 'Basic ' + Buffer.from('k-123:nope').toString('base64') } })
    expect(wrong.status).toBe(401)
  })

  it('takes the project key from CHAINGLASS_KEY for JSON-RPC', async () => {
    expect((await service.rpc('eth_chainId')).result).toBe('0x7a69')
    expect(service.urls.rpc.endsWith('/v3/k-123')).toBe(true)
    const old = await service.post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }, { url: `${service.urls.rpcBase}/v3/devkey` })
    expect(old.status).toBe(401)
  })
})
