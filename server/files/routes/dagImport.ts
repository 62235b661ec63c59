import type { CarBlockIterator } from '@ipld/car'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CID } from 'multiformats/cid'
import { identity } from 'multiformats/hashes/identity'
import { sha256 } from 'multiformats/hashes/sha2'
import { boolOption, type Query } from '../args.ts'
import { verifyComplete } from '../content.ts'
import { jsonType, type FilesContext } from '../context.ts'
import { badRequest } from '../errors.ts'
import { multipartParts } from '../multipart.ts'

/** Kubo's limit on one block (cmdutils.SoftBlockLimit): bitswap does not move bigger ones. */
export const maxImportBlockBytes = 2 * 1024 * 1024

/** The block's bytes are what its CID names: sha2-256 (every CID the importer and Kubo make) or identity. */
async function checkBlock(cid: CID, bytes: Uint8Array): Promise<void> {
  if (cid.multihash.code === identity.code) {
    if (Buffer.compare(Buffer.from(cid.multihash.digest), Buffer.from(bytes)) !== 0) throw new Error('an identity block whose bytes are not its CID’s')
    return
  }
  if (cid.multihash.code !== sha256.code) throw new Error(`its hash function (0x${cid.multihash.code.toString(16)}) is not one this store checks`)
  const digest = await sha256.digest(bytes)
  if (Buffer.compare(Buffer.from(digest.digest), Buffer.from(cid.multihash.digest)) !== 0) throw new Error('its bytes do not hash to its CID')
}

type Root = { Root: { Cid: { '/': string }; PinErrorMsg: string } }

/**
 * `dag/import`: the blocks of one or more CAR files (multipart, as Kubo's client sends them) into the store,
 * each checked against its CID, then each root named in a CAR header pinned recursively unless `pin-roots=false`
 * (a root whose DAG is not all here is reported in its line, not pinned), with `stats` a last line of counts.
 * As Kubo's, not a transaction: the blocks of a CAR that breaks off stay, unpinned, for `repo/gc`. While roots
 * are to be pinned no gc runs, so nothing imported goes before its pin.
 */
export function dagImportRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Query
    const pinRoots = boolOption(query, true, 'pin-roots')
    const stats = boolOption(query, false, 'stats')
    const allowBig = boolOption(query, false, 'allow-big-block')
    const work = async () => {
      const roots = new Map<string, CID>()
      let blockCount = 0
      let blockBytes = 0
      let previous: CID | null = null
      let cars = 0
      for await (const part of multipartParts(request.raw, { maxBytes: context.maxUploadBytes })) {
        if (part.kind !== 'file') continue
        cars++
        let blocks: CarBlockIterator
        // Loaded on first use, as dag/export loads it (routes/dag.ts).
        const { CarBlockIterator: Car } = await import('@ipld/car')
        try {
          blocks = await Car.fromIterable(part.content)
        } catch (error) {
          throw badRequest(`import failed: not a CAR file: ${(error as Error).message}`)
        }
        for (const root of await blocks.getRoots()) roots.set(root.toString(), root)
        try {
          for await (const { cid, bytes } of blocks) {
            if (!allowBig && bytes.length > maxImportBlockBytes) throw new Error('produced block is over 2MiB: big blocks can’t be exchanged with other peers')
            await checkBlock(cid, bytes)
            // Claimed, so an unfinished add that wrote the same block first does not remove it in its cleanup.
            context.sessions.claim(cid)
            await context.store.write(cid, bytes)
            blockCount++
            blockBytes += bytes.length
            previous = cid
          }
        } catch (error) {
          const where: string = previous ? `after block "${previous.toString()}"` : 'at its first block'
          throw badRequest(`import failed ${where}: ${(error as Error).message}`)
        }
      }
      if (cars === 0) throw badRequest('argument "path" is required')
      const lines: Array<Root | { Stats: { BlockCount: number; BlockBytesCount: number } }> = []
      if (pinRoots) {
        for (const [text, root] of roots) {
          let message = ''
          try {
            await verifyComplete({ blocks: context.store, peers: 0 }, root)
            await context.pins.add([text], 'recursive')
          } catch (error) {
            message = (error as Error).message
          }
          lines.push({ Root: { Cid: { '/': text }, PinErrorMsg: message } })
        }
      }
      if (stats) lines.push({ Stats: { BlockCount: blockCount, BlockBytesCount: blockBytes } })
      return lines
    }
    const lines = pinRoots ? await context.gcLock.shared(work) : await work()
    return reply
      .code(200)
      .headers({ 'content-type': jsonType, 'x-chunked-output': '1' })
      .send(lines.map((line) => JSON.stringify(line)).join('\n') + (lines.length > 0 ? '\n' : ''))
  }
}
