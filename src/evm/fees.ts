import type { Hex } from 'viem'

/**
 * What a mined transaction cost, from its receipt (and its block's base fee when known). Exact integer
 * maths in wei; formatting happens on the page.
 */
export type FeeBreakdown = {
  /** gasUsed × effectiveGasPrice: what the sender paid. */
  paid: bigint
  /** The price per gas actually charged: the receipt's effectiveGasPrice, or (before 2021 receipts carried it) the transaction's gasPrice. */
  pricePerGas: bigint
  /** gasUsed × baseFeePerGas: destroyed (EIP-1559). null without a base fee (before London, or block unknown). */
  burnt: bigint | null
  /** What the block's fee recipient got: paid − burnt. null when burnt is. */
  tip: bigint | null
}

export function feeBreakdown(gasUsed: Hex, effectiveGasPrice: Hex | undefined, gasPrice: Hex | undefined, baseFeePerGas: Hex | undefined | null): FeeBreakdown | null {
  const price = effectiveGasPrice ?? gasPrice
  if (price === undefined) return null
  const used = BigInt(gasUsed)
  const pricePerGas = BigInt(price)
  const paid = used * pricePerGas
  if (baseFeePerGas == null) return { paid, pricePerGas, burnt: null, tip: null }
  const burnt = used * BigInt(baseFeePerGas)
  // A base fee above the price paid cannot be in a valid block; show no split rather than a negative tip.
  if (burnt > paid) return { paid, pricePerGas, burnt: null, tip: null }
  return { paid, pricePerGas, burnt, tip: paid - burnt }
}
