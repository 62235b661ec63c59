import { erc20Abi, erc721Abi, toFunctionSelector, type Abi, type Address, type AbiFunction, type Hex } from 'viem'

/**
 * The functions a contract can be read with, from what the app knows of it: the ABI the deployment publishes for
 * it, or else the standard token functions (ERC-20, ERC-721) whose selectors its code dispatches on. A selector
 * from the signature table names a function but not its outputs or whether it changes state, so those are not
 * offered for reading.
 */
export type ReadableAbi = { source: 'published' | 'standard' | 'pasted'; functions: AbiFunction[] }

const reads = (fn: AbiFunction) => fn.stateMutability === 'view' || fn.stateMutability === 'pure'
const writes = (fn: AbiFunction) => !reads(fn)

function functionsOf(abi: Abi): AbiFunction[] {
  return abi.filter((item): item is AbiFunction => item.type === 'function')
}

function knownFunctions(published: Abi | null, selectors: readonly Hex[], wanted: (fn: AbiFunction) => boolean): ReadableAbi | null {
  if (published) {
    const functions = functionsOf(published).filter(wanted)
    return functions.length > 0 ? { source: 'published', functions } : null
  }
  const dispatched = new Set(selectors.map((selector) => selector.toLowerCase()))
  const seen = new Set<string>()
  const functions: AbiFunction[] = []
  for (const fn of [...functionsOf(erc20Abi), ...functionsOf(erc721Abi)]) {
    const selector = toFunctionSelector(fn)
    if (!wanted(fn) || !dispatched.has(selector) || seen.has(selector)) continue
    seen.add(selector)
    functions.push(fn)
  }
  return functions.length > 0 ? { source: 'standard', functions } : null
}

/** The view and pure functions: the Read tab's. */
export function readableAbi(published: Abi | null, selectors: readonly Hex[]): ReadableAbi | null {
  return knownFunctions(published, selectors, reads)
}

/** The functions that change state (nonpayable and payable): the Write tab's, sent through the user's wallet. */
export function writableAbi(published: Abi | null, selectors: readonly Hex[]): ReadableAbi | null {
  return knownFunctions(published, selectors, writes)
}

/**
 * Everything known of the contract's interface, for the call console: the published ABI whole (its errors and
 * events name reverts and logs too), or the standard functions its code dispatches on.
 */
export function knownAbi(published: Abi | null, selectors: readonly Hex[]): { source: 'published' | 'standard'; abi: Abi } | null {
  if (published) return published.length > 0 ? { source: 'published', abi: published } : null
  const functions = [...(readableAbi(null, selectors)?.functions ?? []), ...(writableAbi(null, selectors)?.functions ?? [])]
  return functions.length > 0 ? { source: 'standard', abi: functions } : null
}

/**
 * What a contract's functions are known from: a proxy's from its implementation (the ABI published for it, else
 * the selectors its code dispatches on), any other contract's from its own. null while a proxy's implementation
 * publishes nothing and its code is not read yet (`implementationSelectors` undefined).
 */
export function abiSourceOf(
  contract: { address: Address; selectors: readonly Hex[]; implementation: Address | null },
  publishedAt: (address: Address) => Abi | null,
  implementationSelectors: readonly Hex[] | undefined,
): { published: Abi | null; selectors: readonly Hex[] } | null {
  if (!contract.implementation) return { published: publishedAt(contract.address), selectors: contract.selectors }
  const published = publishedAt(contract.implementation)
  if (published) return { published, selectors: [] }
  return implementationSelectors ? { published: null, selectors: implementationSelectors } : null
}
