/**
 * The spec's cap on the call object's `gas` (Limits): 10 × the current block gas limit. As a node's
 * `rpc.gascap` does, a larger value is lowered to the cap and the call goes ahead.
 */
export function capCallGas(params: unknown[], cap: bigint): unknown[] {
  const call = params[0]
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return params
  const gas = (call as Record<string, unknown>).gas
  if (typeof gas !== 'string') return params
  let requested: bigint
  try {
    requested = BigInt(gas)
  } catch {
    return params // not a number: the node says what is wrong with it
  }
  if (requested <= cap) return params
  return [{ ...(call as Record<string, unknown>), gas: '0x' + cap.toString(16) }, ...params.slice(1)]
}

export function callHasGas(params: unknown[]): boolean {
  const call = params[0]
  return typeof call === 'object' && call !== null && typeof (call as Record<string, unknown>).gas === 'string'
}
