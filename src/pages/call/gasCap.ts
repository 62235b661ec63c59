/**
 * The spec's cap on the call object's `gas` (Limits): 10 times (1000%) the current block gas limit, for
 * eth_call and eth_estimateGas. A larger `gas` is lowered to the cap, as geth's `rpc.gascap` does. One
 * place decides it; the page shows it beside the gas field.
 */
export const gasCapMultiplier = 10n

export function gasCap(blockGasLimit: bigint): bigint {
  return blockGasLimit * gasCapMultiplier
}
