import fs from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { makeDataDir, startUnitTestService, waitFor, type TestService } from '../testing/realService.ts'
import { createHeadStream, type HeadEvent, type HeadStream } from './headStream.ts'
import { HttpTransport } from './http.ts'
import type { BlockHeader } from './schemas.ts'
import { SocketTransport } from './socket.ts'

/**
 * The live head stream against the real service (real anvil behind the real gateway): the faults are the
 * real ones, a node stopped and started again (the gateway then closes the client's socket with 1012) and a
 * reorg made by the node itself.
 */

const NodeWebSocket = WebSocket as unknown as typeof globalThis.WebSocket

/** What a consumer sees, checked as it arrives: every head one above the last, linked by parentHash. */
class Recorder {
  events: HeadEvent[] = []
  list: BlockHeader[] = []
  problems: string[] = []

  readonly listener = (event: HeadEvent) => {
    this.events.push(event)
    if (event.type === 'head') {
      const last = this.list.at(-1)
      if (last && BigInt(event.head.number) !== BigInt(last.number) + 1n) this.problems.push(`${event.head.number} after ${last.number}`)
      if (last && event.head.parentHash !== last.hash) this.problems.push(`${event.head.number} does not link to ${last.hash}`)
      this.list.push(event.head)
    } else if (event.type === 'replaced') {
      const tail = this.list.slice(-event.removed.length).map((block) => block.hash)
      if (tail.join() !== event.removed.map((block) => block.hash).join()) this.problems.push('replaced blocks that were not the newest delivered')
      this.list = this.list.slice(0, this.list.length - event.removed.length)
    } else if (event.type === 'reset') {
      this.problems.push('reset')
    }
  }

  get tipNumber(): bigint {
    const tip = this.list.at(-1)
    return tip ? BigInt(tip.number) : -1n
  }

  heads(): Array<Extract<HeadEvent, { type: 'head' }>> {
    return this.events.filter((event): event is Extract<HeadEvent, { type: 'head' }> => event.type === 'head')
  }
}

/** The node's own answer for each delivered block: the expected hashes come from the chain. */
async function expectCanonical(service: TestService, blocks: readonly BlockHeader[]): Promise<void> {
  for (const block of blocks) {
    const { result } = await service.rpc('eth_getBlockByNumber', [block.number, false])
    expect((result as { hash: string }).hash, `block ${BigInt(block.number)}`).toBe(block.hash)
  }
}

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function streamOn(
  service: TestService,
  socketOptions: ConstructorParameters<typeof SocketTransport>[0],
  pollWhileReconnectingMs?: number,
): { stream: HeadStream; socket: SocketTransport } {
  const socket = new SocketTransport(socketOptions)
  const stream = createHeadStream({ socket, http: new HttpTransport({ url: service.urls.rpc }), retryMs: 300, pollWhileReconnectingMs })
  cleanups.push(() => socket.close())
  return { stream, socket }
}

describe('head stream against the real service', () => {
  it('across a node restart that drops the socket server-side, sees every block exactly once, in order, linked', async () => {
    const dataDir = makeDataDir()
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
    const service = await startUnitTestService({ blockTime: 1, dataDir })
    cleanups.push(() => service.close())
    // The client would wait a minute to reconnect; the test lets it back in (reconnectNow) once the node
    // has mined blocks it did not see, so there is always a gap to backfill. Polling while reconnecting is
    // off here, so the gap is closed by the reconnect's backfill alone (the next test polls).
    const { stream, socket } = streamOn(
      service,
      { url: service.urls.ws, WebSocket: NodeWebSocket, backoff: { initialMs: 60_000, maxMs: 60_000, jitter: 0 } },
      0,
    )
    const recorder = new Recorder()
    cleanups.push(stream.subscribe(recorder.listener))

    await waitFor(() => recorder.list.length >= 3, 15_000, 'three heads')
    const states: string[] = []
    socket.onStatus(() => states.push(socket.status.state))
    const before = recorder.heads().length
    await service.anvil.stop()
    await waitFor(() => socket.status.state === 'reconnecting', 5_000, 'the gateway closing the socket')
    const lastBeforeRestart = recorder.tipNumber
    await service.anvil.start()
    await expect.poll(async () => BigInt((await service.rpc('eth_blockNumber')).result as string), { timeout: 15_000 }).toBeGreaterThanOrEqual(lastBeforeRestart + 3n)
    expect(recorder.tipNumber).toBe(lastBeforeRestart)
    socket.reconnectNow()
    await waitFor(() => recorder.tipNumber >= lastBeforeRestart + 6n, 30_000, 'six more heads after the restart')

    expect(states).toContain('reconnecting')
    expect(recorder.problems).toEqual([])
    expect(recorder.events.filter((event) => event.type === 'replaced')).toEqual([])
    const numbers = recorder.heads().map((event) => BigInt(event.head.number))
    expect(new Set(numbers).size).toBe(numbers.length)
    expect(numbers).toEqual(numbers.map((_, index) => numbers[0]! + BigInt(index)))
    // The blocks mined while the socket was away came by HTTP, after the last one it had delivered.
    const afterRestart = recorder.heads().slice(before)
    const byHttp = afterRestart.filter((event) => event.origin !== 'subscription').map((event) => BigInt(event.head.number))
    expect(byHttp.length).toBeGreaterThanOrEqual(2)
    expect(byHttp[0]).toBe(lastBeforeRestart + 1n)
    expect(stream.heads.at(-1)!.hash).toBe(recorder.list.at(-1)!.hash)
    await expectCanonical(service, recorder.list)
  })

  it('keeps moving over HTTP while the socket waits to reconnect, without a gap', async () => {
    const service = await startUnitTestService({ blockTime: 1 })
    cleanups.push(() => service.close())
    const { stream, socket } = streamOn(
      service,
      { url: service.urls.ws, WebSocket: NodeWebSocket, backoff: { initialMs: 60_000, maxMs: 60_000, jitter: 0 } },
      300,
    )
    const recorder = new Recorder()
    cleanups.push(stream.subscribe(recorder.listener))
    await waitFor(() => recorder.list.length >= 2, 15_000, 'two heads')
    await service.anvil.stop()
    await waitFor(() => socket.status.state === 'reconnecting', 5_000, 'the gateway closing the socket')
    const lastBeforeRestart = recorder.tipNumber
    // While the node is down the polls fail: reported, and tried again.
    await waitFor(() => recorder.events.some((event) => event.type === 'error'), 5_000, 'a failed poll reported')
    await service.anvil.start()
    await waitFor(() => recorder.tipNumber >= lastBeforeRestart + 3n, 15_000, 'three heads by polling')

    expect(socket.status.state).toBe('reconnecting')
    expect(recorder.problems).toEqual([])
    const polled = recorder.heads().filter((event) => BigInt(event.head.number) > lastBeforeRestart)
    expect(polled.every((event) => event.origin !== 'subscription')).toBe(true)
    await expectCanonical(service, recorder.list)
  })

  it('seeded with a head read earlier (the server\'s first screen), goes on from it with every block in between, and ignores a seed once it holds heads', async () => {
    const service = await startUnitTestService({ blockTime: 1 })
    cleanups.push(() => service.close())
    const { stream } = streamOn(service, { url: service.urls.ws, WebSocket: NodeWebSocket })
    await expect.poll(async () => BigInt((await service.rpc('eth_blockNumber')).result as string), { timeout: 15_000 }).toBeGreaterThanOrEqual(2n)
    const seed = (await service.rpc('eth_getBlockByNumber', ['latest', false])).result as BlockHeader
    // The node moves on before the stream starts: the stream must fill the gap from the seed.
    await expect.poll(async () => BigInt((await service.rpc('eth_blockNumber')).result as string), { timeout: 15_000 }).toBeGreaterThanOrEqual(BigInt(seed.number) + 2n)
    const recorder = new Recorder()
    cleanups.push(stream.subscribe(recorder.listener))
    stream.seed(seed)
    expect(stream.heads).toEqual([seed])
    await waitFor(() => recorder.tipNumber >= BigInt(seed.number) + 3n, 15_000, 'three heads past the seed')
    expect(stream.heads[0]!.hash).toBe(seed.hash)
    expect(recorder.problems).toEqual([])
    expect(recorder.list[0]!.hash).toBe(seed.hash)
    const held = stream.heads.length
    stream.seed(seed)
    expect(stream.heads.length).toBe(held)
    await expectCanonical(service, recorder.list)
  })

  it('reports a reorg made by the node as replaced blocks, and ends on the node’s chain', async () => {
    const service = await startUnitTestService({ blockTime: 1 })
    cleanups.push(() => service.close())
    const { stream } = streamOn(service, { url: service.urls.ws, WebSocket: NodeWebSocket })
    const recorder = new Recorder()
    cleanups.push(stream.subscribe(recorder.listener))
    await waitFor(() => recorder.list.length >= 4, 15_000, 'four heads')

    // anvil_reorg is a node control method: the gateway refuses it, so it goes to anvil directly.
    const orphaned = recorder.list.at(-1)!
    await service.node('anvil_reorg', [2, []])
    await waitFor(() => recorder.events.some((event) => event.type === 'replaced'), 15_000, 'a replaced event')
    const tipAfterReorg = recorder.tipNumber
    await waitFor(() => recorder.tipNumber >= tipAfterReorg + 2n, 15_000, 'two heads after the reorg')

    expect(recorder.problems).toEqual([])
    const replaced = recorder.events.filter((event): event is Extract<HeadEvent, { type: 'replaced' }> => event.type === 'replaced')
    expect(replaced.flatMap((event) => event.removed.map((block) => block.hash))).toContain(orphaned.hash)
    expect(recorder.list.map((block) => block.hash)).not.toContain(orphaned.hash)
    await expectCanonical(service, recorder.list)
  })
})
