import type { Address, Hex } from 'viem'
import { RpcError } from './errors.ts'
import { call, type StateBlock } from './methods.ts'
import type { RpcTransport } from './transport.ts'

/**
 * One number read with eth_call at `block`: null when the contract refuses (an RPC error) or answers something
 * that is not a number (a contract that is not what its logs claim); a transport failure is thrown.
 */
export async function readNumber(http: RpcTransport, to: Address, data: Hex, block: StateBlock, decode: (result: Hex) => bigint, signal?: AbortSignal): Promise<bigint | null> {
  let result: Hex
  try {
    result = await call(http, { to, data }, block, { signal })
  } catch (error) {
    if (error instanceof RpcError) return null
    throw error
  }
  try {
    return decode(result)
  } catch {
    return null
  }
}
