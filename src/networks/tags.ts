import { RpcError } from '../rpc/errors.ts'
import { ErrorCode } from '../../contract/jsonrpc.ts'
import { blockTags, type BlockTag } from '../rpc/methods.ts'
import { offersMethod, type Capabilities } from './capabilities.ts'

/**
 * The block-tag rules, in one place. The spec: "Some networks do not support `safe`. Those networks say so
 * per method and require `finalized` instead" (rules 4 and 5). So on a network that refuses `safe`, the
 * user's `safe` becomes `finalized`, and the page says so. Any other tag a network refuses has no stand-in:
 * the call is not sent and fails with UnsupportedTagError.
 *
 * Pickers offer only `acceptedTags`; the transports (clients.ts) pass every call through `guardCall`, so
 * no page can send a refused tag, however it was asked for (a link, a typed URL, a stale cache key).
 */

/** The tag that stands in for a refused one: the spec names only this pair. */
export const tagStandIns: Partial<Record<BlockTag, BlockTag>> = { safe: 'finalized' }

/** The tags a picker may offer on this network, in the spec's order. */
export function acceptedTags(capabilities: Capabilities): readonly BlockTag[] {
  return blockTags.filter((tag) => capabilities.blockTags.includes(tag))
}

export function acceptsTag(capabilities: Capabilities, tag: BlockTag): boolean {
  return capabilities.blockTags.includes(tag)
}

/** What a tag is sent as on this network: itself, its stand-in (`safe` -> `finalized`), or null when refused outright. */
export function tagToSend(capabilities: Capabilities, tag: BlockTag): BlockTag | null {
  if (acceptsTag(capabilities, tag)) return tag
  const standIn = tagStandIns[tag]
  return standIn !== undefined && acceptsTag(capabilities, standIn) ? standIn : null
}

export type TagSubstitution = { method: string; from: BlockTag; to: BlockTag }

/** A tag the network refuses, with no stand-in it accepts: the call was not sent. */
export class UnsupportedTagError extends RpcError {
  readonly tag: BlockTag

  constructor(method: string, tag: BlockTag) {
    // -32602 (invalid params) is what the node would answer; the message says nothing was sent.
    super(method, { code: ErrorCode.invalidParams, message: `this network does not accept the block tag "${tag}" (its settings say so); the request was not sent` })
    this.tag = tag
  }
}

/** A method the network does not offer, by its settings: the call was not sent. Reads like the node's -32601. */
export class UnsupportedMethodError extends RpcError {
  constructor(method: string) {
    super(method, { code: ErrorCode.methodNotFound, message: `${method} is not offered by this network (its settings say so); the request was not sent` })
  }
}

function isTag(value: unknown): value is BlockTag {
  return typeof value === 'string' && (blockTags as readonly string[]).includes(value)
}

/**
 * Where block parameters sit in the spec's methods: a positional string (eth_getBlockByNumber's first,
 * eth_call's last, ...), a log filter's fromBlock/toBlock, or an EIP-1898 object's blockNumber. No other
 * param of any method is ever one of the five tag words, so every such string is a block parameter.
 */
const objectTagKeys = ['fromBlock', 'toBlock', 'blockNumber'] as const

/**
 * The params as this network must receive them, and the substitutions made. Throws UnsupportedTagError
 * for a refused tag without a stand-in. Returns the very same array when nothing changes.
 */
export function rewriteBlockTags(capabilities: Capabilities, method: string, params: readonly unknown[]): { params: readonly unknown[]; substitutions: TagSubstitution[] } {
  const substitutions: TagSubstitution[] = []
  const send = (tag: BlockTag): BlockTag => {
    const sent = tagToSend(capabilities, tag)
    if (sent === null) throw new UnsupportedTagError(method, tag)
    if (sent !== tag) substitutions.push({ method, from: tag, to: sent })
    return sent
  }
  let changed = false
  const next = params.map((param) => {
    if (isTag(param)) {
      const sent = send(param)
      if (sent !== param) changed = true
      return sent
    }
    if (typeof param === 'object' && param !== null && !Array.isArray(param)) {
      const record = param as Record<string, unknown>
      let copy: Record<string, unknown> | null = null
      for (const key of objectTagKeys) {
        const value = record[key]
        if (!isTag(value)) continue
        const sent = send(value)
        if (sent !== value) {
          copy ??= { ...record }
          copy[key] = sent
        }
      }
      if (copy) {
        changed = true
        return copy
      }
    }
    return param
  })
  return { params: changed ? next : params, substitutions }
}

/**
 * Everything a call must pass before it leaves for this network: the method must be offered, and its tags
 * accepted (`safe` becomes `finalized` where needed). Throws the error the page shows instead.
 */
export function guardCall(capabilities: Capabilities, method: string, params: readonly unknown[]): { params: readonly unknown[]; substitutions: TagSubstitution[] } {
  if (!offersMethod(capabilities, method)) throw new UnsupportedMethodError(method)
  return rewriteBlockTags(capabilities, method, params)
}
