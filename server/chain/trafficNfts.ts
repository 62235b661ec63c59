import { getAddress, hexToBigInt, toEventSelector, type Address, type Hex, type TransactionReceipt } from 'viem'
import type { ChainClient } from './chainClient.ts'
import { devAccount, roles } from './devAccounts.ts'

/** ERC-721's Transfer has three indexed arguments; ERC-20's same-named event has two. */
const transferTopic = toEventSelector('Transfer(address,address,uint256)')
/** A watched send still unmined after this many ticks was lost (a node restart): its NFT is offered again. */
const patienceTicks = 30

export type TrafficNfts = {
  /** The NFT ids each traffic account holds and is not moving now, lowest first. */
  available(): ReadonlyMap<number, readonly bigint[]>
  /** A sent mint or move; `moving` is held back from available() until the send is mined. */
  watch(hash: Hex, moving?: bigint): void
  /** Reads the watched sends' receipts: their Transfer logs say who holds what now. */
  settle(client: ChainClient): Promise<void>
}

/**
 * What NFTs the traffic may move, learnt only from the Transfer logs of its own mined sends. The planner
 * stays pure and never guesses an id: an account that holds none mints first.
 */
export function createTrafficNfts(nft: Address): TrafficNfts {
  const owners = new Map<bigint, number>()
  const moving = new Set<bigint>()
  let pending: Array<{ hash: Hex; moving?: bigint; age: number }> = []
  const trafficIndex = new Map<Address, number>(roles.traffic.map((index) => [devAccount(index).address, index]))

  function learn(receipt: TransactionReceipt): void {
    for (const log of receipt.logs) {
      if (getAddress(log.address) !== getAddress(nft) || log.topics[0] !== transferTopic || log.topics.length !== 4) continue
      const to = getAddress(`0x${log.topics[2]!.slice(26)}`)
      const id = hexToBigInt(log.topics[3]!)
      const index = trafficIndex.get(to)
      if (index === undefined) owners.delete(id)
      else owners.set(id, index)
    }
  }

  return {
    available() {
      const byOwner = new Map<number, bigint[]>()
      for (const [id, owner] of owners) {
        if (!moving.has(id)) byOwner.set(owner, [...(byOwner.get(owner) ?? []), id])
      }
      for (const ids of byOwner.values()) ids.sort((a, b) => (a < b ? -1 : 1))
      return byOwner
    },
    watch(hash, id) {
      if (id !== undefined) moving.add(id)
      pending.push({ hash, moving: id, age: 0 })
    },
    async settle(client) {
      // Concurrent reads leave as one batch.
      const outcomes = await Promise.allSettled(pending.map(({ hash }) => client.getTransactionReceipt({ hash })))
      const still: typeof pending = []
      outcomes.forEach((outcome, index) => {
        const sent = pending[index]!
        if (outcome.status === 'fulfilled') {
          learn(outcome.value)
        } else if (sent.age + 1 < patienceTicks) {
          still.push({ ...sent, age: sent.age + 1 })
          return
        }
        if (sent.moving !== undefined) moving.delete(sent.moving)
      })
      pending = still
    },
  }
}
