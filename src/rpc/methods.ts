import * as v from 'valibot'
import { MalformedResponseError } from './errors.ts'
import { blockHeaderSchema, blockSchema, quantitySchema, type Block, type BlockHeader, type Quantity } from './schemas.ts'
import type { CallOptions, RpcSubscriber, RpcTransport, Unsubscribe } from './transport.ts'

/** One typed function per JSON-RPC method: the only place that knows a method's name, params and result shape. */

export type BlockTag = 'latest' | 'earliest' | 'pending' | 'safe' | 'finalized'

/** A block parameter: a hex number or a tag. */
export type BlockId = BlockTag | Quantity

/** Checks an answer against its schema; the first bad field is named, as a path below `result`. */
export function parseResult<TSchema extends v.GenericSchema>(method: string, schema: TSchema, value: unknown): v.InferOutput<TSchema> {
  const parsed = v.safeParse(schema, value)
  if (parsed.success) return parsed.output
  const issue = parsed.issues[0]
  const path = v.getDotPath(issue)
  throw new MalformedResponseError(method, path ? `result.${path}` : 'result', issue.message)
}

async function call<TSchema extends v.GenericSchema>(
  rpc: RpcTransport,
  method: string,
  params: readonly unknown[],
  schema: TSchema,
  options?: CallOptions,
): Promise<v.InferOutput<TSchema>> {
  return parseResult(method, schema, await rpc.request(method, params, options))
}

export function blockNumber(rpc: RpcTransport, options?: CallOptions): Promise<Quantity> {
  return call(rpc, 'eth_blockNumber', [], quantitySchema, options)
}

export function chainId(rpc: RpcTransport, options?: CallOptions): Promise<Quantity> {
  return call(rpc, 'eth_chainId', [], quantitySchema, options)
}

const blockOrNull = v.nullable(blockSchema)

/** The block with transaction hashes, or null when there is no such block. */
export function getBlockByNumber(rpc: RpcTransport, block: BlockId, options?: CallOptions): Promise<Block | null> {
  return call(rpc, 'eth_getBlockByNumber', [block, false], blockOrNull, options)
}

/**
 * Each new chain head (eth_subscribe newHeads), checked like any answer. A malformed header goes to
 * `onError` and the subscription carries on.
 */
export function subscribeNewHeads(
  socket: RpcSubscriber,
  onHead: (head: BlockHeader) => void,
  onError?: (error: unknown) => void,
): Unsubscribe {
  return socket.subscribe(
    'newHeads',
    [],
    (data) => {
      let head: BlockHeader
      try {
        head = parseResult('eth_subscribe(newHeads)', blockHeaderSchema, data)
      } catch (error) {
        onError?.(error)
        return
      }
      onHead(head)
    },
    onError,
  )
}
