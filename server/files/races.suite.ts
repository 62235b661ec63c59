import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { basicAuth, multipartChunks, patternBytes, rawRequest, startTestFiles, type TestFiles } from './testing.ts'

/**
 * The file service under races and interruptions: cut uploads, many adds of the same file at once, pin/rm
 * racing pin/add, and restarts in the middle of uploads. Whatever happens: no acknowledged pin is lost, no
 * pin points at content that is not whole, and every pinned file reads back byte for byte. `races.test.ts`
 * runs a few rounds in `npm test`; `races.soak.ts` keeps going for CHAINGLASS_SOAK_SECONDS.
 */
export type RaceScale = { seconds: number; concurrency: number }

type PinList = { Keys: Record<string, { Type: string }> }

const cleanups: Array<() => Promise<void>> = []
const KiB = 1024

/** A small deterministic random source, so a failing round can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 2 ** 32
  }
}

async function pinned(files: TestFiles): Promise<Record<string, string>> {
  const reply = await files.post('/api/v0/pin/ls')
  expect(reply.status).toBe(200)
  return Object.fromEntries(Object.entries((reply.json as PinList).Keys).map(([cid, { Type }]) => [cid, Type]))
}

/** The CID the service gives these bytes, computed without storing anything (only-hash). */
async function cidOf(files: TestFiles, content: Buffer): Promise<string> {
  return (await files.addOne(content, 'only-hash=true&pin=false')).Hash
}

/** An upload of `content` in 16 KiB pieces, cut after `cutAfter` pieces (or sent whole), on a raw socket. */
function upload(files: TestFiles, content: Buffer, cutAfter: number | undefined, query = 'progress=true', holdEndUntil?: Promise<unknown>) {
  const boundary = `race-${Math.random().toString(36).slice(2)}`
  const pieces: Buffer[] = []
  for (let offset = 0; offset < content.length; offset += 16 * KiB) pieces.push(content.subarray(offset, offset + 16 * KiB))
  const chunks = [...multipartChunks(boundary, 'race.bin', pieces)]
  const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0)
  return rawRequest(files.port, {
    path: `/api/v0/add?${query}`,
    headers: { authorization: basicAuth(), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length },
    chunks: holdEndUntil ? chunks.slice(0, -1) : chunks,
    ...(cutAfter === undefined ? {} : { cutAfterChunks: cutAfter }),
    ...(holdEndUntil ? { finalChunk: { chunk: chunks.at(-1)!, after: holdEndUntil } } : {}),
  })
}

/** The Hash of the added file from an add answer, or null when it reported none (cut, failed). */
function addedHash(text: string): string | null {
  for (const line of text.split('\n')) {
    if (!line.includes('"Hash"')) continue
    try {
      return (JSON.parse(line) as { Hash: string }).Hash
    } catch {
      return null
    }
  }
  return null
}

/** Every pin reads back as the bytes that were added under it, and nothing else is pinned. */
async function expectPinsWhole(files: TestFiles, expected: Map<string, Buffer>, context: string): Promise<void> {
  const pins = await pinned(files)
  for (const cid of Object.keys(pins)) expect(expected.has(cid), `${context}: ${cid} is pinned but was never acknowledged`).toBe(true)
  for (const [cid, content] of expected) {
    expect(pins[cid], `${context}: the acknowledged pin ${cid} is there`).toBe('recursive')
    const read = await files.cat(cid)
    expect(read.status, `${context}: cat ${cid}`).toBe(200)
    expect(read.bytes.equals(content), `${context}: ${cid} reads back byte for byte`).toBe(true)
  }
  const leftovers = fs.readdirSync(path.join(files.dataDir, 'files')).filter((name) => name.endsWith('.tmp'))
  expect(leftovers, `${context}: no half-written pin file`).toEqual([])
}

export function describeFileRaces(scale: RaceScale, log: (line: string) => void = console.log): void {
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
  })

  async function service(): Promise<{ files: TestFiles; internalErrors: string[] }> {
    const internalErrors: string[] = []
    const files = await startTestFiles({ log: (line) => internalErrors.push(line) })
    cleanups.push(() => files.close())
    return { files, internalErrors }
  }

  describe(`file service races (${scale.seconds} s, ${scale.concurrency} at a time)`, () => {
    it('interrupted uploads and concurrent adds of the same file: the whole ones are pinned and byte-identical, the cut ones leave nothing', async () => {
      const { files, internalErrors } = await service()
      const expected = new Map<string, Buffer>()
      const next = random(8)
      const deadline = Date.now() + scale.seconds * 1000
      let rounds = 0
      let cut = 0
      let whole = 0
      do {
        // A few distinct files per round, each sent several times at once, some of the sends cut part-way.
        const contents = Array.from({ length: 3 }, (_, index) => patternBytes(64 * KiB + Math.floor(next() * 900 * KiB), rounds * 10 + index + 1))
        const sends = Array.from({ length: scale.concurrency }, (_, index) => {
          const content = contents[index % contents.length]!
          const pieces = Math.ceil(content.length / (16 * KiB)) + 2
          const cutAfter = next() < 0.4 ? 1 + Math.floor(next() * (pieces - 1)) : undefined
          return { content, cutAfter }
        })
        const results = await Promise.all(sends.map(({ content, cutAfter }) => upload(files, content, cutAfter)))
        for (const [index, result] of results.entries()) {
          const { content, cutAfter } = sends[index]!
          const hash = addedHash(result.text)
          if (cutAfter !== undefined && result.cut) {
            cut++
            expect(hash, 'a cut upload reports no Hash').toBeNull()
            continue
          }
          whole++
          expect(result.status, result.text).toBe(200)
          expect(hash, result.text).not.toBeNull()
          expected.set(hash!, content)
        }
        // A cut send of content that no whole send finished is not pinned; the same bytes sent whole are.
        for (const content of contents) {
          const cid = await cidOf(files, content)
          if (!expected.has(cid)) expect((await pinned(files))[cid], 'content whose every send was cut is not pinned').toBeUndefined()
        }
        await expectPinsWhole(files, expected, `round ${rounds}`)
        rounds++
      } while (Date.now() < deadline)
      log(`file races: ${rounds} rounds, ${whole} whole uploads and ${cut} cut uploads of the same files at once; ${expected.size} pins, all byte-identical`)
      expect(cut).toBeGreaterThan(0)
      expect(internalErrors).toEqual([])
    })

    it('pin/add and pin/rm racing: the pin set ends as the acknowledged operations say, on disk too', async () => {
      const { files, internalErrors } = await service()
      const next = random(21)
      const contents = Array.from({ length: 8 }, (_, index) => patternBytes(3 * KiB + index * 997, 500 + index))
      const cids: string[] = []
      for (const content of contents) cids.push((await files.addOne(content, 'pin=false')).Hash)
      const deadline = Date.now() + scale.seconds * 1000
      let operations = 0
      let rounds = 0
      do {
        // Each CID gets its own chain of operations, one after the other (so its end state is known), and all
        // the chains run at once; on top, unordered pin/add + pin/rm pairs on one shared CID race each other.
        const expected = new Map<string, boolean>()
        const chain = async (cid: string) => {
          let state = (await pinned(files))[cid] !== undefined
          for (let step = 0; step < 6; step++) {
            const add = next() < 0.5
            const reply = await files.post(`/api/v0/pin/${add ? 'add' : 'rm'}?arg=${cid}`)
            operations++
            if (add) {
              expect(reply.status, reply.text).toBe(200)
              state = true
            } else {
              expect(reply.status, reply.text).toBe(state ? 200 : 400)
              state = false
            }
          }
          expected.set(cid, state)
        }
        const shared = cids[0]!
        const racing = async () => {
          for (let step = 0; step < scale.concurrency; step++) {
            const replies = await Promise.all([files.post(`/api/v0/pin/add?arg=${shared}`), files.post(`/api/v0/pin/rm?arg=${shared}`)])
            operations += 2
            expect(replies[0].status).toBe(200)
            expect([200, 400]).toContain(replies[1].status)
          }
        }
        await Promise.all([...cids.slice(1).map(chain), racing()])
        const memory = await pinned(files)
        for (const [cid, state] of expected) expect(memory[cid] !== undefined, `${cid} after its chain`).toBe(state)
        // The shared CID ends in one state or the other, and the file on disk says the same as memory.
        await files.restart()
        expect(await pinned(files), 'the pin set after a restart').toEqual(memory)
        const onDisk = JSON.parse(fs.readFileSync(path.join(files.dataDir, 'files', 'pins.json'), 'utf8')) as { pins: Record<string, string> }
        expect(onDisk.pins).toEqual(memory)
        rounds++
      } while (Date.now() < deadline)
      log(`pin races: ${rounds} rounds, ${operations} pin/add and pin/rm operations, each round checked after a restart`)
      expect(internalErrors).toEqual([])
    })

    it('a restart in the middle of uploads and pin changes: no acknowledged pin lost, no half pin, content byte-identical', async () => {
      const { files, internalErrors } = await service()
      const next = random(34)
      const expected = new Map<string, Buffer>()
      const deadline = Date.now() + scale.seconds * 1000
      let restarts = 0
      let interrupted = 0
      let finished = 0
      do {
        // Slow uploads (each piece waits for the socket) and pin changes in flight when the service restarts.
        // Sizes from a few KiB (done before the restart) to megabytes (cut by it).
        const contents = Array.from({ length: scale.concurrency }, (_, index) => patternBytes(Math.floor(4 * KiB * 2 ** (next() * 10)), 9000 + restarts * 100 + index))
        // The first upload's body stays unfinished until the restart is done (or 10 s, should a restart ever wait
        // for it), so every round cuts at least one upload however fast the machine: a quiet CI machine finished
        // all of them before the restart.
        let restarting!: () => void
        const restartBegun = new Promise<void>((resolve) => {
          restarting = resolve
          setTimeout(resolve, 10_000)
        })
        const uploads = contents.map((content, index) => upload(files, content, undefined, 'progress=true', index === 0 ? restartBegun : undefined).then((result) => ({ result, content })))
        const toUnpin = [...expected.keys()].filter(() => next() < 0.3)
        const unpins = toUnpin.map((cid) =>
          files
            .post(`/api/v0/pin/rm?arg=${cid}`)
            .then((reply) => ({ cid, status: reply.status }))
            .catch(() => ({ cid, status: 0 })),
        )
        await new Promise((resolve) => setTimeout(resolve, 50 + next() * 500))
        await files.restart()
        restarting()
        restarts++
        for (const { result, content } of await Promise.all(uploads)) {
          const hash = addedHash(result.text)
          // The answer says whether the pin was acknowledged: a Hash line and a clean end, with no error line.
          if (result.status === 200 && hash && result.error === null && !result.text.includes('"Type":"error"')) {
            finished++
            expected.set(hash, content)
          } else {
            interrupted++
          }
        }
        const pins = await pinned(files)
        for (const { cid, status } of await Promise.all(unpins)) {
          // An acknowledged unpin is gone; one whose answer was cut may have happened or not.
          if (status === 200 || pins[cid] === undefined) expected.delete(cid)
        }
        // An upload cut by the restart after its pin was written is pinned without an acknowledgement: it must be
        // whole like any other pin. One cut before that is not pinned at all (no half pin).
        for (const content of contents) {
          const cid = await cidOf(files, content)
          if (!expected.has(cid) && pins[cid] !== undefined) expected.set(cid, content)
        }
        await expectPinsWhole(files, expected, `restart ${restarts}`)
        // Past the deadline only while no restart has cut an upload yet (all of a round may finish first).
      } while (Date.now() < deadline || (interrupted === 0 && restarts < 20))
      log(`restarts mid-upload: ${restarts} restarts, ${finished} uploads finished and ${interrupted} interrupted; ${expected.size} pins kept, all byte-identical`)
      expect(interrupted).toBeGreaterThan(0)
      expect(internalErrors).toEqual([])
    })
  })
}
