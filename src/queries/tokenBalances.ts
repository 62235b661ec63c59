import { queryOptions } from '@tanstack/react-query'
import { decodeFunctionResult, encodeFunctionData, erc1155Abi, erc20Abi, type Address, type Hex } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import type { TokenTransfer } from '../evm/tokenTransfers.ts'
import { clientsFor } from '../networks/clients.ts'
import { readNumber } from '../rpc/readNumber.ts'

/** A token the address was seen moving, and for ERC-1155 the ids (the standard has no "all my ids"). */
export type Holding = { token: Address; standard: TokenTransfer['standard']; ids: bigint[] }

export type HoldingBalance = Holding & { balances: Array<{ id: bigint | null; balance: bigint | null }> }

/** The most ERC-1155 ids read per token: a page, not a wallet. */
const maxIdsPerToken = 20

/** The tokens in the movements, in first-seen order, with the ERC-1155 ids seen. */
export function holdingsOf(transfers: readonly TokenTransfer[]): Holding[] {
  const byToken = new Map<string, Holding>()
  for (const transfer of transfers) {
    const key = `${transfer.token.toLowerCase()}:${transfer.standard}`
    const holding = byToken.get(key) ?? { token: transfer.token, standard: transfer.standard, ids: [] }
    if (transfer.standard === 'ERC-1155' && !holding.ids.includes(transfer.tokenId) && holding.ids.length < maxIdsPerToken) holding.ids.push(transfer.tokenId)
    byToken.set(key, holding)
  }
  return [...byToken.values()]
}

/**
 * What the address holds of each token at `block` (a number the page shows): ERC-20 and ERC-721 balanceOf(owner),
 * ERC-1155 balanceOf(owner, id) per id. Every call starts in the same tick, so they leave as one batch. A
 * call the contract refuses reads as null ("not readable"), not as zero.
 */
export function tokenBalancesQuery(network: Network, owner: Address, holdings: readonly Holding[], block: Hex) {
  return queryOptions({
    queryKey: [network.name, 'tokenBalances', owner.toLowerCase(), block, holdings.map((holding) => `${holding.token}:${holding.ids.join(',')}`).join(';')] as const,
    queryFn: async ({ signal }): Promise<HoldingBalance[]> => {
      const http = clientsFor(network).http
      const read = (to: Address, data: Hex, decode: (result: Hex) => bigint) => readNumber(http, to, data, block, decode, signal)
      const erc20Balance = (result: Hex) => decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: result })
      return Promise.all(
        holdings.map(async (holding): Promise<HoldingBalance> => {
          if (holding.standard !== 'ERC-1155') {
            const balance = await read(holding.token, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] }), erc20Balance)
            return { ...holding, balances: [{ id: null, balance }] }
          }
          const balances = await Promise.all(
            holding.ids.map(async (id) => ({
              id,
              balance: await read(holding.token, encodeFunctionData({ abi: erc1155Abi, functionName: 'balanceOf', args: [owner, id] }), (result) => decodeFunctionResult({ abi: erc1155Abi, functionName: 'balanceOf', data: result })),
            })),
          )
          return { ...holding, balances }
        }),
      )
    },
    staleTime: Infinity,
  })
}
