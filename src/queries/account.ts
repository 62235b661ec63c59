import { queryOptions } from '@tanstack/react-query'
import type { Address, Hex } from 'viem'
import { clientsFor } from '../networks/clients.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { getBalance, getCode, getTransactionCount } from '../rpc/methods.ts'
import type { Quantity } from '../rpc/schemas.ts'
import { gcTimeFor, resolveBlockRef, staleTimeFor, type BlockRef } from './cachePolicy.ts'
import { queryKeys } from './keys.ts'

export type Account = {
  /** Wei, hex. */
  balance: Quantity
  /** Transactions sent (eth_getTransactionCount), hex. */
  nonce: Quantity
  /** The account's code; `0x` for an account without code. */
  code: Hex
  /** Bytes of code: 0 for an externally owned account. */
  codeSize: number
}

const addressPattern = /^0x[0-9a-fA-F]{40}$/

/**
 * An address's balance, nonce and code at a block (`latest` unless given), read in one batch: the three
 * calls are made in the same tick, so they leave as one POST.
 */
export function accountQuery(network: Network, address: Address, block: BlockRef = 'latest') {
  if (!addressPattern.test(address)) throw new TypeError(`${JSON.stringify(address)} is not a 20-byte address`)
  const ref = resolveBlockRef(block)
  return queryOptions({
    queryKey: queryKeys.account(network, address, ref),
    queryFn: async ({ signal }): Promise<Account> => {
      const http = clientsFor(network).http
      const [balance, nonce, code] = await Promise.all([
        getBalance(http, address, ref.param, { signal }),
        getTransactionCount(http, address, ref.param, { signal }),
        getCode(http, address, ref.param, { signal }),
      ])
      return { balance, nonce, code, codeSize: (code.length - 2) / 2 }
    },
    staleTime: staleTimeFor(network, ref),
    gcTime: gcTimeFor(ref),
  })
}
