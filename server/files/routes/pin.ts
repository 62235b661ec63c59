import type { FastifyReply, FastifyRequest } from 'fastify'
import { exporter } from 'ipfs-unixfs-exporter'
import type { CID } from 'multiformats/cid'
import { boolOption, contentPathArgs, option, type ContentPath, type Query } from '../args.ts'
import { verifyComplete } from '../content.ts'
import { jsonType, type FilesContext } from '../context.ts'
import { badRequest, notFound, toFilesError } from '../errors.ts'
import type { StoredPinType } from '../pins.ts'
import { closedSignal, readingBlocks } from '../peer.ts'
import type { BlockSource } from '../store.ts'

/** A path with segments names the CID it resolves to, as in Kubo (`pin add /ipfs/<dir>/file.txt`). */
async function resolveCid(context: FilesContext, path: ContentPath): Promise<CID> {
  if (path.rest.length === 0) return path.cid
  try {
    return (await exporter(`${path.cid.toString()}/${path.rest.join('/')}`, context.store)).cid
  } catch (error) {
    const known = toFilesError(error)
    if (known?.status === 404) throw notFound(`block was not found locally (offline): ${path.text}`)
    throw known ?? error
  }
}

/** `pin/add`: recursive by default; every block must be here or come from a connected peer (see verifyComplete). */
export function pinAddRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Query
    const paths = contentPathArgs(query, 'ipfs-path')
    const type: StoredPinType = boolOption(query, true, 'recursive', 'r') ? 'recursive' : 'direct'
    // Every block the pin reads is claimed, so an unfinished add that wrote it first leaves it in place. What the
    // store lacks comes from the connected peers, as Kubo's pin fetches it.
    const reading = readingBlocks(context.peer, context.store, context.peerWaitMs, closedSignal(request))
    const claiming: BlockSource = {
      get: (cid, options) => {
        context.sessions.claim(cid)
        return reading.blocks.get(cid, options)
      },
    }
    // Checked and recorded while no gc runs: a gc that began before would not know of this pin.
    const cids = await context.gcLock.shared(async () => {
      const checked: string[] = []
      for (const path of paths) {
        const cid = await resolveCid(context, path)
        const key = cid.toString()
        const existing = context.pins.get(key)
        if (type === 'direct' && existing === 'recursive') throw badRequest(`${key} already pinned recursively`)
        // Already pinned recursively means already verified complete: re-pinning is instant.
        if (existing !== 'recursive') {
          if (type === 'recursive') await verifyComplete({ ...reading, blocks: claiming }, cid)
          else {
            context.sessions.claim(cid)
            if (!(await context.store.has(cid))) throw notFound(`block was not found locally (offline): ${key}`)
          }
        }
        checked.push(key)
      }
      await context.pins.add(checked, type)
      return checked
    })
    return reply.code(200).header('content-type', jsonType).send({ Pins: cids })
  }
}

/** `pin/rm`: all or nothing; the blocks stay in the store as unpinned data. */
export function pinRmRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Query
    const paths = contentPathArgs(query, 'ipfs-path')
    const recursive = boolOption(query, true, 'recursive', 'r')
    const cids: string[] = []
    for (const path of paths) {
      const key = (await resolveCid(context, path)).toString()
      const existing = context.pins.get(key)
      if (!existing) throw badRequest('not pinned or pinned indirectly')
      if (existing === 'recursive' && !recursive) throw badRequest(`${key} is pinned recursively`)
      cids.push(key)
    }
    await context.pins.remove(cids)
    return reply.code(200).header('content-type', jsonType).send({ Pins: cids })
  }
}

const pinTypes = ['all', 'direct', 'indirect', 'recursive'] as const

/**
 * `pin/ls` in Kubo's shape. Only the pins made here are listed: the blocks under a recursive pin
 * (Kubo's "indirect" pins) are not enumerated.
 */
export function pinLsRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Query
    const type = option(query, 'type', 't') ?? 'all'
    if (!(pinTypes as readonly string[]).includes(type)) {
      throw badRequest(`invalid type '${type}', must be one of {direct, indirect, recursive, all}`)
    }
    const wanted = (pinType: StoredPinType) => type === 'all' || type === pinType
    const keys: Record<string, { Type: StoredPinType }> = {}
    if (query.arg === undefined) {
      for (const [cid, pinType] of context.pins.entries()) if (wanted(pinType)) keys[cid] = { Type: pinType }
    } else {
      for (const path of contentPathArgs(query, 'ipfs-path')) {
        const key = (await resolveCid(context, path)).toString()
        const pinType = context.pins.get(key)
        if (!pinType || !wanted(pinType)) throw badRequest(`path '${path.text}' is not pinned`)
        keys[key] = { Type: pinType }
      }
    }
    return reply.code(200).header('content-type', jsonType).send({ Keys: keys })
  }
}
