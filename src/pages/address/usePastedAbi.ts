import { useMemo, useSyncExternalStore } from 'react'
import type { Abi, Address } from 'viem'
import { createListeners } from '../../state/listeners.ts'
import { AbiInputError, parseAbiText } from '../call/abiInput.ts'

/** Where a pasted ABI is kept: per network and contract, for this tab (sessionStorage: it goes when the tab does). */
const storageKey = (network: string, address: Address) => `chainglass.abi.${network}.${address.toLowerCase()}`

const listeners = createListeners()
const subscribe = listeners.subscribe

function readStored(key: string): string {
  try {
    return sessionStorage.getItem(key) ?? ''
  } catch {
    return ''
  }
}

export type PastedAbi = { text: string; setText: (text: string) => void; abi: Abi | null; problem: string | null }

/**
 * An ABI the user pastes for a contract (a JSON ABI, an artifact with an `abi`, or signatures a line each: the
 * call console's reader), used by Read and Write contract in place of what the app knows. `problem` says why text
 * that is there does not read as one. The server's markup, and so the hydrating render, has none.
 */
export function usePastedAbi(network: string, address: Address): PastedAbi {
  const key = storageKey(network, address)
  const text = useSyncExternalStore(
    subscribe,
    () => readStored(key),
    () => '',
  )
  const parsed = useMemo(() => {
    if (text.trim() === '') return { abi: null, problem: null }
    try {
      const abi = parseAbiText(text)
      return abi.some((item) => item.type === 'function') ? { abi, problem: null } : { abi: null, problem: 'no function in it: paste the contract’s ABI, or its functions’ signatures a line each' }
    } catch (error) {
      return { abi: null, problem: error instanceof AbiInputError ? error.message : 'this does not read as an ABI' }
    }
  }, [text])
  const setText = (next: string) => {
    try {
      if (next.trim() === '') sessionStorage.removeItem(key)
      else sessionStorage.setItem(key, next)
    } catch {
      // Storage refused (private mode, full): nothing kept, and the field stays as it was.
    }
    listeners.notify()
  }
  return { text, setText, ...parsed }
}
