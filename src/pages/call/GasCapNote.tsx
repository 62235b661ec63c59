import { hexToBigInt } from '../../format/hex.ts'
import { formatInteger } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { useHead } from '../../queries/head.ts'
import { gasCap, gasCapMultiplier } from './gasCap.ts'
import { parseQuantity } from './quantity.ts'

/** The spec's gas cap beside the gas field: 10 × the latest block's gas limit, and a word when `gas` is above it. */
export function GasCapNote({ network, gas }: { network: AppNetwork; gas: string }) {
  const head = useHead(network)
  if (!head.data) {
    return (
      <span className="text-[11px] text-zinc-500 dark:text-zinc-400" data-testid="gas-cap">
        {head.data === null ? 'cap unknown: no latest block' : 'cap …'}
      </span>
    )
  }
  const limit = hexToBigInt(head.data.gasLimit)
  const cap = gasCap(limit)
  let above = false
  try {
    above = gas.trim() !== '' && parseQuantity(gas) > cap
  } catch {
    // the field shows its own problem
  }
  return (
    <span
      className={`text-[11px] tabular-nums ${above ? 'font-medium text-amber-700 dark:text-amber-400' : 'text-zinc-500 dark:text-zinc-400'}`}
      title={`The service caps the call object's gas at ${gasCapMultiplier} × the current block gas limit (${formatInteger(limit)}); a larger value is lowered to the cap.`}
      data-testid="gas-cap"
      data-cap={cap.toString()}
    >
      {above ? 'above the cap, lowered to ' : 'cap '}
      {formatInteger(cap)} <span className="text-zinc-500 dark:text-zinc-400">= {gasCapMultiplier.toString()} × block gas limit</span>
    </span>
  )
}
