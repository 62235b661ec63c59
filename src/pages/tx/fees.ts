/** Confirmations of a block at `blockNumber` when the head is `head`: the block itself counts as one. */
export function confirmations(blockNumber: bigint, head: bigint | undefined): bigint | null {
  if (head === undefined || head < blockNumber) return null
  return head - blockNumber + 1n
}
