import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keccak256 } from 'viem'
import { devAccount, signedTransfer } from '../testing/devAccounts.ts'
import { startTestService, type TestService } from '../testing/service.ts'

const account = devAccount(4)

let service: TestService

beforeAll(async () => {
  // Block time 0: anvil mines only on transactions, so "nothing reached the node" shows as an unchanged chain.
  service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0', CHAINGLASS_MAX_BATCH: '50', CHAINGLASS_MAX_BODY_BYTES: '65536' })
})
afterAll(async () => {
  await service?.close()
})

describe('the envelope (spec Part A: JSON-RPC envelope)', () => {
  it('answers with jsonrpc 2.0, the echoed id and result', async () => {
    for (const id of [7, 'seven', null]) {
      const { status, json } = await service.post({ jsonrpc: '2.0', id, method: 'eth_chainId', params: [] })
      expect(status).toBe(200)
      expect(json).toEqual({ jsonrpc: '2.0', id, result: '0x7a69' })
    }
  })

  it('takes a batch and answers each call by id', async () => {
    const { json } = await service.post([
      { jsonrpc: '2.0', id: 'a', method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 'b', method: 'net_version', params: [] },
      { jsonrpc: '2.0', id: 'c', method: 'no_such_method', params: [] },
    ])
    const replies = json as Array<{ id: string; result?: unknown; error?: { code: number } }>
    expect(replies).toHaveLength(3)
    const byId = Object.fromEntries(replies.map((reply) => [reply.id, reply]))
    expect(byId.a!.result).toBe('0x7a69')
    expect(byId.b!.result).toBe('31337')
    expect(byId.c!.error!.code).toBe(-32601)
  })

  it('refuses a batch over the documented maximum, and an empty batch', async () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }
    const big = await service.post(Array.from({ length: 51 }, (_, i) => ({ ...call, id: i })))
    expect(big.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } })
    expect((big.json as { error: { message: string } }).error.message).toContain('50')
    const exactly = await service.post(Array.from({ length: 50 }, (_, i) => ({ ...call, id: i })))
    expect(exactly.json).toHaveLength(50)
    const empty = await service.post([])
    expect(empty.json).toMatchObject({ id: null, error: { code: -32600 } })
  })

  it('sends no reply for notifications (requests without id)', async () => {
    const single = await service.post({ jsonrpc: '2.0', method: 'eth_chainId', params: [] })
    expect(single.status).toBe(204)
    const mixed = await service.post([
      { jsonrpc: '2.0', method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] },
    ])
    expect(mixed.json).toEqual([{ jsonrpc: '2.0', id: 2, result: '0x7a69' }])
  })
})

describe('bad input gets a JSON-RPC error, never a stack trace or HTML', () => {
  const expectJsonRpcError = (reply: { text: string; json: unknown }, code: number) => {
    expect(reply.json, reply.text).toMatchObject({ jsonrpc: '2.0', error: { code } })
    expect(reply.text).not.toMatch(/<html|at \w+ \(|node:internal/i)
  }

  it('unparseable body: -32700', async () => {
    for (const body of ['{bad', '', '[1,', '{"jsonrpc":"2.0",', 'null null']) {
      const reply = await service.post(body)
      expect(reply.status).toBe(200)
      expectJsonRpcError(reply, -32700)
    }
  })

  it('invalid request objects: -32600', async () => {
    const cases: unknown[] = [
      { id: 1, method: 'eth_chainId', params: [] }, // no jsonrpc
      { jsonrpc: '1.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 1, params: [] }, // no method
      { jsonrpc: '2.0', id: 1, method: 42, params: [] },
      { jsonrpc: '2.0', id: { nested: true }, method: 'eth_chainId', params: [] },
      42,
      JSON.stringify('eth_chainId'), // a JSON string, sent as the raw body
      null,
    ]
    for (const body of cases) expectJsonRpcError(await service.post(body), -32600)
    const batch = await service.post([1, 2])
    expect((batch.json as Array<{ error: { code: number } }>).map((reply) => reply.error.code)).toEqual([-32600, -32600])
  })

  it('unknown method: -32601', async () => {
    expectJsonRpcError(await service.post({ jsonrpc: '2.0', id: 1, method: 'eth_noSuchThing', params: [] }), -32601)
  })

  it('params that are not positional, or wrong for the method: -32602', async () => {
    expectJsonRpcError(await service.post({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: { address: '0x0' } }), -32602)
    expectJsonRpcError(await service.post({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: ['not an address', 'latest'] }), -32602)
    expectJsonRpcError(await service.post({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest'] }), -32602)
  })

  it('params nested thousands deep: -32602 at once, not a hang (found by fuzzing)', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000)
    const reply = await service.post(`[{"jsonrpc":"2.0","id":1,"method":"eth_call","params":${deep}},{"jsonrpc":"2.0","id":2,"method":"eth_chainId","params":[]}]`)
    const byId = Object.fromEntries((reply.json as Array<{ id: number }>).map((item) => [item.id, item]))
    expect(byId[1]).toMatchObject({ error: { code: -32602 } })
    expect(byId[2]).toMatchObject({ result: '0x7a69' })
  })

  it('oversized body: HTTP 413 with a JSON-RPC error', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: ['x'.repeat(70_000)] })
    const reply = await service.post(huge)
    expect(reply.status).toBe(413)
    expectJsonRpcError(reply, -32600)
    expect((reply.json as { error: { message: string } }).error.message).toContain('65536')
  })

  it('oversized body sent in chunks with no declared length: HTTP 413 with the same JSON-RPC error', async () => {
    const target = new URL(service.urls.rpc)
    const reply = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
      })
      request.on('error', reject)
      // 20 chunks of 4 KB: 80 KB in all, over the 64 KiB limit, with Transfer-Encoding: chunked.
      for (let i = 0; i < 20; i++) request.write('x'.repeat(4096))
      request.end()
    })
    expect(reply.status).toBe(413)
    expect(JSON.parse(reply.text)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } })
    expect((JSON.parse(reply.text) as { error: { message: string } }).error.message).toContain('65536')
  })

  it('a body that is not JSON by its content type: HTTP 415 with a JSON-RPC error', async () => {
    const reply = await service.post('{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}', { contentType: 'text/plain' })
    expect(reply.status).toBe(415)
    expectJsonRpcError(reply, -32600)
  })

  it('unknown paths answer 404 in JSON', async () => {
    const reply = await service.post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }, { url: `${service.urls.rpcBase}/v2/devkey` })
    expect(reply.status).toBe(404)
    expectJsonRpcError(reply, -32600)
  })
})

describe('authentication (spec: Authentication, JSON-RPC)', () => {
  const badKeys = ['', 'devke', 'devkeyx', 'DEVKEY', 'Devkey', 'devkey/', '%00devkey', 'dev%20key']

  it('a wrong or missing key answers 401 with a JSON-RPC error, and nothing reaches the node', async () => {
    const nonce = Number(await service.node('eth_getTransactionCount', [account.address, 'latest']))
    const raw = await signedTransfer(account, nonce)
    for (const key of badKeys) {
      const reply = await service.post(
        { jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [raw] },
        { url: `${service.urls.rpcBase}/v3/${key}` },
      )
      expect(reply.status, `key "${key}"`).toBe(401)
      expect(reply.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001 } })
    }
    const missing = await service.post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }, { url: `${service.urls.rpcBase}/v3` })
    expect(missing.status).toBe(401)
    // The signed transaction never reached the node: its hash is unknown and the nonce did not move.
    expect(await service.node('eth_getTransactionByHash', [keccak256(raw)])).toBeNull()
    expect(Number(await service.node('eth_getTransactionCount', [account.address, 'latest']))).toBe(nonce)
  })

  it('a WebSocket upgrade with a wrong key is refused with 401', async () => {
    for (const key of badKeys.filter((key) => key !== '' && !key.includes('/'))) {
      await expect(service.socket(`${service.urls.wsBase}/ws/v3/${key}`)).rejects.toThrow('HTTP 401')
    }
    await expect(service.socket(`${service.urls.wsBase}/ws/v3/`)).rejects.toThrow('HTTP 401')
    await expect(service.socket(`${service.urls.wsBase}/v3/devkey`)).rejects.toThrow('HTTP 404')
  })
})

describe('allowlist: through the keyed endpoint the chain changes only by signed transactions', () => {
  it('refuses node-control and signing methods with -32601, and the chain does not change', async () => {
    const before = await service.node('eth_blockNumber')
    const balanceBefore = await service.node('eth_getBalance', [account.address, 'latest'])
    const refused: Array<[string, unknown[]]> = [
      ['evm_mine', []],
      ['anvil_mine', ['0x5']],
      ['anvil_setBalance', [account.address, '0x0']],
      ['hardhat_setBalance', [account.address, '0x0']],
      ['evm_setNextBlockTimestamp', ['0x1']],
      ['debug_setHead', ['0x1']],
      ['personal_sign', ['0x00', account.address]],
      ['eth_sendTransaction', [{ from: account.address, to: account.address, value: '0x1' }]],
      ['eth_sign', [account.address, '0x00']],
      ['anvil_impersonateAccount', [account.address]],
      ['admin_nodeInfo', []],
      ['txpool_content', []],
    ]
    for (const [method, params] of refused) {
      const reply = await service.rpc(method, params)
      expect(reply.error?.code, method).toBe(-32601)
    }
    expect(await service.node('eth_blockNumber')).toBe(before)
    expect(await service.node('eth_getBalance', [account.address, 'latest'])).toBe(balanceBefore)
  })

  it('lets the read-only ots_* history methods through, with a bounded page, and still refuses every change', async () => {
    // A transaction of our own, so the history has something in it (block time 0: it is mined at once).
    const nonce = Number(BigInt((await service.node('eth_getTransactionCount', [account.address, 'latest'])) as string))
    const hash = (await service.node('eth_sendRawTransaction', [await signedTransfer(account, nonce)])) as string
    // The hash can come back a moment before the block that holds it is in the node's history.
    for (let attempt = 0; attempt < 100 && (await service.node('eth_getTransactionReceipt', [hash])) === null; attempt++) await new Promise((resolve) => setTimeout(resolve, 20))
    expect((await service.rpc('ots_getApiLevel')).result).toBe(8)
    const page = (await service.rpc('ots_searchTransactionsBefore', [account.address, 0, 25])).result as { txs: Array<{ hash: string }>; firstPage: boolean }
    expect(page.txs.map((transaction) => transaction.hash)).toContain(hash)
    expect(page.firstPage).toBe(true)
    const operations = (await service.rpc('ots_getInternalOperations', [hash])).result
    expect(operations).toEqual(await service.node('ots_getInternalOperations', [hash]))
    expect((await service.rpc('ots_getTransactionError', [hash])).result).toBe('0x')
    for (const pageSize of [0, 101, 1e9, '25', 2.5]) {
      const reply = await service.rpc('ots_searchTransactionsAfter', [account.address, 0, pageSize])
      expect(reply.error?.code, String(pageSize)).toBe(-32602)
      expect(reply.error?.message).toContain('from 1 to 100')
    }
    // Listed by name, not by prefix: anything else under ots_ is refused.
    expect((await service.rpc('ots_setSomething', [])).error?.code).toBe(-32601)
  })

  it('lets the explorer read methods through', async () => {
    const methods: Array<[string, unknown[]]> = [
      ['eth_blockNumber', []],
      ['eth_chainId', []],
      ['net_version', []],
      ['web3_clientVersion', []],
      ['eth_gasPrice', []],
      ['eth_maxPriorityFeePerGas', []],
      ['eth_feeHistory', ['0x2', 'latest', [50]]],
      ['eth_getBalance', [account.address, 'latest']],
      ['eth_getCode', [account.address, 'latest']],
      ['eth_getTransactionCount', [account.address, 'latest']],
      ['eth_getBlockTransactionCountByNumber', ['0x0']],
      ['eth_getUncleCountByBlockNumber', ['0x0']],
      ['eth_syncing', []],
      ['eth_getBlockByNumber', ['0x0', false]],
      ['eth_getStorageAt', [account.address, '0x0', 'latest']],
    ]
    for (const [method, params] of methods) {
      const reply = await service.rpc(method, params)
      expect(reply.error, method).toBeUndefined()
      expect(reply.result, method).toEqual(await service.node(method, params))
    }
  })

  it('sends a signed transaction with eth_sendRawTransaction, and it is mined', async () => {
    const nonce = Number(await service.node('eth_getTransactionCount', [account.address, 'latest']))
    const raw = await signedTransfer(account, nonce)
    const reply = await service.rpc('eth_sendRawTransaction', [raw])
    expect(reply.result).toBe(keccak256(raw))
    await expect
      .poll(async () => ((await service.rpc('eth_getTransactionReceipt', [reply.result])).result as { status?: string } | null)?.status, { timeout: 5000 })
      .toBe('0x1')
  })

  it('eth_subscribe needs the WebSocket endpoint', async () => {
    const reply = await service.rpc('eth_subscribe', ['newHeads'])
    expect(reply.error?.code).toBe(-32601)
    expect(reply.error?.message).toMatch(/WebSocket/)
  })

  it('the layer-2 methods are not offered on the local devnet', async () => {
    expect((await service.rpc('l2a_getRawBlockTransactions', [5817])).error?.code).toBe(-32601)
    expect((await service.rpc('l2b_pendingTransactions', [])).error?.code).toBe(-32601)
  })
})

describe('CORS for the explorer in the browser', () => {
  it('answers the preflight and allows the app origin', async () => {
    const response = await fetch(service.urls.rpc, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(response.status).toBeLessThan(300)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type')
  })

  it('a JSON-RPC POST from the app origin carries the same CORS headers as every other answer', async () => {
    const origin = 'http://127.0.0.1:5173'
    const post = await fetch(service.urls.rpc, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    expect(post.status).toBe(200)
    // A GET on the same path is answered by the CORS plugin's pipeline (405).
    const get = await fetch(service.urls.rpc, { headers: { origin } })
    expect(get.status).toBe(405)
    for (const header of ['access-control-allow-origin', 'vary']) expect(post.headers.get(header), header).toBe(get.headers.get(header))
    expect(post.headers.get('access-control-allow-origin')).toBe(origin)
    expect(post.headers.get('content-type')).toBe('application/json; charset=utf-8')
  })
})
