import type { QueryClient } from '@tanstack/react-query'
import type { Address, Hash } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'

/**
 * Lists show hashes and addresses shortened (0x5a23…b8e7, format/hex.ts shortHex), and people type what they
 * see: its first digits, or both ends. Such a value can only be one the app has shown, so it is looked for in
 * the answers the app holds for the network (the query cache): a block's, a transaction's and a receipt's
 * hashes and addresses, under the fields that carry them (never a log topic or a storage word, which are
 * 32-byte hex too but not something a list links to).
 */
export type ShownValue = { kind: 'hash'; value: Hash } | { kind: 'address'; value: Address }

const hashFields = new Set(['hash', 'blockHash', 'transactionHash', 'parentHash'])
const addressFields = new Set(['from', 'to', 'address', 'contractAddress', 'miner'])
const hashText = /^0x[0-9a-fA-F]{64}$/
const addressText = /^0x[0-9a-fA-F]{40}$/

/** The distinct hashes and addresses in `answers` that start with `head` and end with `tail` (any case). */
export function findShown(answers: Iterable<unknown>, head: string, tail = ''): ShownValue[] {
  const start = head.toLowerCase()
  const end = tail.toLowerCase()
  const found = new Map<string, ShownValue>()
  const consider = (field: string, value: unknown) => {
    if (typeof value !== 'string') return
    const lower = value.toLowerCase()
    if (!lower.startsWith(start) || !lower.endsWith(end) || lower.length < start.length + end.length) return
    if (hashFields.has(field) && hashText.test(value)) found.set(lower, { kind: 'hash', value: lower as Hash })
    else if (addressFields.has(field) && addressText.test(value)) found.set(lower, { kind: 'address', value: lower as Address })
  }
  // Without recursion: a 1,000-transaction block's receipts nest a few levels and hold thousands of objects.
  const stack: unknown[] = [...answers]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item !== 'object' || item === null) continue
    if (Array.isArray(item)) {
      for (const child of item) stack.push(child)
      continue
    }
    for (const [field, value] of Object.entries(item)) {
      if (typeof value === 'object' && value !== null) stack.push(value)
      else consider(field, value)
    }
  }
  return [...found.values()]
}

/** findShown over what the query cache holds for `network`. */
export function findShownOn(client: QueryClient, network: Network, head: string, tail = ''): ShownValue[] {
  const answers = client
    .getQueryCache()
    .findAll({ queryKey: [network.name] })
    .map((query) => query.state.data)
  return findShown(answers, head, tail)
}
