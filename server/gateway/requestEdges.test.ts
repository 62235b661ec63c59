import { execFile } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../testing/service.ts'

/** The edges of the HTTP envelope: ids echoed as sent, 401 for every wrong key, 413 that clients can read. */
const limit = 65_536
let service: TestService

beforeAll(async () => {
  service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0', CHAINGLASS_MAX_BODY_BYTES: String(limit) })
})
afterAll(async () => {
  await service?.close()
})

/** The raw text of the `id` member of each reply object in `text`, in order (read with a pattern, not JSON.parse). */
const idTexts = (text: string) => [...text.matchAll(/"id":(-?[0-9][0-9.eE+-]*|"[^"]*"|null)/g)].map((match) => match[1])

describe('ids are echoed exactly as sent (JSON-RPC 2.0: the response id is the request id)', () => {
  // Numbers a double cannot hold exactly, or that JSON.stringify writes another way.
  const ids = ['12345678901234567890', '100000000000000000000000', '-9007199254740993', '1.5e300', '18446744073709551615']

  it('over HTTP, alone and in a batch', async () => {
    for (const id of ids) {
      const single = await service.post(`{"jsonrpc":"2.0","id":${id},"method":"eth_chainId","params":[]}`)
      expect(idTexts(single.text), id).toEqual([id])
      const failing = await service.post(`{"jsonrpc":"2.0","id":${id},"method":"anvil_mine","params":[]}`)
      expect(idTexts(failing.text), `${id}, an error reply`).toEqual([id])
    }
    const batch = await service.post(`[${ids.map((id) => `{"jsonrpc":"2.0","id":${id},"method":"eth_chainId","params":[]}`).join(',')},{"jsonrpc":"2.0","id":7,"method":"eth_chainId","params":[]}]`)
    expect(idTexts(batch.text)).toEqual([...ids, '7'])
  })

  it('also when the id comes after nested params, is spelled with an escape, or is given twice (the last counts)', async () => {
    const body = `{"jsonrpc":"2.0","method":"eth_getBalance","params":["0x0000000000000000000000000000000000000000",{"id":1}],"i\\u0064":98765432109876543210}`
    expect(idTexts((await service.post(body)).text).at(-1)).toBe('98765432109876543210')
    const twice = `{"id":1,"jsonrpc":"2.0","method":"eth_chainId","params":[],"id":11111111111111111111}`
    expect(idTexts((await service.post(twice)).text)).toEqual(['11111111111111111111'])
  })

  it('over WebSocket', async () => {
    const socket = await service.socket()
    for (const id of ids) {
      const text = await new Promise<string>((resolve) => {
        socket.ws.once('message', (data) => resolve(data.toString()))
        socket.ws.send(`{"jsonrpc":"2.0","id":${id},"method":"eth_chainId","params":[]}`)
      })
      expect(idTexts(text), id).toEqual([id])
    }
    socket.close()
  })
})

describe('a wrong key is a 401 with a JSON-RPC error, whatever its length, and nothing echoes the URL', () => {
  it('for keys of 100 to 10,000 characters, over POST and GET', async () => {
    for (const length of [101, 300, 1_000, 10_000]) {
      const key = 'k'.repeat(length)
      for (const method of ['POST', 'GET']) {
        const response = await fetch(`${service.urls.rpcBase}/v3/${key}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: method === 'POST' ? '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' : undefined,
        })
        const text = await response.text()
        expect(response.status, `${method} with a ${length}-character key`).toBe(401)
        expect(JSON.parse(text)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001 } })
        expect(text).not.toContain('kkkkkkkkkk')
      }
    }
  })

  it('a request line over 16 KiB is refused with a JSON-RPC error that echoes nothing', async () => {
    const response = await fetch(`${service.urls.rpcBase}/v3/${'k'.repeat(20_000)}`, { method: 'POST', body: '{}' })
    const text = await response.text()
    expect(response.status).toBe(431)
    expect(JSON.parse(text)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } })
    expect(text).not.toContain('kkkkkkkkkk')
  })
})

/** Writes `bytes` of 'a' in 64 KiB pieces, heeding back-pressure, then calls `done`. */
function writeBody(stream: NodeJS.WritableStream, bytes: number, done: () => void): void {
  const chunk = Buffer.alloc(64 * 1024, 0x61)
  let sent = 0
  const writeMore = () => {
    while (sent < bytes) {
      const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent))
      sent += piece.length
      if (!stream.write(piece)) return void stream.once('drain', writeMore)
    }
    done()
  }
  writeMore()
}

/** Sends `bytes` of body in 64 KiB writes with Node's http client; resolves with the answer, or the connection error. */
function postWithNodeHttp(url: string, bytes: number, declareLength: boolean): Promise<{ status: number; text: string } | { error: string }> {
  const target = new URL(url)
  return new Promise((resolve) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (declareLength) headers['content-length'] = String(bytes)
    const request = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers }, (response) => {
      let text = ''
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
      response.on('error', (error) => resolve({ error: error.message }))
    })
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
    writeBody(request, bytes, () => request.end())
  })
}

/**
 * A client that writes its whole body before it reads anything (as simple clients do), with a pause before it
 * reads: a server that answers and closes at once leaves unread bytes in its socket, the kernel resets the
 * connection, and the client's read fails with ECONNRESET; the answer it was sent is lost with it.
 */
function postThenRead(url: string, bytes: number): Promise<string> {
  const target = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect(Number(target.port), target.hostname)
    let received = ''
    let failed = ''
    socket.pause()
    socket.on('error', (error: NodeJS.ErrnoException) => (failed ||= error.code ?? error.message))
    socket.on('close', () => resolve(failed ? `error ${failed}` : received))
    socket.write(`POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\n\r\n`)
    writeBody(socket, bytes, () =>
      setTimeout(() => {
        socket.on('data', (data: Buffer) => (received += data.toString('latin1')))
        socket.resume()
      }, 300),
    )
  })
}

describe('a body over the limit gets its 413 and JSON-RPC error, not a reset', () => {
  it('for a client that reads only after writing its whole body', async () => {
    const answer = await postThenRead(service.urls.rpc, 4 * 1024 * 1024)
    expect(answer.slice(0, 40)).toMatch(/^HTTP\/1\.1 413 /)
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } })
  })

  const over = 16 * 1024 * 1024

  it("with Node's http client, with and without a declared length", async () => {
    for (const declareLength of [true, false]) {
      const answer = await postWithNodeHttp(service.urls.rpc, over, declareLength)
      expect(answer, `declared length: ${declareLength}`).toMatchObject({ status: 413 })
      expect(JSON.parse((answer as { text: string }).text)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } })
    }
  })

  it('with fetch', async () => {
    const response = await fetch(service.urls.rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'a'.repeat(over) })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } })
  })

  it('with curl', async () => {
    // The body goes in on curl's standard input (--data-binary @-), 8 MB of it.
    const answer = await new Promise<string>((resolve) => {
      const child = execFile('curl', ['-sS', '-X', 'POST', '-H', 'content-type: application/json', '--data-binary', '@-', '-w', '\n%{http_code}', service.urls.rpc], (error, out, err) =>
        resolve(error ? `curl failed: ${err}` : out),
      )
      child.stdin!.on('error', () => {})
      child.stdin!.end(Buffer.alloc(over, 0x61))
    })
    const [body, status] = answer.split('\n')
    expect(status, answer.slice(0, 200)).toBe('413')
    expect(JSON.parse(body!)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } })
  })

  it('a wrong key with a large body is a 401 the client can read, too', async () => {
    const answer = await postWithNodeHttp(`${service.urls.rpcBase}/v3/wrong`, 2 * 1024 * 1024, true)
    expect(answer).toMatchObject({ status: 401 })
  })

  it('the service answers afterwards', async () => {
    expect((await service.rpc('eth_chainId')).result).toBe('0x7a69')
  })
})
