import { keccak256 } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devAccount, signedTransfer } from '../testing/devAccounts.ts'
import { startTestService, type TestService } from '../testing/service.ts'

/**
 * The key on every endpoint the gateway serves (the devnet and each sample network, HTTP and WebSocket):
 * missing, wrong, in another case, a prefix or an extension of it → 401 every time, before the body is
 * read, so nothing reaches a node. gateway.http.test.ts has the first cases on the devnet's HTTP endpoint.
 */

const key = 'Chainglass-Key-42'
const account = devAccount(3)
let service: TestService

beforeAll(async () => {
  // Block time 0: anvil mines only on transactions, so "nothing reached the node" shows as an unchanged chain.
  service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0', CHAINGLASS_KEY: key })
})
afterAll(async () => {
  await service?.close()
})

const badKeys: Array<[string, string]> = [
  ['a wrong key', 'not-the-key'],
  ['the key in lower case', key.toLowerCase()],
  ['the key in upper case', key.toUpperCase()],
  ['a prefix of the key', key.slice(0, -1)],
  ['a one-letter prefix', key.slice(0, 1)],
  ['the key extended by one letter', `${key}x`],
  ['the key twice', key + key],
  ['the key with a trailing space (encoded)', `${key}%20`],
  ['the key with a NUL (encoded)', `${key}%00`],
  ['the key percent-encoded in another case', encodeURIComponent(key).replace('C', '%43').toLowerCase()],
]
const prefixes = ['', '/sample/mainnet-sample', '/sample/l2a-sample', '/sample/l2b-sample']

describe('every endpoint refuses every key but the key (401, nothing reaches the node)', () => {
  it('HTTP: POST and GET on the devnet and the sample networks', async () => {
    const nonce = Number(await service.node('eth_getTransactionCount', [account.address, 'latest']))
    const raw = await signedTransfer(account, nonce)
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [raw] })
    let refused = 0
    for (const prefix of prefixes) {
      for (const [label, bad] of [...badKeys, ['no key', ''] as [string, string]]) {
        for (const method of ['POST', 'GET']) {
          const response = await fetch(`${service.urls.rpcBase}${prefix}/v3/${bad}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? body : undefined })
          expect(response.status, `${method} ${prefix}/v3/<${label}>`).toBe(401)
          expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001 } })
          refused++
        }
      }
      // The right key on the same path is let in (the sample answers chain-id calls from its recording).
      const ok = await fetch(`${service.urls.rpcBase}${prefix}/v3/${key}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) })
      expect(ok.status, `${prefix}/v3/<the key>`).toBe(200)
    }
    expect(refused).toBe(prefixes.length * (badKeys.length + 1) * 2)
    // The signed transaction sent with every wrong key never reached the node.
    expect(await service.node('eth_getTransactionByHash', [keccak256(raw)])).toBeNull()
    expect(Number(await service.node('eth_getTransactionCount', [account.address, 'latest']))).toBe(nonce)
  })

  it('WebSocket: the upgrade is refused on the devnet and the sample networks', async () => {
    for (const prefix of prefixes) {
      for (const [label, bad] of badKeys) {
        await expect(service.socket(`${service.urls.wsBase}${prefix}/ws/v3/${bad}`), `${prefix}/ws/v3/<${label}>`).rejects.toThrow('HTTP 401')
      }
      await expect(service.socket(`${service.urls.wsBase}${prefix}/ws/v3/`), `${prefix}/ws/v3/ with no key`).rejects.toThrow('HTTP 401')
      const socket = await service.socket(`${service.urls.wsBase}${prefix}/ws/v3/${key}`)
      socket.close()
    }
    expect(service.gateway.subscriptionCount()).toBe(0)
  })
})
