import http from 'node:http'
import { unixfs } from '@helia/unixfs'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { sha256 } from 'multiformats/hashes/sha2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { patternBytes, startTestFiles, testSecret, type TestFiles } from '../testing.ts'
import { kuboImport, otherNode, type OtherNode } from '../testPeer.ts'
import { pinning, waitForStatus, type PinResultsBody, type PinStatusBody } from './testing.ts'

/**
 * The IPFS Pinning Service API on the file store, driven over HTTP as any client would: every answer is checked
 * against the spec's own schemas (testdata/pinning, through ./testing.ts `pinning`), and what "pinned" means is
 * checked with the store's other interfaces (its RPC's cat and repo/gc, and an independent IPFS node).
 */

let files: TestFiles
let other: OtherNode

/** Content nobody holds: its CID is the hash of bytes made here and never added anywhere. */
async function absentCid(seed: string): Promise<string> {
  return CID.createV1(raw.code, await sha256.digest(new TextEncoder().encode(`never added: ${seed}`))).toString()
}

async function peerId(service: TestFiles): Promise<{ ID: string; Addresses: string[] }> {
  return (await service.post('/api/v0/id')).json as { ID: string; Addresses: string[] }
}

beforeAll(async () => {
  files = await startTestFiles({ pinningTimeoutMs: 20_000 })
  other = await otherNode()
})

afterAll(async () => {
  await other?.stop()
  await files?.close()
})

describe('POST /pins and the pin lifecycle', () => {
  it('answers 202 with a queued PinStatus for content the store holds, whose delegates are the store’s own peer addresses, then pins it', async () => {
    const added = await files.addOne('held here already\n', 'pin=false')
    const before = Date.now()
    const own = (await peerId(files)).Addresses
    // Its own address as an origin (a client mirroring this node's pins to it) is no origin to dial.
    const reply = await pinning(files, 'POST', '/pins', { body: { cid: added.Hash, name: 'held.txt', meta: { app: 'test' }, origins: own } })
    expect(reply.status).toBe(202)
    const body = reply.json as PinStatusBody
    expect(body.status).toBe('queued')
    expect(body.pin).toEqual({ cid: added.Hash, name: 'held.txt', meta: { app: 'test' }, origins: own })
    expect(Date.parse(body.created)).toBeGreaterThanOrEqual(before - 1)
    expect(body.delegates).toEqual(own)
    const pinned = await waitForStatus(files, body.requestid, ['pinned', 'failed'])
    expect(pinned).toMatchObject({ requestid: body.requestid, status: 'pinned', created: body.created, pin: body.pin })
    expect(pinned.info?.status_details).not.toContain('origin')
  })

  it('goes queued → pinning → pinned for content an origin only gets later, fetched from that origin over bitswap', async () => {
    const bytes = patternBytes(400_000, 21)
    // The CID is known before anyone holds it: the same import made on a scratch node.
    const scratch = await otherNode()
    const cid = await unixfs(scratch).addBytes(bytes, kuboImport)
    await scratch.stop()
    const origin = other.libp2p.getMultiaddrs()[0]!.toString()
    const posted = await pinning(files, 'POST', '/pins', { body: { cid: cid.toString(), origins: [origin] } })
    expect((posted.json as PinStatusBody).status).toBe('queued')
    const requestid = (posted.json as PinStatusBody).requestid
    const pinningNow = await waitForStatus(files, requestid, ['pinning', 'pinned', 'failed'])
    expect(pinningNow.status).toBe('pinning')
    // Dialled from the origins: the other node now sees the store's peer.
    const storePeer = (await peerId(files)).ID
    await expect.poll(() => other.libp2p.getPeers().map(String)).toContain(storePeer)
    expect((await pinning(files, 'GET', `/pins/${requestid}`)).json).toMatchObject({ status: 'pinning' })

    await unixfs(other).addBytes(bytes, kuboImport)
    const done = await waitForStatus(files, requestid, ['pinned', 'failed'])
    expect(done.status).toBe('pinned')
    // Held by the store itself now: its RPC reads it back whole.
    const cat = await files.cat(cid.toString())
    expect(cat.status).toBe(200)
    expect(cat.bytes.equals(bytes)).toBe(true)
  })

  it('fails a CID nobody has, at once when no peer is connected, and says why in info.status_details', async () => {
    const lone = await startTestFiles()
    try {
      const cid = await absentCid('lone')
      const posted = await pinning(lone, 'POST', '/pins', { body: { cid, origins: [`/ip4/127.0.0.1/tcp/9/p2p/${other.libp2p.peerId.toString()}`] } })
      const failed = await waitForStatus(lone, (posted.json as PinStatusBody).requestid, ['pinned', 'failed'])
      expect(failed.status).toBe('failed')
      expect(failed.info?.status_details).toContain(`part of the DAG under ${cid} is missing`)
      expect(failed.info?.status_details).toContain('0 of 1 origin(s) reached')
    } finally {
      await lone.close()
    }
  })

  it('fails after its bounded wait when the connected peers do not have the content', async () => {
    const impatient = await startTestFiles({ pinningTimeoutMs: 300 })
    try {
      const cid = await absentCid('impatient')
      const origin = other.libp2p.getMultiaddrs()[0]!.toString()
      const started = Date.now()
      const posted = await pinning(impatient, 'POST', '/pins', { body: { cid, origins: [origin] } })
      const failed = await waitForStatus(impatient, (posted.json as PinStatusBody).requestid, ['pinned', 'failed'])
      expect(failed.status).toBe('failed')
      expect(failed.info?.status_details).toContain('connected peer(s) in time')
      expect(Date.now() - started).toBeGreaterThanOrEqual(300)
    } finally {
      await impatient.close()
    }
  })

  it('refuses a body that is not a Pin object with 400 and the spec’s Failure shape', async () => {
    const cases: unknown[] = [
      '{not json',
      [],
      { name: 'no cid' },
      { cid: 'not-a-cid' },
      { cid: 'QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n', name: 'x'.repeat(256) },
      { cid: 'QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n', origins: ['/ip4/127.0.0.1/tcp/4001'] },
      { cid: 'QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n', meta: { n: 1 } },
    ]
    for (const body of cases) {
      const reply = await pinning(files, 'POST', '/pins', { body })
      expect(reply.status, JSON.stringify(body)).toBe(400)
      expect((reply.json as { error: { reason: string } }).error.reason).toBe('BAD_REQUEST')
    }
    const text = await pinning(files, 'POST', '/pins', { body: 'cid=x', headers: { 'content-type': 'text/plain' } })
    expect(text.status).toBe(415)
  })
})

describe('GET /pins/{requestid}, replace and DELETE', () => {
  it('answers 404 in the Failure shape for a request that does not exist', async () => {
    const reply = await pinning(files, 'GET', '/pins/no-such-request')
    expect(reply.status).toBe(404)
    expect(reply.json).toMatchObject({ error: { reason: 'NOT_FOUND' } })
    expect((await pinning(files, 'DELETE', '/pins/no-such-request')).status).toBe(404)
    expect((await pinning(files, 'POST', '/pins/no-such-request', { body: { cid: 'QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n' } })).status).toBe(404)
  })

  it('replaces a request with a new one (a new requestid; the old one is gone)', async () => {
    const first = await files.addOne('version 1\n', 'pin=false')
    const second = await files.addOne('version 2\n', 'pin=false')
    const posted = (await pinning(files, 'POST', '/pins', { body: { cid: first.Hash, name: 'doc' } })).json as PinStatusBody
    await waitForStatus(files, posted.requestid, ['pinned'])
    const replaced = await pinning(files, 'POST', `/pins/${posted.requestid}`, { body: { cid: second.Hash, name: 'doc' } })
    expect(replaced.status).toBe(202)
    const next = replaced.json as PinStatusBody
    expect(next.requestid).not.toBe(posted.requestid)
    expect(next.pin).toEqual({ cid: second.Hash, name: 'doc' })
    expect((await pinning(files, 'GET', `/pins/${posted.requestid}`)).status).toBe(404)
    expect((await waitForStatus(files, next.requestid, ['pinned', 'failed'])).status).toBe('pinned')
  })

  it('DELETE answers 202 with no body; the request is gone, and the gc may then remove what only it kept', async () => {
    const added = await files.addOne(`kept only by a pin request ${Date.now()}\n`, 'pin=false')
    const posted = (await pinning(files, 'POST', '/pins', { body: { cid: added.Hash } })).json as PinStatusBody
    await waitForStatus(files, posted.requestid, ['pinned'])
    // Pinned by the request: the gc keeps it. (The gc names a block as Kubo's does: CIDv1, raw codec.)
    const block = CID.createV1(raw.code, CID.parse(added.Hash).multihash).toString()
    expect((await files.post('/api/v0/repo/gc')).text).not.toContain(block)
    expect((await files.cat(added.Hash)).status).toBe(200)

    const removed = await pinning(files, 'DELETE', `/pins/${posted.requestid}`)
    expect(removed.status).toBe(202)
    expect(removed.text).toBe('')
    expect((await pinning(files, 'GET', `/pins/${posted.requestid}`)).status).toBe(404)
    expect((await files.post('/api/v0/repo/gc')).text).toContain(`{"Key":{"/":"${block}"}}`)
  })

  it('leaves a local pin alone: removing a request for content also pinned with pin/add keeps it pinned and in the store', async () => {
    const stamp = Date.now()
    const added = await files.addOne(`pinned both ways ${stamp}\n`)
    const posted = (await pinning(files, 'POST', '/pins', { body: { cid: added.Hash } })).json as PinStatusBody
    await waitForStatus(files, posted.requestid, ['pinned'])
    expect((await pinning(files, 'DELETE', `/pins/${posted.requestid}`)).status).toBe(202)
    expect((await files.post(`/api/v0/pin/ls?arg=${added.Hash}`)).json).toEqual({ Keys: { [added.Hash]: { Type: 'recursive' } } })
    const block = CID.createV1(raw.code, CID.parse(added.Hash).multihash).toString()
    expect((await files.post('/api/v0/repo/gc')).text).not.toContain(block)
    // And the other way: a request keeps content whose local pin is removed.
    const again = (await pinning(files, 'POST', '/pins', { body: { cid: added.Hash } })).json as PinStatusBody
    await waitForStatus(files, again.requestid, ['pinned'])
    expect((await files.post(`/api/v0/pin/rm?arg=${added.Hash}`)).status).toBe(200)
    expect((await files.post('/api/v0/repo/gc')).text).not.toContain(block)
    expect((await files.cat(added.Hash)).text).toBe(`pinned both ways ${stamp}\n`)
  })
})

describe('GET /pins: filters and paging', () => {
  let lister: TestFiles
  const made: PinStatusBody[] = []

  beforeAll(async () => {
    lister = await startTestFiles()
    for (let index = 0; index < 14; index++) {
      const added = await lister.addOne(`listed ${index}\n`, 'pin=false')
      const name = index % 2 === 0 ? `Report-${index}.PDF` : `photo-${index}.jpg`
      const posted = (await pinning(lister, 'POST', '/pins', { body: { cid: added.Hash, name, meta: { parity: index % 2 === 0 ? 'even' : 'odd', app: 'lister' } } })).json as PinStatusBody
      made.push(posted)
    }
    for (const posted of made) await waitForStatus(lister, posted.requestid, ['pinned'])
    // One failed request: listed only when asked for by status.
    const failed = (await pinning(lister, 'POST', '/pins', { body: { cid: await absentCid('lister'), name: 'missing' } })).json as PinStatusBody
    await waitForStatus(lister, failed.requestid, ['failed'])
  })

  afterAll(async () => {
    await lister?.close()
  })

  const list = async (query: string) => {
    const reply = await pinning(lister, 'GET', `/pins${query}`)
    expect(reply.status, reply.text).toBe(200)
    return reply.json as PinResultsBody
  }

  it('lists the 10 newest pinned requests by default, newest first, and counts all that match', async () => {
    const page = await list('')
    expect(page.count).toBe(14)
    expect(page.results.map((item) => item.requestid)).toEqual(made.slice(4).reverse().map((item) => item.requestid))
    for (const item of page.results) expect(item.status).toBe('pinned')
  })

  it('pages with before, as the spec describes, reading every request once', async () => {
    const seen: string[] = []
    let query = '?limit=4'
    for (;;) {
      const page = await list(query)
      seen.push(...page.results.map((item) => item.requestid))
      if (page.results.length === page.count) break
      query = `?limit=4&before=${encodeURIComponent(page.results.at(-1)!.created)}`
    }
    expect(seen).toEqual(made.map((item) => item.requestid).reverse())
  })

  it('filters by after, by status, by cid (either CID version), by name in each match mode, and by meta (all keys)', async () => {
    expect((await list(`?after=${encodeURIComponent(made[11]!.created)}`)).results.map((item) => item.requestid)).toEqual([made[13]!.requestid, made[12]!.requestid])
    // Kubo's client writes times with nanoseconds (Go's RFC3339Nano): read to the millisecond.
    const nanos = made[1]!.created.replace(/Z$/, '999999Z')
    expect((await list(`?before=${encodeURIComponent(nanos)}`)).results.map((item) => item.requestid)).toEqual([made[0]!.requestid])
    const failed = await list('?status=failed')
    expect(failed.count).toBe(1)
    expect(failed.results[0]!.pin.name).toBe('missing')
    expect((await list('?status=pinned,failed&limit=1000')).count).toBe(15)
    expect((await list('?status=queued,pinning')).count).toBe(0)

    const v0 = made[3]!.pin.cid
    const v1 = CID.parse(v0).toV1().toString()
    expect((await list(`?cid=${v1}`)).results.map((item) => item.requestid)).toEqual([made[3]!.requestid])
    expect((await list(`?cid=${v0},${made[5]!.pin.cid}`)).count).toBe(2)

    expect((await list('?name=Report-4.PDF')).count).toBe(1)
    expect((await list('?name=report-4.pdf')).count).toBe(0)
    expect((await list('?name=report-4.pdf&match=iexact')).count).toBe(1)
    expect((await list('?name=Report&match=partial')).count).toBe(7)
    expect((await list('?name=report&match=partial')).count).toBe(0)
    expect((await list('?name=.pdf&match=ipartial')).count).toBe(7)

    const meta = (value: object) => `?meta=${encodeURIComponent(JSON.stringify(value))}`
    expect((await list(meta({ parity: 'odd' }))).count).toBe(7)
    expect((await list(meta({ parity: 'odd', app: 'lister' }))).count).toBe(7)
    expect((await list(meta({ parity: 'odd', app: 'other' }))).count).toBe(0)
  })

  it('refuses bad filters with 400: limit outside 1..1000, an unknown status or match mode, a date that is not RFC 3339, meta that is not JSON, too many CIDs', async () => {
    expect((await list('?limit=1000')).results.length).toBe(14)
    const eleven = Array.from({ length: 11 }, () => made[0]!.pin.cid).join(',')
    for (const query of ['?limit=0', '?limit=1001', '?limit=ten', '?status=done', '?match=fuzzy', '?before=yesterday', '?after=2020-07-27', '?meta=%7Bnope', '?meta=%5B%5D', `?cid=${eleven}`, '?cid=not-a-cid']) {
      const reply = await pinning(lister, 'GET', `/pins${query}`)
      expect(reply.status, query).toBe(400)
      expect((reply.json as { error: { reason: string } }).error.reason).toBe('BAD_REQUEST')
    }
  })
})

describe('access', () => {
  it('answers 401 in the Failure shape without a Bearer token, with a wrong one, and to HTTP Basic credentials', async () => {
    const basic = `Basic ${Buffer.from(`test-key:${testSecret}`).toString('base64')}`
    for (const init of [{ token: null }, { token: 'wrong' }, { token: null, headers: { authorization: basic } }]) {
      const reply = await pinning(files, 'GET', '/pins', init)
      expect(reply.status).toBe(401)
      expect(reply.json).toEqual({ error: { reason: 'UNAUTHORIZED', details: expect.stringContaining('Access token is missing or invalid') } })
      expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer /)
    }
    expect((await pinning(files, 'POST', '/pins', { token: 'wrong', body: { cid: 'QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n' } })).status).toBe(401)
    expect((await pinning(files, 'DELETE', '/pins/anything', { token: null })).status).toBe(401)
  })

  it('takes its own token instead of the project secret when one is set (CHAINGLASS_PINNING_TOKEN)', async () => {
    const own = await startTestFiles({ pinningToken: 'pinning-only-token' })
    try {
      expect((await pinning(own, 'GET', '/pins', { token: testSecret })).status).toBe(401)
      expect((await pinning(own, 'GET', '/pins', { token: 'pinning-only-token' })).status).toBe(200)
      // The RPC keeps its Basic credentials.
      expect((await own.post('/api/v0/version')).status).toBe(200)
    } finally {
      await own.close()
    }
  })

  it('answers browsers of any origin, preflight included, while the RPC still refuses other origins', async () => {
    const origin = 'https://some-pinning-client.example'
    const preflight = await fetch(files.url('/pinning/pins'), {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE')
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
    const listed = await pinning(files, 'GET', '/pins', { headers: { origin } })
    expect(listed.status).toBe(200)
    expect(listed.headers.get('access-control-allow-origin')).toBe('*')
    expect((await files.post('/api/v0/version', { headers: { origin } })).status).toBe(403)
  })

  it('never lets the Bearer token reach the RPC: a path that climbs out of /pinning is no route', async () => {
    for (const path of ['/pinning/../api/v0/version', '/pinning/..%2Fapi/v0/version', '/pinning/./../api/v0/version']) {
      // Sent as written (fetch would resolve the dots before sending).
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const sent = http.request({ host: '127.0.0.1', port: files.port, method: 'POST', path, headers: { authorization: `Bearer ${testSecret}` } }, (response) => {
          response.resume()
          resolve(response.statusCode)
        })
        sent.on('error', reject)
        sent.end()
      })
      expect(status, path).toBe(404)
    }
  })

  it('answers an unknown path under /pinning with 404 in the Failure shape', async () => {
    const response = await fetch(files.url('/pinning/pinz'), { headers: { authorization: `Bearer ${testSecret}` } })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: { reason: 'NOT_FOUND' } })
  })
})

describe('restarts', () => {
  it('keeps every request across a restart, and takes up again one that was still pinning', async () => {
    const service = await startTestFiles({ pinningTimeoutMs: 20_000 })
    const holder = await otherNode()
    try {
      const kept = await service.addOne('survives restarts\n', 'pin=false')
      const done = (await pinning(service, 'POST', '/pins', { body: { cid: kept.Hash, name: 'kept' } })).json as PinStatusBody
      await waitForStatus(service, done.requestid, ['pinned'])
      const bytes = patternBytes(300_000, 33)
      const scratch = await otherNode()
      const cid = await unixfs(scratch).addBytes(bytes, kuboImport)
      await scratch.stop()
      const origin = holder.libp2p.getMultiaddrs()[0]!.toString()
      const waiting = (await pinning(service, 'POST', '/pins', { body: { cid: cid.toString(), origins: [origin] } })).json as PinStatusBody
      await waitForStatus(service, waiting.requestid, ['pinning'])
      const listedBefore = (await pinning(service, 'GET', '/pins?status=queued,pinning,pinned,failed')).json as PinResultsBody

      await service.restart()
      const listedAfter = (await pinning(service, 'GET', '/pins?status=queued,pinning,pinned,failed')).json as PinResultsBody
      expect(listedAfter.results.map((item) => [item.requestid, item.created, item.pin])).toEqual(listedBefore.results.map((item) => [item.requestid, item.created, item.pin]))
      expect(listedAfter.results.find((item) => item.requestid === done.requestid)?.status).toBe('pinned')
      // Taken up again: the origin is dialled anew, and once the holder has the content it is pinned.
      await waitForStatus(service, waiting.requestid, ['pinning'])
      await unixfs(holder).addBytes(bytes, kuboImport)
      expect((await waitForStatus(service, waiting.requestid, ['pinned', 'failed'])).status).toBe('pinned')
      // Its content survived the restart's recovery and a gc.
      await service.post('/api/v0/repo/gc')
      expect((await service.cat(kept.Hash)).status).toBe(200)
    } finally {
      await holder.stop()
      await service.close()
    }
  })
})
