import type { Address, Hash } from 'viem'

/**
 * Every in-app link is built here. Links carry only chain data (numbers, hashes, addresses) — never a
 * project key or secret (those live in networks/endpoints.ts and go to the transports only).
 */

export const homePath = '/'

export function blockPath(number: bigint): string {
  return `/block/${number.toString(10)}`
}

export function txPath(hash: Hash): string {
  return `/tx/${hash.toLowerCase()}`
}

export function addressPath(address: Address): string {
  return `/address/${address}`
}
