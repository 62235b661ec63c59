import { decodeFunctionResult, encodeFunctionData, erc20Abi, toHex, zeroAddress, type Address, type Hex } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { transferTopic } from '../evm/tokenEvents.ts'
import { tokenTransfers, type TokenTransfer } from '../evm/tokenTransfers.ts'
import { LogSearch } from '../logs/logSearch.ts'
import type { LogQuery } from '../logs/logQuery.ts'
import { clientsFor } from '../networks/clients.ts'
import { readNumber } from '../rpc/readNumber.ts'
import type { Log } from '../rpc/schemas.ts'

/**
 * A token's holders on any node: its Transfer logs over a range (the logs page's scanner: splits on -32005,
 * progress, cancel) summed per address, then the biggest of those read as they stand (balanceOf at the range's
 * last block, one batch) and ranked. Over the whole chain the sums are the balances; over part of it they only
 * pick who to ask, and balanceOf gives the figure.
 */

/** How many holders the list shows, and how many candidates are asked for their balance to find them. */
export const holdersShown = 100
const candidatesAsked = 200

/** The token's Transfer logs (ERC-20 and ERC-721 share the event's signature) over [from, to]. */
export function createHoldersSearch(network: Network, token: Address, from: bigint, to: bigint): LogSearch {
  const query: LogQuery = { addresses: [token], topics: [[transferTopic], null, null, null], range: { kind: 'range', from: { kind: 'number', number: from }, to: { kind: 'number', number: to } }, cap: 1_000_000, follow: false }
  return new LogSearch(query, clientsFor(network), [{ address: token, topics: [transferTopic] }], 2n ** 62n)
}

/** Net movements per address (ERC-20 amounts, ERC-721 tokens counted one each); the zero address (mint, burn) left out. */
export function netFlows(transfers: readonly TokenTransfer[]): Map<string, bigint> {
  const flows = new Map<string, bigint>()
  const add = (who: Address, amount: bigint) => {
    if (who === zeroAddress) return
    const key = who.toLowerCase()
    flows.set(key, (flows.get(key) ?? 0n) + amount)
  }
  for (const transfer of transfers) {
    if (transfer.standard === 'ERC-1155') continue
    const amount = transfer.standard === 'ERC-20' ? transfer.value : 1n
    add(transfer.from, -amount)
    add(transfer.to, amount)
  }
  return flows
}

/** The token transfers in a search's logs. */
export function transfersOf(logs: readonly Log[]): TokenTransfer[] {
  return logs.flatMap((log) => tokenTransfers(log as Log & { address: Address }))
}

/** Who to ask: the biggest net receivers first (a holder today received more than it sent in the range). */
export function holderCandidates(flows: ReadonlyMap<string, bigint>, limit = candidatesAsked): Address[] {
  return [...flows.entries()]
    .filter(([, net]) => net > 0n)
    .sort((a, b) => (a[1] === b[1] ? 0 : a[1] > b[1] ? -1 : 1))
    .slice(0, limit)
    .map(([who]) => who as Address)
}

export type Holder = { address: Address; balance: bigint; share: number | null }

/**
 * The candidates' balances at `block` (balanceOf, one batch), the non-zero ones ranked, the first `holdersShown`,
 * each with its share of `totalSupply` where the token says one. A balance the contract refuses is left out; a
 * node that cannot be reached is an error, not an empty list.
 */
export async function readHolders(network: Network, token: Address, candidates: readonly Address[], block: bigint, totalSupply: bigint | null, signal?: AbortSignal): Promise<Holder[]> {
  const http = clientsFor(network).http
  const blockHex: Hex = toHex(block)
  const balances = await Promise.all(
    candidates.map((owner) =>
      readNumber(http, token, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] }), blockHex, (result) => decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: result }), signal),
    ),
  )
  return candidates
    .map((address, index) => ({ address, balance: balances[index] ?? null }))
    .filter((entry): entry is { address: Address; balance: bigint } => entry.balance !== null && entry.balance > 0n)
    .sort((a, b) => (a.balance === b.balance ? 0 : a.balance > b.balance ? -1 : 1))
    .slice(0, holdersShown)
    .map(({ address, balance }) => ({ address, balance, share: totalSupply && totalSupply > 0n ? Number((balance * 1_000_000n) / totalSupply) / 10_000 : null }))
}
