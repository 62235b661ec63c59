import { erc20Abi, erc721Abi, toFunctionSelector, type Abi, type AbiFunction, type Hex } from 'viem'

/**
 * The functions a contract can be read with, from what the app knows of it: the ABI the deployment publishes for
 * it, or else the standard token functions (ERC-20, ERC-721) whose selectors its code dispatches on. A selector
 * from the signature table names a function but not its outputs or whether it changes state, so those are not
 * offered for reading.
 */
export type ReadableAbi = { source: 'published' | 'standard'; functions: AbiFunction[] }

const reads = (fn: AbiFunction) => fn.stateMutability === 'view' || fn.stateMutability === 'pure'

function functionsOf(abi: Abi): AbiFunction[] {
  return abi.filter((item): item is AbiFunction => item.type === 'function')
}

export function readableAbi(published: Abi | null, selectors: readonly Hex[]): ReadableAbi | null {
  if (published) {
    const functions = functionsOf(published).filter(reads)
    return functions.length > 0 ? { source: 'published', functions } : null
  }
  const dispatched = new Set(selectors.map((selector) => selector.toLowerCase()))
  const seen = new Set<string>()
  const functions: AbiFunction[] = []
  for (const fn of [...functionsOf(erc20Abi), ...functionsOf(erc721Abi)]) {
    const selector = toFunctionSelector(fn)
    if (!reads(fn) || !dispatched.has(selector) || seen.has(selector)) continue
    seen.add(selector)
    functions.push(fn)
  }
  return functions.length > 0 ? { source: 'standard', functions } : null
}
