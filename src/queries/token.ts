import { queryOptions } from '@tanstack/react-query'
import { decodeFunctionResult, encodeFunctionData, hexToString, parseAbi, type Address, type Hex } from 'viem'
import { onFirstUse } from '../evm/onFirstUse.ts'
import { clientsFor } from '../networks/clients.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { RpcError } from '../rpc/errors.ts'
import { call } from '../rpc/methods.ts'
import { queryKeys } from './keys.ts'

/**
 * What a contract says about itself as a token (ERC-20 name, symbol, decimals, totalSupply; ERC-721 has
 * the first two and often the last). Asked with four eth_calls in the same tick: one batch. Each answer
 * that is missing, reverts or does not decode is null: a contract that answers none is not a token.
 */
export type TokenInfo = { name: string | null; symbol: string | null; decimals: number | null; totalSupply: bigint | null }

/** Parsed when a token is first asked about, not when the module loads (see evm/onFirstUse.ts). */
const tokenAbi = onFirstUse(() =>
  parseAbi([
    'function name() view returns (string)',
    'function symbol() view returns (string)',
    'function decimals() view returns (uint8)',
    'function totalSupply() view returns (uint256)',
  ]),
)
/** Early tokens (MKR, SAI) return bytes32 for name and symbol. */
const bytes32Abi = onFirstUse(() => parseAbi(['function name() view returns (bytes32)', 'function symbol() view returns (bytes32)']))

type TextFunction = 'name' | 'symbol'

/** A name or symbol fit to show: printable, short; anything else is treated as absent. */
function cleanText(text: string): string | null {
  // eslint-disable-next-line no-control-regex
  const trimmed = text.replace(/\u0000+$/, '').trim()
  // eslint-disable-next-line no-control-regex
  if (trimmed === '' || trimmed.length > 64 || /[\u0000-\u001f\u007f-\u009f]/.test(trimmed)) return null
  return trimmed
}

export function decodeTokenText(functionName: TextFunction, data: Hex): string | null {
  try {
    return cleanText(decodeFunctionResult({ abi: tokenAbi(), functionName, data }) as string)
  } catch {
    try {
      const word = decodeFunctionResult({ abi: bytes32Abi(), functionName, data }) as Hex
      return cleanText(hexToString(word))
    } catch {
      return null
    }
  }
}

export function decodeDecimals(data: Hex): number | null {
  try {
    const value = decodeFunctionResult({ abi: tokenAbi(), functionName: 'decimals', data }) as number
    // uint8 by the standard; more than 36 would be a contract misreporting.
    return Number.isInteger(value) && value >= 0 && value <= 36 ? value : null
  } catch {
    return null
  }
}

export function decodeSupply(data: Hex): bigint | null {
  try {
    return decodeFunctionResult({ abi: tokenAbi(), functionName: 'totalSupply', data }) as bigint
  } catch {
    return null
  }
}

export function isToken(info: TokenInfo | null | undefined): info is TokenInfo {
  return !!info && (info.symbol !== null || info.name !== null)
}

export function tokenQuery(network: Network, address: Address) {
  return queryOptions({
    queryKey: queryKeys.token(network, address),
    queryFn: async ({ signal }): Promise<TokenInfo> => {
      const http = clientsFor(network).http
      const ask = (functionName: 'name' | 'symbol' | 'decimals' | 'totalSupply') =>
        call(http, { to: address, data: encodeFunctionData({ abi: tokenAbi(), functionName }) }, 'latest', { signal })
      const answers = await Promise.allSettled([ask('name'), ask('symbol'), ask('decimals'), ask('totalSupply')])
      // A node's refusal (a revert: no such function) means "absent"; a transport failure is an error.
      const failure = answers.find((answer) => answer.status === 'rejected' && !(answer.reason instanceof RpcError))
      if (failure && failure.status === 'rejected') throw failure.reason
      const data = answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : null))
      return {
        name: data[0] ? decodeTokenText('name', data[0]) : null,
        symbol: data[1] ? decodeTokenText('symbol', data[1]) : null,
        decimals: data[2] ? decodeDecimals(data[2]) : null,
        totalSupply: data[3] ? decodeSupply(data[3]) : null,
      }
    },
    // Name, symbol and decimals never change; the supply may (mints): asked again after a while.
    staleTime: 60_000,
  })
}
